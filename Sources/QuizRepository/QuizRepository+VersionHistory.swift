import QuizDomain
import SQLite

/// One stored version of a question: its row and its content.
struct StoredVersion {
  let row: Int64
  let question: Question
}

// MARK: - Reading versions by number

extension QuizRepository {
  /// Version `number` of question `id` of the quiz at `quizRow`, with its files; nil when there
  /// is none. The question is the one at row `identity` when the quiz shows it (written in the
  /// quiz or placed by a slot), else the quiz's own retired one, else a bank question an attempt
  /// at the quiz was given (a slot since removed).
  func storedVersion(quizRow: Int64, question id: String, number: Int, identity: Int64? = nil) throws
    -> StoredVersion?
  {
    let found: Int64?
    if let identity {
      found = try database.fetchOne(
        "SELECT id FROM question_versions WHERE question_id = ? AND version = ?", [identity, number],
        { $0.int64(0) })
    } else {
      found =
        try database.fetchOne(
          """
          SELECT v.id FROM question_versions v JOIN questions q ON q.id = v.question_id
          WHERE q.quiz_id = ? AND q.slug = ? AND v.version = ?
          """, [quizRow, id, number], { $0.int64(0) })
        ?? database.fetchOne(
          """
          SELECT v.id FROM question_versions v JOIN questions q ON q.id = v.question_id
          WHERE q.slug = ?2 AND v.version = ?3 AND q.id IN (
            SELECT g.question_id FROM attempts a JOIN answers an ON an.attempt_id = a.id
              JOIN question_versions g ON g.id = an.version_id WHERE a.quiz_id = ?1
            UNION SELECT g.question_id FROM attempts a JOIN attempt_questions aq ON aq.attempt_id = a.id
              JOIN question_versions g ON g.id = aq.version_id WHERE a.quiz_id = ?1)
          LIMIT 1
          """, [quizRow, id, number], { $0.int64(0) })
    }
    guard let row = found else { return nil }
    var question = try question(versionRow: row, id: id)
    question.files = try files(ofVersionRow: row)
    return StoredVersion(row: row, question: question)
  }

  /// The history an export with attempts carries for the quiz: every version its attempts were
  /// given, answered or scored against that the quiz does not show (earlier versions, retired
  /// questions), and the number of each shown question's version. Nil when its attempts need
  /// none: every one of them is at the versions the quiz shows.
  func historyForExport(of stored: StoredQuiz) throws -> QuizHistory? {
    let referenced = try database.fetchAll(
      """
      SELECT q.slug, v.version, v.id, q.id FROM question_versions v JOIN questions q ON q.id = v.question_id
      WHERE v.id IN (
        SELECT an.version_id FROM answers an JOIN attempts a ON a.id = an.attempt_id WHERE a.quiz_id = ?1
        UNION SELECT an.scored_version_id FROM answers an JOIN attempts a ON a.id = an.attempt_id WHERE a.quiz_id = ?1
        UNION SELECT aq.version_id FROM attempt_questions aq JOIN attempts a ON a.id = aq.attempt_id WHERE a.quiz_id = ?1)
      ORDER BY q.slug, v.version
      """, [stored.rowID]
    ) { ($0.string(0), $0.int(1), $0.int64(2), $0.int64(3)) }
    .filter { slug, number, _, identity in !stored.shows(question: identity, id: slug, version: number) }
    let regraded =
      try database.fetchOne(
        """
        SELECT EXISTS (SELECT 1 FROM answers an JOIN attempts a ON a.id = an.attempt_id
          WHERE a.quiz_id = ? AND an.scored_version_id IS NOT NULL)
        """, [stored.rowID]
      ) { $0.bool(0) } ?? false
    guard !referenced.isEmpty || regraded else { return nil }
    var history = QuizHistory(quiz: stored.quiz.id, current: stored.versions.filter { $0.value != 1 })
    for (slug, number, row, _) in referenced {
      var question = try question(versionRow: row, id: slug)
      question.files = try files(ofVersionRow: row)
      question.tags = try database.fetchAll(
        """
        SELECT t.tag FROM question_tags t JOIN question_versions v ON v.question_id = t.question_id
        WHERE v.id = ? ORDER BY t.position
        """, [row]
      ) { $0.string(0) }
      history.versions.append(HistoricVersion(number: number, question: question))
    }
    return history
  }
}

// MARK: - Writing carried history

