import QuizDomain
import SQLite

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// One thing `check` looked at, and what it found wrong (nothing: it holds).
public struct CheckResult: Equatable, Sendable {
  public var name: String
  /// The first violations found (at most `QuizRepository.checkListLimit`).
  public var violations: [String]
  /// How many violations there are in all, listed or not.
  public var total: Int

  public init(name: String, violations: [String], total: Int? = nil) {
    self.name = name
    self.violations = Array(violations.prefix(QuizRepository.checkListLimit))
    self.total = max(total ?? violations.count, self.violations.count)
  }
}

// MARK: - Checking

extension QuizRepository {
  /// How many violations of one check are kept for listing.
  public static let checkListLimit = 20

  /// Checks the file and the project's own invariants: SQLite's integrity and foreign keys,
  /// the schema version, every question's current version present, every scoring rule known,
  /// every slot naming a question or category in use, every answer pinned to a version of a
  /// question of its attempt's quiz, every recorded score and maximum equal to what is
  /// recomputed from the stored versions, the change log's sequence, and every served
  /// attempt's kept progress equal to what its rows count. At most `checkListLimit` violations
  /// are kept per check, with the total.
  public func check() throws -> [CheckResult] {
    return try mappingStorageErrors {
      try database.read { _ in
        let version = try schemaVersion()
        let newest = QuizRepository.newestSchemaVersion
        // The slots' check is listed only where there are slots, so that a database without
        // them is checked in the very words it was before banks (a file too damaged to say is
        // checked for them, and the check says what it could not read).
        let hasSlots =
          (try? database.fetchOne("SELECT EXISTS (SELECT 1 FROM slots)", []) { $0.bool(0) }) ?? true
        let slots =
          hasSlots
          ? [
            try checking("slots name questions and categories in use", brokenSlots),
            try checking("random slots can draw their questions", undrawableRandomSlots),
          ] : []
        return [
          try checking("integrity (PRAGMA integrity_check)", integrityProblems),
          try checking("foreign keys (PRAGMA foreign_key_check)", foreignKeyProblems),
          CheckResult(
            name: "schema version \(version)",
            violations: version == newest ? [] : ["the schema is version \(version), this quiz knows \(newest)"]),
          try checking("every question's current version stored", missingCurrentVersions),
          try checking("scoring rules known", unknownScoringRules),
        ] + slots + [
          try checking("answers pinned to their quiz's questions", misplacedAnswers),
          try checking("answers only to the questions each attempt was given", answersNotGiven),
          try checking("recorded scores", wrongScores),
          try checking("recorded maximum scores", wrongMaxScores),
          try checking("change-log sequence", { (try changeLogProblems(), nil) }),
          try checking("served attempts' progress", wrongServedProgress),
        ]
      }
    }
  }

  /// The quizzes whose random slots cannot draw an attempt's questions (too few match once the
  /// quiz's own and the other slots' are set aside): a draw for a taker with no attempts, as
  /// `take` and `grade` would make, fails with what it says.
  private func undrawableRandomSlots() throws -> ([String], Int?) {
    let quizzes = try database.fetchAll(
      """
      SELECT DISTINCT z.slug FROM slots sl JOIN quizzes z ON z.id = sl.quiz_id
      WHERE sl.category_id IS NOT NULL ORDER BY z.slug
      """, []
    ) { $0.string(0) }
    let lines = try quizzes.compactMap { try drawProblem(ofQuiz: $0) }
    return (Array(lines.prefix(QuizRepository.checkListLimit)), lines.count)
  }

  /// Why quiz `id`'s random slots cannot draw an attempt's questions now (a draw for a taker
  /// with no attempts fails), or nil when they can (or it has none).
  public func drawProblem(ofQuiz id: String) throws -> String? {
    try read { repository in
      guard let stored = try repository.storedQuiz(id), stored.quiz.hasRandomSlots else { return nil }
      do {
        _ = try repository.drawnQuiz(stored, taker: "", seed: 0)
        return nil
      } catch RepositoryError.unplaceable(let message) {
        return message
      }
    }
  }

  /// One check's result. A damaged page it reads is its violation, so that the other checks
  /// still run and say what they can.
  private func checking(_ name: String, _ body: () throws -> ([String], Int?)) throws -> CheckResult {
    do {
      let (violations, total) = try body()
      return CheckResult(name: name, violations: violations, total: total)
    } catch let error as DatabaseError
      where error.resultCode == DatabaseError.corrupt || error.resultCode == DatabaseError.notADatabase
    {
      return CheckResult(name: name, violations: ["could not be checked: the file is damaged (\(error.message))"])
    }
  }

