/// A short-answer question (Moodle's `qtype_shortanswer`): the typed response is compared with
/// each answer in turn, and the first that matches gives its fraction of the points.
public struct ShortAnswer: Equatable, Sendable {
  public var answers: [TextAnswer]
  /// Nil: absent in the document (false).
  public var caseSensitive: Bool?

  public init(answers: [TextAnswer], caseSensitive: Bool? = nil) {
    self.answers = answers
    self.caseSensitive = caseSensitive
  }

  public var isCaseSensitive: Bool { caseSensitive ?? false }
}

/// One accepted (or anticipated) text of a short-answer question.
public struct TextAnswer: Equatable, Sendable {
  public var text: String
  /// Nil: absent in the document (1).
  public var fraction: Double?
  public var feedback: String?

  public init(text: String, fraction: Double? = nil, feedback: String? = nil) {
    self.text = text
    self.fraction = fraction
    self.feedback = feedback
  }

  public var effectiveFraction: Double { fraction ?? 1 }
}
