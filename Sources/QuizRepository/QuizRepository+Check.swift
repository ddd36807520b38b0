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
  public var violations: [String]
}

// MARK: - Checking and copying

extension QuizRepository {
  /// Checks the file and the project's own invariants: SQLite's integrity and foreign keys,
  /// the schema version, every answer pinned to a version of a question of its attempt's quiz,
  /// every recorded score equal to the score recomputed from the stored version and selection,
  /// and the change log's sequence. At most 20 violations are listed per check.
  public func check() throws -> [CheckResult] {
    return try mappingStorageErrors {
      try database.inTransaction(.deferred) {
        var results: [CheckResult] = []
        let integrity = try database.fetchAll("PRAGMA integrity_check", []) { $0.string(0) }
        results.append(
          CheckResult(name: "integrity (PRAGMA integrity_check)", violations: integrity == ["ok"] ? [] : integrity))
        let keys = try database.fetchAll("PRAGMA foreign_key_check", []) { row in
          "\(row.string(0)) row \(row.int64(1)) points at a missing row of \(row.string(2))"
        }
        results.append(CheckResult(name: "foreign keys (PRAGMA foreign_key_check)", violations: Array(keys.prefix(20))))
        let version = try schemaVersion()
        results.append(
          CheckResult(
            name: "schema version \(version)",
            violations: version == QuizRepository.newestSchemaVersion
              ? [] : ["the schema is version \(version), this quiz knows \(QuizRepository.newestSchemaVersion)"]))
        results.append(
          CheckResult(name: "answers pinned to their quiz's questions", violations: try misplacedAnswers()))
        results.append(
          CheckResult(name: "answers only to the questions each attempt was given", violations: try answersNotGiven()))
        results.append(CheckResult(name: "recorded scores", violations: try wrongScores()))
        results.append(CheckResult(name: "change-log sequence", violations: try changeLogProblems()))
        return results
      }
    }
  }

  private func misplacedAnswers() throws -> [String] {
    try database.fetchAll(
      """
      SELECT a.uid, q.slug FROM answers an
      JOIN attempts a ON a.id = an.attempt_id
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      WHERE q.quiz_id != a.quiz_id LIMIT 20
      """, []
    ) { "attempt \($0.string(0)): an answer to question \($0.string(1)) of another quiz" }
  }

  /// Answers of attempts that record what they were given, to a version they were not given.
  private func answersNotGiven() throws -> [String] {
    try database.fetchAll(
      """
      SELECT a.uid, q.slug FROM answers an
      JOIN attempts a ON a.id = an.attempt_id
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      WHERE EXISTS (SELECT 1 FROM attempt_questions g WHERE g.attempt_id = an.attempt_id)
        AND NOT EXISTS (
          SELECT 1 FROM attempt_questions g WHERE g.attempt_id = an.attempt_id AND g.version_id = an.version_id)
      LIMIT 20
      """, []
    ) { "attempt \($0.string(0)): an answer to question \($0.string(1)), which it was not given" }
  }

  /// Every answer's score against the version and rule it was scored with (the answered
  /// version, or the later one a regrade used; the quiz's rule of that moment), and every
  /// attempt's total.
  private func wrongScores() throws -> [String] {
    var violations: [String] = []
    var questions: [Int64: Question] = [:]
    let statement = try database.cachedStatement(
      """
      SELECT a.id, a.uid, a.score, coalesce(an.scored_version_id, an.version_id), an.selected, an.score, q.slug,
        coalesce(a.scoring, z.scoring)
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
      let selected = QuizRepository.splitSelection(row.string(4))
      totals[attempt, default: (uid, row.double(2), 0)].sum += recorded
      if questions[versionRow] == nil { questions[versionRow] = try question(versionRow: versionRow, id: slug) }
      guard let question = questions[versionRow] else { return }
      let score = Scoring.score(question, selected: selected, rule: question.scoring ?? quizRule)
      if abs(score - recorded) > 1e-9, violations.count < 20 {
        violations.append("attempt \(uid), question \(slug): recorded \(recorded), recomputed \(score)")
      }
    }
    for (_, total) in totals.sorted(by: { $0.key < $1.key }) where abs(total.sum - total.recorded) > 1e-9 {
      if violations.count < 20 {
        violations.append("attempt \(total.uid): recorded total \(total.recorded), its answers add up to \(total.sum)")
      }
    }
    return violations
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
