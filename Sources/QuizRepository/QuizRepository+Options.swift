import QuizDomain
import SQLite

/// A question's options in their tables (migrations/0009_question_options.sql): the outcome
/// feedback, penalty and numbering in `question_options`, one row for a version that has any;
/// the hints in `question_hints`. The one place that writes and reads them.
struct StoredOptions {
  var outcomeFeedback: OutcomeFeedback?
  var penalty: Double?
  var numbering: AnswerNumbering?
  var hints: [Hint] = []

  init() {}

  init(_ content: Question.Content) {
    outcomeFeedback = content.outcomeFeedback
    penalty = content.penalty
    if case .choice(let body) = content.body { numbering = body.numbering }
    hints = content.hints
  }

  init(row: Row, at offset: Int32) {
    let feedback = OutcomeFeedback(
      correct: row.optionalString(offset), partiallyCorrect: row.optionalString(offset + 1),
      incorrect: row.optionalString(offset + 2),
      showNumberCorrect: row.isNull(offset + 3) ? nil : row.bool(offset + 3))
    outcomeFeedback = feedback.isEmpty ? nil : feedback
    penalty = row.optionalDouble(offset + 4)
    numbering = row.optionalString(offset + 5).flatMap(AnswerNumbering.init)
  }

  /// Whether the version needs a `question_options` row.
  var hasRow: Bool { outcomeFeedback != nil || penalty != nil || numbering != nil }

  func apply(to content: inout Question.Content) {
    content.outcomeFeedback = outcomeFeedback
    content.penalty = penalty
    content.hints = hints
    if case .choice(var body) = content.body {
      body.numbering = numbering
      content.body = .choice(body)
    }
  }

  func apply(to question: inout Question) {
    var content = question.content
    apply(to: &content)
    question = Question(id: question.id, tags: question.tags, content: content)
  }

  static let columns =
    "o.correct_feedback, o.partial_feedback, o.incorrect_feedback, o.show_number_correct, o.penalty, o.numbering"
}

// MARK: - Writing

extension QuizRepository {
  /// Writes the options of `content` for the version at `versionRow`; nothing when it has none
  /// (most questions), so an import pays for no row.
  func insertOptions(_ content: Question.Content, versionRow: Int64) throws {
    let options = StoredOptions(content)
    if options.hasRow {
      // An empty outcome feedback is refused by validation; stored, it would read back absent.
      let feedback = options.outcomeFeedback
      try database.cachedStatement(
        literal: """
          INSERT INTO question_options (version_id, correct_feedback, partial_feedback, incorrect_feedback,
            show_number_correct, penalty, numbering) VALUES (?, ?, ?, ?, ?, ?, ?)
          """
      ).execute([
        versionRow, feedback?.correct, feedback?.partiallyCorrect, feedback?.incorrect,
        feedback?.showNumberCorrect, options.penalty, options.numbering?.rawValue,
      ])
    }
    for (position, hint) in options.hints.enumerated() {
      try database.cachedStatement(
        literal: """
          INSERT INTO question_hints (version_id, position, text, show_number_correct, clear_wrong)
          VALUES (?, ?, ?, ?, ?)
          """
      ).execute([versionRow, Int64(position), hint.text, hint.showNumberCorrect, hint.clearWrong])
    }
  }

  // MARK: - Reading

  /// The options of the version at `versionRow`.
  func options(ofVersionRow versionRow: Int64) throws -> StoredOptions {
    var options =
      try database.fetchOne(
        "SELECT \(StoredOptions.columns) FROM question_options o WHERE o.version_id = ?", [versionRow]
      ) { StoredOptions(row: $0, at: 0) } ?? StoredOptions()
    options.hints = try database.fetchAll(
      "SELECT text, show_number_correct, clear_wrong FROM question_hints WHERE version_id = ? ORDER BY position",
      [versionRow]
    ) { QuizRepository.hint($0) }
    return options
  }

  /// The options of the current versions of a quiz's placed questions that have any, by
  /// version row: two queries for the whole quiz.
  func currentOptions(in scope: QuestionScope) throws -> [Int64: StoredOptions] {
    var options: [Int64: StoredOptions] = [:]
    let rows = try database.cachedStatement(
      """
      SELECT o.version_id, \(StoredOptions.columns)
      FROM questions q
      JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version
      JOIN question_options o ON o.version_id = v.id
      WHERE \(scope.condition)
      """)
    try rows.bind([scope.row])
    try rows.forEachRow { row in options[row.int64(0)] = StoredOptions(row: row, at: 1) }
    let hints = try database.cachedStatement(
      """
      SELECT h.version_id, h.text, h.show_number_correct, h.clear_wrong
      FROM questions q
      JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version
      JOIN question_hints h ON h.version_id = v.id
      WHERE \(scope.condition)
      ORDER BY h.version_id, h.position
      """)
    try hints.bind([scope.row])
    try hints.forEachRow { row in
      options[row.int64(0), default: StoredOptions()].hints.append(
        Hint(
          text: row.string(1), showNumberCorrect: row.isNull(2) ? nil : row.bool(2),
          clearWrong: row.isNull(3) ? nil : row.bool(3)))
    }
    return options
  }

  private static func hint(_ row: Row) -> Hint {
    Hint(
      text: row.string(0), showNumberCorrect: row.isNull(1) ? nil : row.bool(1),
      clearWrong: row.isNull(2) ? nil : row.bool(2))
  }
}
