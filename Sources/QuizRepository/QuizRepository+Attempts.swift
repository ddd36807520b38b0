import QuizDomain
import SQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A quiz ready to receive attempts: its content and the version row of each question.
struct AttemptTarget {
  let quiz: Quiz
  let quizRow: Int64
  let versionRows: [String: Int64]
  let questions: [String: Question]

  init(_ stored: StoredQuiz) {
    quiz = stored.quiz
    quizRow = stored.rowID
    versionRows = stored.questionRows.mapValues(\.version)
    var questions: [String: Question] = [:]
    for question in stored.quiz.questions { questions[question.id] = question }
    self.questions = questions
  }
}

/// What recording one attempt did.
enum AttemptRecording: Equatable {
  case added(ScoredAttempt)
  /// The same attempt (same id and content) was already recorded.
  case alreadyRecorded
}

// MARK: - Recording attempts

extension QuizRepository {
  /// Scores `attempt` against `target` and records it, pinned to the current versions, inside
  /// the caller's transaction. Problems (unknown questions or choices, an id reused with other
  /// content) are appended to `problems` and nothing is written for that attempt.
  func recordAttempt(
    _ attempt: Attempt, target: AttemptTarget, path: String, at time: Timestamp, problems: inout [Problem]
  ) throws -> AttemptRecording? {
    let found = QuizBankValidator.attemptProblems(attempt, quiz: target.quiz, path: path)
    guard found.isEmpty else {
      problems += found
      return nil
    }
    var attempt = attempt
    if let id = attempt.id, let stored = try storedAttempt(id) {
      if stored.matches(attempt) { return .alreadyRecorded }
      problems.append(
        Problem(
          path: path + ".id",
          message: "attempt \"\(id)\" is already recorded with other content (quiz \(stored.attempt.quiz), taker, "
            + "times or answers differ)"))
      return nil
    }
    let submittedGiven = attempt.submittedAt != nil
    if attempt.id == nil { attempt.id = UUID().uuidString.lowercased() }
    if attempt.submittedAt == nil { attempt.submittedAt = time }
    // Validated above: every answer names a question of the quiz.
    let scored = Scoring.score(attempt, in: target.quiz)
    try insertAttempt(scored, target: target, submittedGiven: submittedGiven)
    return .added(scored)
  }

  private func insertAttempt(_ scored: ScoredAttempt, target: AttemptTarget, submittedGiven: Bool) throws {
    let attempt = scored.attempt
    let statement = try database.cachedStatement(
      """
      INSERT INTO attempts (uid, quiz_id, taker, started_at, started_unix, submitted_at, submitted_unix,
        submitted_given, score, max_score, scoring)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """)
    statement.reset()
    try statement.bind(attempt.id ?? "", at: 1)
    try statement.bind(target.quizRow, at: 2)
    try statement.bind(attempt.taker, at: 3)
    try statement.bind(attempt.startedAt?.text, at: 4)
    try statement.bind(attempt.startedAt?.unixSeconds, at: 5)
    try statement.bind(attempt.submittedAt?.text ?? "", at: 6)
    try statement.bind(attempt.submittedAt?.unixSeconds ?? 0, at: 7)
    try statement.bind(submittedGiven, at: 8)
    try statement.bind(scored.score, at: 9)
    try statement.bind(scored.maxScore, at: 10)
    try statement.bind(target.quiz.defaultScoring.rawValue, at: 11)
    try statement.executeBound()
    let attemptRow = database.lastInsertedRowID

    let answer = try database.cachedStatement(
      "INSERT INTO answers (attempt_id, version_id, selected, score) VALUES (?, ?, ?, ?)")
    for (index, item) in attempt.answers.enumerated() {
      guard let versionRow = target.versionRows[item.question] else { continue }
      answer.reset()
      try answer.bind(attemptRow, at: 1)
      try answer.bind(versionRow, at: 2)
      try answer.bind(item.selected.joined(separator: ","), at: 3)
      try answer.bind(scored.answerScores[index], at: 4)
      try answer.executeBound()
    }
    guard let given = attempt.given else { return }
    let question = try database.cachedStatement(
      "INSERT INTO attempt_questions (attempt_id, position, version_id) VALUES (?, ?, ?)")
    for (position, id) in given.enumerated() {
      guard let versionRow = target.versionRows[id] else { continue }
      question.reset()
      try question.bind(attemptRow, at: 1)
      try question.bind(Int64(position), at: 2)
      try question.bind(versionRow, at: 3)
      try question.executeBound()
    }
  }
}

