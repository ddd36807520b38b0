/// One taker's go at a quiz, as recorded or imported.
public struct Attempt: Equatable, Sendable {
  public var id: String?
  public var quiz: String
  public var taker: String
  public var startedAt: Timestamp?
  public var submittedAt: Timestamp?
  /// The ids of the questions the attempt was given, in the order given; `nil` means every
  /// question of the quiz, in quiz order.
  public var given: [String]?
  public var answers: [Answer]

  public init(
    id: String? = nil, quiz: String, taker: String, startedAt: Timestamp? = nil,
    submittedAt: Timestamp? = nil, given: [String]? = nil, answers: [Answer]
  ) {
    self.id = id
    self.quiz = quiz
    self.taker = taker
    self.startedAt = startedAt
    self.submittedAt = submittedAt
    self.given = given
    self.answers = answers
  }
}

/// The choices picked for one question, in the order picked.
public struct Answer: Equatable, Sendable {
  public var question: String
  public var selected: [String]

  public init(question: String, selected: [String]) {
    self.question = question
    self.selected = selected
  }
}

/// An attempt with its scores, as stored.
public struct ScoredAttempt: Equatable, Sendable {
  public var attempt: Attempt
  public var score: Double
  public var maxScore: Double
  /// One score per answer, in the order of `attempt.answers`.
  public var answerScores: [Double]

  public init(attempt: Attempt, score: Double, maxScore: Double, answerScores: [Double]) {
    self.attempt = attempt
    self.score = score
    self.maxScore = maxScore
    self.answerScores = answerScores
  }
}
