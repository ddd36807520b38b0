import QuizDomain
import SQLite

// MARK: - Saving answers

extension QuizRepository {
  /// Saves `answer` to a question of the open served attempt of `token`, replacing the one
  /// saved before unless `lockAnswered` (answers are revealed one by one: a saved answer cannot
  /// change). The answer is checked against the version the attempt was shown, as an imported
  /// attempt's answers are, and scored against it under the quiz's rule; an empty answer (no
  /// choice, a blank response, nothing matched, every gap blank) is refused. One BEGIN
  /// IMMEDIATE transaction, with its change-log row.
  public func saveServedAnswer(token: String, answer: Answer, lockAnswered: Bool, now: Timestamp) throws
    -> ServedSave
  {
    try servedWrite { repository in
      try repository.saveInTransaction(token: token, answer: answer, lockAnswered: lockAnswered, now: now)
    }
  }

  /// `saveServedAnswer` whose caller does not wait for the disk: `completion` gets the outcome
  /// once the save is committed (or refused), on the thread that committed it, and should hand
  /// it on rather than work there: that thread commits every served write of the process.
  public func saveServedAnswer(
    token: String, answer: Answer, lockAnswered: Bool, now: Timestamp,
    completion: @escaping @Sendable (Result<ServedSave, any Error>) -> Void
  ) {
    servedWriteLater(
      { repository in
        try repository.saveInTransaction(token: token, answer: answer, lockAnswered: lockAnswered, now: now)
      }, completion: completion)
  }

  /// `saveServedAnswer`'s work, inside the transaction of the repository it is called on: two
  /// reads (the attempt; the pinned question with the attempt's progress besides it) and two
  /// writes (the answer, its change-log row). It runs on the committer thread of a server,
  /// which commits every save of the process: it does no more than it must.
  private func saveInTransaction(token: String, answer: Answer, lockAnswered: Bool, now: Timestamp) throws
    -> ServedSave
  {
    guard let attempt = try attemptForSave(token: token) else { throw ServedAttemptError.unknownAttempt }
    guard attempt.isOpen else { throw ServedAttemptError.alreadySubmitted }
    if let deadline = attempt.deadlineUnix, now.unixSeconds >= deadline { throw ServedAttemptError.pastDeadline }
    guard let target = try questionForSave(servedID: attempt.id, quizRow: attempt.quizRow, question: answer.question)
    else {
      throw ServedAttemptError.unknownQuestion(answer.question)
    }
    let question = try shownVersion(target.pinned)
    if let problem = Self.servedAnswerProblems(answer, question: question).first {
      throw ServedAttemptError.invalidAnswer(problem.description)
    }
    if target.saved && lockAnswered {
      throw ServedAttemptError.locked("question \"\(question.id)\" was answered already: its answer cannot change")
    }
    let score = Scoring.score(question, answer: answer, rule: question.scoring ?? attempt.defaultScoring)
    try upsertServedAnswer(
      answer.response, score: score, servedID: attempt.id, versionRow: target.pinned.versionRow, now: now)
    let detail = Self.progressDetail(
      taker: attempt.taker, answered: target.othersAnswered + 1, questions: target.questions,
      score: target.othersScore + score)
    try logChange(
      .answer, target.saved ? .update : .insert, quiz: attempt.quiz, item: question.id, detail: detail, at: now)
    return ServedSave(
      score: score, points: question.points, fraction: question.points > 0 ? score / question.points : 0,
      question: question, order: target.pinned.order)
  }

  /// What a save needs of the open attempt of `token`.
  private struct AttemptForSave {
    let id: Int64
    let quizRow: Int64
    let quiz: String
    let scoring: ScoringRule?
    let taker: String
    let isOpen: Bool
    let deadlineUnix: Double?

    var defaultScoring: ScoringRule { scoring ?? .allOrNothing }
  }

  private func attemptForSave(token: String) throws -> AttemptForSave? {
    let statement = try database.cachedStatement(
      literal: """
        SELECT s.id, s.quiz_id, z.slug, z.scoring, s.taker, s.submitted_at IS NULL, s.deadline_unix
        FROM served_attempts s JOIN quizzes z ON z.id = s.quiz_id WHERE s.token = ?
        """)
    return try statement.fetchOne([token]) { row in
      AttemptForSave(
        id: row.int64(0), quizRow: row.int64(1), quiz: row.string(2),
        scoring: row.optionalString(3).flatMap(ScoringRule.init), taker: row.string(4), isOpen: row.bool(5),
        deadlineUnix: row.optionalDouble(6))
    }
  }

