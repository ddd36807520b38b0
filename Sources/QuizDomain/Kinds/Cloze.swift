/// An embedded-answers question (Moodle's `qtype_multianswer`, "cloze"): a prompt holding gaps
/// `{#1}`, `{#2}`, … where each gap is a sub-question of its own kind, worth its own points.
/// The question's points are the sum of its parts'.
public struct Cloze: Equatable, Sendable {
  /// In gap order: part `i` fills `{#i+1}`.
  public var parts: [ClozePart]

  public init(parts: [ClozePart]) {
    self.parts = parts
  }

  /// The sum of the parts' points (a `{0:…}` gap adds nothing).
  public var points: Double { parts.reduce(0) { $0 + $1.points } }
}

/// One gap of a cloze question.
public struct ClozePart: Equatable, Sendable {
  /// What the gap is worth (Moodle's `{N:…}`, 1 when N is not written).
  public var points: Double
  public var body: ClozePartBody

  public init(points: Double = 1, body: ClozePartBody) {
    self.points = points
    self.body = body
  }

  public var kind: ClozePartKind {
    switch body {
    case .shortAnswer: .shortAnswer
    case .numerical: .numerical
    case .choice: .choice
    }
  }
}

/// A gap's sub-question. Alternatives are kept as written: an answer or choice whose fraction
/// is absent was written `=` (100 %), one with a fraction `%n%` (n/100), and an unmarked one
/// has fraction 0 (short answer, numerical) or is neither correct nor weighted (choice).
public enum ClozePartBody: Equatable, Sendable {
  case shortAnswer(ShortAnswer)
  case numerical(Numerical)
  case choice(ClozeChoice)
}

/// The kinds a gap may be, by the names quiz-bank/1's `kind` gives them.
public enum ClozePartKind: String, CaseIterable, Sendable {
  case shortAnswer = "short-answer"
  case numerical
  case choice

  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A choice gap (Moodle's MULTICHOICE and MULTIRESPONSE gaps). Each choice is `correct` when
/// written `=`, has a `weight` (n/100) when written `%n%`, and neither when unmarked.
public struct ClozeChoice: Equatable, Sendable {
  /// Nil: absent in the document (`dropdown`; a multiple-response gap is never a dropdown).
  public var display: ClozeChoiceDisplay?
  /// Nil: absent (false). True: MULTIRESPONSE, any number of choices may be picked.
  public var multiple: Bool?
  /// Nil: absent (false).
  public var shuffle: Bool?
  public var choices: [Choice]

  public init(
    display: ClozeChoiceDisplay? = nil, multiple: Bool? = nil, shuffle: Bool? = nil, choices: [Choice]
  ) {
    self.display = display
    self.multiple = multiple
    self.shuffle = shuffle
    self.choices = choices
  }

  public var isMultiple: Bool { multiple ?? false }
  public var isShuffled: Bool { shuffle ?? false }
  public var effectiveDisplay: ClozeChoiceDisplay { display ?? (isMultiple ? .vertical : .dropdown) }
}

/// How a choice gap shows its choices.
public enum ClozeChoiceDisplay: String, CaseIterable, Sendable {
  /// A drop-down list in the text (MULTICHOICE).
  case dropdown
  /// One choice per line (MULTICHOICE_V, MULTIRESPONSE).
  case vertical
  /// The choices in a row (MULTICHOICE_H, MULTIRESPONSE_H).
  case horizontal

  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
