import QuizDomain
import SQLite

/// The gaps of a cloze version, in their tables (migrations/0010_cloze.sql): the one place that
/// writes and reads them. Written through cached statements, as the other kinds' parts are.
extension QuizRepository {
  // MARK: - Writing

  func insertCloze(_ cloze: Cloze, versionRow: Int64) throws {
    for (position, part) in cloze.parts.enumerated() {
      let gap = Int64(position)
      try insertPart(part, position: gap, versionRow: versionRow)
      switch part.body {
      case .shortAnswer(let short):
        for (index, answer) in short.answers.enumerated() {
          try database.cachedStatement(
            literal: """
              INSERT INTO cloze_alternatives (version_id, part, position, text, fraction, feedback)
              VALUES (?, ?, ?, ?, ?, ?)
              """
          ).execute([versionRow, gap, Int64(index), answer.text, answer.fraction, answer.feedback])
        }
      case .numerical(let numerical): try insertNumericalGap(numerical, gap: gap, versionRow: versionRow)
      case .choice(let choice):
        for (index, option) in choice.choices.enumerated() {
          try database.cachedStatement(
            literal: """
              INSERT INTO cloze_alternatives (version_id, part, position, slug, text, correct, weight, feedback)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)
              """
          ).execute([
            versionRow, gap, Int64(index), option.id, option.text, option.correct, option.weight, option.feedback,
          ])
        }
      }
    }
  }

  /// The part's row: its kind, points and the options of its kind (NULL for the others').
  private func insertPart(_ part: ClozePart, position: Int64, versionRow: Int64) throws {
    var short: ShortAnswer?
    var choice: ClozeChoice?
    switch part.body {
    case .shortAnswer(let body): short = body
    case .numerical: break
    case .choice(let body): choice = body
    }
    try database.cachedStatement(
      literal: """
        INSERT INTO cloze_parts (version_id, position, kind, points, case_sensitive, display, multiple, shuffle,
          blank_marks)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    ).execute([
      versionRow, position, part.kind.rawValue, part.points, short?.caseSensitive, choice?.display?.rawValue,
      choice?.multiple, choice?.shuffle, choice.flatMap(Self.blankMarksText),
    ])
  }

  /// The `blank_marks` column: NULL unless a multiple-response gap has some (the table's CHECK
  /// refuses an empty text and marks on any other gap, which nothing scores).
  static func blankMarksText(_ choice: ClozeChoice) -> String? {
    guard choice.isMultiple, let marks = choice.blankMarks, !marks.isEmpty else { return nil }
    return marks.map(\.storageText).joined(separator: " ")
  }

  private func insertNumericalGap(_ numerical: Numerical, gap: Int64, versionRow: Int64) throws {
    for (index, answer) in numerical.answers.enumerated() {
      try database.cachedStatement(
        literal: """
          INSERT INTO cloze_alternatives (version_id, part, position, value, tolerance, fraction, feedback)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """
      ).execute([versionRow, gap, Int64(index), answer.value, answer.tolerance, answer.fraction, answer.feedback])
    }
  }

  // MARK: - Reading

  func cloze(versionRow: Int64) throws -> Cloze {
    let alternatives = try database.cachedStatement(
      literal: """
        SELECT part, slug, text, value, tolerance, fraction, correct, weight, feedback FROM cloze_alternatives
        WHERE version_id = ? ORDER BY part, position
        """
    ).fetchAll([versionRow]) { (part: $0.int(0), row: ClozeAlternativeRow($0)) }
    let byPart = Dictionary(grouping: alternatives, by: { $0.part })
    let parts = try database.cachedStatement(
      literal: """
        SELECT position, kind, points, case_sensitive, display, multiple, shuffle, blank_marks FROM cloze_parts
        WHERE version_id = ? ORDER BY position
        """
    ).fetchAll([versionRow]) { row in
      let gap = row.int(0)
      return Self.clozePart(row, alternatives: (byPart[gap] ?? []).map { $0.row })
    }
    return Cloze(parts: parts)
  }

  /// A part from its `cloze_parts` row (columns as `cloze(versionRow:)` selects them).
  private static func clozePart(_ row: Row, alternatives: [ClozeAlternativeRow]) -> ClozePart {
    let optionalBool = { (column: Int32) -> Bool? in row.isNull(column) ? nil : row.bool(column) }
    let body: ClozePartBody
    switch ClozePartKind(rawValue: row.string(1)) ?? .shortAnswer {
    case .shortAnswer:
      body = .shortAnswer(
        ShortAnswer(answers: alternatives.map(\.textAnswer), caseSensitive: optionalBool(3)))
    case .numerical:
      body = .numerical(Numerical(answers: alternatives.map(\.numericAnswer)))
    case .choice:
      body = .choice(
        ClozeChoice(
          display: row.optionalString(4).flatMap(ClozeChoiceDisplay.init), multiple: optionalBool(5),
          shuffle: optionalBool(6), choices: alternatives.map(\.choice),
          blankMarks: row.optionalString(7).map { $0.split(separator: " ").compactMap(ClozeBlankMark.init) }))
    }
    return ClozePart(points: row.double(2), body: body)
  }
}

/// One `cloze_alternatives` row, read whole and then made into its part's kind of alternative.
private struct ClozeAlternativeRow {
  var slug: String?
  var text: String?
  var value: Double?
  var tolerance: Double?
  var fraction: Double?
  var correct: Bool
  var weight: Double?
  var feedback: String?

  /// Columns from 1: slug, text, value, tolerance, fraction, correct, weight, feedback.
  init(_ row: Row) {
    slug = row.optionalString(1)
    text = row.optionalString(2)
    value = row.optionalDouble(3)
    tolerance = row.optionalDouble(4)
    fraction = row.optionalDouble(5)
    correct = !row.isNull(6) && row.bool(6)
    weight = row.optionalDouble(7)
    feedback = row.optionalString(8)
  }

  var textAnswer: TextAnswer { TextAnswer(text: text ?? "", fraction: fraction, feedback: feedback) }
  var numericAnswer: NumericAnswer {
    NumericAnswer(value: value, tolerance: tolerance, fraction: fraction, feedback: feedback)
  }
  var choice: Choice { Choice(id: slug ?? "", text: text ?? "", correct: correct, weight: weight, feedback: feedback) }
}

// MARK: - Search

extension Cloze {
  /// What search finds a cloze question by besides its prompt: every gap's accepted answers and
  /// choices (a numerical gap's numbers are not words).
  var searchableTexts: [String] {
    parts.flatMap { part -> [String] in
      switch part.body {
      case .shortAnswer(let body): body.answers.map(\.text)
      case .numerical: []
      case .choice(let body): body.choices.map(\.text)
      }
    }
  }
}