// MARK: - Reading attempts

/// An attempt as stored, with whether its `submitted_at` came from its source.
struct StoredAttempt {
  var attempt: Attempt
  var submittedGiven: Bool

  /// True when `other` is this attempt again: same quiz, taker, times, given questions and
  /// answers. A missing
  /// `submitted_at` matches one that was filled in at import.
  func matches(_ other: Attempt) -> Bool {
    guard attempt.quiz == other.quiz, attempt.taker == other.taker,
      attempt.startedAt?.text == other.startedAt?.text, attempt.given == other.given
    else { return false }
    if let submitted = other.submittedAt {
      guard submittedGiven, submitted.text == attempt.submittedAt?.text else { return false }
    } else if submittedGiven {
      return false
    }
    let mine = Dictionary(attempt.answers.map { ($0.question, $0.selected) }, uniquingKeysWith: { a, _ in a })
    let theirs = Dictionary(other.answers.map { ($0.question, $0.selected) }, uniquingKeysWith: { a, _ in a })
    return mine == theirs
  }
}

extension QuizRepository {
  func storedAttempt(_ uid: String) throws -> StoredAttempt? {
    let statement = try database.cachedStatement(
      """
      SELECT a.id, z.slug, a.taker, a.started_at, a.submitted_at, a.submitted_given
      FROM attempts a JOIN quizzes z ON z.id = a.quiz_id WHERE a.uid = ?
      """)
    guard
      let header = try statement.fetchOne(
        [uid],
        { row in
          (row.int64(0), row.string(1), row.string(2), row.optionalString(3), row.string(4), row.bool(5))
        })
    else { return nil }
    let answers = try database.fetchAll(
      """
      SELECT q.slug, an.selected FROM answers an
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      WHERE an.attempt_id = ?
      """, [header.0]
    ) { row in Answer(question: row.string(0), selected: QuizRepository.splitSelection(row.string(1))) }
    let given = try database.fetchAll(
      """
      SELECT q.slug FROM attempt_questions aq
      JOIN question_versions v ON v.id = aq.version_id JOIN questions q ON q.id = v.question_id
      WHERE aq.attempt_id = ? ORDER BY aq.position
      """, [header.0]
    ) { $0.string(0) }
    let attempt = Attempt(
      id: uid, quiz: header.1, taker: header.2, startedAt: header.3.flatMap(Timestamp.init),
      submittedAt: Timestamp(header.4), given: given.isEmpty ? nil : given, answers: answers)
    return StoredAttempt(attempt: attempt, submittedGiven: header.5)
  }

