import QuizBankFormat
import QuizDomain
import SQLite

// MARK: - Saving answers

extension QuizRepository {
  /// Saves `answer` to a question of the open served attempt of `token`, replacing the one
  /// saved before unless `lockAnswered` or the attempt locks its answers (signed in under a
  /// server revealing each; answers are revealed one by one: a saved answer cannot
  /// change). The answer is checked against the version the attempt was shown, as an imported
  /// attempt's answers are, and scored against it under the quiz's rule; an empty answer (no
  /// choice, a blank response, nothing matched, every gap blank) is refused. An attempt of a
  /// quiz not among `quizzes` (nil: every quiz) is unknown: a server answers for the quizzes it
  /// serves only. One BEGIN IMMEDIATE transaction, with its change-log row.
  public func saveServedAnswer(
    token: String, answer: Answer, lockAnswered: Bool, now: Timestamp, quizzes: [String]? = nil,
    choicesAsShown: Bool = false
  ) throws -> ServedSave {
    try servedWrite { repository in
      try repository.saveInTransaction(
        token: token, answer: answer, lockAnswered: lockAnswered, now: now, quizzes: quizzes,
        choicesAsShown: choicesAsShown)
    }
  }

  /// `saveServedAnswer` whose caller does not wait for the disk: `completion` gets the outcome
  /// once the save is committed (or refused), on the thread that committed it, and should hand
  /// it on rather than work there: that thread commits every served write of the process.
  public func saveServedAnswer(
    token: String, answer: Answer, lockAnswered: Bool, now: Timestamp, quizzes: [String]? = nil,
    choicesAsShown: Bool = false,
    completion: @escaping @Sendable (Result<ServedSave, any Error>) -> Void
  ) {
    servedWriteLater(
      { repository in
        try repository.saveInTransaction(
          token: token, answer: answer, lockAnswered: lockAnswered, now: now, quizzes: quizzes,
          choicesAsShown: choicesAsShown)
      }, completion: completion)
  }

  /// `saveServedAnswer`'s work, inside the transaction of the repository it is called on: one
  /// read (the attempt with its progress, the pinned question and its saved score) and three
  /// writes (the answer, the attempt's progress, the change-log row). It runs on the committer
  /// thread of a server, which commits every save of the process: it does no more than it must.
  private func saveInTransaction(
    token: String, answer given: Answer, lockAnswered: Bool, now: Timestamp, quizzes: [String]?,
    choicesAsShown: Bool
  ) throws -> ServedSave {
    let (attempt, target) = try saveTarget(token: token, question: given.question, now: now, quizzes: quizzes)
    let question = try shownVersion(target.pinned)
    let answer = try Self.storedAnswer(given, of: question, order: target.pinned.order, choicesAsShown: choicesAsShown)
    // An essay is marked by a person: saving it reveals nothing, so it may change until the
    // final submit even where answers lock once saved.
    let locks = (lockAnswered || attempt.locksAnswers) && question.kind.locksOnceRevealed
    if target.savedScore != nil && locks {
      throw ServedAttemptError.locked("question \"\(question.id)\" was answered already: its answer cannot change")
    }
    if lockAnswered && !attempt.locksAnswers {
      // Saved on a server revealing each answer: the reply shows it, so it stays locked on any
      // server after this one, as after a sign-in there.
      try database.execute("UPDATE served_attempts SET locks_answers = 1 WHERE id = ?", [attempt.id])
    }
    let score = Scoring.score(question, answer: answer, rule: question.scoring ?? attempt.defaultScoring)
    try upsertServedAnswer(
      answer.response, score: score, servedID: attempt.id, versionRow: target.pinned.versionRow, now: now)
    let progress = attempt.progress.replacing(target.savedScore, with: score)
    try saveProgress(progress, servedID: attempt.id)
    let detail = Self.progressDetail(
      taker: attempt.taker, answered: progress.answered, questions: progress.questions, score: progress.score)
    try logChange(
      .answer, target.savedScore != nil ? .update : .insert, quiz: attempt.quiz, item: question.id, detail: detail,
      at: now)
    return ServedSave(
      score: score, points: question.points, locked: locks, question: question, order: target.pinned.order)
  }

