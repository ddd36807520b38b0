import QuizDomain
import SQLite

/// The parts of each question kind, in their tables (migrations/0008_question_kinds.sql): the
/// one place that writes and reads them.
extension QuizRepository {
  // MARK: - Writing

  /// Writes the parts of `body` for the version at `versionRow` (choices are written with the
  /// version itself).
  func insertParts(_ body: QuestionBody, versionRow: Int64) throws {
    switch body {
    case .choice, .description: return
    case .cloze(let cloze): try insertCloze(cloze, versionRow: versionRow)
    case .shortAnswer(let short):
      for (position, answer) in short.answers.enumerated() {
        try insertRow(
          "INSERT INTO short_answer_answers (version_id, position, text, fraction, feedback) VALUES (?, ?, ?, ?, ?)",
          [versionRow, Int64(position), answer.text, answer.fraction, answer.feedback])
      }
      if let caseSensitive = short.caseSensitive {
        try insertRow(
          "INSERT INTO short_answer_options (version_id, case_sensitive) VALUES (?, ?)", [versionRow, caseSensitive])
      }
    case .numerical(let numerical): try insertNumerical(numerical, versionRow: versionRow)
    case .matching(let matching):
      for (position, pair) in matching.pairs.enumerated() {
        try insertRow(
          "INSERT INTO matching_pairs (version_id, position, slug, stem, answer) VALUES (?, ?, ?, ?, ?)",
          [versionRow, Int64(position), pair.id, pair.stem, pair.answer])
      }
      for (position, text) in matching.distractors.enumerated() {
        try insertRow(
          "INSERT INTO matching_distractors (version_id, position, text) VALUES (?, ?, ?)",
          [versionRow, Int64(position), text])
      }
    case .essay(let essay):
      try insertRow(
        """
        INSERT INTO essay_options (version_id, response_format, response_required, response_lines, min_words,
          max_words, response_template, grader_info) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          versionRow, essay.responseFormat?.rawValue, essay.responseRequired, essay.responseLines.map(Int64.init),
          essay.minWords.map(Int64.init), essay.maxWords.map(Int64.init), essay.responseTemplate, essay.graderInfo,
        ])
    }
  }

  private func insertNumerical(_ numerical: Numerical, versionRow: Int64) throws {
    for (position, answer) in numerical.answers.enumerated() {
      try insertRow(
        """
        INSERT INTO numerical_answers (version_id, position, value, tolerance, fraction, feedback)
        VALUES (?, ?, ?, ?, ?, ?)
        """, [versionRow, Int64(position), answer.value, answer.tolerance, answer.fraction, answer.feedback])
    }
    for (position, unit) in numerical.units.enumerated() {
      try insertRow(
        "INSERT INTO numerical_units (version_id, position, unit, multiplier) VALUES (?, ?, ?, ?)",
        [versionRow, Int64(position), unit.unit, unit.multiplier])
    }
    try insertRow(
      """
      INSERT INTO numerical_options (version_id, unit_grading, unit_penalty, unit_input, units_left)
      VALUES (?, ?, ?, ?, ?)
      """,
      [
        versionRow, numerical.unitGrading?.rawValue, numerical.unitPenalty, numerical.unitInput?.rawValue,
        numerical.unitsLeft,
      ])
  }

  /// One row of a part table, through the connection's statement cache: an import writes
  /// these for every version, and preparing the statement each time cost more than the insert.
  private func insertRow(_ sql: StaticString, _ arguments: [any DatabaseValueConvertible]) throws {
    try database.cachedStatement(literal: sql).execute(arguments)
  }

  // MARK: - Reading

  /// Fills in the parts of `body` (as `QuestionRows.content` made it) for the version at
  /// `versionRow`: its choices, or its kind's answers, units, pairs or options.
  func loadParts(_ body: inout QuestionBody, versionRow: Int64) throws {
    switch body {
    case .choice: body.choices = try choices(ofVersionRow: versionRow)
    case .description: return
    case .cloze: body = .cloze(try cloze(versionRow: versionRow))
    case .shortAnswer:
      let answers = try database.fetchAll(
        "SELECT text, fraction, feedback FROM short_answer_answers WHERE version_id = ? ORDER BY position",
        [versionRow]
      ) { TextAnswer(text: $0.string(0), fraction: $0.optionalDouble(1), feedback: $0.optionalString(2)) }
      let caseSensitive = try database.fetchOne(
        "SELECT case_sensitive FROM short_answer_options WHERE version_id = ?", [versionRow]
      ) { $0.isNull(0) ? nil : $0.bool(0) }
      body = .shortAnswer(ShortAnswer(answers: answers, caseSensitive: caseSensitive ?? nil))
    case .numerical: body = .numerical(try numerical(versionRow: versionRow))
    case .matching:
      let pairs = try database.fetchAll(
        "SELECT slug, stem, answer FROM matching_pairs WHERE version_id = ? ORDER BY position", [versionRow]
      ) { MatchPair(id: $0.string(0), stem: $0.string(1), answer: $0.string(2)) }
      let distractors = try database.fetchAll(
        "SELECT text FROM matching_distractors WHERE version_id = ? ORDER BY position", [versionRow]
      ) { $0.string(0) }
      body = .matching(Matching(pairs: pairs, distractors: distractors))
    case .essay: body = .essay(try essay(versionRow: versionRow))
    }
  }

  private func numerical(versionRow: Int64) throws -> Numerical {
    let answers = try database.fetchAll(
      "SELECT value, tolerance, fraction, feedback FROM numerical_answers WHERE version_id = ? ORDER BY position",
      [versionRow]
    ) {
      NumericAnswer(
        value: $0.optionalDouble(0), tolerance: $0.optionalDouble(1), fraction: $0.optionalDouble(2),
        feedback: $0.optionalString(3))
    }
    let units = try database.fetchAll(
      "SELECT unit, multiplier FROM numerical_units WHERE version_id = ? ORDER BY position", [versionRow]
    ) { NumericUnit(unit: $0.string(0), multiplier: $0.double(1)) }
    var numerical = Numerical(answers: answers, units: units)
    try database.fetchOne(
      "SELECT unit_grading, unit_penalty, unit_input, units_left FROM numerical_options WHERE version_id = ?",
      [versionRow]
    ) { row in
      numerical.unitGrading = row.optionalString(0).flatMap(Numerical.UnitGrading.init)
      numerical.unitPenalty = row.optionalDouble(1)
      numerical.unitInput = row.optionalString(2).flatMap(Numerical.UnitInput.init)
      numerical.unitsLeft = row.isNull(3) ? nil : row.bool(3)
    }
    return numerical
  }

  private func essay(versionRow: Int64) throws -> Essay {
    try database.fetchOne(
      """
      SELECT response_format, response_required, response_lines, min_words, max_words, response_template,
        grader_info FROM essay_options WHERE version_id = ?
      """, [versionRow]
    ) { row in
      Essay(
        responseFormat: row.optionalString(0).flatMap(Essay.ResponseFormat.init),
        responseRequired: row.isNull(1) ? nil : row.bool(1), responseLines: row.optionalInt(2),
        minWords: row.optionalInt(3), maxWords: row.optionalInt(4), responseTemplate: row.optionalString(5),
        graderInfo: row.optionalString(6))
    } ?? Essay()
  }
}
