import QuizBankFormat
import QuizDomain

// MARK: - The formats

extension QuizFileFormat {
  /// quiz-bank/1, quiz's own: quizzes, their history and attempts.
  public static let json = QuizFileFormat(
    name: "json", title: "quiz-bank/1 JSON", extensions: ["json"], reader: .quizBank, writer: nil,
    recognizes: ContentSigns.isJSONObject, contentSign: "a JSON object",
    editing: Editing(render: QuizBankEditing.render, apply: QuizBankEditing.apply))

  public static let gift = QuizFileFormat(
    name: "gift", title: "GIFT", extensions: ["gift"], reader: .questions { bytes, _ in GIFT.read(Array(bytes)) },
    writer: GIFT.write, recognizes: { $0.contains(UInt8(ascii: "{")) },
    contentSign: "a {",
    exportNote: "gift writes one quiz's questions of every kind but cloze; what GIFT cannot carry (points, shuffle, "
      + "a question's own scoring rule, picks, files, kind settings such as units or case sensitivity) is named in a "
      + "warning.",
    editing: Editing(
      render: GIFTEditing.render, apply: GIFTEditing.apply,
      notShown: GIFTEditing.notShown),
    carries: [.questionIDs, .sections, .questionKinds, .severalAnswers])

  public static let aiken = QuizFileFormat(
    name: "aiken", title: "Aiken", extensions: ["aiken"], reader: .questions { bytes, _ in Aiken.read(Array(bytes)) },
    writer: Aiken.write,
    recognizes: { ContentSigns.hasLine(startingWith: "ANSWER:", in: $0) },
    contentSign: "a line starting ANSWER:",
    exportNote: "aiken writes one quiz's single-answer questions; what Aiken cannot carry (points, shuffle, "
      + "scoring rules, sections, questions with several answers) is named in a warning.", carries: [])

  /// Moodle XML, as Moodle's question bank exports and imports it.
  public static let moodleXML = QuizFileFormat(
    name: "moodle-xml", title: "Moodle XML", extensions: ["xml"],
    reader: .questions { bytes, release in MoodleXML.read(buffer: bytes, release: release) },
    writer: MoodleXML.write,
    recognizes: { ContentSigns.contains("<quiz", in: $0) && ContentSigns.contains("<question", in: $0) },
    contentSign: "a <quiz> with <question> elements",
    exportNote: "moodle-xml writes one quiz's questions of every kind (cloze among them), with their points, "
      + "files, hints and combined feedback, as Moodle's question bank imports them; what Moodle XML cannot carry "
      + "is named in a warning.",
    carries: [.questionIDs, .sections, .files, .points, .questionKinds, .cloze, .severalAnswers])

  /// A Canvas QTI 1.2 package (a zip), for Canvas to import; export only.
  public static let qti = QuizFileFormat(
    name: "qti", title: "Canvas QTI", extensions: [], reader: .exportOnly,
    writer: CanvasQTI.write,
    recognizes: { _ in false },
    exportNote: "qti writes one quiz as a Canvas QTI 1.2 package, a zip given with -o; what Canvas cannot hold "
      + "(choice weights, scoring rules Canvas does not have, cloze questions whose gaps it cannot hold) is named in a "
      + "warning. Random slots become Canvas question groups holding the questions they draw from.", binary: true,
    carries: [
      .questionIDs, .choiceIDs, .sections, .files, .points, .questionKinds, .cloze, .severalAnswers, .randomSlotGroups,
    ])

  /// Every format, in the order `.txt` content is tried (a JSON object first, then Aiken's
  /// `ANSWER:` lines and Moodle XML's elements before GIFT's braces).
  public static let all: [QuizFileFormat] = [json, aiken, moodleXML, gift, qti]
}

// MARK: - Finding formats

extension QuizFileFormat {
  public static var names: [String] { all.map(\.name) }

  /// The formats `quiz import` reads.
  public static var readable: [QuizFileFormat] {
    all.filter {
      if case .exportOnly = $0.reader { return false }
      return true
    }
  }

  public static var readableNames: [String] { readable.map(\.name) }

  /// The formats whose files carry one quiz's questions (GIFT, Aiken, Moodle XML): the quiz
  /// is named on the command line.
  public static var questionFormats: [QuizFileFormat] {
    all.filter {
      if case .questions = $0.reader { return true }
      return false
    }
  }

  /// The formats `quiz edit` can edit in.
  public static var editable: [QuizFileFormat] { all.filter { $0.editing != nil } }

  public static func named(_ name: String) -> QuizFileFormat? { all.first { $0.name == name } }

  /// The format of record: what `export` writes by default and the repository streams.
  public static var native: QuizFileFormat { json }
}

// MARK: - Streaming the format of record

extension QuizFileFormat {
  /// The writer an export streams through, quiz by quiz: the format of record's (`native`).
  /// The repository asks for it here and names no format.
  public static func nativeStreamWriter() -> QuizBankStreamWriter { QuizBankStreamWriter() }
}