extension QuizRepository {
  /// Writes what `history` carries into its quiz, as stored (`stored`), inside the import's
  /// transaction: each shown question's version number, and each version the database lacks.
  /// A version the database already holds must be the same; problems are returned, not thrown.
  func importHistory(
    _ history: QuizHistory, into stored: StoredQuiz, madeNow: Set<String>, path: String, at time: Timestamp
  ) throws -> [Problem] {
    var problems: [Problem] = []
    var current = stored.versions
    for (id, number) in history.current.sorted(by: { $0.key < $1.key }) {
      if let problem = try renumber(
        id, to: number, in: stored, path: "\(path).current.\(id)", madeNow: madeNow.contains(id))
      {
        problems.append(problem)
      } else {
        current[id] = number
      }
    }
    var retiredCreated: [String: (identity: Int64, highest: Int)] = [:]
    for (index, version) in history.versions.enumerated() {
      let here = "\(path).versions[\(index)]"
      let id = version.question.id
      if let existing = try storedVersion(
        quizRow: stored.rowID, question: id, number: version.number, identity: stored.questionRows[id]?.identity)
      {
        if existing.question.content != version.question.content {
          problems.append(
            Problem(
              path: here, message: "question \"\(id)\" version \(version.number) is stored with other content"))
        }
        continue
      }
      if let shown = stored.questionRows[id] {
        let shownNumber = current[id] ?? 1
        guard version.number < shownNumber else {
          problems.append(
            Problem(path: here + ".version", message: "question \"\(id)\" is at version \(shownNumber) here"))
          continue
        }
        try insertVersion(version.question.content, identity: shown.identity, number: version.number, at: time)
        continue
      }
      let identity = try retiredCreated[id]?.identity ?? retiredIdentity(stored.rowID, version.question, at: time)
      try insertVersion(version.question.content, identity: identity, number: version.number, at: time)
      retiredCreated[id] = (identity, max(retiredCreated[id]?.highest ?? 0, version.number))
    }
    for (identity, highest) in retiredCreated.values {
      try database.execute(
        "UPDATE questions SET current_version = max(current_version, ?) WHERE id = ?", [highest, identity])
    }
    return problems
  }

  /// Gives shown question `id` the version number `number`. Only a question this import has just
  /// made (one version, nobody answered it) can be renumbered; any
  /// other must have it already.
  private func renumber(_ id: String, to number: Int, in stored: StoredQuiz, path: String, madeNow: Bool)
    throws -> Problem?
  {
    guard let rows = stored.questionRows[id] else {
      return Problem(path: path, message: "quiz \"\(stored.quiz.id)\" has no question \"\(id)\"")
    }
    let current = stored.versions[id] ?? 1
    guard current != number else { return nil }
    let fresh =
      try database.fetchOne(
        """
        SELECT (SELECT count(*) FROM question_versions WHERE question_id = ?1) = 1
          AND NOT EXISTS (SELECT 1 FROM answers WHERE version_id = ?2)
          AND NOT EXISTS (SELECT 1 FROM attempt_questions WHERE version_id = ?2)
        """, [rows.identity, rows.version]
      ) { $0.bool(0) } ?? false
    guard fresh && madeNow else {
      return Problem(path: path, message: "question \"\(id)\" is at version \(current) here, not \(number)")
    }
    try database.execute("UPDATE question_versions SET version = ? WHERE id = ?", [number, rows.version])
    try database.execute("UPDATE questions SET current_version = ? WHERE id = ?", [number, rows.identity])
    return nil
  }

  /// The identity of retired question `question.id` of the quiz, made (retired now) when missing.
  private func retiredIdentity(_ quizRow: Int64, _ question: Question, at time: Timestamp) throws -> Int64 {
    if let identity = try database.fetchOne(
      "SELECT id FROM questions WHERE quiz_id = ? AND slug = ?", [quizRow, question.id], { $0.int64(0) })
    {
      return identity
    }
    let bankRow = try ownBank(ofQuiz: quizRow)
    if let clash = try bankQuestionClash(question.id, bank: bankRow) { throw clash }
    try database.execute(
      """
      INSERT INTO questions (quiz_id, slug, current_version, retired_at, bank_id, category_id)
      VALUES (?, ?, 1, ?, ?, ?)
      """,
      [quizRow, question.id, time.text, bankRow, try categoryRow(inBank: bankRow, at: .top)])
    let identity = database.lastInsertedRowID
    try insertTags(question.tags, identity: identity)
    return identity
  }
}
