/// Feedback shown after answering by how the answer did as a whole (Moodle's combined
/// feedback: `correctfeedback`, `partiallycorrectfeedback`, `incorrectfeedback`).
public struct OutcomeFeedback: Equatable, Sendable {
  public var correct: String?
  public var partiallyCorrect: String?
  public var incorrect: String?
  /// Moodle's `shownumcorrect`: say how many parts were right. Nil: absent (false).
  public var showNumberCorrect: Bool?

  public init(
    correct: String? = nil, partiallyCorrect: String? = nil, incorrect: String? = nil,
    showNumberCorrect: Bool? = nil
  ) {
    self.correct = correct
    self.partiallyCorrect = partiallyCorrect
    self.incorrect = incorrect
    self.showNumberCorrect = showNumberCorrect
  }

  public var isEmpty: Bool { correct == nil && partiallyCorrect == nil && incorrect == nil && showNumberCorrect == nil }
}

/// A hint shown on request while answering (Moodle's `hint`, of the interactive behaviour).
public struct Hint: Equatable, Sendable {
  public var text: String
  /// Moodle's `shownumcorrect` on the hint. Nil: absent (false).
  public var showNumberCorrect: Bool?
  /// Moodle's `clearwrong`: wrong responses are cleared when the hint is shown. Nil: absent.
  public var clearWrong: Bool?

  public init(text: String, showNumberCorrect: Bool? = nil, clearWrong: Bool? = nil) {
    self.text = text
    self.showNumberCorrect = showNumberCorrect
    self.clearWrong = clearWrong
  }
}

/// How a choice question numbers its choices (Moodle's `answernumbering`).
public enum AnswerNumbering: String, CaseIterable, Sendable {
  case lowercase = "abc"
  case uppercase = "ABCD"
  case decimal = "123"
  case lowerRoman = "iii"
  case upperRoman = "IIII"
  case none
}
