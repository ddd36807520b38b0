import QuizBankFormat
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

/// A quiz ready to receive attempts: its content and the version row of each question, and
/// the other versions that attempts carrying history named, as they are looked up.
final class AttemptTarget {
  let stored: StoredQuiz
  let quiz: Quiz
  let quizRow: Int64
  let versionRows: [String: Int64]
  /// Question id → the row of the question the quiz shows under it.
  let identities: [String: Int64]
  /// Question id → the row of another bank's question the quiz does not show that the quiz's
  /// imported history named (a slot since removed, a drawn question since moved or retired).
  let carried: [String: CarriedQuestion]
  /// Question → what the attempt being recorded says a slot made it worth (its `points`).
  let points: [String: Double]
  let questions: [String: Question]
  /// "id#number" → that version, or nil when the quiz has none.
  var versions: [String: StoredVersion?] = [:]

  init(_ stored: StoredQuiz, carried: [String: CarriedQuestion] = [:], points: [String: Double] = [:]) {
    var stored = stored
    stored.quiz = stored.quiz.worth(points)
    self.stored = stored
    self.carried = carried
    self.points = points
    quiz = stored.quiz
    quizRow = stored.rowID
    versionRows = stored.questionRows.mapValues(\.version)
    identities = stored.questionRows.mapValues(\.identity)
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
    // Random slots: the attempt is checked and scored against the questions it says it drew.
    var target = target
    if target.quiz.hasRandomSlots {
      guard let given = attempt.given else {
        problems.append(
          Problem(
            path: path,
            message: "quiz \"\(attempt.quiz)\" draws questions per attempt (random slots): the attempt must say "
              + "which it was given (\"given\")"))
        return nil
      }
      let (filled, found) = try givenQuiz(target.stored, given: given, path: path, carried: target.carried)
      guard found.isEmpty else {
        problems += found
        return nil
      }
      target = AttemptTarget(filled, carried: target.carried)
    }
    if !attempt.points.isEmpty {
      target = AttemptTarget(target.stored, carried: target.carried, points: attempt.points)
    }
    // A slot that sets a question's points sets them for this attempt: it records what it was
    // given, with those points, so that they hold after the slot changes or goes.
    var attempt = attempt
    if attempt.given == nil && target.quiz.questions.contains(where: { $0.slot?.points != nil }) {
      attempt.given = target.quiz.questions.map(\.id)
    }
    var view: AttemptView?
    if attempt.carriesHistory {
      let (made, found) = AttemptView.make(for: attempt, quiz: target.quiz, path: path) { id, number in
        ((try? self.version(id, number, of: target))?.question).map { $0.worth(target.points[id]) }
      }
      guard let made else {
        problems += found
        return nil
      }
      view = made
    }
    let found = QuizBankValidator.attemptProblems(attempt, quiz: view?.answered ?? target.quiz, path: path)
    guard found.isEmpty else {
      problems += found
      return nil
    }
    // A taker's name is kept in NFC, as `quiz serve` keeps it: "José" typed with a combining
    // accent is the "José" typed with "é" (grade, take and import record through here).
    attempt.taker = attempt.taker.nfc
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
    // Validated above: every answer names a question of the quiz (or of its history).
    let scored = view?.score(attempt) ?? Scoring.score(attempt, in: target.quiz)
    try insertAttempt(scored, target: target, submittedGiven: submittedGiven)
    return .added(scored)
  }

  /// Version `number` of question `id` of the target's quiz, looked up once per import.
  func version(_ id: String, _ number: Int, of target: AttemptTarget) throws -> StoredVersion? {
    let key = "\(id)#\(number)"
    if let known = target.versions[key] { return known }
    let found = try storedVersion(
      quizRow: target.quizRow, question: id, number: number,
      identity: target.identities[id] ?? target.carried[id]?.identity)
    target.versions[key] = .some(found)
    return found
  }

  /// The version row an attempt's answer to (or draw of) question `id` is pinned to.
  private func pinnedRow(_ id: String, numbers: [String: Int], target: AttemptTarget) throws -> Int64? {
    guard let number = numbers[id] else { return target.versionRows[id] }
    return try version(id, number, of: target)?.row
  }