  /// Rows of `sql` as violations, the last column being `count(*) OVER ()`: at most
  /// `checkListLimit` of them, and how many there are.
  private func limitedViolations(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ line: (Row) -> String
  ) throws -> ([String], Int?) {
    var total = 0
    let lines = try database.fetchAll("\(sql) LIMIT \(QuizRepository.checkListLimit)", arguments) { row in
      total = row.int(row.columnCount - 1)
      return line(row)
    }
    return (lines, total)
  }

  private func integrityProblems() throws -> ([String], Int?) {
    let lines = try database.fetchAll("PRAGMA integrity_check", []) { $0.string(0) }
    return (lines == ["ok"] ? [] : lines, nil)
  }

  /// A WITHOUT ROWID table's row has no rowid to name (SQLite reports NULL): the table then.
  private func foreignKeyProblems() throws -> ([String], Int?) {
    let lines = try database.fetchAll("PRAGMA foreign_key_check", []) { row in
      let table = row.string(0)
      let place = row.optionalInt(1).map { "\(table) row \($0)" } ?? "a row of \(table)"
      return "\(place) points at a missing row of \(row.string(2))"
    }
    return (lines, nil)
  }

  /// Questions whose current version has no row: `show` and `export` would leave them out.
  private func missingCurrentVersions() throws -> ([String], Int?) {
    try limitedViolations(
      """
      SELECT z.slug, q.slug, q.current_version, count(*) OVER () FROM questions q JOIN banks z ON z.id = q.bank_id
      WHERE NOT EXISTS (SELECT 1 FROM question_versions v WHERE v.question_id = q.id AND v.version = q.current_version)
      ORDER BY z.slug, q.slug
      """
    ) { "question \($0.string(0))/\($0.string(1)): its current version \($0.int64(2)) is not stored" }
  }

  /// Scoring rules this quiz does not know, which reading would silently take as the default.
  private func unknownScoringRules() throws -> ([String], Int?) {
    let rules = ScoringRule.allCases.map(\.rawValue)
    let known = rules.map { _ in "?" }.joined(separator: ", ")
    return try limitedViolations(
      """
      SELECT what, rule, count(*) OVER () FROM (
        SELECT 'quiz ' || slug AS what, scoring AS rule FROM quizzes WHERE scoring NOT IN (\(known))
        UNION ALL
        SELECT 'question ' || z.slug || '/' || q.slug || ' version ' || v.version, v.scoring
        FROM question_versions v JOIN questions q ON q.id = v.question_id JOIN banks z ON z.id = q.bank_id
        WHERE v.scoring NOT IN (\(known))
        UNION ALL
        SELECT 'attempt ' || uid, scoring FROM attempts WHERE scoring NOT IN (\(known)))
      """, rules + rules + rules
    ) { "\($0.string(0)): unknown scoring rule \"\($0.string(1))\"" }
  }

  /// Slots a quiz could not start an attempt from: a fixed slot placing a retired question or
  /// pinning a version not stored, a slot into a removed bank (the foreign keys hold all the
  /// same: a removed bank's rows stay for history).
  private func brokenSlots() throws -> ([String], Int?) {
    try limitedViolations(
      """
      SELECT z.slug, sl.position, problem, count(*) OVER () FROM (
        SELECT sl.id AS slot, 'places ' || b.slug || '/' || q.slug || ', which is retired' AS problem
        FROM slots sl JOIN questions q ON q.id = sl.question_id JOIN banks b ON b.id = q.bank_id
        WHERE q.retired_at IS NOT NULL
        UNION ALL
        SELECT sl.id, 'pins version ' || sl.version || ' of ' || b.slug || '/' || q.slug || ', which is not stored'
        FROM slots sl JOIN questions q ON q.id = sl.question_id JOIN banks b ON b.id = q.bank_id
        WHERE sl.version IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM question_versions v WHERE v.question_id = q.id AND v.version = sl.version)
        UNION ALL
        SELECT sl.id, 'names removed bank ' || b.slug
        FROM slots sl LEFT JOIN questions q ON q.id = sl.question_id LEFT JOIN categories c ON c.id = sl.category_id
        JOIN banks b ON b.id = coalesce(q.bank_id, c.bank_id)
        WHERE b.removed_at IS NOT NULL
      ) JOIN slots sl ON sl.id = slot JOIN quizzes z ON z.id = sl.quiz_id
      ORDER BY z.slug, sl.section_id, sl.position
      """
    ) { "quiz \($0.string(0)): the slot at position \($0.int(1) + 1) of its section \($0.string(2))" }
  }

  private func misplacedAnswers() throws -> ([String], Int?) {
    try limitedViolations(
      """
      SELECT a.uid, q.slug, count(*) OVER () FROM answers an
      JOIN attempts a ON a.id = an.attempt_id
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      WHERE q.quiz_id != a.quiz_id
        AND NOT EXISTS (SELECT 1 FROM slots sl WHERE sl.question_id = q.id AND sl.quiz_id = a.quiz_id)
      """
    ) { "attempt \($0.string(0)): an answer to question \($0.string(1)) of another quiz" }
  }