  /// `attempt` as the quiz as it stands can take it, so that an export always imports: without
  /// the answers given to an earlier version (which quiz-bank/1 does not carry), each named in a
  /// warning; without a `given` list the quiz's sections no longer match (a question removed,
  /// a `pick` changed) when the quiz draws no questions; nil, with a warning, when it draws and
  /// the list cannot match.
  static func keepingAnswersTheQuizTakes(_ attempt: Attempt, quiz: Quiz, warn: (String) -> Void) -> Attempt? {
    var attempt = attempt
    var problems = QuizBankValidator.attemptProblems(attempt, quiz: quiz, path: "$")
    guard !problems.isEmpty else { return attempt }
    if problems.contains(where: { !$0.path.hasPrefix("$.answers[") }) {
      let name = "attempt \(attempt.id ?? "") at quiz \(quiz.id)"
      guard !quiz.drawsQuestions, attempt.given != nil else {
        warn("\(name): the questions it was given no longer match the quiz's sections; it is left out of the export")
        return nil
      }
      warn("\(name): the questions it was given no longer match the quiz; its list of them is left out of the export")
      attempt.given = nil
      problems = QuizBankValidator.attemptProblems(attempt, quiz: quiz, path: "$")
    }
    var dropped = Set<Int>()
    for problem in problems where problem.path.hasPrefix("$.answers[") {
      if let index = Int(problem.path.dropFirst("$.answers[".count).prefix(while: \.isNumber)) {
        dropped.insert(index)
      }
    }
    var kept = attempt
    kept.answers = attempt.answers.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    for index in dropped.sorted() {
      warn(
        "attempt \(attempt.id ?? "") at quiz \(quiz.id): its answer to question \(attempt.answers[index].question) "
          + "was given to an earlier version that the current one cannot take; it is left out of the export")
    }
    return kept
  }

  static func splitSelection(_ text: String) -> [String] {
    text.isEmpty ? [] : text.split(separator: ",").map(String.init)
  }

  /// The attempts at quiz `quizID` in the order they were recorded, each with its answers to
  /// the quiz's current questions in quiz order (answers to retired questions are left out: a
  /// quiz-bank document can only name questions it carries).
  public func attemptsForExport(ofQuiz stored: StoredQuiz, warn: (String) -> Void = { _ in }) throws -> [Attempt] {
    return try mappingStorageErrors {
      var order: [String: Int] = [:]
      for (index, question) in stored.quiz.questions.enumerated() { order[question.id] = index }
      var attempts: [Attempt] = []
      var index: [Int64: Int] = [:]
      let headers = try database.cachedStatement(
        "SELECT id, uid, taker, started_at, submitted_at FROM attempts WHERE quiz_id = ? ORDER BY id")
      try headers.bind([stored.rowID])
      try headers.forEachRow { row in
        index[row.int64(0)] = attempts.count
        attempts.append(
          Attempt(
            id: row.string(1), quiz: stored.quiz.id, taker: row.string(2),
            startedAt: row.optionalString(3).flatMap(Timestamp.init), submittedAt: Timestamp(row.string(4)),
            answers: []))
      }
      let answers = try database.cachedStatement(
        """
        SELECT an.attempt_id, q.slug, an.selected FROM attempts a
        JOIN answers an ON an.attempt_id = a.id
        JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
        WHERE a.quiz_id = ? AND q.section_id IS NOT NULL
        """)
      try answers.bind([stored.rowID])
      try answers.forEachRow { row in
        guard let position = index[row.int64(0)] else { return }
        attempts[position].answers.append(
          Answer(question: row.string(1), selected: QuizRepository.splitSelection(row.string(2))))
      }
      for i in attempts.indices {
        attempts[i].answers.sort { (order[$0.question] ?? .max) < (order[$1.question] ?? .max) }
      }
      let given = try database.cachedStatement(
        """
        SELECT aq.attempt_id, q.slug FROM attempts a
        JOIN attempt_questions aq ON aq.attempt_id = a.id
        JOIN question_versions v ON v.id = aq.version_id JOIN questions q ON q.id = v.question_id
        WHERE a.quiz_id = ? AND q.section_id IS NOT NULL
        ORDER BY aq.attempt_id, aq.position
        """)
      try given.bind([stored.rowID])
      try given.forEachRow { row in
        guard let position = index[row.int64(0)] else { return }
        if attempts[position].given == nil { attempts[position].given = [] }
        attempts[position].given?.append(row.string(1))
      }
      return attempts.compactMap { QuizRepository.keepingAnswersTheQuizTakes($0, quiz: stored.quiz, warn: warn) }
    }
  }
}