  private func insertAttempt(_ scored: ScoredAttempt, target: AttemptTarget, submittedGiven: Bool) throws {
    let attempt = scored.attempt
    let statement = try database.cachedStatement(
      """
      INSERT INTO attempts (uid, quiz_id, taker, started_at, started_unix, submitted_at, submitted_unix,
        submitted_given, score, max_score, scoring, max_carried)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
    try statement.bind((attempt.scoring ?? target.quiz.defaultScoring).rawValue, at: 11)
    try statement.bind(attempt.maxScore != nil, at: 12)
    try statement.executeBound()
    let attemptRow = database.lastInsertedRowID

    let answer = try database.cachedStatement(
      """
      INSERT INTO answers (attempt_id, version_id, selected, score, scored_version_id, response, response_unit)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """)
    for (index, item) in attempt.answers.enumerated() {
      guard let versionRow = try pinnedRow(item.question, numbers: attempt.versions, target: target) else { continue }
      let scoredRow = try attempt.scoredVersions[item.question].flatMap {
        try version(item.question, $0, of: target)?.row
      }
      answer.reset()
      try answer.bind(attemptRow, at: 1)
      try answer.bind(versionRow, at: 2)
      let columns = QuestionRows.columns(of: item.response)
      try answer.bind(columns.selected, at: 3)
      try answer.bind(scored.answerScores[index], at: 4)
      try answer.bind(scoredRow.flatMap { $0 == versionRow ? nil : DatabaseValue.integer($0) } ?? .null, at: 5)
      try answer.bind(columns.response, at: 6)
      try answer.bind(columns.unit, at: 7)
      try answer.executeBound()
      if let mark = item.mark {
        try insertMark(mark, attemptRow: attemptRow, versionRow: versionRow, at: now())
      }
    }
    guard let given = attempt.given else { return }
    let question = try database.cachedStatement(
      "INSERT INTO attempt_questions (attempt_id, position, version_id, points) VALUES (?, ?, ?, ?)")
    for (position, id) in given.enumerated() {
      guard let versionRow = try pinnedRow(id, numbers: attempt.versions, target: target) else { continue }
      question.reset()
      try question.bind(attemptRow, at: 1)
      try question.bind(Int64(position), at: 2)
      try question.bind(versionRow, at: 3)
      // What a slot made it worth in this attempt.
      try question.bind(target.points[id] ?? target.questions[id]?.slot?.points, at: 4)
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
      // A time filled in at import and written out by an export is the same time: the
      // attempt's own export imports back as "already recorded".
      guard submitted.text == attempt.submittedAt?.text else { return false }
    } else if submittedGiven {
      return false
    }
    let mine = Dictionary(attempt.answers.map { ($0.question, $0.response) }, uniquingKeysWith: { a, _ in a })
    let theirs = Dictionary(other.answers.map { ($0.question, $0.response) }, uniquingKeysWith: { a, _ in a })
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
      SELECT q.slug, \(QuestionRows.responseColumns) FROM answers an
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      WHERE an.attempt_id = ?
      """, [header.0]
    ) { row in Answer(question: row.string(0), response: QuestionRows.response(row, at: 1)) }
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

  static func splitSelection(_ text: String) -> [String] {
    text.isEmpty ? [] : text.split(separator: ",").map(String.init)
  }

  /// The attempts at the quiz in the order they were recorded, whole: every answer (to retired
  /// questions and earlier versions too) and the `given` list, with the numbers of the versions
  /// they were given and scored against where the quiz does not show them (`history` holds
  /// those versions), the rule they were scored under when it is not the quiz's, and the
  /// recorded maximum when it is not what their questions add up to. Nothing is left out.
  func attemptsForExport(ofQuiz stored: StoredQuiz, history exported: ExportedHistory?) throws -> [Attempt] {
    return try read { _ in
      var attempts: [Attempt] = []
      var recorded: [(rule: String?, max: Double, fixed: Bool)] = []
      var index: [Int64: Int] = [:]
      let headers = try database.cachedStatement(
        """
        SELECT id, uid, taker, started_at, submitted_at, scoring, max_score,
          max_carried = 1 OR EXISTS (SELECT 1 FROM attempt_regrades r WHERE r.attempt_id = attempts.id)
        FROM attempts WHERE quiz_id = ? ORDER BY id
        """)
      try headers.bind([stored.rowID])
      try headers.forEachRow { row in
        index[row.int64(0)] = attempts.count
        attempts.append(
          Attempt(
            id: row.string(1), quiz: stored.quiz.id, taker: row.string(2),
            startedAt: row.optionalString(3).flatMap(Timestamp.init), submittedAt: Timestamp(row.string(4)),
            answers: []))
        recorded.append((row.optionalString(5), row.double(6), row.bool(7)))
      }
      let names = exported?.names ?? AttemptNames()
      try readExportedAnswers(into: &attempts, index: index, stored: stored, names: names)
      try readExportedGivenLists(into: &attempts, index: index, stored: stored, names: names)
      let resolver = HistoryResolver(stored: stored, exported: exported)
      for i in attempts.indices {
        attempts[i].scoring = recorded[i].rule.flatMap(ScoringRule.init).flatMap {
          $0 == stored.quiz.defaultScoring ? nil : $0
        }
        // A maximum a regrade set (or an export carried) is history of its own: carried as it is.
        if recorded[i].fixed || needsRecordedMaximum(attempts[i], recorded: recorded[i].max, resolver: resolver) {
          attempts[i].maxScore = recorded[i].max
        }
      }
      return attempts
    }
  }

  /// Whether the maximum an import would compute for `attempt` differs from the recorded one, or
  /// its `given` list no longer fits the quiz's picks: then the export carries `max_score`.
  private func needsRecordedMaximum(_ attempt: Attempt, recorded: Double, resolver: HistoryResolver) -> Bool {
    let (view, problems) = AttemptView.make(for: attempt, quiz: resolver.stored.quiz.worth(attempt.points), path: "$") {
      id, number in resolver.version(id, number).map { $0.worth(attempt.points[id]) }
    }
    guard let view, problems.isEmpty else { return true }
    if abs(view.computedMaxScore(given: attempt.given) - recorded) > 1e-9 { return true }
    return !QuizBankValidator.attemptProblems(attempt, quiz: view.answered, path: "$").isEmpty
  }

  private func readExportedAnswers(
    into attempts: inout [Attempt], index: [Int64: Int], stored: StoredQuiz, names: AttemptNames
  ) throws {
    var order: [String: Int] = [:]
    for (position, question) in stored.quiz.questions.enumerated() { order[question.id] = position }
    let marks = try latestMarks(ofQuiz: stored.rowID)
    let answers = try database.cachedStatement(
      """
      SELECT an.attempt_id, q.slug, v.version, q.id, sv.version,
        \(QuestionRows.responseColumns), an.version_id,
        CASE WHEN q.quiz_id IS a.quiz_id THEN NULL ELSE b.slug END, b.removed_at IS NOT NULL
      FROM attempts a
      JOIN answers an ON an.attempt_id = a.id
      JOIN question_versions v ON v.id = an.version_id JOIN questions q ON q.id = v.question_id
      JOIN banks b ON b.id = q.bank_id
      LEFT JOIN question_versions sv ON sv.id = an.scored_version_id
      WHERE a.quiz_id = ?
      """)
    try answers.bind([stored.rowID])
    try answers.forEachRow { row in
      guard let position = index[row.int64(0)] else { return }
      let slug = row.string(1)
      let id = names.name(slug, bank: row.optionalString(10), removed: row.bool(11))
      let mark = marks[MarkKey(attempt: row.int64(0), version: row.int64(9))]?.mark
      attempts[position].answers.append(Answer(question: id, response: QuestionRows.response(row, at: 5), mark: mark))
      let number = row.int(2)
      if !stored.shows(question: row.int64(3), id: slug, version: number) { attempts[position].versions[id] = number }
      if !row.isNull(4), row.int(4) != number { attempts[position].scoredVersions[id] = row.int(4) }
    }
    for i in attempts.indices {
      // Quiz order, then retired questions by id.
      attempts[i].answers.sort {
        (order[$0.question] ?? .max, $0.question) < (order[$1.question] ?? .max, $1.question)
      }
    }
  }

  private func readExportedGivenLists(
    into attempts: inout [Attempt], index: [Int64: Int], stored: StoredQuiz, names: AttemptNames
  ) throws {
    let given = try database.cachedStatement(
      """
      SELECT aq.attempt_id, q.slug, v.version, q.id,
        CASE WHEN q.quiz_id IS a.quiz_id THEN NULL ELSE b.slug END, b.removed_at IS NOT NULL, aq.points, b.slug
      FROM attempts a
      JOIN attempt_questions aq ON aq.attempt_id = a.id
      JOIN question_versions v ON v.id = aq.version_id JOIN questions q ON q.id = v.question_id
      JOIN banks b ON b.id = q.bank_id
      WHERE a.quiz_id = ?
      ORDER BY aq.attempt_id, aq.position
      """)
    try given.bind([stored.rowID])
    // What the quiz gives a question now: its points where it shows it, the points of its random
    // slots drawing from a bank.
    var shownPoints: [String: Double] = [:]
    for question in stored.quiz.questions { shownPoints[question.id] = question.points }
    var drawnPoints: [String: Set<Double>] = [:]
    for section in stored.quiz.sections {
      for placed in section.random { drawnPoints[placed.slot.bank, default: []].insert(placed.slot.pointsEach) }
    }
    try given.forEachRow { row in
      guard let position = index[row.int64(0)] else { return }
      let slug = row.string(1)
      let id = names.name(slug, bank: row.optionalString(4), removed: row.bool(5))
      if attempts[position].given == nil { attempts[position].given = [] }
      attempts[position].given?.append(id)
      if !stored.shows(question: row.int64(3), id: slug, version: row.int(2)) {
        attempts[position].versions[id] = row.int(2)
      }
      // Points a slot gave that the quiz would not give now (the slot changed or went).
      if !row.isNull(6) {
        let points = row.double(6)
        let now: Set<Double> =
          stored.questionRows[slug]?.identity == row.int64(3)
          ? Set(shownPoints[slug].map { [$0] } ?? []) : drawnPoints[row.string(7)] ?? []
        if now != [points] { attempts[position].points[id] = points }
      }
    }
  }
}

/// Finds a version by question and number among what an export shows: the quiz's current
/// questions and the versions its history carries.
struct HistoryResolver {
  let stored: StoredQuiz
  /// "id#number" → that version: the quiz's current questions and the carried ones.
  private var versions: [String: Question] = [:]

