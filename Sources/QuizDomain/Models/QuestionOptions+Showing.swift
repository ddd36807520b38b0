// MARK: - Choice labels

extension AnswerNumbering {
  /// The label of the choice shown at `position` (0 first): a, b, c…; A, B, C…; 1, 2, 3…;
  /// i, ii, iii…; I, II, III…; or nil (`none`). Past z, letters go on as the default choice
  /// ids do: aa, ab, …
  public func label(at position: Int) -> String? {
    switch self {
    case .lowercase: return Choice.defaultID(at: position)
    case .uppercase: return Choice.defaultID(at: position).uppercased()
    case .decimal: return String(position + 1)
    case .lowerRoman: return Self.roman(position + 1).lowercased()
    case .upperRoman: return Self.roman(position + 1)
    case .none: return nil
    }
  }

  /// `n` (at least 1) in Roman numerals, as Moodle's number_in_style writes them.
  static func roman(_ n: Int) -> String {
    let values: [(Int, String)] = [
      (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
      (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    var rest = n
    var text = ""
    for (value, numeral) in values {
      while rest >= value {
        text += numeral
        rest -= value
      }
    }
    return text
  }
}

// MARK: - Outcome feedback by the fraction earned

extension OutcomeFeedback {
  /// The text for an answer that earned `fraction` of the points, as Moodle picks its combined
  /// feedback: all of them (within Moodle's 1/1.01) correct, more than none partially correct,
  /// else incorrect. Nil when that text is absent or empty.
  public func text(forFraction fraction: Double) -> String? {
    let text: String?
    if fraction >= 1 / 1.01 {
      text = correct
    } else if fraction > 0 {
      text = partiallyCorrect
    } else {
      text = incorrect
    }
    return text.flatMap { $0.isEmpty ? nil : $0 }
  }
}

// MARK: - The numbering of any body

extension QuestionBody {
  /// A choice question's numbering; nil for other kinds and when absent.
  public var numbering: AnswerNumbering? { if case .choice(let body) = self { body.numbering } else { nil } }
}
