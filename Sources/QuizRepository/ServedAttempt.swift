import Foundation
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
  public private(set) var questions: [ServedQuestion]
  /// The answers saved, by question id.
  public private(set) var answers: [String: Answer]
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

  /// What its taker types to take it up again elsewhere without a roster code: the first 8 of
  /// the token's 32 hex digits (32 of its 128 random bits; the other 96 stay secret, so the code
  /// gives nothing of the token a guesser could use), shown at sign-in.
  public var resumeCode: String { String(token.prefix(ResumeProof.codeLength)) }

  /// This attempt as its taker is sent it: every choice named by its position in the shown
  /// order (`ShownChoiceIDs`), in its questions and in its saved answers. Pages and replies are
  /// made from this; saves name choices the same way (`saveServedAnswer(…, choicesAsShown:)`).
  public func withShownChoiceIDs() -> ServedAttempt {
    var shown = self
    shown.questions = questions.map { served in
      ServedQuestion(
        question: ShownChoiceIDs.relabel(served.question), version: served.version,
        answerChoices: served.answerChoices, order: served.order)
    }
    for served in questions {
      guard var answer = answers[served.question.id] else { continue }
      answer.response = ShownChoiceIDs.shown(answer.response, of: served.question)
      shown.answers[served.question.id] = answer
    }
    return shown
  }

  /// The question `id` as this attempt shows it.
  public func question(_ id: String) -> ServedQuestion? { questions.first { $0.question.id == id } }
}

/// What lets a sign-in take up the attempt already under the same name (as `TakerKey` compares
/// names), open or submitted.
public enum ResumeProof: Sendable, Equatable {
  /// The taker proved who they are otherwise (their roster code): it is theirs.
  case proven
  /// A name alone proves nothing: the attempt is taken up only with its token (the browser's
  /// cookie) or its resume code; otherwise the sign-in is refused (`resumeRefused`).
  case given(token: String?, resumeCode: String?)

  static let codeLength = 8

  func admits(token: String) -> Bool {
    switch self {
    case .proven: return true
    case .given(let given, let resumeCode):
      if let given, given == token { return true }
      guard let resumeCode else { return false }
      let typed = Array(resumeCode.lowercased().filter { $0.isHexDigit }.utf8)
      let code = Array(token.utf8.prefix(Self.codeLength))
      return ConstantTime.equal(typed, code)
    }
  }
}

/// A taker's name as names are compared for one attempt per person: NFKC (compatibility forms,
/// such as full-width letters, as their plain letters) and case folded, then NFKC again. Names
/// are kept as typed (in NFC); this only says whether two are the same person's.
public struct TakerKey: Equatable, Hashable, Sendable {
  public let folded: String

  public init(_ name: String) {
    folded =
      name.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil)
      .precomposedStringWithCompatibilityMapping
  }
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
  /// An attempt under this name (compared as `TakerKey` compares names) exists, and the sign-in
  /// gave neither its token nor its resume code (`ResumeProof`).
  case resumeRefused
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
    case .resumeRefused:
      "an attempt under this name was started already: continue it in the browser it began in, or give its "
        + "resume code (shown when it began); if that is lost, the teacher can look it up"
    }
  }
}
