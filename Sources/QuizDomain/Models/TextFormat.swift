/// How a question's texts (prompt, explanation, choices, feedback) are written. They are
/// stored as written; the terminal and the reports render them.
public enum TextFormat: String, CaseIterable, Equatable, Sendable {
  case plain, markdown, html, moodle
}
