import QuizDomain
import SQLite

// MARK: - Removing

/// What removing a question did.
public enum RemovalOutcome: String, Equatable, Sendable {
  /// Deleted with all its versions: nobody had answered it.
  case deleted
  /// Hidden from the quiz, kept for the attempts that answered it.
  case retired
  /// Taken out of the quiz and kept in its bank: a slot placed it, or another quiz's slot
  /// places it too.
  case unplaced
}

extension QuizRepository {
  /// Removes question `questionID` from quiz `quizID`: retired when attempts answered it or
  /// were given it (served attempts in progress too), deleted otherwise. `purge` deletes it
  /// with its answers even then (the served attempts given it count their progress again:
  /// migrations/0013_served_progress.sql).
  @discardableResult
  public func removeQuestion(_ questionID: String, fromQuiz quizID: String, purge: Bool = false) throws
    -> RemovalOutcome
  {
    return try mappingStorageErrors {
      try database.write { _ in
        let stored = try requireQuiz(quizID)
        guard let rows = stored.questionRows[questionID] else {
          throw RepositoryError.unknownQuestion(
            quiz: quizID, question: questionID,
            suggestion: Suggestion.closest(to: questionID, among: stored.quiz.questions.map(\.id)))
        }
        let time = now()
        if let slot = stored.quiz.questions.first(where: { $0.id == questionID })?.slot {
          try database.execute(
            "DELETE FROM slots WHERE quiz_id = ? AND question_id = ?", [stored.rowID, rows.identity])
          try logChange(
            .question, .delete, quiz: quizID, item: questionID,
            detail: QuizRepository.textDetail("slot", slot.name), at: time)
          return .unplaced
        }
        let answered = try isAnsweredOrGiven(rows.identity)
        let placedElsewhere =
          try database.fetchOne("SELECT EXISTS (SELECT 1 FROM slots WHERE question_id = ?)", [rows.identity]) {
            $0.bool(0)
          } ?? false
        let outcome: RemovalOutcome
        if placedElsewhere {
          try database.execute("UPDATE questions SET section_id = NULL, position = NULL WHERE id = ?", [rows.identity])
          outcome = .unplaced
        } else if answered && !purge {
          try database.execute(
            "UPDATE questions SET section_id = NULL, position = NULL, retired_at = ? WHERE id = ?",
            [time.text, rows.identity])
          outcome = .retired
        } else {
          try unindex(questionRows: [rows.identity])
          try database.execute("DELETE FROM questions WHERE id = ?", [rows.identity])
          ShownVersionCache.shared.forget(path: path)
          outcome = .deleted
        }
        try markSearchStale(stored.rowID)
        if answered && purge && !placedElsewhere { try recomputeAttemptScores(ofQuiz: stored.rowID) }
        try logChange(
          .question, outcome == .deleted ? .delete : .update, quiz: quizID, item: questionID,
          detail: outcome == .retired ? #"{"retired":true}"# : nil, at: time)
        return outcome
      }
    }
  }

  /// Whether attempts answered question `identity` or were given it (served attempts in
  /// progress too): what keeps a question's history from being deleted.
  func isAnsweredOrGiven(_ identity: Int64) throws -> Bool {
    try database.fetchOne(
      """
      SELECT EXISTS (SELECT 1 FROM answers a JOIN question_versions v ON v.id = a.version_id
        WHERE v.question_id = ?1)
      OR EXISTS (SELECT 1 FROM attempt_questions g JOIN question_versions v ON v.id = g.version_id
        WHERE v.question_id = ?1)
      OR EXISTS (SELECT 1 FROM served_questions sq JOIN question_versions v ON v.id = sq.version_id
        WHERE v.question_id = ?1)
      """, [identity]
    ) { $0.bool(0) } ?? false
  }

  /// After answers were deleted, an attempt's total is the sum of what is left.
  func recomputeAttemptScores(ofQuiz quizRow: Int64) throws {
    try database.execute(
      """
      UPDATE attempts SET score = coalesce((SELECT sum(score) FROM answers WHERE attempt_id = attempts.id), 0)
      WHERE quiz_id = ?
      """, [quizRow])
  }
}

// MARK: - Quizzes as a whole

extension QuizRepository {
  /// How many attempts quiz `id` has.
  public func attemptCount(ofQuiz id: String) throws -> Int {
    return try mappingStorageErrors {
      try database.fetchOne(
        "SELECT count(*) FROM attempts a JOIN quizzes z ON z.id = a.quiz_id WHERE z.slug = ?", [id], { $0.int(0) }) ?? 0
    }
  }

  /// Creates quiz `quiz`, which must be new (checked in the same transaction as the write).
  public func createQuiz(_ quiz: Quiz) throws {
    try write { repository in
      if try repository.storedQuizRow(quiz.id) != nil {
        throw RepositoryError.conflict("quiz \"\(quiz.id)\" already exists")
      }
      try repository.saveQuiz(quiz)
    }
  }

  /// Deletes quiz `id` with its questions, versions and attempts. A quiz with attempts needs
  /// `force`. Returns how many attempts went with it.
  @discardableResult
  public func deleteQuiz(_ id: String, force: Bool = false) throws -> Int {
    return try mappingStorageErrors {
      try database.write { _ in
        let stored = try requireQuiz(id)
        let attempts = try attemptCount(ofQuiz: id)
        guard attempts == 0 || force else {
          throw RepositoryError.quizHasAttempts(quiz: id, attempts: attempts)
        }
        // Takers answering it now through `quiz serve` would lose what they saved.
        let inProgress =
          try database.fetchOne(
            "SELECT count(*) FROM served_attempts WHERE quiz_id = ? AND submitted_at IS NULL", [stored.rowID]
          ) { $0.int(0) } ?? 0
        guard inProgress == 0 || force else {
          throw RepositoryError.quizHasAttemptsInProgress(quiz: id, count: inProgress)
        }
        // Its questions go with it: none may be one another quiz places.
        if let (other, question) = try database.fetchOne(
          """
          SELECT z.slug, q.slug FROM slots sl JOIN questions q ON q.id = sl.question_id JOIN quizzes z ON z.id = sl.quiz_id
          WHERE q.quiz_id = ?1 AND sl.quiz_id <> ?1 ORDER BY z.slug, q.slug LIMIT 1
          """, [stored.rowID], { ($0.string(0), $0.string(1)) })
        {
          throw RepositoryError.refused(
            "quiz \"\(other)\" places question \"\(id)/\(question)\" of this quiz: take it out there first "
              + "('quiz rm \(other)/\(question)'): nothing removed")
        }
        try database.execute(
          "DELETE FROM search_index WHERE rowid IN (SELECT id FROM questions WHERE quiz_id = ?)", [stored.rowID])
        let bankRow = try ownBank(ofQuiz: stored.rowID)
        try database.execute("DELETE FROM quizzes WHERE id = ?", [stored.rowID])
        try dropBankIfEmpty(bankRow)
        ShownVersionCache.shared.forget(path: path)
        try logChange(
          .quiz, .delete, quiz: id,
          detail: QuizRepository.countsDetail(["attempts": attempts, "in_progress": inProgress]),
          at: now())
        return attempts
      }
    }
  }
}
