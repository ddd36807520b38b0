/// What a question asks for, beyond the parts every question has (prompt, explanation, points,
/// text format, files): its kind and that kind's parts. Each kind lives in a file of its own
/// with its validation, scoring, random-guess score and response analysis.
public enum QuestionBody: Equatable, Sendable {
  case choice(ChoiceBody)
  case shortAnswer(ShortAnswer)
  case numerical(Numerical)
  case matching(Matching)
  case essay(Essay)
  /// Text only: shown in its place, worth nothing, never scored.
  case description
  /// Gaps in the prompt, each a sub-question (Cloze.swift).
  case cloze(Cloze)

  public var kind: QuestionKind {
    switch self {
    case .choice: .choice
    case .shortAnswer: .shortAnswer
    case .numerical: .numerical
    case .matching: .matching
    case .essay: .essay
    case .description: .description
    case .cloze: .cloze
    }
  }
}

/// The kinds, by the names quiz-bank/1's `type` gives them.
public enum QuestionKind: String, CaseIterable, Sendable {
  case choice
  case shortAnswer = "short-answer"
  case numerical
  case matching
  case essay
  case description
  case cloze

  /// Whether an attempt's answer to the kind is scored without a person: every kind but essay
  /// and description.
  public var isScoredAutomatically: Bool {
    switch self {
    case .choice, .shortAnswer, .numerical, .matching, .cloze: true
    case .essay, .description: false
    }
  }

  /// Whether saving an answer of this kind where answers are revealed one by one (`quiz serve
  /// --reveal each`) reveals it, right or wrong with the right answer, and so locks it. An essay
  /// is marked by a person: saving it reveals nothing, and it stays open until the submit.
  public var locksOnceRevealed: Bool { isScoredAutomatically }

  /// Whether the kind is an item of the statistics (all but description).
  public var isScored: Bool {
    switch self {
    case .choice, .shortAnswer, .numerical, .matching, .essay, .cloze: true
    case .description: false
    }
  }
}

/// A multiple-choice question's parts (true/false among them).
public struct ChoiceBody: Equatable, Sendable {
  /// True: any number of choices may be picked; false: exactly one.
  public var multiple: Bool
  /// Overrides the quiz's rule when set.
  public var scoring: ScoringRule?
  public var choices: [Choice]
  /// How the choices are numbered when shown. Nil: absent in the document (`abc`).
  public var numbering: AnswerNumbering?

  public init(multiple: Bool, scoring: ScoringRule? = nil, choices: [Choice], numbering: AnswerNumbering? = nil) {
    self.multiple = multiple
    self.scoring = scoring
    self.choices = choices
    self.numbering = numbering
  }
}

// MARK: - The choice body's parts, for code that handles choice questions

extension QuestionBody {
  public var choices: [Choice] {
    get { if case .choice(let body) = self { body.choices } else { [] } }
    set { if case .choice(var body) = self { body.choices = newValue; self = .choice(body) } }
  }

  public var multiple: Bool {
    get { if case .choice(let body) = self { body.multiple } else { false } }
    set { if case .choice(var body) = self { body.multiple = newValue; self = .choice(body) } }
  }

  public var scoring: ScoringRule? {
    get { if case .choice(let body) = self { body.scoring } else { nil } }
    set { if case .choice(var body) = self { body.scoring = newValue; self = .choice(body) } }
  }
}
