import QuizDomain

/// Moodle's embedded-answers syntax (`{N:TYPE:alternatives}`), read as Moodle's
/// `qtype_multianswer_extract_question` reads it and written back from a cloze question's parts.
public enum ClozeSyntax {
  /// The prompt of the question Moodle's syntax `text` makes, each gap replaced by `{#1}`,
  /// `{#2}`, …, and its parts in gap order.
  public static func parse(_ text: String) throws(ClozeSyntaxError) -> (prompt: String, cloze: Cloze) {
    throw ClozeSyntaxError(line: 1, message: "cloze syntax is not read yet")
  }

  /// Moodle's syntax for `prompt` (holding `{#n}`) with the gaps of `cloze` in place.
  public static func text(prompt: String, cloze: Cloze) -> String {
    prompt
  }
}

/// What is wrong with a text in Moodle's embedded-answers syntax, at its line (1-based, within
/// the text).
public struct ClozeSyntaxError: Error, Equatable, Sendable {
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}
