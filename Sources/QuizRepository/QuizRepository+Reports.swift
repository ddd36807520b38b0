import QuizDomain
import SQLite

extension QuizRepository {
  /// Quiz `id` as it is now, and every attempt at it with its marks and picks for the quiz's
  /// current questions (answers to retired questions are left out: reports are over the quiz
  /// as it stands). One read transaction, so the two agree.
  public func reportInput(quiz id: String) throws -> (quiz: Quiz, attempts: [RecordedAttempt]) {
    return try mappingStorageErrors {
      try database.read { _ in
        let stored = try requireQuiz(id)
        let questions = stored.quiz.questions
        var questionOfIdentity: [Int64: Int] = [:]
        for (index, question) in questions.enumerated() {
          if let rows = stored.questionRows[question.id] { questionOfIdentity[rows.identity] = index }
        }
        // Every version of the quiz's questions → the question's index, so that the answers need
        // no join: a report reads every answer, and this is its inner loop.
        let versions = try database.fetchAll(
          "SELECT v.id, v.question_id FROM question_versions v JOIN questions q ON q.id = v.question_id WHERE q.quiz_id = ?",
          [stored.rowID]
        ) { ($0.int64(0), questionOfIdentity[$0.int64(1)]) }
        let questionOfVersion = RowIndex(versions.compactMap { row in row.1.map { (row.0, $0) } })
        let choiceIDs = questions.map { $0.choices.map { Array($0.id.utf8) } }
        var attempts: [RecordedAttempt] = []
        var attemptRows: [(Int64, Int)] = []
        let headers = try database.cachedStatement(
          "SELECT id, uid, taker, submitted_unix, max_score FROM attempts WHERE quiz_id = ? ORDER BY id")
        try headers.bind([stored.rowID])
        try headers.forEachRow { row in
          attemptRows.append((row.int64(0), attempts.count))
          var attempt = RecordedAttempt(
            id: row.string(1), taker: row.string(2), submittedAt: row.double(3),
            marks: [Double](repeating: 0, count: questions.count), maxScore: row.double(4))
          attempt.picks.reserveCapacity(questions.count * 2)
          attempts.append(attempt)
        }
        let attemptOfRow = RowIndex(attemptRows)
        let answers = try database.cachedStatement(
          """
          SELECT an.attempt_id, an.version_id, an.selected, an.score
          FROM attempts a JOIN answers an ON an.attempt_id = a.id
          WHERE a.quiz_id = ?
          """)
        try answers.bind([stored.rowID])
        try answers.forEachRow { row in
          guard let position = attemptOfRow[row.int64(0)], let question = questionOfVersion[row.int64(1)] else {
            return
          }
          attempts[position].marks[question] = row.double(3)
          row.withUTF8(2) { selected in
            QuizRepository.forEachSelected(selected) { token in
              if let choice = QuizRepository.choiceIndex(of: token, in: choiceIDs[question]) {
                attempts[position].picks.append(ChoicePick(question: question, choice: choice))
              }
            }
          }
        }
        // Attempts that record what they were given count only for those questions.
        let given = try database.cachedStatement(
          """
          SELECT aq.attempt_id, aq.version_id FROM attempts a JOIN attempt_questions aq ON aq.attempt_id = a.id
          WHERE a.quiz_id = ?
          """)
        try given.bind([stored.rowID])
        try given.forEachRow { row in
          guard let position = attemptOfRow[row.int64(0)] else { return }
          if attempts[position].given == nil {
            attempts[position].given = [Bool](repeating: false, count: questions.count)
          }
          if let question = questionOfVersion[row.int64(1)] { attempts[position].given?[question] = true }
        }
        return (stored.quiz, attempts)
      }
    }
  }

  /// The position of the choice whose id is `token`'s bytes.
  static func choiceIndex(of token: Slice<UnsafeBufferPointer<UInt8>>, in ids: [[UInt8]]) -> Int? {
    for (index, id) in ids.enumerated() where id.count == token.count {
      var equal = true
      var position = token.startIndex
      for byte in id {
        if token[position] != byte {
          equal = false
          break
        }
        position += 1
      }
      if equal { return index }
    }
    return nil
  }

  /// Calls `body` with each choice id of a stored selection ("a,c"), as bytes.
  static func forEachSelected(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void)
  {
    var start = 0
    for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
      if index > start { body(bytes[start..<index]) }
      start = index + 1
    }
  }
}

/// Row ids → positions: an array over the id range when the ids are close together (rows
/// written in one go usually are), a dictionary otherwise.
struct RowIndex {
  private let base: Int64
  private let dense: [Int32]
  private let sparse: [Int64: Int]

  init(_ pairs: [(Int64, Int)]) {
    let low = pairs.map(\.0).min() ?? 0
    let high = pairs.map(\.0).max() ?? -1
    if high >= low, high - low < Int64(pairs.count) * 4 + 64 {
      var dense = [Int32](repeating: -1, count: Int(high - low + 1))
      for (row, position) in pairs { dense[Int(row - low)] = Int32(position) }
      self.base = low
      self.dense = dense
      self.sparse = [:]
    } else {
      self.base = 0
      self.dense = []
      self.sparse = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }
  }

  subscript(row: Int64) -> Int? {
    guard !dense.isEmpty else { return sparse[row] }
    let offset = row - base
    guard offset >= 0, offset < Int64(dense.count), dense[Int(offset)] >= 0 else { return nil }
    return Int(dense[Int(offset)])
  }
}
