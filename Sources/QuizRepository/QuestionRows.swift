import QuizDomain
import SQLite

/// The one mapping between the version and choice columns and the domain's values: every
/// query that reads a question's content selects these columns, in this order, and reads them
/// here.
enum QuestionRows {
  /// The content columns of `question_versions` (aliased `v`), as `content(_:at:)` reads them.
  static let contentColumns =
    "v.prompt, v.explanation, v.points, v.multiple, v.scoring, v.shuffle, v.text_format, v.kind"

  /// The content read from `row` starting at column `offset`, with `choices`. A version of
  /// another kind gets that kind's body with no parts: `loadParts` reads them.
  static func content(_ row: Row, at offset: Int32, choices: [Choice] = []) -> Question.Content {
    let body: QuestionBody
    switch QuestionKind(rawValue: row.string(offset + 7)) ?? .choice {
    case .choice:
      body = .choice(
        ChoiceBody(
          multiple: row.bool(offset + 3), scoring: row.optionalString(offset + 4).flatMap(ScoringRule.init),
          choices: choices))
    case .shortAnswer: body = .shortAnswer(ShortAnswer(answers: []))
    case .numerical: body = .numerical(Numerical(answers: []))
    case .matching: body = .matching(Matching(pairs: []))
    case .essay: body = .essay(Essay())
    case .description: body = .description
    case .cloze: body = .cloze(Cloze(parts: []))
    }
    return Question.Content(
      prompt: row.string(offset), explanation: row.optionalString(offset + 1), points: row.double(offset + 2),
      shuffle: row.bool(offset + 5), textFormat: row.optionalString(offset + 6).flatMap(TextFormat.init) ?? .plain,
      body: body)
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

// MARK: - Answers

extension QuestionRows {
  /// The columns of an answer's response (answers aliased `an`, its version `v`), as
  /// `response(_:at:)` reads them.
  static let responseColumns = "an.selected, an.response, an.response_unit, v.kind"

  /// The response in `row` from column `offset`: choice ids from `selected`, else the text
  /// typed (and unit picked), the stems matched, or the gaps' responses.
  static func response(_ row: Row, at offset: Int32) -> Response {
    guard !row.isNull(offset + 1) else { return .choices(QuizRepository.splitSelection(row.string(offset))) }
    return typed(
      row.string(offset + 1), unit: row.optionalString(offset + 2), kind: QuestionKind(rawValue: row.string(offset + 3))
    )
  }

  /// The response kept in an answer's `response` (and `response_unit`) for a question of `kind`:
  /// the stems matched, the gaps' responses, or the text typed.
  static func typed(_ text: String, unit: String?, kind: QuestionKind?) -> Response {
    switch kind {
    case .matching: .matched(MatchedStorage.decode(text) ?? [])
    case .cloze: .parts(PartsStorage.decode(text) ?? [])
    // Choices are kept in `selected`: a text there is what was typed. An unknown kind's
    // text is kept as typed.
    case .shortAnswer, .numerical, .essay, .choice, .description, nil: .text(text, unit: unit)
    }
  }

  /// The `selected`, `response` and `response_unit` values of `response`.
  static func columns(of response: Response) -> (selected: String, response: String?, unit: String?) {
    switch response {
    case .choices(let ids): (ids.joined(separator: ","), nil, nil)
    case .text(let text, let unit): ("", text, unit)
    case .matched(let matches): ("", MatchedStorage.encode(matches), nil)
    case .parts(let parts): ("", PartsStorage.encode(parts), nil)
    }
  }
}
