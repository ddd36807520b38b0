import QuizDomain
import SQLite

/// One row of `served_attempts` (migrations/0011_served_attempts.sql), with its quiz's id,
/// title and rule.
struct ServedRow {
  let id: Int64
  let token: String
  let csrf: String
  let quizRow: Int64
  let quiz: String
  let quizTitle: String
  let quizScoring: ScoringRule?
  let taker: String
  let startedAt: Timestamp
  let deadline: Timestamp?
  let recordsGiven: Bool
  let submittedAt: Timestamp?
  let score: Double?
  let maxScore: Double?
  let expired: Bool
  /// The recorded attempt's id, while it exists.
  let attemptID: String?
  /// The recorded attempt's score now (a regrade or a mark may have moved it).
  let attemptScore: (score: Double, maxScore: Double)?
  /// As kept on the row (migrations/0013_served_progress.sql).
  let progress: ServedProgress
  /// Its answers lock once saved (migrations/0014_served_answer_locks.sql).
  let locksAnswers: Bool

  static let columns = """
    s.id, s.token, s.csrf, s.quiz_id, z.slug, z.title, z.scoring, s.taker, s.started_at, s.started_unix,
    s.deadline_unix, s.records_given, s.submitted_at, s.submitted_unix, s.score, s.max_score, s.expired,
    a.uid, a.score, a.max_score, s.question_count, s.answered_count, s.answered_score, s.locks_answers
    FROM served_attempts s JOIN quizzes z ON z.id = s.quiz_id LEFT JOIN attempts a ON a.id = s.attempt_id
    """

  init(_ row: Row) {
    id = row.int64(0)
    token = row.string(1)
    csrf = row.string(2)
    quizRow = row.int64(3)
    quiz = row.string(4)
    quizTitle = row.string(5)
    quizScoring = row.optionalString(6).flatMap(ScoringRule.init)
    taker = row.string(7)
    startedAt = Timestamp(row.string(8)) ?? Timestamp(unixSeconds: row.double(9))
    deadline = row.optionalDouble(10).map(Timestamp.init(unixSeconds:))
    recordsGiven = row.bool(11)
    submittedAt = row.isNull(12) ? nil : Timestamp(row.string(12)) ?? Timestamp(unixSeconds: row.double(13))
    score = row.optionalDouble(14)
    maxScore = row.optionalDouble(15)
    expired = row.bool(16)
    attemptID = row.optionalString(17)
    attemptScore = row.isNull(18) ? nil : (row.double(18), row.double(19))
    progress = ServedProgress(questions: row.int(20), answered: row.int(21), score: row.double(22))
    locksAnswers = row.bool(23)
  }

  var isOpen: Bool { submittedAt == nil }

  /// Whether its time is up at `now`.
  func isPastDeadline(at now: Timestamp) -> Bool {
    guard let deadline else { return false }
    return now.unixSeconds >= deadline.unixSeconds
  }

  /// The rule a question without its own is scored under.
  var defaultScoring: ScoringRule { quizScoring ?? .allOrNothing }
}

/// How far a served attempt has got: its questions, how many have a saved answer, and their
/// score. Kept on its row and changed by each save in the save's transaction, so a save logs it
/// without counting the attempt's answers.
struct ServedProgress: Equatable {
  var questions = 0
  var answered = 0
  var score = 0.0

  /// The progress once a question whose saved answer scored `saved` (nil: none was saved)
  /// scores `new`. The sum is exact but for floating point, as `total(score)` of the rows is:
  /// not rounded, since scores such as 1/3 of a point are not on any decimal grid and rounding
  /// each save would add up (about 3e-8 a save) to a visible drift.
  func replacing(_ saved: Double?, with new: Double) -> ServedProgress {
    var next = self
    if saved == nil { next.answered += 1 }
    next.score = score - (saved ?? 0) + new
    return next
  }
}

/// One question a served attempt was shown: its pinned version and order.
struct PinnedQuestion {
  let id: String
  let versionRow: Int64
  let number: Int
  /// The version's creation time as stored: with `id` and `number`, what tells a reused row id
  /// from the version a cached copy was read from.
  let createdAt: String
  /// The question's current version number, and whether it is retired now.
  let currentNumber: Int
  let retired: Bool
  let order: PresentationOrder
  /// What a slot made it worth in this attempt; nil: its version's points.
  let points: Double?
}

// MARK: - Reading served attempts

extension QuizRepository {
  func servedRow(token: String) throws -> ServedRow? {
    try database.fetchOne("SELECT \(ServedRow.columns) WHERE s.token = ?", [token]) { ServedRow($0) }
  }

  func servedRow(quizRow: Int64, taker: String) throws -> ServedRow? {
    try database.fetchOne("SELECT \(ServedRow.columns) WHERE s.quiz_id = ? AND s.taker = ?", [quizRow, taker]) {
      ServedRow($0)
    }
  }

  /// The served attempt of quiz `quizRow` whose taker's name is `taker` as `TakerKey` compares
  /// names (Ana, ana, ＡＮＡ): the one with that very name first. The names are compared here,
  /// not in SQL, which knows neither NFKC nor case folding; a sign-in reads a quiz's names once.
  func servedRow(quizRow: Int64, sameNameAs taker: String) throws -> ServedRow? {
    if let exact = try servedRow(quizRow: quizRow, taker: taker) { return exact }
    let key = TakerKey(taker)
    let names = try database.fetchAll("SELECT taker FROM served_attempts WHERE quiz_id = ?", [quizRow]) {
      $0.string(0)
    }
    guard let same = names.first(where: { TakerKey($0) == key }) else { return nil }
    return try servedRow(quizRow: quizRow, taker: same)
  }

