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
  /// History (docs/quiz-bank.md, "History"): question id → the number of the version the
  /// attempt was given and answered, for questions it saw at another version than the quiz's
  /// current one, and for retired questions.
  public var versions: [String: Int] = [:]
  /// Question id → the version a regrade scored its answer against, when not the one answered.
  public var scoredVersions: [String: Int] = [:]
  /// Question → what a slot made it worth in this attempt, when the quiz would not give it
  /// those points now (the slot changed or went): the attempt keeps them.
  public var points: [String: Double] = [:]
  /// The quiz rule it was scored under, when not the quiz's rule now.
  public var scoring: ScoringRule?
  /// The maximum recorded, when it is not what its questions add up to now, or when its
  /// `given` list no longer fits the sections' picks: the attempt is then a record of history.
  public var maxScore: Double?

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

  /// Whether the attempt carries history that the quiz as it stands does not show.
  public var carriesHistory: Bool {
    !versions.isEmpty || !scoredVersions.isEmpty || !points.isEmpty || scoring != nil || maxScore != nil
  }
}

/// What was given for one question: the choices picked (in the order picked), the text typed
/// or the stems matched, and for an essay the person's mark.
public struct Answer: Equatable, Sendable {
  public var question: String
  public var response: Response
  /// The latest mark (essay); nil until marked.
  public var mark: Mark?

  public init(question: String, selected: [String]) {
    self.init(question: question, response: .choices(selected))
  }

  public init(question: String, response: Response, mark: Mark? = nil) {
    self.question = question
    self.response = response
    self.mark = mark
  }

  /// The choice ids picked; empty for a response of another kind.
  public var selected: [String] {
    get { if case .choices(let ids) = response { ids } else { [] } }
    set { response = .choices(newValue) }
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
