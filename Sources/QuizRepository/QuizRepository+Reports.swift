import QuizDomain
import SQLite

extension QuizRepository {
  /// Quiz `id` as it is now, and every attempt at it with its marks and picks for the quiz's
  /// current questions (answers to retired questions are left out: reports are over the quiz
  /// as it stands). One read transaction, so the two agree.
  public func reportInput(quiz id: String) throws -> (quiz: Quiz, attempts: [RecordedAttempt]) {
    try database.inTransaction(.deferred) {
      let stored = try requireQuiz(id)
      var slugs: [Int64: String] = [:]
      for (slug, rows) in stored.questionRows { slugs[rows.identity] = slug }
      var attempts: [RecordedAttempt] = []
      var index: [Int64: Int] = [:]
      let headers = try database.cachedStatement(
        "SELECT id, uid, taker, submitted_unix FROM attempts WHERE quiz_id = ? ORDER BY id")
      try headers.bind([stored.rowID])
      try headers.forEachRow { row in
        index[row.int64(0)] = attempts.count
        attempts.append(
          RecordedAttempt(
            id: row.string(1), taker: row.string(2), submittedAt: row.double(3), marks: [:], selected: [:]))
      }
      let answers = try database.cachedStatement(
        """
        SELECT an.attempt_id, v.question_id, an.selected, an.score
        FROM attempts a JOIN answers an ON an.attempt_id = a.id JOIN question_versions v ON v.id = an.version_id
        WHERE a.quiz_id = ?
        """)
      try answers.bind([stored.rowID])
      try answers.forEachRow { row in
        guard let position = index[row.int64(0)], let slug = slugs[row.int64(1)] else { return }
        attempts[position].marks[slug] = row.double(3)
        attempts[position].selected[slug] = QuizRepository.splitSelection(row.string(2))
      }
      return (stored.quiz, attempts)
    }
  }
}
