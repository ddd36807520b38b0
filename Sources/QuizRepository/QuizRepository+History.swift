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
      SELECT an.version_id, an.score, q.slug, v.version, q.current_version,
        q.retired_at IS NOT NULL OR (q.quiz_id = a.quiz_id AND s.id IS NULL AND sl.id IS NULL),
        coalesce(s.position, ss.position, 1e9), coalesce(q.position, sl.position, 0), \(QuestionRows.responseColumns),
        an.scored_version_id, sv.version,
        coalesce((SELECT g.points FROM attempt_questions g WHERE g.attempt_id = a.id AND g.version_id = an.version_id),
          sl.points)
      FROM answers an JOIN attempts a ON a.id = an.attempt_id
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      LEFT JOIN question_versions sv ON sv.id = an.scored_version_id
      LEFT JOIN sections s ON s.id = q.section_id AND q.quiz_id = a.quiz_id
      LEFT JOIN slots sl ON sl.question_id = q.id AND sl.quiz_id = a.quiz_id
      LEFT JOIN sections ss ON ss.id = sl.section_id
      WHERE an.attempt_id = ?
      ORDER BY 7, 8,
        (SELECT g.position FROM attempt_questions g WHERE g.attempt_id = a.id AND g.version_id = an.version_id),
        q.slug
      """, [attemptRow]
    ) { row in
      (
        row.int64(0), QuestionRows.response(row, at: 8), row.double(1), row.string(2), row.int(3), row.int(4),
        row.bool(5), row.isNull(12) ? nil : (row.int64(12), row.int(13)), row.optionalDouble(14)
      )
    }
    return try rows.map { versionRow, response, score, slug, version, current, retired, scored, slotPoints in
      // Shown whole, with its files; scoring (regrade, check) needs no files.
      var question = try question(versionRow: versionRow, id: slug)
      question.files = try files(ofVersionRow: versionRow)
      if let slotPoints { question.points = slotPoints }
      var answered = AnsweredQuestion(
        questionID: slug, version: version, currentVersion: current, retired: retired, question: question,
        rule: question.scoring ?? quizRule, response: response, score: score,
        marks: try marks(attemptRow: attemptRow, versionRow: versionRow))
      if let (scoredRow, scoredVersion) = scored, scoredRow != versionRow {
        answered.scoredQuestion = try self.question(versionRow: scoredRow, id: slug)
        if let slotPoints { answered.scoredQuestion?.points = slotPoints }
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
