/// A quiz: titled sections of questions. `id` is a slug, unique in the bank.
public struct Quiz: Equatable, Sendable {
  public var id: String
  public var title: String
  public var description: String?
  /// The default rule of its questions; `nil` means `all-or-nothing`, and is kept as absent.
  public var scoring: ScoringRule?
  /// Whether each attempt gets the questions of each section in its own random order; `nil`
  /// (absent) means no, and is kept as absent.
  public var shuffleQuestions: Bool?
  public var sections: [Section]

  public init(
    id: String, title: String, description: String? = nil, scoring: ScoringRule? = nil,
    shuffleQuestions: Bool? = nil, sections: [Section]
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.scoring = scoring
    self.shuffleQuestions = shuffleQuestions
    self.sections = sections
  }

  /// The rule used for a question that names none.
  public var defaultScoring: ScoringRule { scoring ?? .allOrNothing }

  /// Every question, in display order.
  public var questions: [Question] { sections.flatMap(\.questions) }

  /// Where each question stands, by id (the first of a repeated id): for looking questions up
  /// once per attempt without copying them into a dictionary.
  public var questionPositions: [String: (section: Int, position: Int)] {
    var positions: [String: (section: Int, position: Int)] = [:]
    for s in sections.indices {
      for q in sections[s].questions.indices where positions[sections[s].questions[q].id] == nil {
        positions[sections[s].questions[q].id] = (s, q)
      }
    }
    return positions
  }

  /// The most points an attempt given every question can score (each random slot worth its
  /// points).
  public var maxScore: Double {
    // The same sum, in the same order, as over `questions`, without building that list.
    let fixed = sections.reduce(0) { sum, section in section.questions.reduce(sum) { $0 + $1.points } }
    return sections.reduce(fixed) { sum, section in
      section.random.reduce(sum) { $0 + Double($1.slot.count) * $1.slot.pointsEach }
    }
  }

  /// Whether the quiz has random slots: its attempts draw questions from banks.
  public var hasRandomSlots: Bool { sections.contains { !$0.random.isEmpty } }

  /// How many questions an attempt is given: each section's pick (or all its questions) and
  /// one per random slot.
  public var askedPerAttempt: Int { sections.reduce(0) { $0 + $1.drawCount + $1.randomCount } }

  /// Whether attempts get a draw of the questions rather than all of them: a section picks, or
  /// random slots draw.
  public var drawsQuestions: Bool { sections.contains { $0.pick != nil || !$0.random.isEmpty } }

  /// Whether an attempt records the questions it was given: they are drawn or reordered.
  public var variesPerAttempt: Bool { drawsQuestions || shuffleQuestions == true }

  /// The rule that scores `question` in this quiz.
  public func scoringRule(for question: Question) -> ScoringRule {
    question.scoring ?? defaultScoring
  }
}

/// A titled group of questions; order is display order.
public struct Section: Equatable, Sendable {
  public var title: String?
  /// How many of its questions each attempt gets, drawn at random; `nil` means all of them.
  /// A section holding fewer questions than `pick` gives all it has.
  public var pick: Int?
  /// Its fixed questions: written in the quiz or placed from a bank by a slot.
  public var questions: [Question]
  /// Its random slots, where they stand among the questions (`entries` gives the order).
  public var random: [PlacedRandomSlot] = []

  public init(title: String? = nil, pick: Int? = nil, questions: [Question]) {
    self.title = title
    self.pick = pick
    self.questions = questions
  }

  /// How many questions an attempt gets from this section.
  public var drawCount: Int { min(pick ?? questions.count, questions.count) }

  /// Whether an attempt gets fewer than all its questions: a pool, whose questions are drawn.
  public var drawsSome: Bool { drawCount < questions.count }
}
