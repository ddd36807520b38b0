import QuizDomain
import SQLite

// MARK: - Regrading

/// What `regrade` did (or would do).
public struct RegradeResult: Equatable, Sendable {
  public var quiz: String
  public var attemptsChecked: Int
  public var changes: [ScoreChange]
  /// Answers whose score a regrade kept as it was, because the response cannot be scored
  /// against the current version (a cloze question whose gaps were added, removed or changed
  /// kind: Moodle refuses such a regrade).
  public var kept: [KeptAnswer] = []

  public struct KeptAnswer: Equatable, Sendable {
    public var attempt: String
    public var question: String
    public var reason: String
  }

  public struct ScoreChange: Equatable, Sendable {
    public var attempt: String
    public var taker: String
    public var oldScore: Double
    public var newScore: Double
    public var oldMaxScore: Double
    public var newMaxScore: Double
  }
}

extension QuizRepository {
  /// Re-scores every attempt at quiz `id` against the current version of each question it
  /// answered, and records the run and every score it changed. Answers stay pinned to the
  /// version that was answered. `dryRun` computes the changes and writes nothing.
  public func regrade(quiz id: String, dryRun: Bool = false) throws -> RegradeResult {
    return try mappingStorageErrors {
      try database.write { _ in
        let stored = try requireQuiz(id)
        let answers = try storedAnswers(quizRow: stored.rowID)
        let current = try currentQuestionsEverAnswered(
          stored, answered: Set(answers.values.joined().map(\.questionRow)))
        let attempts = try database.fetchAll(
          "SELECT id, uid, taker, score, max_score FROM attempts WHERE quiz_id = ? ORDER BY submitted_unix, id",
          [stored.rowID]
        ) { ($0.int64(0), $0.string(1), $0.string(2), $0.double(3), $0.double(4)) }

        let given = try givenQuestions(quizRow: stored.rowID)
        let marks = try latestMarks(ofQuiz: stored.rowID)
        var answeredVersions: [Int64: Question] = [:]
        var result = RegradeResult(quiz: id, attemptsChecked: attempts.count, changes: [])
        var updates: [RescoredAttempt] = []
        let placed = Set(stored.questionRows.values.map(\.identity))
        for (attemptRow, uid, taker, oldScore, oldMax) in attempts {
          // An attempt that records what it was given can score at most those questions' points;
          // one that was given the whole quiz, its questions now plus the retired ones it
          // answered (it was given those too, and they still count in its score).
          let retiredAnswered = (answers[attemptRow] ?? []).filter { !placed.contains($0.questionRow) }
          let newMax =
            given[attemptRow].map { items in
              items.reduce(0.0) { $0 + ($1.points ?? current[$1.question]?.question.points ?? 0) }
            } ?? retiredAnswered.reduce(stored.quiz.maxScore) { $0 + (current[$1.questionRow]?.question.points ?? 0) }
          var rescored = RescoredAttempt(row: attemptRow, answers: [], total: 0, newMax: newMax)
          for answer in answers[attemptRow] ?? [] {
            guard var (question, currentRow) = current[answer.questionRow] else { continue }
            // What a slot made it worth in this attempt, whichever version scores it.
            if let points = answer.points { question.points = points }
            if let reason = try regradeRefusal(answer, against: question, cache: &answeredVersions) {
              // Kept as scored (its scored version too), out of that version's points, and said.
              result.kept.append(.init(attempt: uid, question: question.id, reason: reason))
              rescored.total += answer.score
              let keptPoints = try database.fetchOne(
                "SELECT points FROM question_versions WHERE id = ?", [answer.scoredVersionRow]
              ) { $0.double(0) }
              rescored.newMax += (keptPoints ?? question.points) - question.points
              continue
            }
            // A mark is a person's judgement: a regrade keeps it as the fraction of the points it
            // was given out of (Moodle's manual fraction), and scores the rest as their kind does.
            let mark = marks[MarkKey(attempt: attemptRow, version: answer.versionRow)]?.scored(outOf: question.points)
            let score = Scoring.score(
              question, answer: Answer(question: question.id, response: answer.response, mark: mark),
              rule: stored.quiz.scoringRule(for: question))
            rescored.answers.append((answer, score, currentRow))
            rescored.total += score
          }
          guard abs(rescored.total - oldScore) > 1e-9 || abs(rescored.newMax - oldMax) > 1e-9 else { continue }
          result.changes.append(
            .init(
              attempt: uid, taker: taker, oldScore: oldScore, newScore: rescored.total, oldMaxScore: oldMax,
              newMaxScore: rescored.newMax))
          updates.append(rescored)
        }
        if !dryRun {
          try record(result, updates, quizRow: stored.rowID, rule: stored.quiz.defaultScoring.rawValue)
        }
        return result
      }
    }
  }

