import QuizDomain

/// The content of one quiz-bank/1 document.
public struct QuizBankDocument: Equatable, Sendable {
  /// Banks with their categories and questions (docs/quiz-bank.md, "Banks").
  public var banks: [Bank]
  public var quizzes: [Quiz]
  /// What the attempts need of the quizzes' past (docs/quiz-bank.md, "History").
  public var history: [QuizHistory]
  public var attempts: [Attempt]

  public init(banks: [Bank] = [], quizzes: [Quiz], history: [QuizHistory] = [], attempts: [Attempt] = []) {
    self.banks = banks
    self.quizzes = quizzes
    self.history = history
    self.attempts = attempts
  }
}

/// What the streaming reader hands over, in document order.
public enum QuizBankItem: Sendable {
  /// A valid bank, at `path` (`$.banks[0]`): banks come before the quizzes whose slots use them.
  case bank(Bank, path: String)
  /// A valid quiz, at `path` (`$.quizzes[3]`).
  case quiz(Quiz, path: String)
  /// A quiz with problems (reported at the end); attempts at it need no further complaint.
  case rejectedQuiz(id: String)
  /// The history of a quiz, at `path` (`$.history[0]`); handed over before any attempt.
  case history(QuizHistory, path: String)
  /// An attempt with valid fields, at `path`; whether it names real questions and choices is
  /// for the receiver to check.
  case attempt(Attempt, path: String)
  /// Every quiz of the document has been handed over.
  case quizzesComplete
}

/// Reads quiz-bank/1 documents (docs/quiz-bank.md): JSON syntax first, then every field's type
/// and rule, collecting all problems rather than stopping at the first one.
public enum QuizBankReader {
  public static let format = "quiz-bank/1"
  /// Problems kept for the report; further ones are only counted.
  public static let problemLimit = 1_000

  /// Reads a document item by item, handing each quiz and attempt to `body` as soon as it is
  /// read, so that a large document never sits whole in memory. `progress` hears the byte
  /// offset reached after each item. Throws `QuizBankError.syntax` at malformed JSON and, at the
  /// end, `QuizBankError.invalid` with the problems found (`body` may have been handed items
  /// by then: the caller discards them).
  public static func stream(
    _ bytes: UnsafeBufferPointer<UInt8>, progress: ((Int) -> Void)? = nil,
    _ body: (QuizBankItem) throws -> Void
  ) throws {
    var decoder = QuizBankDecoder(scanner: JSONScanner(bytes))
    do {
      try decoder.decodeDocument(body: body, progress: progress)
      try decoder.scanner.expectEnd()
    } catch let error as JSONSyntaxError {
      throw QuizBankError.syntax(error)
    }
    guard decoder.problems.isEmpty else { throw QuizBankError.invalid(decoder.problems, total: decoder.problemCount) }
  }

  /// Reads one whole document. Throws `QuizBankError.syntax` for malformed JSON and
  /// `QuizBankError.invalid` with every problem for a document that breaks the format.
  /// References from attempts to quizzes outside the document are checked by the repository.
  public static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws -> QuizBankDocument {
    var document = QuizBankDocument(quizzes: [])
    try stream(bytes) { item in
      switch item {
      case .bank(let bank, _): document.banks.append(bank)
      case .quiz(let quiz, _): document.quizzes.append(quiz)
      case .attempt(let attempt, _): document.attempts.append(attempt)
      case .history(let history, _): document.history.append(history)
      case .rejectedQuiz, .quizzesComplete: break
      }
    }
    return document
  }

  public static func read(_ bytes: [UInt8]) throws -> QuizBankDocument {
    try bytes.withUnsafeBufferPointer { try read($0) }
  }

  /// Reads one question object (as `quiz edit QUIZ/QUESTION` writes it).
  public static func readQuestion(_ bytes: [UInt8]) throws -> Question {
    try bytes.withUnsafeBufferPointer { buffer in
      var decoder = QuizBankDecoder(scanner: JSONScanner(buffer))
      let question: Question?
      do {
        question = try decoder.decodeQuestion()
        try decoder.scanner.expectEnd()
      } catch let error as JSONSyntaxError {
        throw QuizBankError.syntax(error)
      }
      guard let question, decoder.problems.isEmpty else {
        throw QuizBankError.invalid(decoder.problems, total: decoder.problemCount)
      }
      return question
    }
  }

  /// Reads one attempt object, as found on a line of newline-delimited JSON.
  public static func readAttempt(_ bytes: [UInt8]) throws -> Attempt {
    try bytes.withUnsafeBufferPointer { try readAttempt($0) }
  }

  public static func readAttempt(_ buffer: UnsafeBufferPointer<UInt8>) throws -> Attempt {
    var decoder = QuizBankDecoder(scanner: JSONScanner(buffer))
    let attempt: Attempt?
    do {
      attempt = try decoder.decodeAttempt()
      try decoder.scanner.expectEnd()
    } catch let error as JSONSyntaxError {
      throw QuizBankError.syntax(error)
    }
    guard let attempt, decoder.problems.isEmpty else {
      throw QuizBankError.invalid(decoder.problems, total: decoder.problemCount)
    }
    return attempt
  }

}

/// The walk over one document. Each `decode…` reads one value at the current path; a value of
/// the wrong type is recorded as a problem and skipped, so that reading goes on.
struct QuizBankDecoder {
  var scanner: JSONScanner
  var path = JSONPath()
  private(set) var problems: [Problem] = []
  private(set) var problemCount = 0
  /// The id of the quiz being read, for rejecting it by name when it has problems.
  var lastQuizID: String?

  init(scanner: JSONScanner) { self.scanner = scanner }

  mutating func report(_ message: String, key: String? = nil) {
    var text = path.text
    if let key { text += "." + key }
    add(Problem(path: text, message: message))
  }

  mutating func add(_ problem: Problem) {
    problemCount += 1
    if problems.count < QuizBankReader.problemLimit { problems.append(problem) }
  }
}
