/// A quiz: titled sections of questions. `id` is a slug, unique in the bank.
public struct Quiz: Equatable, Sendable {
  public var id: String
  public var title: String
  public var description: String?
  /// The default rule of its questions; `nil` means `all-or-nothing`, and is kept as absent.
  public var scoring: ScoringRule?
  public var sections: [Section]

  public init(
    id: String, title: String, description: String? = nil, scoring: ScoringRule? = nil,
    sections: [Section]
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.scoring = scoring
    self.sections = sections
  }

  /// The rule used for a question that names none.
  public var defaultScoring: ScoringRule { scoring ?? .allOrNothing }

  /// Every question, in display order.
  public var questions: [Question] { sections.flatMap(\.questions) }

  /// The most points an attempt can score.
  public var maxScore: Double { questions.reduce(0) { $0 + $1.points } }

  /// The rule that scores `question` in this quiz.
  public func scoringRule(for question: Question) -> ScoringRule {
    question.scoring ?? defaultScoring
  }
}

/// A titled group of questions; order is display order.
public struct Section: Equatable, Sendable {
  public var title: String?
  public var questions: [Question]

  public init(title: String? = nil, questions: [Question]) {
    self.title = title
    self.questions = questions
  }
}