  /// `answer` checked against the question it answers, with the stored choice ids. Given with
  /// choices named as shown (`ShownChoiceIDs`: their positions in the attempt's order), it is
  /// checked against the question as shown, so that a refusal names the ids the taker sent.
  static func storedAnswer(
    _ answer: Answer, of question: Question, order: PresentationOrder, choicesAsShown: Bool
  ) throws -> Answer {
    guard choicesAsShown else {
      if let problem = servedAnswerProblems(answer, question: question).first {
        throw ServedAttemptError.invalidAnswer(problem.description)
      }
      return answer
    }
    // Put in the attempt's order once: checked as shown, then mapped back to the stored ids.
    let shown = order.apply(to: question)
    if let problem = servedAnswerProblems(answer, question: ShownChoiceIDs.relabel(shown)).first {
      throw ServedAttemptError.invalidAnswer(problem.description)
    }
    var stored = answer
    switch ShownChoiceIDs.stored(answer.response, of: shown) {
    case .success(let response): stored.response = response
    case .failure(let unknown): throw ServedAttemptError.invalidAnswer("there is no choice \"\(unknown.id)\"")
    }
    return stored
  }

  /// What a save needs of the open attempt of `token`.
  private struct AttemptForSave {
    let id: Int64
    let quiz: String
    let scoring: ScoringRule?
    let taker: String
    let isOpen: Bool
    let deadlineUnix: Double?
    let progress: ServedProgress
    /// Its answers lock once saved (migrations/0014_served_answer_locks.sql).
    let locksAnswers: Bool

    var defaultScoring: ScoringRule { scoring ?? .allOrNothing }

    /// From a row of `saveTarget`'s columns.
    init(_ row: Row) {
      id = row.int64(0)
      quiz = row.string(1)
      scoring = row.optionalString(2).flatMap(ScoringRule.init)
      taker = row.string(3)
      isOpen = row.bool(4)
      deadlineUnix = row.optionalDouble(5)
      progress = ServedProgress(questions: row.int(6), answered: row.int(7), score: row.double(8))
      locksAnswers = row.bool(16)
    }
  }

  /// The question a save is for, as pinned, and the score of its saved answer (nil: none yet).
  private struct QuestionForSave {
    let pinned: PinnedQuestion
    let savedScore: Double?
  }

  /// The open attempt of `token` and its question `id`, in one statement of index seeks: the
  /// attempt by its token, the question by its slug in the attempt's quiz, its versions to the
  /// one the attempt pinned. (Going from the attempt's questions instead, as SQLite would
  /// choose, reads every question of the attempt and its version.) When that finds nothing,
  /// `saveRefusal` says which is missing, or why the attempt takes no answer.
  private func saveTarget(token: String, question id: String, now: Timestamp, quizzes: [String]?) throws
    -> (AttemptForSave, QuestionForSave)
  {
    // A question written in the quiz is found by its id in one lookup; one a slot placed from
    // a bank, among the attempt's own questions. "Retired": no longer in the quiz.
    let written = try database.cachedStatement(
      literal: """
        SELECT s.id, z.slug, z.scoring, s.taker, s.submitted_at IS NULL, s.deadline_unix, s.question_count,
          s.answered_count, s.answered_score,
          sq.version_id, v.version, v.created_at, q.current_version,
          q.section_id IS NULL AND NOT EXISTS (SELECT 1 FROM slots sl WHERE sl.question_id = q.id AND sl.quiz_id = s.quiz_id),
          sq.shown_order,
          (SELECT an.score FROM served_answers an WHERE an.served_id = s.id AND an.version_id = sq.version_id),
          s.locks_answers, sq.points
        FROM served_attempts s CROSS JOIN quizzes z CROSS JOIN questions q CROSS JOIN question_versions v
          CROSS JOIN served_questions sq
        WHERE s.token = ?1 AND z.id = s.quiz_id AND q.quiz_id = s.quiz_id AND q.slug = ?2 AND v.question_id = q.id
          AND sq.served_id = s.id AND sq.version_id = v.id
        """)
    let placed = try database.cachedStatement(
      literal: """
        SELECT s.id, z.slug, z.scoring, s.taker, s.submitted_at IS NULL, s.deadline_unix, s.question_count,
          s.answered_count, s.answered_score,
          sq.version_id, v.version, v.created_at, q.current_version,
          NOT EXISTS (SELECT 1 FROM slots sl WHERE sl.question_id = q.id AND sl.quiz_id = s.quiz_id),
          sq.shown_order,
          (SELECT an.score FROM served_answers an WHERE an.served_id = s.id AND an.version_id = sq.version_id),
          s.locks_answers, sq.points
        FROM served_attempts s CROSS JOIN quizzes z CROSS JOIN served_questions sq CROSS JOIN question_versions v
          CROSS JOIN questions q
        WHERE s.token = ?1 AND z.id = s.quiz_id AND sq.served_id = s.id AND v.id = sq.version_id
          AND q.id = v.question_id AND q.slug = ?2 AND (q.quiz_id IS NOT s.quiz_id)
        """)
    let read = { (row: Row) in
      let pinned = PinnedQuestion(
        id: id, versionRow: row.int64(9), number: row.int(10), createdAt: row.string(11),
        currentNumber: row.int(12), retired: row.bool(13),
        order: PresentationOrder(storageText: row.optionalString(14)) ?? PresentationOrder(),
        points: row.optionalDouble(17))
      return (AttemptForSave(row), QuestionForSave(pinned: pinned, savedScore: row.optionalDouble(15)))
    }
    let found = try written.fetchOne([token, id], read) ?? placed.fetchOne([token, id], read)
    guard let (attempt, target) = found else {
      throw try saveRefusal(token: token, question: id, at: now, quizzes: quizzes)
    }
    if let refusal = ServedAttemptError.refusingAnswers(
      quiz: attempt.quiz, isOpen: attempt.isOpen, deadlineUnix: attempt.deadlineUnix, now: now, quizzes: quizzes)
    {
      throw refusal
    }
    return (attempt, target)
  }

