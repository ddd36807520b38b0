import QuizDomain

/// A file format `quiz` reads and writes. Every format is one value in `QuizFileFormat.all`:
/// import, export and edit find their format there, by name, extension or content, and name
/// no format anywhere else.
public struct QuizFileFormat: Sendable {
  /// What `--format` calls it.
  public let name: String
  /// File name endings that mean this format (`.txt` is decided by content).
  public let extensions: [String]
  public let reader: Reader
  /// Writes one quiz; nil for quiz-bank/1, which the repository streams itself. Throws only
  /// for a failure of quiz's own (making a zip).
  public let writer: (@Sendable (Quiz) throws -> FormatWriting)?
  /// For a `.txt` file: whether its content looks like this format.
  public let recognizes: @Sendable (String) -> Bool
  /// How `quiz edit --format NAME` writes a quiz (or one question) and reads the edited text
  /// back; nil for a format quiz does not edit in.
  public var editing: Editing? = nil
  /// Whether what the writer makes is not text (a zip): written only to a file given with -o.
  public var binary = false
  /// What a file of it says of a quiz beyond its questions' texts; the rest is kept from the
  /// stored quiz when a file is edited or imported over one.
  public var carries: FormatCarries = [.questionIDs, .choiceIDs, .sections, .files, .points]

  public struct Editing: Sendable {
    public let render: @Sendable (Quiz, QuestionAddress) throws -> String
    public let apply: @Sendable (String, QuestionAddress, Quiz) throws -> Quiz
    /// What the file does not show of the quiz (or question), for the header of the file.
    public var notShown: @Sendable (Quiz, QuestionAddress) -> [String] = { _, _ in [] }
  }

  public enum Reader: Sendable {
    /// quiz-bank/1: quizzes and attempts, streamed by the import pipeline.
    case quizBank
    /// A file of one quiz's questions (GIFT, Aiken, Moodle XML): the quiz's id and title come
    /// from the command line or the file name. The reader gets the file's bytes as they lie
    /// (mapped, not copied) and a `release` it may call with an offset whose bytes before it
    /// it will not read again, so that a large file's pages go back as it reads.
    case questions(@Sendable (UnsafeBufferPointer<UInt8>, _ release: @escaping (Int) -> Void) -> FormatReading)
    /// None: quiz only writes the format (Canvas QTI). Import's `--format` does not offer it and
    /// no file ending or content picks it.
    case exportOnly
  }

  public var carriesQuizzes: Bool {
    if case .quizBank = reader { return true }
    return false
  }

  /// `quiz` as a file of this format reads back once written; nil when it does not read back
  /// (or the format is not read by quiz).
  public func echo(_ quiz: Quiz) -> Quiz? {
    guard case .questions(let read) = reader, let writing = try? writer?(quiz) else { return nil }
    let reading = writing.bytes.withUnsafeBufferPointer { read($0, { _ in }) }
    guard reading.errors.isEmpty else { return nil }
    return reading.quiz(id: quiz.id, title: quiz.title)
  }

  /// `read`, read from a file of this format, with what the format cannot carry taken from
  /// `stored`, the quiz it replaces.
  public func keeping(_ read: Quiz, from stored: Quiz) -> Quiz {
    guard !carriesQuizzes else { return read }
    return read.keeping(stored, carries: carries, echo: echo)
  }

  /// What a file of this format does not show of `quiz`, for the header of an edited file.
  public func notShown(_ quiz: Quiz) -> [String] {
    carriesQuizzes ? [] : quiz.notShown(carries: carries, echo: echo)
  }
}

extension QuizFileFormat {
  public static let json = QuizFileFormat(
    name: "json", extensions: ["json"], reader: .quizBank, writer: nil,
    recognizes: { $0.first(where: { !$0.isWhitespace }) == "{" && $0.contains("\"quiz-bank/1\"") },
    editing: Editing(render: QuizBankEditing.render, apply: QuizBankEditing.apply))

  public static let gift = QuizFileFormat(
    name: "gift", extensions: ["gift"], reader: .questions { bytes, _ in GIFT.read(Array(bytes)) }, writer: GIFT.write,
    recognizes: { $0.contains("{") }, editing: Editing(render: GIFTEditing.render, apply: GIFTEditing.apply, notShown: GIFTEditing.notShown),
    carries: [.questionIDs, .sections])

  public static let aiken = QuizFileFormat(
    name: "aiken", extensions: ["aiken"], reader: .questions { bytes, _ in Aiken.read(Array(bytes)) },
    writer: Aiken.write,
    recognizes: { text in text.split(separator: "\n").contains { $0.hasPrefix("ANSWER:") } }, carries: [])

  /// Moodle XML, as Moodle's question bank exports and imports it.
  public static let moodleXML = QuizFileFormat(
    name: "moodle-xml", extensions: ["xml"],
    reader: .questions { bytes, release in MoodleXML.read(buffer: bytes, release: release) }, writer: MoodleXML.write,
    recognizes: { $0.contains("<quiz") && $0.contains("<question") },
    carries: [.questionIDs, .sections, .files, .points])

  /// A Canvas QTI 1.2 package (a zip), for Canvas to import; export only.
  public static let qti = QuizFileFormat(
    name: "qti", extensions: [], reader: .exportOnly, writer: CanvasQTI.write, recognizes: { _ in false },
    binary: true)

  /// Every format, in the order `.txt` content is tried (Aiken's `ANSWER:` lines and Moodle
  /// XML's elements before GIFT's braces).
  public static let all: [QuizFileFormat] = [json, aiken, moodleXML, gift, qti]

  public static var names: [String] { all.map(\.name) }

  /// The formats `quiz import` reads.
  public static var readable: [QuizFileFormat] {
    all.filter {
      if case .exportOnly = $0.reader { return false }
      return true
    }
  }

  public static var readableNames: [String] { readable.map(\.name) }

  /// The formats `quiz edit` can edit in.
  public static var editable: [QuizFileFormat] { all.filter { $0.editing != nil } }

  /// A file's name without its folder and ending: the default title of the quiz a GIFT or
  /// Aiken file carries ("bank" for "exams/bank.gift"; "standard input" for "-").
  public static func baseName(_ path: String) -> String {
    guard path != "-" else { return "standard input" }
    let file = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
    return String(file[..<dot])
  }

  public static func named(_ name: String) -> QuizFileFormat? { all.first { $0.name == name } }

  /// Every file name ending a folder import takes.
  public static var folderExtensions: [String] { all.flatMap(\.extensions) + ["txt"] }

  /// The format of the input `name` with `bytes`: `--format` when given, else the file's
  /// ending, else (`.txt`, standard input) its content; nil when nothing says.
  public static func of(name: String, bytes: [UInt8], given: String?) -> QuizFileFormat? {
    if let given { return readable.first { $0.name == given } }
    let ending = name.split(separator: "/").last.flatMap { $0.contains(".") ? $0.split(separator: ".").last : nil }
      .map { $0.lowercased() }
    if let ending, let format = all.first(where: { $0.extensions.contains(ending) }) { return format }
    if name == "-" { return json }
    guard ending == "txt" else { return nil }
    let text = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
    return all.first { $0.name != json.name && $0.recognizes(text) }
  }
}
