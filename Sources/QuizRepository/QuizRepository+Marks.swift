import QuizDomain
import SQLite

/// An essay response that waits for a mark.
public struct PendingMark: Equatable, Sendable {
  public var attempt: String
  public var quiz: String
  public var taker: String
  public var submittedAt: Timestamp
  public var question: Question
  public var response: String
}

/// What `mark` recorded.
public struct MarkResult: Equatable, Sendable {
  public var attempt: String
  public var question: String
  public var oldScore: Double
  public var newScore: Double
  public var maxScore: Double
  /// The marks the answer had before this one.
  public var earlierMarks: Int
}

struct MarkKey: Hashable {
  let attempt: Int64
  let version: Int64
}

/// A mark as it was given: out of how many points, when that is known.
struct GivenMark {
  let mark: Mark
  /// Nil for a mark from before migration 0016 or an imported one.
  let outOf: Double?

  /// The mark as a question worth `points` scores it: the same fraction of them as it was of
  /// the points it was given out of (Moodle keeps a manual mark as a fraction); a mark whose
  /// maximum is not known as points, up to `points` (the domain's scoring caps it).
  func scored(outOf points: Double) -> Mark {
    outOf.map { mark.rescaled(from: $0, to: points) } ?? mark
  }
}

// MARK: - Marking

extension QuizRepository {
  /// Records `mark` for the essay answer to `questionID` of attempt `attemptID`: a new mark
  /// kept beside the earlier ones, the answer's and the attempt's scores brought to it, and a
  /// change-log entry, in one transaction. The score must be from 0 to the question's points.
  /// `onlyIfUnmarked`: refuse (`RepositoryError.refused`) when the answer got a
  /// mark since the caller listed it, as two markers walking the same quiz may.
  public func mark(
    attempt attemptID: String, question questionID: String, _ mark: Mark, onlyIfUnmarked: Bool = false
  ) throws -> MarkResult {
    return try mappingStorageErrors {
      try database.write { _ in
        let time = now()
        let uid = try attemptUID(attemptID)
        guard
          let (attemptRow, quiz, oldScore, maxScore) = try database.fetchOne(
            """
            SELECT a.id, z.slug, a.score, a.max_score FROM attempts a JOIN quizzes z ON z.id = a.quiz_id
            WHERE a.uid = ?
            """, [uid], { ($0.int64(0), $0.string(1), $0.double(2), $0.double(3)) })
        else { throw try unknownAttempt(attemptID) }
        // The answer is pinned to the version answered; it is scored against that one, or the
        // one a regrade scored it against, whose kind and points the mark must fit.
        let answered = try database.fetchAll(
          """
          SELECT an.version_id, q.slug, coalesce(an.scored_version_id, an.version_id) FROM answers an
          JOIN question_versions v ON v.id = an.version_id
          JOIN questions q ON q.id = v.question_id WHERE an.attempt_id = ?
          """, [attemptRow], { ($0.int64(0), $0.string(1), $0.int64(2)) })
        guard let (versionRow, _, scoredRow) = answered.first(where: { $0.1 == questionID }) else {
          throw RepositoryError.refused(
            "attempt \(uid) has no answer to question \"\(questionID)\""
              + Suggestion.didYouMean(questionID, among: answered.map(\.1)))
        }
        let question = try question(versionRow: scoredRow, id: questionID)
        guard question.kind == .essay else {
          throw RepositoryError.refused(
            "question \"\(questionID)\" is \(question.kind.rawValue): it is scored automatically, only an essay is marked"
          )
        }
        guard mark.score >= 0, mark.score <= question.points, mark.score.isFinite else {
          throw RepositoryError.invalid(
            [
              Problem(
                path: "SCORE",
                message: "a mark for \"\(questionID)\" must be from 0 to \(JSONWriter.numberText(question.points)), "
                  + "found \(JSONWriter.numberText(mark.score))")
            ], total: 1)
        }
        let earlierMarks = try marks(attemptRow: attemptRow, versionRow: versionRow)
        let earlier = earlierMarks.count
        if onlyIfUnmarked, let other = earlierMarks.last {
          throw RepositoryError.refused(
            "question \"\(questionID)\" of attempt \(uid) was marked meanwhile"
              + (other.marker.map { " by \($0)" } ?? "") + " (\(JSONWriter.numberText(other.score))): left as it is")
        }
        try recordMark(
          mark,
          to: MarkedAnswer(attemptRow: attemptRow, uid: uid, quiz: quiz, question: questionID, versionRow: versionRow),
          outOf: question.points, at: time)
        let newScore = try database.fetchOne("SELECT score FROM attempts WHERE id = ?", [attemptRow]) { $0.double(0) }
        return MarkResult(
          attempt: uid, question: questionID, oldScore: oldScore, newScore: newScore ?? oldScore,
          maxScore: maxScore, earlierMarks: earlier)
      }
    }
  }