  init(stored: StoredQuiz, exported: ExportedHistory?) {
    self.stored = stored
    for question in stored.quiz.questions {
      versions["\(question.id)#\(stored.versions[question.id] ?? 1)"] = question
    }
    let names = exported?.names ?? AttemptNames()
    for version in exported?.history?.versions ?? [] {
      var question = version.question
      question.id = names.name(question.id, bank: version.bank)
      versions["\(question.id)#\(version.number)"] = question
    }
    for (key, question) in exported?.carriedByBanks ?? [:] {
      var named = question
      named.id = String(key.prefix { $0 != "#" })
      versions[key] = named
    }
  }

  func version(_ id: String, _ number: Int) -> Question? { versions["\(id)#\(number)"] }
}

// MARK: - Points an attempt records

extension Question {
  /// The question worth `points` when given (a slot's points too: they are what a version it
  /// gives is worth), else as it is.
  func worth(_ points: Double?) -> Question {
    guard let points else { return self }
    var question = self
    question.points = points
    question.slot?.points = points
    return question
  }
}

extension Quiz {
  /// The quiz with each question `points` names worth what it says (an attempt's `points`).
  func worth(_ points: [String: Double]) -> Quiz {
    guard !points.isEmpty else { return self }
    var quiz = self
    for s in quiz.sections.indices {
      quiz.sections[s].questions = quiz.sections[s].questions.map { $0.worth(points[$0.id]) }
    }
    return quiz
  }
}
