import QuizDomain
import SQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Attempts taken through `quiz serve` (migrations/0011_served_attempts.sql): signed in, answered
// question by question, submitted. Every call that writes runs in one BEGIN IMMEDIATE
// transaction that reads what it writes over, and logs what it did in the change log in that
// transaction, so `quiz watch` and the monitor of every process see it.

// MARK: - Signing in

extension QuizRepository {
  /// Signs `taker` in to `quiz`. Their open attempt is resumed as it was left (same token,
  /// answers and deadline) unless its deadline has passed, when it is submitted with what was
  /// saved; a submitted one is `.submitted`. Otherwise the questions are drawn (pools, question
  /// and choice shuffles, exactly as `take --seed` draws them) from the quiz as it is now and
  /// pinned to their current versions, and `timeLimit` seconds from `now` is the deadline.
  /// `locksAnswers` (a server revealing each answer as it is saved): the attempt's answers lock
  /// once saved from now on, whatever the servers that serve it later do.
  public func signIn(
    quiz: String, taker: String, timeLimit: Double?, now: Timestamp, locksAnswers: Bool = false,
    resume: ResumeProof = .proven
  ) throws -> ServedSignIn {
    try servedWrite {
      try $0.signInInTransaction(
        quiz: quiz, taker: taker, timeLimit: timeLimit, now: now, locksAnswers: locksAnswers, resume: resume)
    }
  }

  /// Makes the open attempt of `token` lock its answers once saved, as a sign-in under `each`
  /// does: a server revealing each answer is about to show it (its page, its state), and from
  /// then on no server may let a saved answer change. Returns the attempt as it is then, read in
  /// the same transaction (nil when there is none); logged as the taker's update.
  public func lockServedAnswers(token: String, now: Timestamp) throws -> ServedAttempt? {
    try servedWrite { repository in
      guard let row = try repository.servedRow(token: token) else { return nil }
      if row.isOpen && !row.locksAnswers {
        try repository.database.execute("UPDATE served_attempts SET locks_answers = 1 WHERE id = ?", [row.id])
        try repository.logChange(
          .taker, .update, quiz: row.quiz, item: row.taker, detail: try repository.servedDetail(row), at: now)
      }
      return try repository.loadServedAttempt(row, locksAnswers: row.isOpen)
    }
  }

  /// Gives the open attempt of `token`, begun without a time limit, a deadline `timeLimit`
  /// seconds from `now`: a server with a limit took it up (a restart with --time-limit). Returns
  /// the attempt as it is then (nil when there is none). One transaction, with the taker's
  /// change-log row when it changed.
  public func limitServedAttempt(token: String, timeLimit: Double, now: Timestamp) throws -> ServedAttempt? {
    try servedWrite { repository in
      guard let row = try repository.servedRow(token: token) else { return nil }
      let limitedRow = try repository.limited(row, timeLimit: timeLimit, now: now)
      if limitedRow.deadline != row.deadline {
        try repository.logChange(
          .taker, .update, quiz: row.quiz, item: row.taker, detail: try repository.servedDetail(limitedRow), at: now)
      }
      return try repository.loadServedAttempt(limitedRow, locksAnswers: limitedRow.isOpen && limitedRow.locksAnswers)
    }
  }

  /// `row`, given a deadline `timeLimit` from `now` when it is open and has none: the limit holds
  /// from when a server with it took the attempt up (it was not in force before).
  private func limited(_ row: ServedRow, timeLimit: Double?, now: Timestamp) throws -> ServedRow {
    guard row.isOpen, row.deadline == nil, let timeLimit, timeLimit.isFinite, timeLimit > 0 else { return row }
    try database.execute(
      "UPDATE served_attempts SET deadline_unix = ? WHERE id = ? AND deadline_unix IS NULL",
      [(now.unixSeconds + timeLimit).rounded(.up), row.id])
    return try servedRow(token: row.token) ?? row
  }