  /// Served attempts whose progress (migrations/0013_served_progress.sql), kept by each save,
  /// is not what their questions and saved answers count.
  private func wrongServedProgress() throws -> ([String], Int?) {
    try limitedViolations(
      """
      SELECT slug, taker, question_count, answered_count, answered_score, questions, answered, score, count(*) OVER ()
      FROM (
        SELECT z.slug, s.taker, s.question_count, s.answered_count, s.answered_score,
          (SELECT count(*) FROM served_questions g JOIN question_versions v ON v.id = g.version_id
            WHERE g.served_id = s.id AND v.kind <> 'description') AS questions,
          (SELECT count(*) FROM served_answers WHERE served_id = s.id) AS answered,
          (SELECT total(score) FROM served_answers WHERE served_id = s.id) AS score
        FROM served_attempts s JOIN quizzes z ON z.id = s.quiz_id)
      WHERE question_count <> questions OR answered_count <> answered OR abs(answered_score - score) > 1e-6
      """
    ) { row in
      "served attempt of \(row.string(1)) in quiz \(row.string(0)): kept progress \(row.int(3))/\(row.int(2)) "
        + "answered, score \(row.double(4)); its rows say \(row.int(6))/\(row.int(5)), score \(row.double(7))"
    }
  }

  /// Answers of attempts that record what they were given, to a version they were not given.
  private func answersNotGiven() throws -> ([String], Int?) {
    try limitedViolations(
      """
      SELECT a.uid, q.slug, count(*) OVER () FROM answers an
      JOIN attempts a ON a.id = an.attempt_id
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      WHERE EXISTS (SELECT 1 FROM attempt_questions g WHERE g.attempt_id = an.attempt_id)
        AND NOT EXISTS (
          SELECT 1 FROM attempt_questions g WHERE g.attempt_id = an.attempt_id AND g.version_id = an.version_id)
      """
    ) { "attempt \($0.string(0)): an answer to question \($0.string(1)), which it was not given" }
  }

  /// Every answer's score against the version and rule it was scored with (the answered
  /// version, or the later one a regrade used; the quiz's rule of that moment), and every
  /// attempt's total.
  private func wrongScores() throws -> ([String], Int?) {
    var violations: [String] = []
    var found = 0
    var questions: [Int64: Question] = [:]
    let statement = try database.cachedStatement(
      """
      SELECT a.id, a.uid, a.score, coalesce(an.scored_version_id, an.version_id), an.selected, an.score, q.slug,
        coalesce(a.scoring, z.scoring), \(QuestionRows.responseColumns),
        (SELECT m.score FROM marks m WHERE m.attempt_id = a.id AND m.version_id = an.version_id
         ORDER BY m.id DESC LIMIT 1),
        (SELECT m.out_of FROM marks m WHERE m.attempt_id = a.id AND m.version_id = an.version_id
         ORDER BY m.id DESC LIMIT 1),
        coalesce(
          (SELECT g.points FROM attempt_questions g WHERE g.attempt_id = a.id AND g.version_id = an.version_id),
          (SELECT sl.points FROM slots sl WHERE sl.quiz_id = a.quiz_id AND sl.question_id = q.id))
      FROM attempts a JOIN quizzes z ON z.id = a.quiz_id
      JOIN answers an ON an.attempt_id = a.id
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      ORDER BY a.id
      """)
    try statement.bind([])
    // Streamed row by row: a bank with a million answers is checked without holding them.
    var totals: [Int64: (uid: String, recorded: Double, sum: Double)] = [:]
    try statement.forEachRow { row in
      let (attempt, uid, versionRow, recorded, slug) = (
        row.int64(0), row.string(1), row.int64(3), row.double(5), row.string(6)
      )
      let quizRule = row.optionalString(7).flatMap(ScoringRule.init) ?? .allOrNothing
      let response = QuestionRows.response(row, at: 8)
      totals[attempt, default: (uid, row.double(2), 0)].sum += recorded
      if questions[versionRow] == nil { questions[versionRow] = try question(versionRow: versionRow, id: slug) }
      guard var question = questions[versionRow] else { return }
      // A slot's points are the question's in its quiz.
      if !row.isNull(14) { question.points = row.double(14) }
      // An essay's score is its latest mark (0 until marked), as the fraction of the points it
      // was given out of when that is known.
      let mark =
        row.isNull(12)
        ? nil
        : GivenMark(mark: Mark(score: row.double(12)), outOf: row.isNull(13) ? nil : row.double(13))
          .scored(outOf: question.points)
      let score = Scoring.score(
        question, answer: Answer(question: slug, response: response, mark: mark), rule: question.scoring ?? quizRule)
      if abs(score - recorded) > 1e-9 {
        found += 1
        if violations.count < QuizRepository.checkListLimit {
          violations.append("attempt \(uid), question \(slug): recorded \(recorded), recomputed \(score)")
        }
      }
    }
    for (_, total) in totals.sorted(by: { $0.key < $1.key }) where abs(total.sum - total.recorded) > 1e-9 {
      found += 1
      if violations.count < QuizRepository.checkListLimit {
        violations.append("attempt \(total.uid): recorded total \(total.recorded), its answers add up to \(total.sum)")
      }
    }
    return (violations, found)
  }

