import QuizDomain
import SQLite

/// A quiz with the counts `quiz list` shows.
public struct QuizSummary: Equatable, Sendable {
  public var id: String
  public var title: String
  public var sections: Int
  public var questions: Int
  public var attempts: Int
}

/// A quiz as stored: its current content plus each question's version number.
public struct StoredQuiz: Equatable, Sendable {
  public var quiz: Quiz
  /// Question id → current version number.
  public var versions: [String: Int]
  let rowID: Int64
  /// Question id → rows of its identity and current version.
  var questionRows: [String: QuestionRows]

  struct QuestionRows: Equatable, Sendable {
    let identity: Int64
    let version: Int64
  }

  /// Whether the quiz shows version `number` of the question at row `identity` as `id`: an
  /// attempt at any other version (an earlier one, a retired question's, or one of a question
  /// no longer placed) records which it was.
  func shows(question identity: Int64, id: String, version number: Int) -> Bool {
    questionRows[id]?.identity == identity && versions[id] == number
  }
}

/// The questions a bulk read of current versions covers, as a condition on `questions q`.
enum QuestionScope {
  /// The questions a quiz places.
  case placed(inQuiz: Int64)
  /// The questions of a bank in use (not retired), placed or not.
  case inBank(Int64)
  /// Every question of a bank, retired ones too.
  case everyInBank(Int64)

  var condition: String {
    switch self {
    case .placed: "q.quiz_id = ? AND q.section_id IS NOT NULL"
    case .inBank: "q.bank_id = ? AND q.retired_at IS NULL"
    case .everyInBank: "q.bank_id = ?"
    }
  }

  var row: Int64 {
    switch self {
    case .placed(let quiz): quiz
    case .inBank(let bank), .everyInBank(let bank): bank
    }
  }
}

// MARK: - Quizzes

extension QuizRepository {
  /// Every quiz, by id, with its counts.
  public func quizSummaries() throws -> [QuizSummary] {
    return try mappingStorageErrors {
      try database.fetchAll(
        """
        SELECT z.slug, z.title,
          (SELECT count(*) FROM sections s WHERE s.quiz_id = z.id),
          (SELECT count(*) FROM questions q WHERE q.quiz_id = z.id AND q.section_id IS NOT NULL)
            + (SELECT total(coalesce(sl.count, 1)) FROM slots sl WHERE sl.quiz_id = z.id),
          (SELECT count(*) FROM attempts a WHERE a.quiz_id = z.id)
        FROM quizzes z ORDER BY z.slug
        """
      ) { row in
        QuizSummary(
          id: row.string(0), title: row.string(1), sections: row.int(2), questions: row.int(3),
          attempts: row.int(4))
      }
    }
  }

  /// The ids of every quiz, in order.
  public func quizIDs() throws -> [String] {
    return try mappingStorageErrors {
      try database.fetchAll("SELECT slug FROM quizzes ORDER BY slug") { $0.string(0) }
    }
  }

  /// The quiz `id` with its current content, or nil. Read in one snapshot, so a quiz that
  /// another process is changing is seen before or after the change, never half-way.
  public func storedQuiz(_ id: String) throws -> StoredQuiz? {
    return try read { _ in try readStoredQuiz(id) }
  }

