import QuizDomain
import SQLite

/// The one mapping between the version and choice columns and the domain's values: every
/// query that reads a question's content selects these columns, in this order, and reads them
/// here.
enum QuestionRows {
  /// The content columns of `question_versions` (aliased `v`), as `content(_:at:)` reads them.
  static let contentColumns = "v.prompt, v.explanation, v.points, v.multiple, v.scoring, v.shuffle, v.text_format"

  /// The content read from `row` starting at column `offset`, with `choices`.
  static func content(_ row: Row, at offset: Int32, choices: [Choice] = []) -> Question.Content {
    Question.Content(
      prompt: row.string(offset), explanation: row.optionalString(offset + 1), points: row.double(offset + 2),
      multiple: row.bool(offset + 3), scoring: row.optionalString(offset + 4).flatMap(ScoringRule.init),
      shuffle: row.bool(offset + 5), choices: choices,
      textFormat: row.optionalString(offset + 6).flatMap(TextFormat.init) ?? .plain)
  }

  /// The columns of `choices` (aliased `c`), as `choice(_:at:)` reads them.
  static let choiceColumns = "c.slug, c.text, c.correct, c.weight, c.feedback"

  /// The columns of `question_files` (aliased `f`), as `file(_:at:)` reads them.
  static let fileColumns = "f.field, f.name, f.data"

  static func file(_ row: Row, at offset: Int32) -> QuestionFile {
    QuestionFile(field: row.string(offset), name: row.string(offset + 1), bytes: row.bytes(offset + 2))
  }

  static func choice(_ row: Row, at offset: Int32) -> Choice {
    Choice(
      id: row.string(offset), text: row.string(offset + 1), correct: row.bool(offset + 2),
      weight: row.optionalDouble(offset + 3), feedback: row.optionalString(offset + 4))
  }
}