  /// Why `saveTarget` found nothing: the attempt's whole row says which error, in the order a
  /// save checks them.
  private func saveRefusal(token: String, question id: String, at now: Timestamp, quizzes: [String]?) throws
    -> ServedAttemptError
  {
    guard let row = try servedRow(token: token) else { return .unknownAttempt }
    return ServedAttemptError.refusingAnswers(
      quiz: row.quiz, isOpen: row.isOpen, deadlineUnix: row.deadline?.unixSeconds, now: now, quizzes: quizzes)
      ?? .unknownQuestion(id)
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

  /// Keeps the attempt's progress (migrations/0013_served_progress.sql) with its answers.
  private func saveProgress(_ progress: ServedProgress, servedID: Int64) throws {
    let statement = try database.cachedStatement(
      literal: "UPDATE served_attempts SET answered_count = ?, answered_score = ? WHERE id = ?")
    try statement.execute([progress.answered, progress.score, servedID])
  }

  /// What is wrong with a served answer (`$` is the answer's own object, as the JSON API takes
  /// it): what an imported attempt's answer is checked for, a mark (a taker gives none), and an
  /// answer that gives nothing.
  static func servedAnswerProblems(_ answer: Answer, question: Question) -> [Problem] {
    if answer.mark != nil { return [Problem(path: "$.mark", message: "a taker's answer carries no mark")] }
    let problems = QuizBankValidator.answerProblems(answer, question: question, path: "$")
    guard problems.isEmpty else { return problems }
    if answer.response.givesNothing { return [nothingGiven(answer.response)] }
    guard case .text(let text, let unit) = answer.response else { return [] }
    return kindRefusal(text, unit: unit, question: question).map { [Problem(path: "$.response", message: $0)] } ?? []
  }

  /// Where an answer that gives nothing says so, and how.
  private static func nothingGiven(_ response: Response) -> Problem {
    switch response {
    case .choices: Problem(path: "$.selected", message: "no choice was selected")
    case .text: Problem(path: "$.response", message: "the response is blank")
    case .matched: Problem(path: "$.matched", message: "no stem was matched")
    case .parts: Problem(path: "$.parts", message: "every gap is blank")
    }
  }

  /// What Moodle does not take as a response of the kind, as `quiz take` does not submit it: an
  /// essay's response template unchanged (the page's text area starts with it), a numerical
  /// response that is not a number.
  private static func kindRefusal(_ text: String, unit: String?, question: Question) -> String? {
    switch question.body {
    case .essay(let essay) where essay.isEmptyResponse(text):
      return "the response is the question's template, unchanged"
    case .numerical(let numerical) where numerical.grade(text, unit: unit) == nil:
      return "the response is not a number (such as 3.5)"
    case .essay, .numerical, .choice, .shortAnswer, .matching, .description, .cloze:
      return nil
    }
  }
}
