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
  /// A multiple-response gap's alternatives written blank with a mark (`{1:MR:= ~=a~=b~c}`):
  /// not choices, but Moodle counts their fractions when it rescales the others, then drops
  /// them, so they change the score (a and b: 2/3 there, not 1). Nil: none.
  public var blankMarks: [ClozeBlankMark]?

  public init(
    display: ClozeChoiceDisplay? = nil, multiple: Bool? = nil, shuffle: Bool? = nil, choices: [Choice],
    blankMarks: [ClozeBlankMark]? = nil
  ) {
    self.display = display
    self.multiple = multiple
    self.shuffle = shuffle
    self.choices = choices
    self.blankMarks = blankMarks
  }

  public var isMultiple: Bool { multiple ?? false }
  public var isShuffled: Bool { shuffle ?? false }
  public var effectiveDisplay: ClozeChoiceDisplay { display ?? (isMultiple ? .vertical : .dropdown) }
}

/// The mark of an alternative written blank in a multiple-response gap, as a choice's would be.
public enum ClozeBlankMark: Equatable, Sendable {
  /// Written `=`: 100 %.
  case correct
  /// Written `%n%`: n/100.
  case weight(Double)

  /// The fraction Moodle reads from the mark.
  public var fraction: Double {
    switch self {
    case .correct: 1
    case .weight(let weight): weight
    }
  }

  /// How the database keeps it: `=`, or the weight's shortest exact decimal.
  public var storageText: String {
    switch self {
    case .correct: "="
    case .weight(let weight): "\(weight)"
    }
  }

  public init?(storageText: Substring) {
    if storageText == "=" {
      self = .correct
    } else if let weight = Double(storageText), weight.isFinite {
      self = .weight(weight)
    } else {
      return nil
    }
  }
}

/// How a choice gap shows its choices.
public enum ClozeChoiceDisplay: String, CaseIterable, Sendable {
  /// A drop-down list in the text (MULTICHOICE).
  case dropdown
  /// One choice per line (MULTICHOICE_V, MULTIRESPONSE).
  case vertical
  /// The choices in a row (MULTICHOICE_H, MULTIRESPONSE_H).
  case horizontal
}