  /// One recorded answer, as regrading needs it.
  private struct StoredAnswer {
    let versionRow: Int64
    /// The version its score is out of: a regrade's, else the one answered.
    let scoredVersionRow: Int64
    let questionRow: Int64
    let response: Response
    let score: Double
    /// What a slot made the question worth in this attempt; nil: as the quiz says now.
    let points: Double?
  }

  /// An attempt whose score changes: its answers with their new scores, and the new total.
  private struct RescoredAttempt {
    let row: Int64
    /// Each answer with its new score and the version row it was scored against.
    var answers: [(StoredAnswer, Double, Int64)]
    var total: Double
    var newMax: Double
  }

  /// The question rows each attempt was given, with what a slot made each worth, by attempt
  /// row, for the attempts that record them.
  private func givenQuestions(quizRow: Int64) throws -> [Int64: [(question: Int64, points: Double?)]] {
    var given: [Int64: [(question: Int64, points: Double?)]] = [:]
    let statement = try database.cachedStatement(
      """
      SELECT aq.attempt_id, v.question_id, aq.points FROM attempts a
      JOIN attempt_questions aq ON aq.attempt_id = a.id JOIN question_versions v ON v.id = aq.version_id
      WHERE a.quiz_id = ?
      """)
    try statement.bind([quizRow])
    try statement.forEachRow { row in
      given[row.int64(0), default: []].append((row.int64(1), row.optionalDouble(2)))
    }
    return given
  }

  /// The version a regrade scores against of every question the quiz shows or an attempt at
  /// it answered, by question row, with the row of that version: the one the quiz shows (a
  /// slot's pinned version, worth the slot's points), else the current one (a retired question,
  /// a slot since removed).
  private func currentQuestionsEverAnswered(_ stored: StoredQuiz, answered: Set<Int64>) throws
    -> [Int64: (question: Question, versionRow: Int64)]
  {
    var current: [Int64: (question: Question, versionRow: Int64)] = [:]
    for question in stored.quiz.questions {
      guard let rows = stored.questionRows[question.id] else { continue }
      current[rows.identity] = (question, rows.version)
    }
    let rows = try database.fetchAll(
      """
      SELECT q.id, q.slug, v.id FROM questions q
      JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version
      WHERE q.quiz_id = ?
      """, [stored.rowID]
    ) { ($0.int64(0), $0.string(1), $0.int64(2)) }
    for (identity, slug, versionRow) in rows where current[identity] == nil {
      current[identity] = (try question(versionRow: versionRow, id: slug), versionRow)
    }
    for identity in answered where current[identity] == nil {
      guard
        let (slug, versionRow) = try database.fetchOne(
          """
          SELECT q.slug, v.id FROM questions q
          JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version WHERE q.id = ?
          """, [identity], { ($0.string(0), $0.int64(1)) })
      else { continue }
      current[identity] = (try question(versionRow: versionRow, id: slug), versionRow)
    }
    return current
  }

  /// Every answer recorded for the quiz, by attempt row.
  private func storedAnswers(quizRow: Int64) throws -> [Int64: [StoredAnswer]] {
    var answers: [Int64: [StoredAnswer]] = [:]
    let statement = try database.cachedStatement(
      """
      SELECT an.attempt_id, an.version_id, v.question_id, an.score, \(QuestionRows.responseColumns),
        coalesce(an.scored_version_id, an.version_id),
        (SELECT g.points FROM attempt_questions g WHERE g.attempt_id = a.id AND g.version_id = an.version_id)
      FROM attempts a JOIN answers an ON an.attempt_id = a.id JOIN question_versions v ON v.id = an.version_id
      WHERE a.quiz_id = ?
      """)
    try statement.bind([quizRow])
    try statement.forEachRow { row in
      answers[row.int64(0), default: []].append(
        StoredAnswer(
          versionRow: row.int64(1), scoredVersionRow: row.int64(8), questionRow: row.int64(2),
          response: QuestionRows.response(row, at: 4), score: row.double(3), points: row.optionalDouble(9)))
    }
    return answers
  }