  /// `signIn`'s work, inside the transaction of the repository it is called on.
  private func signInInTransaction(
    quiz: String, taker: String, timeLimit: Double?, now: Timestamp, locksAnswers: Bool, resume: ResumeProof
  ) throws -> ServedSignIn {
    guard let stored = try storedQuiz(quiz) else { throw ServedAttemptError.unknownQuiz(quiz) }
    guard !taker.isEmpty else { throw RepositoryError.refused("the taker's name must not be empty") }
    // A roster's code proves the exact name it was given for (two roster names may fold alike);
    // a name alone is compared as `TakerKey` compares names, so that a variant finds the attempt.
    let existing =
      resume == .proven
      ? try servedRow(quizRow: stored.rowID, taker: taker) : try servedRow(quizRow: stored.rowID, sameNameAs: taker)
    if let row = existing {
      guard resume.admits(token: row.token) else { throw ServedAttemptError.resumeRefused }
      let taker = row.taker
      guard row.isOpen else { return .submitted(try loadServedAttempt(row)) }
      if row.isPastDeadline(at: now) {
        return .submitted(try submitServed(row, at: now, expired: true))
      }
      if locksAnswers {
        try database.execute(
          "UPDATE served_attempts SET locks_answers = 1 WHERE id = ? AND locks_answers = 0", [row.id])
      }
      let row = try limited(row, timeLimit: timeLimit, now: now)
      try logChange(.taker, .update, quiz: quiz, item: taker, detail: try servedDetail(row), at: now)
      return .resumed(try loadServedAttempt(row, locksAnswers: locksAnswers))
    }
    guard !stored.quiz.questions.isEmpty || stored.quiz.hasRandomSlots else {
      throw RepositoryError.refused("quiz \"\(quiz)\" has no questions yet")
    }
    let seed = UInt64.random(in: 0...UInt64.max)
    // Random slots draw now: the served attempt keeps what they drew.
    let row = try insertServedAttempt(
      try drawnQuiz(stored, taker: taker, seed: seed), recordsGiven: stored.quiz.variesPerAttempt, taker: taker,
      seed: seed, timeLimit: timeLimit, now: now, locksAnswers: locksAnswers)
    try logChange(.taker, .insert, quiz: quiz, item: taker, detail: try servedDetail(row), at: now)
    return .started(try loadServedAttempt(row))
  }