  /// Every attempt's recorded maximum: what its last regrade set (or, imported with its
  /// maximum, what the export carried); else, for an attempt that
  /// records what it was given, the points of those versions (`QuestionDraw.maxScore`, as
  /// recording computes it); else at least the points of the versions it answered, since the
  /// quiz's questions of that moment are not kept.
  private func wrongMaxScores() throws -> ([String], Int?) {
    let statement = try database.cachedStatement(
      """
      SELECT a.uid, a.max_score,
        coalesce(
          (SELECT r.new_max_score FROM attempt_regrades r WHERE r.attempt_id = a.id ORDER BY r.regrade_id DESC LIMIT 1),
          CASE WHEN a.max_carried = 1 THEN a.max_score END),
        (SELECT group_concat(v.id || ' ' || coalesce(g.points, sl.points, '-') || ' ' || q.slug, ',') FROM
          (SELECT version_id, points FROM attempt_questions WHERE attempt_id = a.id ORDER BY position) g
          JOIN question_versions v ON v.id = g.version_id JOIN questions q ON q.id = v.question_id
          LEFT JOIN slots sl ON sl.quiz_id = a.quiz_id AND sl.question_id = q.id),
        (SELECT group_concat(v.id || ' ' || coalesce(sl.points, '-') || ' ' || q.slug, ',') FROM answers an
          JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
          LEFT JOIN slots sl ON sl.quiz_id = a.quiz_id AND sl.question_id = q.id
          WHERE an.attempt_id = a.id)
      FROM attempts a ORDER BY a.id
      """)
    try statement.bind([])
    var violations: [String] = []
    var found = 0
    var questions: [Int64: Question] = [:]
    try statement.forEachRow { row in
      let (uid, recorded) = (row.string(0), row.double(1))
      let problem: String?
      if let regraded = row.optionalDouble(2) {
        problem =
          abs(regraded - recorded) > 1e-9 ? "recorded maximum \(recorded), its last regrade set \(regraded)" : nil
      } else if let given = row.optionalString(3) {
        let expected = try maxScore(ofVersions: given, cache: &questions, given: true)
        problem =
          abs(expected - recorded) > 1e-9
          ? "recorded maximum \(recorded), the questions it was given are worth \(expected)" : nil
      } else {
        let answered = try maxScore(ofVersions: row.optionalString(4) ?? "", cache: &questions, given: false)
        problem =
          recorded < answered - 1e-9
          ? "recorded maximum \(recorded), below the \(answered) points of the questions it answered" : nil
      }
      guard let problem else { return }
      found += 1
      if violations.count < QuizRepository.checkListLimit { violations.append("attempt \(uid): \(problem)") }
    }
    return (violations, found)
  }

  /// The most points of the versions in `list` ("ROW POINTS SLUG,…", POINTS a slot's or "-"),
  /// as an attempt given them (or answering them) scores them.
  private func maxScore(ofVersions list: String, cache: inout [Int64: Question], given: Bool) throws -> Double {
    var drawn: [Question] = []
    for item in list.split(separator: ",") {
      let parts = item.split(separator: " ", maxSplits: 2)
      guard parts.count == 3, let row = Int64(parts[0]) else { continue }
      if cache[row] == nil { cache[row] = try question(versionRow: row, id: String(parts[2])) }
      guard var question = cache[row] else { continue }
      if let points = Double(parts[1]) { question.points = points }
      drawn.append(question)
    }
    let quiz = Quiz(id: "check", title: "check", sections: [Section(questions: drawn)])
    return QuestionDraw.maxScore(given: given ? drawn.map(\.id) : nil, in: quiz)
  }

  private func changeLogProblems() throws -> [String] {
    let highest = try database.fetchOne("SELECT max(seq) FROM change_log", []) { $0.optionalInt(0) } ?? nil
    let counter =
      try database.fetchOne("SELECT seq FROM sqlite_sequence WHERE name = 'change_log'", []) { $0.optionalInt(0) }
      ?? nil
    guard let highest else { return [] }
    guard let counter, counter >= highest else {
      return [
        "the sequence counter (\(counter.map(String.init) ?? "none")) is below the highest entry (\(highest)): numbers could be reused"
      ]
    }
    return []
  }
}