  /// Why `answer` cannot be re-scored against `question` (its current version), nil when it can:
  /// a cloze response whose gaps no longer fit (`Cloze.regradeRefusal`).
  private func regradeRefusal(_ answer: StoredAnswer, against question: Question, cache: inout [Int64: Question])
    throws -> String?
  {
    guard case .cloze(let now) = question.body else { return nil }
    if cache[answer.versionRow] == nil {
      cache[answer.versionRow] = try self.question(versionRow: answer.versionRow, id: question.id)
    }
    guard case .cloze(let then)? = cache[answer.versionRow]?.body else { return nil }
    return now.regradeRefusal(from: then)
  }

  /// Writes a regrade run: the run, each changed score, and the change-log row.
  private func record(_ result: RegradeResult, _ updates: [RescoredAttempt], quizRow: Int64, rule: String) throws {
    let time = now()
    try database.execute(
      "INSERT INTO regrades (quiz_id, regraded_at, attempts_checked, attempts_changed) VALUES (?, ?, ?, ?)",
      [quizRow, time.text, result.attemptsChecked, result.changes.count])
    let regradeRow = database.lastInsertedRowID
    for (attempt, change) in zip(updates, result.changes) {
      // Each answer now carries the score of the version it was re-scored against, and says so.
      for (answer, score, currentVersionRow) in attempt.answers {
        try database.execute(
          "UPDATE answers SET score = ?, scored_version_id = ? WHERE attempt_id = ? AND version_id = ?",
          [
            score, currentVersionRow == answer.versionRow ? nil : currentVersionRow, attempt.row,
            answer.versionRow,
          ])
      }
      try database.execute(
        "UPDATE attempts SET score = ?, max_score = ?, scoring = ? WHERE id = ?",
        [attempt.total, attempt.newMax, rule, attempt.row])
      try database.execute(
        """
        INSERT INTO attempt_regrades (regrade_id, attempt_id, old_score, new_score, old_max_score, new_max_score)
        VALUES (?, ?, ?, ?, ?, ?)
        """, [regradeRow, attempt.row, change.oldScore, change.newScore, change.oldMaxScore, change.newMaxScore])
    }
    try logChange(
      .regrade, .insert, quiz: result.quiz,
      detail: QuizRepository.countsDetail(["checked": result.attemptsChecked, "changed": result.changes.count]),
      at: time)
  }
}

// MARK: - Naming an attempt

extension QuizRepository {
  /// The id of the attempt `written` names: itself, or the one attempt whose id starts with it
  /// (at least 4 characters; a final "…" dropped, as `history` cuts long ids on a narrow
  /// terminal). Otherwise `unknownAttempt`, with the closest id as a suggestion.
  func attemptUID(_ written: String) throws -> String {
    if try database.fetchOne("SELECT 1 FROM attempts WHERE uid = ?", [written], { $0.int(0) }) != nil { return written }
    let prefix = written.hasSuffix("…") ? String(written.dropLast()) : written
    if prefix.unicodeScalars.count >= 4 {
      let matches = try database.fetchAll(
        "SELECT uid FROM attempts WHERE substr(uid, 1, ?) = ? ORDER BY uid LIMIT 4",
        [prefix.unicodeScalars.count, prefix],
        { $0.string(0) })
      if matches.count == 1 { return matches[0] }
      if matches.count > 1 {
        throw RepositoryError.refused(
          "\"\(written)\" names several attempts (\(matches.prefix(3).joined(separator: ", "))\(matches.count > 3 ? ", …" : "")): "
            + "give more of the id")
      }
    }
    throw try unknownAttempt(written)
  }

  func unknownAttempt(_ written: String) throws -> RepositoryError {
    let known = try database.fetchAll("SELECT uid FROM attempts ORDER BY id DESC LIMIT 1000", [], { $0.string(0) })
    return RepositoryError.unknownAttempt(written, suggestion: Suggestion.closest(to: written, among: known))
  }
}