  /// The question a save is for, as pinned, whether it has a saved answer, and the attempt's
  /// progress without it (for the change-log row's detail).
  private struct QuestionForSave {
    let pinned: PinnedQuestion
    let saved: Bool
    let questions: Int
    let othersAnswered: Int
    let othersScore: Double
  }

  /// Looked up from the question's slug in its quiz, through its versions, to the attempt's
  /// pinned row: a handful of index seeks. (Going from the attempt's questions instead, as SQLite
  /// would choose, reads every question of the attempt and its version.)
  private func questionForSave(servedID: Int64, quizRow: Int64, question id: String) throws -> QuestionForSave? {
    let statement = try database.cachedStatement(
      literal: """
        SELECT sq.version_id, v.version, v.created_at, q.current_version, q.section_id IS NULL, sq.shown_order,
          EXISTS (SELECT 1 FROM served_answers an WHERE an.served_id = ?1 AND an.version_id = sq.version_id),
          (SELECT count(*) FROM served_questions c WHERE c.served_id = ?1),
          (SELECT count(*) FROM served_answers o WHERE o.served_id = ?1 AND o.version_id <> sq.version_id),
          (SELECT total(o.score) FROM served_answers o WHERE o.served_id = ?1 AND o.version_id <> sq.version_id)
        FROM questions q CROSS JOIN question_versions v CROSS JOIN served_questions sq
        WHERE q.quiz_id = ?3 AND q.slug = ?2 AND v.question_id = q.id AND sq.served_id = ?1 AND sq.version_id = v.id
        """)
    return try statement.fetchOne([servedID, id, quizRow]) { row in
      let pinned = PinnedQuestion(
        id: id, versionRow: row.int64(0), number: row.int(1), createdAt: row.string(2),
        currentNumber: row.int(3), retired: row.bool(4),
        order: PresentationOrder(storageText: row.optionalString(5)) ?? PresentationOrder())
      return QuestionForSave(
        pinned: pinned, saved: row.bool(6), questions: row.int(7), othersAnswered: row.int(8),
        othersScore: row.double(9))
    }
  }

  private func upsertServedAnswer(
    _ response: Response, score: Double, servedID: Int64, versionRow: Int64, now: Timestamp
  ) throws {
    let columns = QuestionRows.columns(of: response)
    let statement = try database.cachedStatement(
      literal: """
        INSERT INTO served_answers (served_id, version_id, selected, response, response_unit, score, saved_at, saved_unix)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (served_id, version_id) DO UPDATE SET selected = excluded.selected, response = excluded.response,
          response_unit = excluded.response_unit, score = excluded.score, saved_at = excluded.saved_at,
          saved_unix = excluded.saved_unix
        """)
    try statement.execute([
      servedID, versionRow, columns.selected, columns.response, columns.unit, score, now.text, now.unixSeconds,
    ])
  }

  /// What is wrong with a served answer (`$` is the answer's own object, as the JSON API takes
  /// it): what an imported attempt's answer is checked for, a mark (a taker gives none), and an
  /// answer that gives nothing.
  static func servedAnswerProblems(_ answer: Answer, question: Question) -> [Problem] {
    if answer.mark != nil { return [Problem(path: "$.mark", message: "a taker's answer carries no mark")] }
    let problems = QuizBankValidator.answerProblems(answer, question: question, path: "$")
    guard problems.isEmpty else { return problems }
    switch answer.response {
    case .choices(let ids) where ids.isEmpty:
      return [Problem(path: "$.selected", message: "no choice was selected")]
    case .text(let text, _) where isBlank(text):
      return [Problem(path: "$.response", message: "the response is blank")]
    case .matched(let matches) where matches.isEmpty:
      return [Problem(path: "$.matched", message: "no stem was matched")]
    case .parts(let parts) where parts.allSatisfy(isBlank):
      return [Problem(path: "$.parts", message: "every gap is blank")]
    default:
      return []
    }
  }

  private static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }

  /// Whether a gap's response gives nothing.
  private static func isBlank(_ response: Response) -> Bool {
    switch response {
    case .choices(let ids): ids.isEmpty
    case .text(let text, _): isBlank(text)
    case .matched(let matches): matches.isEmpty
    case .parts(let parts): parts.allSatisfy(isBlank)
    }
  }
}
