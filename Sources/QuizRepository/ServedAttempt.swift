import QuizDomain

/// A question as one served attempt shows it.
public struct ServedQuestion: Sendable {
  /// The version pinned at sign-in, with its choices, matching stems and gap choices in this
  /// attempt's order.
  public let question: Question
  /// The number of that version.
  public let version: Int
  /// Matching: the answer texts in this attempt's order; else `[]`.
  public let answerChoices: [String]
  /// The order applied to the stored version (`question` is `order.apply(to:)` of it).
  public let order: PresentationOrder
}

/// An attempt being taken through `quiz serve` (or one taken and submitted): what its taker
/// sees, and what was saved so far.
public struct ServedAttempt: Sendable {
  /// The taker's credential: 128 random bits, as 32 lowercase hex digits.
  public let token: String
  /// Another 128 random bits, for the pages' forms.
  public let csrf: String
  public let quiz: String
  public let quizTitle: String
  public let taker: String
  public let startedAt: Timestamp
  public let deadline: Timestamp?
  /// In the attempt's order.
  public let questions: [ServedQuestion]
  /// The answers saved, by question id.
  public let answers: [String: Answer]
  /// The saved answers' scores, by question id.
  public let scores: [String: Double]
  /// Whether its answers lock once saved: it was signed in or resumed on a server revealing
  /// each answer, so a saved answer's right answer may have been shown, whatever the server
  /// serving it now reveals.
  public private(set) var locksAnswers: Bool
  /// Nil while the attempt is open.
  public let submitted: SubmittedServedAttempt?

  /// The most the attempt's questions can score.
  public var maxScore: Double { questions.reduce(0) { $0 + $1.question.points } }

  /// What the saved answers score so far.
  public var score: Double { scores.values.reduce(0, +) }

  /// This attempt, its answers locking (`QuizRepository.lockServedAnswers` made it so).
  public func lockingAnswers() -> ServedAttempt {
    var locking = self
    locking.locksAnswers = true
    return locking
  }

  /// The question `id` as this attempt shows it.
  public func question(_ id: String) -> ServedQuestion? { questions.first { $0.question.id == id } }
}

/// How a served attempt ended.
public struct SubmittedServedAttempt: Sendable {
  /// The id of the ordinary attempt it was recorded as.
  public let attemptID: String
  public let score: Double
  public let maxScore: Double
  public let submittedAt: Timestamp
  /// Submitted because its deadline passed, with what was saved.
  public let expired: Bool
}

/// What signing in found.
public enum ServedSignIn: Sendable {
  /// A new attempt, its questions drawn now.
  case started(ServedAttempt)
  /// The taker's open attempt, as it was left.
  case resumed(ServedAttempt)
  /// The taker's attempt was submitted (now, when its deadline had passed).
  case submitted(ServedAttempt)

  public var attempt: ServedAttempt {
    switch self {
    case .started(let attempt), .resumed(let attempt), .submitted(let attempt): attempt
    }
  }
}

/// What saving an answer gave it.
public struct ServedSave: Sendable {
  /// The points it scores.
  public let score: Double
  /// The points of the question.
  public let points: Double
  /// Whether the answer is locked now that it is saved (the save locked it, or its attempt
  /// locks answers): the reply may reveal it.
  public let locked: Bool
  /// The question it was scored against, as stored, and the attempt's order of it.
  let question: Question
  let order: PresentationOrder

  /// The question it was scored against, as this attempt shows it (its pinned version, choices
  /// in the attempt's order): what a reveal shows, without reading the attempt again. Put in
  /// order when asked for, by the thread that answers, not the one that committed.
  public var shown: Question { order.apply(to: question) }
}

/// One served attempt, for the monitor.
public struct ServedAttemptSummary: Sendable {
  public let quiz: String
  public let taker: String
  /// Questions with a saved answer.
  public let answered: Int
  public let questions: Int
  /// The saved answers' score; once submitted, the recorded attempt's.
  public let score: Double
  public let maxScore: Double
  public let startedAt: Timestamp
  public let deadline: Timestamp?
  public let submitted: Bool
  public let attemptID: String?
}

/// Why a served-attempt call was refused. A failure of the database itself is a
/// `RepositoryError.storage`.
public enum ServedAttemptError: Error, Sendable, Equatable {
  case unknownQuiz(String)
  /// No served attempt has this token.
  case unknownAttempt
  /// The attempt was not shown this question.
  case unknownQuestion(String)
  case alreadySubmitted
  case pastDeadline
  /// The question's answer was saved and answers are locked once saved (the message says which).
  case locked(String)
  /// The answer does not fit the question; the message names the JSON path (`$.selected[0]: …`).
  case invalidAnswer(String)
}

extension ServedAttemptError {
  /// Why an attempt of `quiz` takes no answer now, in the order a save checks: a quiz the server
  /// does not serve (`quizzes`, nil: every quiz) makes it unknown; then submitted; then past its
  /// deadline. Nil when it takes answers.
  static func refusingAnswers(
    quiz: String, isOpen: Bool, deadlineUnix: Double?, now: Timestamp, quizzes: [String]?
  ) -> ServedAttemptError? {
    guard ServedAttempt.isServed(quiz, by: quizzes) else { return .unknownAttempt }
    guard isOpen else { return .alreadySubmitted }
    if let deadlineUnix, now.unixSeconds >= deadlineUnix { return .pastDeadline }
    return nil
  }
}

extension ServedAttempt {
  /// Whether a server of `quizzes` (nil: every quiz) serves `quiz`: it answers for no other.
  public static func isServed(_ quiz: String, by quizzes: [String]?) -> Bool { quizzes?.contains(quiz) ?? true }
}

extension ServedAttemptError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .unknownQuiz(let id): "unknown quiz \"\(id)\""
    case .unknownAttempt: "unknown attempt"
    case .unknownQuestion(let id): "unknown question \"\(id)\" in this attempt"
    case .alreadySubmitted: "the attempt was submitted already"
    case .pastDeadline: "the attempt's time is up"
    case .locked(let message), .invalidAnswer(let message): message
    }
  }
}
