import QuizDomain
import SQLite

/// One recorded attempt, as `quiz history` lists it.
public struct AttemptSummary: Equatable, Sendable {
  public var id: String
  public var quiz: String
  public var taker: String
  public var startedAt: Timestamp?
  public var submittedAt: Timestamp
  public var score: Double
  public var maxScore: Double
  /// True when `quiz regrade` changed its score.
  public var regraded: Bool
  /// Essay responses that wait for a mark: the score is provisional while there are any.
  public var unmarked = 0

  /// Seconds from start to submission, when the start is known.
  public var duration: Double? { startedAt.map { submittedAt.unixSeconds - $0.unixSeconds } }

  /// The score as a fraction of the maximum (nil when the maximum is 0).
  public var fraction: Double? { maxScore > 0 ? score / maxScore : nil }
}

/// Which attempts `attemptSummaries` returns.
public struct AttemptFilter: Sendable {
  public var taker: String?
  public var quiz: String?
  /// Only attempts submitted at or after this instant.
  public var since: Timestamp?
  /// At most this many (the newest); nil: all.
  public var limit: Int?

  public init(taker: String? = nil, quiz: String? = nil, since: Timestamp? = nil, limit: Int? = nil) {
    self.taker = taker
    self.quiz = quiz
    self.since = since
    self.limit = limit
  }
}

/// One question of an attempt, as it was answered: the version the taker saw.
public struct AnsweredQuestion: Equatable, Sendable {
  public var questionID: String
  /// The version answered, and the question's version now.
  public var version: Int
  public var currentVersion: Int
  public var retired: Bool
  public var question: Question
  public var rule: ScoringRule
  public var response: Response
  public var score: Double
  /// Every mark given (essay), oldest first; the last is the one that counts.
  public var marks: [Mark] = []
  /// The later version a regrade scored the answer against (nil: the version answered), and its
  /// number: its right answers and points are what `score` is out of.
  public var scoredQuestion: Question? = nil
  public var scoredVersion: Int? = nil

  /// The question the score was computed against: the regrade's version, else the one answered.
  public var scoredAgainst: Question { scoredQuestion ?? question }

  /// The choice ids picked; empty for a response of another kind.
  public var selected: [String] { if case .choices(let ids) = response { ids } else { [] } }

  /// An essay with a response and no mark yet: of the version its score is out of (a short
  /// answer regraded against an essay version waits for a mark, as `mark --pending` lists it).
  public var needsMarking: Bool {
    QuizRepository.needsMarking(scoredAgainst, response: response, marked: !marks.isEmpty)
  }
}

/// A regrade that changed an attempt's score.
public struct RegradeNote: Equatable, Sendable {
  public var at: Timestamp
  public var oldScore: Double
  public var newScore: Double
  public var oldMaxScore: Double
  public var newMaxScore: Double
}

/// An attempt question by question.
public struct AttemptDetail: Equatable, Sendable {
  public var summary: AttemptSummary
  public var answers: [AnsweredQuestion]
  public var regrades: [RegradeNote]
}

// MARK: - History

extension QuizRepository {
  /// How many attempts match `filter` (its limit aside).
  public func attemptCount(_ filter: AttemptFilter) throws -> Int {
    return try mappingStorageErrors {
      guard let (whereClause, arguments) = try conditions(filter) else { return 0 }
      return try database.fetchOne("SELECT count(*) FROM attempts a \(whereClause)", arguments) { $0.int(0) } ?? 0
    }
  }