  /// Records the marks `attempt` carries that its stored copy (already recorded, same answers)
  /// lacks: an export made after marking, imported where the attempt waits unmarked. Marks are
  /// history, so an import never drops one: a carried mark that none of the answer's marks
  /// equals, and that is newer than the latest of them (or the answer has none), becomes its
  /// latest, and the scores follow. A mark that does not fit (no essay, out of range) is a
  /// problem at `path`. Returns how many were recorded.
  func recordCarriedMarks(_ attempt: Attempt, path: String, at time: Timestamp, problems: inout [Problem]) throws
    -> Int
  {
    guard let uid = attempt.id, attempt.answers.contains(where: { $0.mark != nil }),
      let attemptRow = try database.fetchOne("SELECT id FROM attempts WHERE uid = ?", [uid], { $0.int64(0) })
    else { return 0 }
    var recorded = 0
    for (index, answer) in attempt.answers.enumerated() {
      guard let mark = answer.mark,
        let (versionRow, scoredRow) = try database.fetchOne(
          """
          SELECT an.version_id, coalesce(an.scored_version_id, an.version_id) FROM answers an
          JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
          WHERE an.attempt_id = ? AND q.slug = ?
          """, [attemptRow, answer.question], { ($0.int64(0), $0.int64(1)) })
      else { continue }
      let stored = try marks(attemptRow: attemptRow, versionRow: versionRow)
      if stored.contains(where: { $0.score == mark.score && $0.comment == mark.comment && $0.marker == mark.marker }) {
        continue
      }
      if let latest = stored.last?.markedAt, let carried = mark.markedAt, carried.unixSeconds <= latest.unixSeconds {
        continue
      }
      let question = try question(versionRow: scoredRow, id: answer.question)
      guard question.kind == .essay, mark.score >= 0, mark.score <= question.points, mark.score.isFinite else {
        problems.append(
          Problem(
            path: "\(path).answers[\(index)].mark",
            message: "attempt \(uid) is recorded; its mark for \"\(answer.question)\" does not fit the question "
              + "(an essay, 0 to \(JSONWriter.numberText(question.points)) points)"))
        continue
      }
      // An imported mark's maximum is not known: it is kept as points (outOf nil).
      try recordMark(
        mark,
        to: MarkedAnswer(
          attemptRow: attemptRow, uid: uid, quiz: attempt.quiz, question: answer.question, versionRow: versionRow),
        outOf: nil, at: time)
      recorded += 1
    }
    return recorded
  }

  /// The answer a mark is for: its attempt (row and id), quiz, question and answered version.
  struct MarkedAnswer {
    let attemptRow: Int64
    let uid: String
    let quiz: String
    let question: String
    let versionRow: Int64
  }

  /// Writes `mark` as the latest of `answer`, given out of `outOf` points: stamped with `time`
  /// unless it carries its own time, the answer's and the attempt's scores brought to it, and the
  /// change-log row. Inside the caller's transaction; `mark` and an import's carried marks both
  /// write through here.
  func recordMark(_ mark: Mark, to answer: MarkedAnswer, outOf: Double?, at time: Timestamp) throws {
    var stamped = mark
    if stamped.markedAt == nil { stamped.markedAt = time }
    try insertMark(stamped, attemptRow: answer.attemptRow, versionRow: answer.versionRow, at: time, outOf: outOf)
    try database.execute(
      "UPDATE answers SET score = ? WHERE attempt_id = ? AND version_id = ?",
      [mark.score, answer.attemptRow, answer.versionRow])
    try database.execute(
      "UPDATE attempts SET score = (SELECT coalesce(sum(score), 0) FROM answers WHERE attempt_id = ?1) WHERE id = ?1",
      [answer.attemptRow])
    try logChange(
      .attempt, .update, quiz: answer.quiz, item: answer.uid,
      detail: Self.markDetail(question: answer.question, score: mark.score), at: time)
  }

  /// Records `mark`, given out of `outOf` points (nil: not known, as for an imported mark).
  func insertMark(_ mark: Mark, attemptRow: Int64, versionRow: Int64, at time: Timestamp, outOf: Double? = nil)
    throws
  {
    let statement = try database.cachedStatement(
      literal: """
        INSERT INTO marks (attempt_id, version_id, score, comment, marker, marked_at, recorded_at, out_of)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """)
    try statement.bind([
      attemptRow, versionRow, mark.score, mark.comment, mark.marker, mark.markedAt?.text, time.text, outOf,
    ])
    try statement.executeBound()
  }

  /// Every mark of one answer, oldest first.
  func marks(attemptRow: Int64, versionRow: Int64) throws -> [Mark] {
    try database.fetchAll(
      "SELECT score, comment, marker, marked_at FROM marks WHERE attempt_id = ? AND version_id = ? ORDER BY id",
      [attemptRow, versionRow], QuizRepository.mark)
  }

