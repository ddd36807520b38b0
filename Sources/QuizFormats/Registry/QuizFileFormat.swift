import QuizDomain

/// A file format `quiz` reads and writes. Every format is one value in `QuizFileFormat.all`:
/// import, export and edit find their format there, by name, extension or content, and name
/// no format anywhere else.
public struct QuizFileFormat: Sendable {
  /// What `--format` calls it.
  public let name: String
  /// What help and messages call it ("Moodle XML").
  public let title: String
  /// File name endings that mean this format (`.txt` is decided by content).
  public let extensions: [String]
  public let reader: Reader
  /// Writes one quiz; nil for quiz-bank/1, which the repository streams itself. Throws only
  /// for a failure of quiz's own (making a zip).
  public let writer: (@Sendable (Quiz) throws -> FormatWriting)?
  /// For a `.txt` file: whether its first bytes look like this format. Bytes, not text: a
  /// Swift `String` makes `"\r\n"` one Character, and a CR LF file must be told as well.
  public let recognizes: @Sendable (ArraySlice<UInt8>) -> Bool
  /// What in a `.txt` file's content says it is this format, for help ("a line starting
  /// ANSWER:"); nil when content never picks it.
  public var contentSign: String? = nil
  /// What `export --help` says of writing one quiz in this format: what it carries, and what
  /// it cannot (named in a warning when a quiz has it).
  public var exportNote: String? = nil
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
    guard case .questions(let read) = reader, let writing = try? write(quiz) ?? nil else { return nil }
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