  private func readStoredQuiz(_ id: String) throws -> StoredQuiz? {
    do {
      guard
        let header = try database.fetchOne(
          "SELECT id, title, description, scoring, shuffle_questions FROM quizzes WHERE slug = ?", [id],
          { row in
            (
              row.int64(0), row.string(1), row.optionalString(2), row.optionalString(3),
              row.isNull(4) ? nil : row.bool(4)
            )
          })
      else { return nil }
      let quizRow = header.0

      var sections = try database.fetchAll(
        "SELECT id, title, pick FROM sections WHERE quiz_id = ? ORDER BY position", [quizRow]
      ) { row in (row.int64(0), Section(title: row.optionalString(1), pick: row.optionalInt(2), questions: [])) }
      var sectionIndex: [Int64: Int] = [:]
      for (index, section) in sections.enumerated() { sectionIndex[section.0] = index }

      let scope = QuestionScope.placed(inQuiz: quizRow)
      let choices = try currentChoices(in: scope)
      let files = try currentFiles(in: scope)
      let tags = try currentTags(in: scope)
      let options = try currentOptions(in: scope)
      var versions: [String: Int] = [:]
      var rows: [String: StoredQuiz.QuestionRows] = [:]
      let statement = try database.cachedStatement(
        """
        SELECT q.id, q.slug, q.section_id, q.current_version, v.id, q.position, \(QuestionRows.contentColumns)
        FROM questions q
        JOIN sections s ON s.id = q.section_id
        JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version
        WHERE q.quiz_id = ?
        ORDER BY s.position, q.position
        """)
      try statement.bind([quizRow])
      // A section's questions and slots share its positions: each goes where it stands.
      var positions = [[Int]](repeating: [], count: sections.count)
      try statement.forEachRow { row in
        let identity = row.int64(0)
        let versionRow = row.int64(4)
        var question = Question(
          id: row.string(1), tags: tags[identity] ?? [],
          content: QuestionRows.content(row, at: 6, choices: choices[versionRow] ?? []))
        question.files = files[versionRow] ?? []
        if question.kind != .choice { try loadParts(&question.body, versionRow: versionRow) }
        options[versionRow]?.apply(to: &question)
        versions[question.id] = row.int(3)
        rows[question.id] = StoredQuiz.QuestionRows(identity: identity, version: versionRow)
        if let index = sectionIndex[row.int64(2)] {
          sections[index].1.questions.append(question)
          positions[index].append(row.int(5))
        }
      }
      for slot in try slotPlacements(ofQuiz: quizRow) {
        guard let index = sectionIndex[slot.section] else { continue }
        let at = positions[index].firstIndex { $0 > slot.position } ?? positions[index].count
        sections[index].1.questions.insert(slot.question, at: at)
        positions[index].insert(slot.position, at: at)
        versions[slot.question.id] = slot.version
        rows[slot.question.id] = slot.rows
      }
      for random in try randomPlacements(ofQuiz: quizRow).sorted(by: { $0.position < $1.position }) {
        guard let index = sectionIndex[random.section] else { continue }
        let at = positions[index].firstIndex { $0 > random.position } ?? positions[index].count
        sections[index].1.random.append(PlacedRandomSlot(at: at, slot: random.slot))
      }
      let quiz = Quiz(
        id: id, title: header.1, description: header.2, scoring: header.3.flatMap(ScoringRule.init),
        shuffleQuestions: header.4, sections: sections.map(\.1))
      return StoredQuiz(quiz: quiz, versions: versions, rowID: quizRow, questionRows: rows)
    }
  }

  /// Like `storedQuiz`, but a missing quiz is an error that suggests a close id.
  public func requireQuiz(_ id: String) throws -> StoredQuiz {
    return try read { _ in
      if let stored = try storedQuiz(id) { return stored }
      throw RepositoryError.unknownQuiz(id, suggestion: Suggestion.closest(to: id, among: try quizIDs()))
    }
  }

  /// Choices of the current versions of the questions in `scope`, by version row.
  func currentChoices(in scope: QuestionScope) throws -> [Int64: [Choice]] {
    try currentVersionRows(in: scope, table: "choices c", columns: QuestionRows.choiceColumns) {
      QuestionRows.choice($0, at: 1)
    }
  }

  /// Files of the current versions of the questions in `scope`, by version row.
  func currentFiles(in scope: QuestionScope) throws -> [Int64: [QuestionFile]] {
    try currentVersionRows(in: scope, table: "question_files f", columns: QuestionRows.fileColumns) {
      QuestionRows.file($0, at: 1)
    }
  }