  /// Inserts the served attempt and its pinned questions; returns its row.
  private func insertServedAttempt(
    _ stored: StoredQuiz, recordsGiven: Bool, taker: String, seed: UInt64, timeLimit: Double?, now: Timestamp,
    locksAnswers: Bool
  ) throws -> ServedRow {
    let drawn = QuestionDraw.questions(of: stored.quiz, seed: seed)
    let orders = PresentationOrder.draw(for: drawn, seed: seed)
    var deadline: Double?
    // A whole second, rounded up: every check compares it with a time in whole seconds.
    if let timeLimit, timeLimit.isFinite, timeLimit > 0 { deadline = (now.unixSeconds + timeLimit).rounded(.up) }
    let pinned = drawn.enumerated().compactMap { position, question in
      stored.questionRows[question.id].map {
        (position: Int64(position), version: $0.version, scored: question.kind.isScored, points: question.slot?.points)
      }
    }
    try database.execute(
      """
      INSERT INTO served_attempts (token, csrf, quiz_id, taker, started_at, started_unix, deadline_unix, seed,
        records_given, question_count, locks_answers)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        RandomToken.make(), RandomToken.make(), stored.rowID, taker, now.text, now.unixSeconds, deadline,
        Int64(bitPattern: seed), recordsGiven, pinned.filter(\.scored).count, locksAnswers,
      ])
    let servedID = database.lastInsertedRowID
    let insert = try database.cachedStatement(
      "INSERT INTO served_questions (served_id, position, version_id, shown_order, scored, points) VALUES (?, ?, ?, ?, ?, ?)"
    )
    for pin in pinned {
      try insert.execute([
        servedID, pin.position, pin.version, orders[Int(pin.position)].storageText, pin.scored, pin.points,
      ])
    }
    guard
      let row = try database.fetchOne("SELECT \(ServedRow.columns) WHERE s.id = ?", [servedID], { ServedRow($0) })
    else { throw RepositoryError.refused("the served attempt just written is missing") }
    return row
  }
}

// MARK: - Reading

extension QuizRepository {
  /// The served attempt whose token is `token`, as its taker sees it; nil when there is none.
  /// Read in one transaction: its questions and answers are one state.
  public func servedAttempt(token: String) throws -> ServedAttempt? {
    try read { _ in
      guard let row = try servedRow(token: token) else { return nil }
      return try loadServedAttempt(row)
    }
  }

  /// Every served attempt at the quizzes `quizzes` (every quiz when nil), by quiz then start,
  /// with its progress: questions answered, the score of the saved answers (the recorded
  /// attempt's once submitted). For the monitor; one read transaction.
  public func servedAttemptSummaries(quizzes: [String]?) throws -> [ServedAttemptSummary] {
    if let quizzes, quizzes.isEmpty { return [] }
    let filter = quizzes.map {
      "WHERE z.slug IN (" + Array(repeating: "?", count: $0.count).joined(separator: ", ") + ")"
    }
    return try read { _ in
      try summaries(filter: filter ?? "", (quizzes ?? []).map { $0 as any DatabaseValueConvertible })
    }
  }

  /// The served attempts that the change-log entries after `sequence` up to `last` are about
  /// (sign-ins, saved answers, submissions), at the quizzes `quizzes` (every quiz when nil):
  /// what the monitor reads after each poll instead of every taker's summary. One read
  /// transaction.
  public func servedAttemptSummaries(changedAfter sequence: Int64, through last: Int64, quizzes: [String]?)
    throws -> [ServedAttemptSummary]
  {
    guard last > sequence else { return [] }
    if let quizzes, quizzes.isEmpty { return [] }
    // A sign-in names its taker in `item`; an answer or a submission in its JSON detail.
    var filter = """
      WHERE (z.slug, s.taker) IN (
        SELECT quiz, CASE WHEN entity = 'taker' THEN item
                          WHEN json_valid(detail) THEN json_extract(detail, '$.taker') END
        FROM change_log WHERE seq > ? AND seq <= ? AND entity IN ('taker', 'answer', 'attempt'))
      """
    var arguments: [any DatabaseValueConvertible] = [sequence, last]
    if let quizzes {
      filter += " AND z.slug IN (" + Array(repeating: "?", count: quizzes.count).joined(separator: ", ") + ")"
      arguments += quizzes.map { $0 as any DatabaseValueConvertible }
    }
    return try read { _ in try summaries(filter: filter, arguments) }
  }

  private func summaries(filter: String, _ arguments: [any DatabaseValueConvertible]) throws
    -> [ServedAttemptSummary]
  {
    try database.fetchAll(
      """
      SELECT z.slug, s.taker, s.answered_count, s.question_count, coalesce(a.score, s.score, s.answered_score),
        coalesce(a.max_score, s.max_score, (SELECT total(v.points) FROM served_questions sq
          JOIN question_versions v ON v.id = sq.version_id WHERE sq.served_id = s.id)),
        s.started_at, s.started_unix, s.deadline_unix, s.submitted_unix IS NOT NULL, a.uid
      FROM served_attempts s JOIN quizzes z ON z.id = s.quiz_id LEFT JOIN attempts a ON a.id = s.attempt_id
      \(filter)
      ORDER BY z.slug, s.started_unix, s.id
      """, arguments
    ) { row in
      ServedAttemptSummary(
        quiz: row.string(0), taker: row.string(1), answered: row.int(2), questions: row.int(3),
        score: row.double(4), maxScore: row.double(5),
        startedAt: Timestamp(row.string(6)) ?? Timestamp(unixSeconds: row.double(7)),
        deadline: row.optionalDouble(8).map(Timestamp.init(unixSeconds:)), submitted: row.bool(9),
        attemptID: row.optionalString(10))
    }
  }
}

// MARK: - Submitting

extension QuizRepository {
  /// Records the served attempt of `token` as an ordinary attempt (its taker, start, `now` as its
  /// submission, the questions it was given and the versions it was shown) and marks it
  /// submitted. Twice: `alreadySubmitted`. Past the deadline it is submitted all the same, with
  /// what was saved, and marked expired. An attempt of a quiz not among `quizzes` (nil: every
  /// quiz) is unknown.
  public func submitServedAttempt(token: String, now: Timestamp, quizzes: [String]? = nil) throws -> ServedAttempt {
    try servedWrite { repository in
      guard let row = try repository.servedRow(token: token), ServedAttempt.isServed(row.quiz, by: quizzes) else {
        throw ServedAttemptError.unknownAttempt
      }
      guard row.isOpen else { throw ServedAttemptError.alreadySubmitted }
      return try repository.submitServed(row, at: now, expired: row.isPastDeadline(at: now))
    }
  }

  /// Submits every open served attempt whose deadline has passed at `now` by more than `grace`
  /// seconds (the time a page's last answers take to arrive once its timer reached zero), with
  /// what was saved; returns how many. One transaction.
  public func submitExpiredServedAttempts(now: Timestamp, grace: Double = 0) throws -> Int {
    try servedWrite { repository in
      let tokens = try repository.database.fetchAll(
        "SELECT token FROM served_attempts WHERE submitted_unix IS NULL AND deadline_unix <= ? ORDER BY id",
        [now.unixSeconds - grace]
      ) { $0.string(0) }
      var submitted = 0
      for token in tokens {
        guard let row = try repository.servedRow(token: token), row.isOpen else { continue }
        _ = try repository.submitServed(row, at: now, expired: true)
        submitted += 1
      }
      return submitted
    }
  }

  /// Records `row`'s attempt and marks it submitted, inside the caller's transaction.
  func submitServed(_ row: ServedRow, at now: Timestamp, expired: Bool) throws -> ServedAttempt {
    guard let stored = try storedQuiz(row.quiz) else { throw ServedAttemptError.unknownQuiz(row.quiz) }
    let pinned = try pinnedQuestions(servedID: row.id)
    var attempt = Attempt(
      id: UUID().uuidString.lowercased(), quiz: row.quiz, taker: row.taker, startedAt: row.startedAt,
      submittedAt: now, given: row.recordsGiven ? pinned.map(\.id) : nil,
      answers: try savedAnswers(servedID: row.id).map(\.answer))
    // Pinned to what was shown: a version the quiz no longer shows is history (docs/quiz-bank.md).
    for question in pinned where question.retired || question.number != question.currentNumber {
      attempt.versions[question.id] = question.number
    }
    if attempt.given == nil && stored.quiz.questions.map(\.id) != pinned.map(\.id) { attempt.given = pinned.map(\.id) }
    let scored = try recordServed(attempt, stored: stored, pinned: pinned, at: now)
    try database.execute(
      """
      UPDATE served_attempts SET submitted_at = ?, submitted_unix = ?, score = ?, max_score = ?, expired = ?,
        attempt_id = (SELECT id FROM attempts WHERE uid = ?)
      WHERE id = ?
      """, [now.text, now.unixSeconds, scored.score, scored.maxScore, expired, attempt.id ?? "", row.id])
    try logChange(
      .attempt, .insert, quiz: row.quiz, item: attempt.id,
      detail: try servedDetail(row, submitted: scored, expired: expired), at: now)
    guard let updated = try servedRow(token: row.token) else { throw ServedAttemptError.unknownAttempt }
    return try loadServedAttempt(updated)
  }

  /// Records `attempt` as an import records one. When the quiz has changed since sign-in so that
  /// its list of questions no longer fits the sections' picks, it is recorded as a record of
  /// history: with the maximum of what it was shown.
  private func recordServed(_ attempt: Attempt, stored: StoredQuiz, pinned: [PinnedQuestion], at time: Timestamp)
    throws
    -> ScoredAttempt
  {
    let target = AttemptTarget(stored)
    var problems: [Problem] = []
    if case .added(let scored)? = try recordAttempt(attempt, target: target, path: "$", at: time, problems: &problems) {
      return scored
    }
    var history = attempt
    history.maxScore = try pinned.reduce(0) {
      $0 + (try $1.points ?? question(versionRow: $1.versionRow, id: $1.id).points)
    }
    problems = []
    if case .added(let scored)? = try recordAttempt(history, target: target, path: "$", at: time, problems: &problems) {
      return scored
    }
    throw RepositoryError.invalid(problems, total: problems.count)
  }
}
