import QuizDomain
import XML

/// A quiz as a Canvas QTI 1.2 package, laid out as Canvas's own exports and text2qti write it:
///
/// - `imsmanifest.xml`: the resources (CanvasQTIManifest);
/// - `quiz-ID/quiz-ID.xml`: the assessment, `questestinterop` (CanvasQTIAssessment);
/// - `quiz-ID/assessment_meta.xml`: Canvas's quiz settings (CanvasQTIManifest);
/// - `web_resources/quiz-files/…`: the questions' embedded files (CanvasQTIFiles).
///
/// Pure and deterministic: the same quiz gives the same entries, its identifiers made from the
/// quiz, question and choice ids rather than drawn at random, so Canvas sees the same ones in
/// every export of a quiz. Everything Canvas cannot carry is named in a warning.
enum CanvasQTI {
  typealias Entry = (path: String, bytes: [UInt8])

  static func package(_ quiz: Quiz) -> (entries: [Entry], warnings: [String]) {
    let idents = CanvasQTIIdents(quiz: quiz)
    let files = CanvasQTIFiles(quiz: quiz)
    var assessment = CanvasQTIAssessment(quiz: quiz, idents: idents, files: files)
    assessment.write()
    let shuffles = quiz.questions.count(where: \.shuffle)
    let shuffleAnswers = shuffles > 0 && shuffles == quiz.questions.count
    let manifest = CanvasQTIManifest.manifest(quiz: quiz, idents: idents, files: files.entries.map { $0.path })
    let meta = CanvasQTIManifest.meta(
      quiz: quiz, idents: idents, pointsPossible: assessment.pointsPossible, shuffleAnswers: shuffleAnswers)
    let entries: [Entry] =
      [
        (path: "imsmanifest.xml", bytes: manifest),
        (path: idents.assessmentFile, bytes: assessment.xml.bytes),
        (path: idents.metaFile, bytes: meta),
      ] + files.entries
    var warnings = quizWarnings(quiz, shuffles: shuffles)
    warnings += assessment.warnings + files.warnings
    if !assessment.markdownQuestions.isEmpty {
      warnings.append(
        "quiz has no Markdown renderer: the Markdown texts of "
          + list(assessment.markdownQuestions.map { "question \"\($0)\"" })
          + " are written as plain text")
    }
    // A question two groups hold would say the same twice.
    var said = Set<String>()
    return (entries, warnings.filter { said.insert($0).inserted })
  }

  /// What the quiz has that Canvas quizzes lack.
  private static func quizWarnings(_ quiz: Quiz, shuffles: Int) -> [String] {
    var warnings: [String] = []
    let texts = [quiz.title, quiz.description ?? ""] + quiz.sections.map { $0.title ?? "" }
    if texts.contains(where: { XMLText.replacingDisallowed($0).replaced }) {
      warnings.append(
        "the quiz's title, description or a section title has a control character XML cannot hold; it is written "
          + "as U+FFFD")
    }
    if quiz.shuffleQuestions == true {
      warnings.append(
        "shuffle_questions cannot be written in Canvas QTI: Canvas shuffles only the questions of a group")
    }
    if shuffles > 0 && shuffles < quiz.questions.count {
      warnings.append(
        "Canvas shuffles the choices of every question or of none: \(shuffles) of \(quiz.questions.count) "
          + "questions shuffle theirs; the package shuffles none")
    }
    let titled = quiz.sections.filter {
      $0.pick == nil && !($0.title ?? "").isEmpty && (!$0.questions.isEmpty || !$0.random.isEmpty)
    }
    if !titled.isEmpty {
      warnings.append(
        "Canvas quizzes have no section titles: "
          + list(titled.map { "\"\($0.title ?? "")\"" }) + (titled.count == 1 ? " is" : " are") + " left out")
    }
    // A question random slots draw from counts once, however many groups hold it.
    let drawnFrom = Set(
      quiz.sections.flatMap { section in
        section.random.flatMap { placed in
          (placed.candidates ?? []).filter { !$0.tags.isEmpty }.map { placed.slot.bank + "/" + $0.id }
        }
      })
    let tagged = quiz.questions.count(where: { !$0.tags.isEmpty }) + drawnFrom.count
    if tagged > 0 {
      warnings.append(
        "tags cannot be written in Canvas QTI: the tags of \(CanvasQTIText.plural(tagged, "question")) are left out")
    }
    return warnings
  }

  /// "a", "a and b", "a, b and c".
  private static func list(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  /// A number of points as Canvas reads it: decimal, rounded to millionths so that sums of
  /// fractions (0.1 + 0.2) print as written.
  static func points(_ value: Double) -> String {
    JSONWriter.numberText((value * 1_000_000).rounded() / 1_000_000)
  }
}

/// The package's identifiers, all made from the quiz id (and question and choice ids). The
/// assessment's is `quiz-ID`; the others add a capitalised word, which no id (lower-case
/// slugs) can hold, so no two can be the same.
struct CanvasQTIIdents {
  let assessment: String
  /// What an item's ident starts with: the assessment's, or a random slots' group's (whose
  /// questions may share ids with the quiz's own, from another bank).
  private var itemPrefix: String

  init(quiz: Quiz) {
    // Ids are slugs; `safeSegment` only matters to data that is not, as this names a folder.
    assessment = "quiz-" + CanvasQTIFiles.safeSegment(quiz.id)
    itemPrefix = assessment
  }

  /// The idents of the items of the random slots' group `group`.
  func inGroup(_ group: String) -> CanvasQTIIdents {
    var idents = self
    idents.itemPrefix = group
    return idents
  }

  var assessmentFile: String { assessment + "/" + assessment + ".xml" }
  var metaFile: String { assessment + "/assessment_meta.xml" }
  var manifest: String { assessment + "-Manifest" }
  var meta: String { assessment + "-Meta" }
  var assignment: String { assessment + "-Assignment" }

  func item(_ question: Question) -> String { Self.capped(itemPrefix + "-Question-" + question.id) }

  /// The question in the bank Canvas makes for the quiz.
  func bankQuestion(_ question: Question) -> String { Self.capped(item(question) + "-Bank") }

  func choice(_ choice: Choice, of question: Question) -> String {
    Self.capped(item(question) + "-Choice-" + choice.id)
  }

  /// Canvas keeps identifiers of at most 255 characters; a choice's feedback adds `_fb` to its
  /// ident. A longer one keeps its start and ends with a hash of all of it: still the same in
  /// every export, and still one per question or choice.
  static func capped(_ ident: String) -> String {
    let limit = 255 - "_fb".count
    guard ident.utf8.count > limit else { return ident }
    let hash = "-" + CanvasQTIFiles.hashHex(ident)
    return String(decoding: ident.utf8.prefix(limit - hash.utf8.count), as: UTF8.self) + hash
  }

  /// A question group: a section that picks, numbered from 1 among all sections.
  func group(_ index: Int) -> String { assessment + "-Group-\(index + 1)" }

  /// The group of random slots number `number + 1` of section `section + 1`.
  func randomGroup(_ section: Int, _ number: Int) -> String { assessment + "-Random-\(section + 1)-\(number + 1)" }

  /// The resource of the package's file number `index + 1`.
  func file(_ index: Int) -> String { assessment + "-File-\(index + 1)" }
}