  /// The questions of served attempt `servedID`, in its order; `id` limits them to that question.
  func pinnedQuestions(servedID: Int64, only id: String? = nil) throws -> [PinnedQuestion] {
    try database.fetchAll(
      """
      SELECT q.slug, sq.version_id, v.version, q.current_version, NOT \(QuizPlacement.placed("q", inQuiz: "s.quiz_id")),
        sq.shown_order, v.created_at, sq.points
      FROM served_questions sq JOIN served_attempts s ON s.id = sq.served_id
      JOIN question_versions v ON v.id = sq.version_id JOIN questions q ON q.id = v.question_id
      WHERE sq.served_id = ?1 AND (?2 IS NULL OR q.slug = ?2)
      ORDER BY sq.position
      """, [servedID, id]
    ) { row in
      PinnedQuestion(
        id: row.string(0), versionRow: row.int64(1), number: row.int(2), createdAt: row.string(6),
        currentNumber: row.int(3),
        retired: row.bool(4), order: PresentationOrder(storageText: row.optionalString(5)) ?? PresentationOrder(),
        points: row.optionalDouble(7))
    }
  }

  /// A version as it is shown: content, kind parts, files and options (tags are the identity's,
  /// and not shown). Read once per process (`ShownVersionCache`).
  func shownVersion(_ pinned: PinnedQuestion) throws -> Question {
    var question: Question
    if let kept = ShownVersionCache.shared.question(path: path, pinned) {
      question = kept
    } else {
      question = try readShownVersion(pinned)
      ShownVersionCache.shared.keep(question, path: path, pinned)
    }
    // The version is kept as stored: what a slot made it worth is this attempt's.
    if let points = pinned.points { question.points = points }
    return question
  }

  private func readShownVersion(_ pinned: PinnedQuestion) throws -> Question {
    var question = try question(versionRow: pinned.versionRow, id: pinned.id)
    question.files = try files(ofVersionRow: pinned.versionRow)
    try options(ofVersionRow: pinned.versionRow).apply(to: &question)
    return question
  }

  /// The answers saved for served attempt `servedID`, with their scores, by question id.
  func savedAnswers(servedID: Int64) throws -> [(answer: Answer, score: Double)] {
    try database.fetchAll(
      """
      SELECT q.slug, \(QuestionRows.responseColumns), an.score
      FROM served_answers an
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      JOIN served_questions sq ON sq.served_id = an.served_id AND sq.version_id = an.version_id
      WHERE an.served_id = ? ORDER BY sq.position
      """, [servedID]
    ) { row in (Answer(question: row.string(0), response: QuestionRows.response(row, at: 1)), row.double(5)) }
  }

  /// The whole served attempt of `row`, as its taker sees it; `locksAnswers` when a sign-in
  /// has just set it on the row read before.
  func loadServedAttempt(_ row: ServedRow, locksAnswers: Bool = false) throws -> ServedAttempt {
    let questions = try pinnedQuestions(servedID: row.id).map { pinned in
      let stored = try shownVersion(pinned)
      return ServedQuestion(
        question: pinned.order.apply(to: stored), version: pinned.number,
        answerChoices: pinned.order.offeredAnswers(of: stored), order: pinned.order)
    }
    var answers: [String: Answer] = [:]
    var scores: [String: Double] = [:]
    for saved in try savedAnswers(servedID: row.id) {
      answers[saved.answer.question] = saved.answer
      scores[saved.answer.question] = saved.score
    }
    var submitted: SubmittedServedAttempt?
    if let submittedAt = row.submittedAt {
      submitted = SubmittedServedAttempt(
        attemptID: row.attemptID ?? "", score: row.attemptScore?.score ?? row.score ?? 0,
        maxScore: row.attemptScore?.maxScore ?? row.maxScore ?? 0, submittedAt: submittedAt, expired: row.expired)
    }
    return ServedAttempt(
      token: row.token, csrf: row.csrf, quiz: row.quiz, quizTitle: row.quizTitle, taker: row.taker,
      startedAt: row.startedAt, deadline: row.deadline, questions: questions, answers: answers, scores: scores,
      locksAnswers: row.locksAnswers || locksAnswers, submitted: submitted)
  }
}

// MARK: - The change log's details

extension QuizRepository {
  /// The detail of a served attempt's change-log row: a compact JSON object (as `quiz watch
  /// --json` copies details) with the taker (personal data, but the change log and `quiz watch`
  /// are the teacher's, as is the database), how many questions have a saved answer, of how
  /// many, and the score so far — once submitted, the recorded score, its maximum and whether
  /// the deadline submitted it — so a monitor can show progress without reading the attempt.
  /// `{"taker":"Ann","answered":3,"questions":5,"score":2.5}`. The token and csrf value are
  /// credentials: never logged.
  func servedDetail(_ row: ServedRow, submitted: ScoredAttempt? = nil, expired: Bool = false) throws -> String {
    let progress = row.progress
    return Self.progressDetail(
      taker: row.taker, answered: progress.answered, questions: progress.questions,
      score: submitted?.score ?? progress.score, submitted: submitted.map { ($0.maxScore, expired) })
  }

  /// The detail's JSON: `{"taker":"Ann","answered":3,"questions":5,"score":2.5}`, and once
  /// submitted `"max_score"` and `"expired"`.
  static func progressDetail(
    taker: String, answered: Int, questions: Int, score: Double, submitted: (maxScore: Double, expired: Bool)? = nil
  ) -> String {
    var writer = JSONWriter(pretty: false)
    writer.beginObject()
    writer.field("taker", taker)
    writer.field("answered", answered)
    writer.field("questions", questions)
    writer.field("score", score)
    if let submitted {
      writer.field("max_score", submitted.maxScore)
      writer.field("expired", submitted.expired)
    }
    writer.endObject()
    return writer.string
  }
}