  /// The rows of `table` (a per-version list with `version_id` and `position`, aliased as in
  /// `columns`) that belong to the current versions of a quiz's placed questions, in order, by
  /// version row; `read` reads `columns`, which follow the version row.
  private func currentVersionRows<T>(
    in scope: QuestionScope, table: String, columns: String, _ read: (Row) -> T
  ) throws -> [Int64: [T]] {
    let alias = table.split(separator: " ").last.map(String.init) ?? table
    let statement = try database.cachedStatement(
      """
      SELECT \(alias).version_id, \(columns)
      FROM questions q
      JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version
      JOIN \(table) ON \(alias).version_id = v.id
      WHERE \(scope.condition)
      ORDER BY \(alias).version_id, \(alias).position
      """)
    try statement.bind([scope.row])
    var rows: [Int64: [T]] = [:]
    try statement.forEachRow { row in rows[row.int64(0), default: []].append(read(row)) }
    return rows
  }

  func currentTags(in scope: QuestionScope) throws -> [Int64: [String]] {
    let statement = try database.cachedStatement(
      """
      SELECT t.question_id, t.tag FROM question_tags t JOIN questions q ON q.id = t.question_id
      WHERE \(scope.condition)
      ORDER BY t.question_id, t.position
      """)
    try statement.bind([scope.row])
    var tags: [Int64: [String]] = [:]
    try statement.forEachRow { row in tags[row.int64(0), default: []].append(row.string(1)) }
    return tags
  }
}

// MARK: - Question versions

/// One version of a question, as it was asked.
public struct QuestionVersion: Equatable, Sendable {
  public var number: Int
  public var createdAt: String
  public var content: Question.Content
}

extension QuizRepository {
  /// Every version of question `questionID` of quiz `quizID`, oldest first, including those of
  /// a retired question.
  public func versions(ofQuestion questionID: String, inQuiz quizID: String) throws -> [QuestionVersion] {
    return try read { _ in
      // The question the quiz shows under that id: its own, or one a slot places from a bank;
      // else a question of its own it no longer shows (retired), whose history is still kept.
      guard let stored = try readStoredQuiz(quizID) else { return [] }
      let shown = stored.questionRows[questionID]?.identity
      let identity =
        try shown
        ?? database.fetchOne(
          "SELECT id FROM questions WHERE quiz_id = ? AND slug = ? ORDER BY id DESC LIMIT 1",
          [stored.rowID, questionID]
        ) { $0.int64(0) }
      guard let identity else { return [] }
      return try versions(ofIdentity: identity)
    }
  }

  /// Every version of question `questionID` of bank `bankID`, oldest first.
  public func versions(ofQuestion questionID: String, inBank bankID: String) throws -> [QuestionVersion] {
    return try read { _ in
      let identity = try database.fetchOne(
        "SELECT q.id FROM questions q JOIN banks b ON b.id = q.bank_id WHERE b.slug = ? AND q.slug = ?",
        [bankID, questionID]
      ) { $0.int64(0) }
      guard let identity else { return [] }
      return try versions(ofIdentity: identity)
    }
  }

  private func versions(ofIdentity identity: Int64) throws -> [QuestionVersion] {
    let rows = try database.fetchAll(
      """
      SELECT v.id, v.version, v.created_at, \(QuestionRows.contentColumns)
      FROM question_versions v WHERE v.question_id = ? ORDER BY v.version
      """, [identity]
    ) { row in
      (
        row.int64(0),
        QuestionVersion(number: row.int(1), createdAt: row.string(2), content: QuestionRows.content(row, at: 3))
      )
    }
    return try rows.map { versionRow, version in
      var version = version
      try loadParts(&version.content.body, versionRow: versionRow)
      try options(ofVersionRow: versionRow).apply(to: &version.content)
      version.content.files = try files(ofVersionRow: versionRow)
      return version
    }
  }

  func files(ofVersionRow versionRow: Int64) throws -> [QuestionFile] {
    try database.fetchAll(
      "SELECT \(QuestionRows.fileColumns) FROM question_files f WHERE f.version_id = ? ORDER BY f.position",
      [versionRow]
    ) { QuestionRows.file($0, at: 0) }
  }

  func choices(ofVersionRow versionRow: Int64) throws -> [Choice] {
    try database.fetchAll(
      "SELECT \(QuestionRows.choiceColumns) FROM choices c WHERE c.version_id = ? ORDER BY c.position", [versionRow]
    ) { QuestionRows.choice($0, at: 0) }
  }
}