  /// The WHERE clause of `filter` over `attempts a`, with its arguments; nil when no attempt
  /// can match (a quiz with no row). An unknown quiz is an error.
  private func conditions(_ filter: AttemptFilter) throws -> (String, [any DatabaseValueConvertible])? {
    var conditions: [String] = []
    var arguments: [any DatabaseValueConvertible] = []
    if let quiz = filter.quiz {
      guard let row = try storedQuizRow(quiz) else {
        _ = try requireQuiz(quiz)
        return nil
      }
      conditions.append("a.quiz_id = ?")
      arguments.append(row)
    }
    if let taker = filter.taker {
      conditions.append("a.taker = ?")
      arguments.append(taker)
    }
    if let since = filter.since {
      conditions.append("a.submitted_unix >= ?")
      arguments.append(since.unixSeconds)
    }
    return (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), arguments)
  }

  /// Attempts matching `filter`, newest first.
  public func attemptSummaries(_ filter: AttemptFilter = AttemptFilter()) throws -> [AttemptSummary] {
    return try mappingStorageErrors {
      guard let (whereClause, arguments) = try conditions(filter) else { return [] }
      return try database.fetchAll(
        """
        SELECT a.uid, z.slug, a.taker, a.started_at, a.submitted_at, a.score, a.max_score,
          EXISTS (SELECT 1 FROM attempt_regrades r WHERE r.attempt_id = a.id),
          \(QuizRepository.unmarkedEssaysOfAttempt)
        FROM attempts a JOIN quizzes z ON z.id = a.quiz_id
        \(whereClause)
        ORDER BY a.submitted_unix DESC, a.id DESC
        LIMIT ?
        """, arguments + [filter.limit ?? -1]
      ) { row in
        AttemptSummary(
          id: row.string(0), quiz: row.string(1), taker: row.string(2),
          startedAt: row.optionalString(3).flatMap(Timestamp.init),
          submittedAt: Timestamp(row.string(4)) ?? Timestamp(unixSeconds: 0), score: row.double(5),
          maxScore: row.double(6), regraded: row.bool(7), unmarked: row.int(8))
      }
    }
  }

  /// Attempt `id` question by question, with the versions that were answered — even for
  /// questions edited or retired since.
  public func attemptDetail(_ written: String) throws -> AttemptDetail {
    return try read { _ in
      let id = try attemptUID(written)
      guard
        let header = try database.fetchOne(
          """
          SELECT a.id, z.slug, a.taker, a.started_at, a.submitted_at, a.score, a.max_score,
            coalesce(a.scoring, z.scoring)
          FROM attempts a JOIN quizzes z ON z.id = a.quiz_id WHERE a.uid = ?
          """, [id],
          { row in
            (
              row.int64(0),
              AttemptSummary(
                id: id, quiz: row.string(1), taker: row.string(2),
                startedAt: row.optionalString(3).flatMap(Timestamp.init),
                submittedAt: Timestamp(row.string(4)) ?? Timestamp(unixSeconds: 0), score: row.double(5),
                maxScore: row.double(6), regraded: false),
              row.optionalString(7).flatMap(ScoringRule.init) ?? .allOrNothing
            )
          })
      else { throw try unknownAttempt(id) }
      let (attemptRow, summaryBase, quizRule) = header
      let answers = try answeredQuestions(attemptRow: attemptRow, quizRule: quizRule)
      let regrades = try regradeNotes(attemptRow: attemptRow)
      var summary = summaryBase
      summary.regraded = !regrades.isEmpty
      return AttemptDetail(summary: summary, answers: answers, regrades: regrades)
    }
  }

  /// The answers of an attempt in the quiz's order, each with the version it answered.
  private func answeredQuestions(attemptRow: Int64, quizRule: ScoringRule) throws -> [AnsweredQuestion] {
    let rows = try database.fetchAll(
      """
      SELECT an.version_id, an.score, q.slug, v.version, q.current_version, q.retired_at IS NOT NULL,
        coalesce(s.position, 1e9), coalesce(q.position, 0), \(QuestionRows.responseColumns),
        an.scored_version_id, sv.version
      FROM answers an
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      LEFT JOIN question_versions sv ON sv.id = an.scored_version_id
      LEFT JOIN sections s ON s.id = q.section_id
      WHERE an.attempt_id = ?
      ORDER BY 8, 9, q.slug
      """, [attemptRow]
    ) { row in
      (
        row.int64(0), QuestionRows.response(row, at: 8), row.double(1), row.string(2), row.int(3), row.int(4),
        row.bool(5), row.isNull(12) ? nil : (row.int64(12), row.int(13))
      )
    }
    return try rows.map { versionRow, response, score, slug, version, current, retired, scored in
      // Shown whole, with its files; scoring (regrade, check) needs no files.
      var question = try question(versionRow: versionRow, id: slug)
      question.files = try files(ofVersionRow: versionRow)
      var answered = AnsweredQuestion(
        questionID: slug, version: version, currentVersion: current, retired: retired, question: question,
        rule: question.scoring ?? quizRule, response: response, score: score,
        marks: try marks(attemptRow: attemptRow, versionRow: versionRow))
      if let (scoredRow, scoredVersion) = scored, scoredRow != versionRow {
        answered.scoredQuestion = try self.question(versionRow: scoredRow, id: slug)
        answered.scoredVersion = scoredVersion
      }
      return answered
    }
  }

  private func regradeNotes(attemptRow: Int64) throws -> [RegradeNote] {
    try database.fetchAll(
      """
      SELECT g.regraded_at, r.old_score, r.new_score, r.old_max_score, r.new_max_score
      FROM attempt_regrades r JOIN regrades g ON g.id = r.regrade_id
      WHERE r.attempt_id = ? ORDER BY g.id
      """, [attemptRow]
    ) { row in
      RegradeNote(
        at: Timestamp(row.string(0)) ?? Timestamp(unixSeconds: 0), oldScore: row.double(1), newScore: row.double(2),
        oldMaxScore: row.double(3), newMaxScore: row.double(4))
    }
  }

  /// The content of one version, as a question with id `id` (no tags, no files: what scoring needs).
  func question(versionRow: Int64, id: String) throws -> Question {
    guard
      let content = try database.fetchOne(
        "SELECT \(QuestionRows.contentColumns) FROM question_versions v WHERE v.id = ?", [versionRow],
        { QuestionRows.content($0, at: 0) })
    else { throw RepositoryError.refused("question version \(versionRow) is missing from the database") }
    var full = Question(id: id, content: content)
    try loadParts(&full.body, versionRow: versionRow)
    return full
  }
}

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
        let current = try currentQuestionsEverAnswered(quizRow: stored.rowID)
        let answers = try storedAnswers(quizRow: stored.rowID)
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
            given[attemptRow].map { identities in
              identities.reduce(0.0) { $0 + (current[$1]?.question.points ?? 0) }
            } ?? retiredAnswered.reduce(stored.quiz.maxScore) { $0 + (current[$1.questionRow]?.question.points ?? 0) }
          var rescored = RescoredAttempt(row: attemptRow, answers: [], total: 0, newMax: newMax)
          for answer in answers[attemptRow] ?? [] {
            guard let (question, currentRow) = current[answer.questionRow] else { continue }
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
  }

  /// An attempt whose score changes: its answers with their new scores, and the new total.
  private struct RescoredAttempt {
    let row: Int64
    /// Each answer with its new score and the version row it was scored against.
    var answers: [(StoredAnswer, Double, Int64)]
    var total: Double
    var newMax: Double
  }

  /// The question rows each attempt was given, by attempt row, for the attempts that record them.
  private func givenQuestions(quizRow: Int64) throws -> [Int64: [Int64]] {
    var given: [Int64: [Int64]] = [:]
    let statement = try database.cachedStatement(
      """
      SELECT aq.attempt_id, v.question_id FROM attempts a
      JOIN attempt_questions aq ON aq.attempt_id = a.id JOIN question_versions v ON v.id = aq.version_id
      WHERE a.quiz_id = ?
      """)
    try statement.bind([quizRow])
    try statement.forEachRow { row in given[row.int64(0), default: []].append(row.int64(1)) }
    return given
  }

  /// The current version of every question ever answered in the quiz, retired ones too, by
  /// question row, with the row of that version.
  private func currentQuestionsEverAnswered(quizRow: Int64) throws -> [Int64: (question: Question, versionRow: Int64)] {
    let rows = try database.fetchAll(
      """
      SELECT q.id, q.slug, v.id FROM questions q
      JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version
      WHERE q.quiz_id = ?
      """, [quizRow]
    ) { ($0.int64(0), $0.string(1), $0.int64(2)) }
    var current: [Int64: (question: Question, versionRow: Int64)] = [:]
    for (identity, slug, versionRow) in rows {
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
        coalesce(an.scored_version_id, an.version_id)
      FROM attempts a JOIN answers an ON an.attempt_id = a.id JOIN question_versions v ON v.id = an.version_id
      WHERE a.quiz_id = ?
      """)
    try statement.bind([quizRow])
    try statement.forEachRow { row in
      answers[row.int64(0), default: []].append(
        StoredAnswer(
          versionRow: row.int64(1), scoredVersionRow: row.int64(8), questionRow: row.int64(2),
          response: QuestionRows.response(row, at: 4), score: row.double(3)))
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