  /// The latest mark of every marked answer of a quiz's attempts, with the points it was given
  /// out of (migrations/0016_mark_maximums.sql).
  func latestMarks(ofQuiz quizRow: Int64) throws -> [MarkKey: GivenMark] {
    var latest: [MarkKey: GivenMark] = [:]
    let statement = try database.cachedStatement(
      """
      SELECT m.attempt_id, m.version_id, m.score, m.comment, m.marker, m.marked_at, m.out_of
      FROM marks m JOIN attempts a ON a.id = m.attempt_id WHERE a.quiz_id = ? ORDER BY m.id
      """)
    try statement.bind([quizRow])
    try statement.forEachRow { row in
      let mark = Mark(
        score: row.double(2), comment: row.optionalString(3), marker: row.optionalString(4),
        markedAt: row.optionalString(5).flatMap(Timestamp.init))
      latest[MarkKey(attempt: row.int64(0), version: row.int64(1))] = GivenMark(
        mark: mark, outOf: row.isNull(6) ? nil : row.double(6))
    }
    return latest
  }

  private static func mark(_ row: Row) -> Mark {
    Mark(
      score: row.double(0), comment: row.optionalString(1), marker: row.optionalString(2),
      markedAt: row.optionalString(3).flatMap(Timestamp.init))
  }

  /// Whether `response` to `question` waits for a person: an essay answered (not left empty or
  /// as its template) and not marked yet.
  public static func needsMarking(_ question: Question, response: Response, marked: Bool) -> Bool {
    guard case .essay(let essay) = question.body, !marked, case .text(let text, _) = response else { return false }
    return !essay.isEmptyResponse(text)
  }
}

// MARK: - What waits

extension QuizRepository {
  /// The number of essay answers of attempt `a` that wait for a mark, as an SQL expression: the
  /// SQL form of `needsMarking` (answered, not left as its template, no mark), for lists of
  /// attempts that should not load every version.
  static let unmarkedEssaysOfAttempt = """
    (SELECT count(*) FROM answers an JOIN question_versions v ON v.id = coalesce(an.scored_version_id, an.version_id)
      WHERE an.attempt_id = a.id AND v.kind = 'essay' AND an.response <> ''
        AND an.response IS NOT (SELECT eo.response_template FROM essay_options eo WHERE eo.version_id = v.id)
        AND NOT EXISTS (SELECT 1 FROM marks m WHERE m.attempt_id = a.id AND m.version_id = an.version_id))
    """
}

extension QuizRepository {
  /// Every essay response not marked yet, of quiz `quiz` (nil: of every quiz), oldest attempt first.
  public func pendingMarks(quiz: String? = nil) throws -> [PendingMark] {
    return try read { _ in
      var filter = ""
      var arguments: [any DatabaseValueConvertible] = []
      if let quiz {
        filter = "AND a.quiz_id = ?"
        arguments.append(try requireQuiz(quiz).rowID)
      }
      let rows = try database.fetchAll(
        """
        SELECT a.uid, z.slug, a.taker, a.submitted_at, v.id, q.slug, an.response
        FROM answers an JOIN question_versions v ON v.id = coalesce(an.scored_version_id, an.version_id)
        JOIN questions q ON q.id = v.question_id
        JOIN attempts a ON a.id = an.attempt_id JOIN quizzes z ON z.id = a.quiz_id
        WHERE v.kind = 'essay' \(filter)
          AND NOT EXISTS (SELECT 1 FROM marks m WHERE m.attempt_id = an.attempt_id AND m.version_id = an.version_id)
        ORDER BY a.submitted_unix, a.id, q.position
        """, arguments
      ) { row in
        (
          row.string(0), row.string(1), row.string(2), row.string(3), row.int64(4), row.string(5),
          row.optionalString(6) ?? ""
        )
      }
      var versions: [Int64: Question] = [:]
      var pending: [PendingMark] = []
      for (attempt, quiz, taker, submitted, versionRow, slug, response) in rows {
        let question = try versions[versionRow] ?? question(versionRow: versionRow, id: slug)
        versions[versionRow] = question
        guard QuizRepository.needsMarking(question, response: .text(response), marked: false) else { continue }
        pending.append(
          PendingMark(
            attempt: attempt, quiz: quiz, taker: taker, submittedAt: Timestamp(submitted) ?? Timestamp(unixSeconds: 0),
            question: question, response: response))
      }
      return pending
    }
  }
}

extension QuizRepository {
  /// A mark's change-log detail, a JSON object as every other detail is:
  /// `{"marked":"why","score":1.5}`. (Before, a plain "mark why 1.5", which `quiz watch
  /// --format json` copied into its JSON as it was.)
  static func markDetail(question: String, score: Double) -> String {
    var writer = JSONWriter(pretty: false)
    writer.beginObject()
    writer.field("marked", question)
    writer.field("score", score)
    writer.endObject()
    return writer.string
  }
}
