/// What an export with attempts carries beside a quiz so that its attempts keep their history:
/// the earlier versions and retired questions that recorded attempts answered, and the number
/// of each current question's version (docs/quiz-bank.md, "History").
public struct QuizHistory: Equatable, Sendable {
  public var quiz: String
  /// Question id → the number of the version the quiz shows, for those not at version 1.
  public var current: [String: Int]
  /// Versions the quiz does not show, by question then number: earlier versions of its
  /// questions and every carried version of a retired question (one the quiz does not hold).
  public var versions: [HistoricVersion]

  public init(quiz: String, current: [String: Int] = [:], versions: [HistoricVersion] = []) {
    self.quiz = quiz
    self.current = current
    self.versions = versions
  }
}

/// One version of a question as it was asked: its number and its content (`question.id` is
/// the question's id), and the bank of a question that is not the quiz's own (a bank question
/// a slot placed or drew): nil for the quiz's own.
public struct HistoricVersion: Equatable, Sendable {
  public var number: Int
  public var question: Question
  public var bank: String?

  public init(number: Int, question: Question, bank: String? = nil) {
    self.number = number
    self.question = question
    self.bank = bank
  }
}

/// The quiz as one attempt saw it, for checking and scoring it: every question at the version
/// the attempt was given, retired ones included.
public struct AttemptView: Sendable {
  /// The quiz with the versions the attempt answered, and its retired questions in a last
  /// section of their own: what its answers are checked against.
  public var answered: Quiz
  /// The same with the versions a regrade scored against, under the rule it was scored with.
  public var scored: Quiz

  /// The view of `quiz` for `attempt`. `version(id, number)` gives a stored or carried version;
  /// a number it does not know is a problem at `path`.
  public static func make(
    for attempt: Attempt, quiz: Quiz, path: String, version: (String, Int) -> Question?
  ) -> (AttemptView?, [Problem]) {
    var problems: [Problem] = []
    func resolve(_ id: String, _ number: Int, _ key: String) -> Question? {
      if let question = version(id, number) { return question }
      problems.append(
        Problem(
          path: "\(path).\(key).\(id)", message: "question \"\(id)\" of quiz \"\(quiz.id)\" has no version \(number)"))
      return nil
    }
    let shown = Set(quiz.questions.map(\.id))
    var answered = quiz
    var scored = quiz
    var retired: [Question] = []
    var retiredScored: [Question] = []
    for (id, number) in attempt.versions.sorted(by: { $0.key < $1.key }) {
      guard let question = resolve(id, number, "versions") else { continue }
      if shown.contains(id) { replace(id, with: question, in: &answered) } else { retired.append(question) }
    }
    scored = answered
    retiredScored = retired
    for (id, number) in attempt.scoredVersions.sorted(by: { $0.key < $1.key }) {
      guard let question = resolve(id, number, "scored_versions") else { continue }
      if shown.contains(id) {
        replace(id, with: question, in: &scored)
      } else if let index = retiredScored.firstIndex(where: { $0.id == id }) {
        retiredScored[index] = question
      }
    }
    guard problems.isEmpty else { return (nil, problems) }
    if !retired.isEmpty {
      answered.sections.append(Section(questions: retired))
      scored.sections.append(Section(questions: retiredScored))
    }
    if let rule = attempt.scoring { scored.scoring = rule }
    return (AttemptView(answered: answered, scored: scored), [])
  }

  /// The attempt scored as it was recorded: each answer against its scored version under its
  /// rule, out of its recorded maximum, else `computedMaxScore`.
  public func score(_ attempt: Attempt) -> ScoredAttempt {
    var result = Scoring.score(attempt, in: scored)
    result.maxScore = attempt.maxScore ?? computedMaxScore(given: attempt.given)
    return result
  }

  /// The maximum the attempt would be given if it recorded none: the points of what it was
  /// given, or, when it records no list, of every question of the quiz and of the retired ones it
  /// answered (it was given them when they were in the quiz: leaving them out made a score
  /// above its maximum, which `quiz check` refuses).
  public func computedMaxScore(given: [String]?) -> Double {
    guard given == nil else { return QuestionDraw.maxScore(given: given, in: scored) }
    return scored.sections.reduce(0) { $0 + $1.questions.reduce(0) { $0 + $1.points } }
  }

  private static func replace(_ id: String, with question: Question, in quiz: inout Quiz) {
    for s in quiz.sections.indices {
      if let q = quiz.sections[s].questions.firstIndex(where: { $0.id == id }) {
        var version = question
        version.tags = quiz.sections[s].questions[q].tags
        // A slot's points are the question's in this quiz, whichever version it gave.
        version.slot = quiz.sections[s].questions[q].slot
        if let points = version.slot?.points { version.points = points }
        quiz.sections[s].questions[q] = version
        return
      }
    }
  }
}
