import Foundation
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

/// A served attempt's progress kept on its row (migrations/0013_served_progress.sql): each save
/// changes it in its own transaction, the change log's detail reports it, `check()` compares
/// it with the rows, and the migration fills it in for the attempts already in a database.
@Suite struct ServedProgressTests {
  /// The progress as the attempt's rows count it.
  static func counted(_ repository: QuizRepository, token: String) throws -> ServedProgress? {
    try repository.database.fetchOne(
      """
      SELECT (SELECT count(*) FROM served_questions g JOIN question_versions v ON v.id = g.version_id
          WHERE g.served_id = s.id AND v.kind <> 'description'),
        (SELECT count(*) FROM served_answers WHERE served_id = s.id),
        (SELECT total(score) FROM served_answers WHERE served_id = s.id)
      FROM served_attempts s WHERE s.token = ?
      """, [token]
    ) { ServedProgress(questions: $0.int(0), answered: $0.int(1), score: $0.double(2)) }
  }

  static func kept(_ repository: QuizRepository, token: String) throws -> ServedProgress? {
    try repository.database.fetchOne(
      "SELECT question_count, answered_count, answered_score FROM served_attempts WHERE token = ?", [token]
    ) { ServedProgress(questions: $0.int(0), answered: $0.int(1), score: $0.double(2)) }
  }

  /// One stem of three matched right: 2/3 of the question's 2 points under partial scoring.
  static func oneThirdRight(_ question: ServedQuestion) -> Answer {
    guard case .matching(let matching) = question.question.body, let pair = matching.pairs.first else {
      return ServedAttemptTests.rightAnswer(to: question)
    }
    return Answer(question: question.question.id, response: .matched([StemMatch(stem: pair.id, answer: pair.answer)]))
  }

  @Test func everySaveKeepsTheProgressItsRowsCountAndLogsIt() throws {
    let fixture = try ServedAttemptTests()
    let attempt = try fixture.startedAttempt()
    let repository = fixture.repository
    #expect(try Self.kept(repository, token: attempt.token) == ServedProgress(questions: 4, answered: 0, score: 0))
    let matching = try #require(attempt.question("m"))
    // First answers, a change to a lower and a higher score, and the same answer again.
    var steps = attempt.questions.map { ServedAttemptTests.rightAnswer(to: $0) }
    steps += [Self.oneThirdRight(matching), ServedAttemptTests.rightAnswer(to: matching), Self.oneThirdRight(matching)]
    steps += Array(repeating: Self.oneThirdRight(matching), count: 2)
    for (index, answer) in steps.enumerated() {
      _ = try fixture.save(attempt.token, answer, at: ServedAttemptTests.at(Double(index + 1)))
      let kept = try #require(try Self.kept(repository, token: attempt.token))
      let counted = try #require(try Self.counted(repository, token: attempt.token))
      #expect(kept.questions == counted.questions && kept.answered == counted.answered, "after save \(index)")
      #expect(abs(kept.score - counted.score) < 1e-6, "after save \(index): \(kept.score) vs \(counted.score)")
    }
    // Every question answered, the matching one with one pair of three right (2/3 of its 2
    // points), the others right (3 points).
    let last = try #require(try repository.changeLogEntries(after: 0).last)
    #expect(last.entity == "answer" && last.operation == "update" && last.item == "m")
    let detail = try #require(
      try JSONSerialization.jsonObject(with: Data((last.detail ?? "").utf8)) as? [String: Any])
    #expect(detail["taker"] as? String == "ann")
    #expect(detail["answered"] as? Int == 4 && detail["questions"] as? Int == 4)
    #expect(abs((detail["score"] as? Double ?? 0) - (3 + 2.0 / 3)) < 1e-9, "\(detail)")
    #expect(try repository.check().allSatisfy { $0.violations.isEmpty })
  }

  @Test func checkSaysWhichAttemptsProgressDisagreesWithItsRows() throws {
    let fixture = try ServedAttemptTests()
    let attempt = try fixture.startedAttempt()
    _ = try fixture.save(attempt.token, ServedAttemptTests.rightAnswer(to: attempt.questions[0]))
    try fixture.repository.database.execute("UPDATE served_attempts SET answered_count = 2")
    let progress = try #require(try fixture.repository.check().first { $0.name == "served attempts' progress" })
    #expect(progress.violations.count == 1)
    #expect(progress.violations.first?.contains("served attempt of ann in quiz exam: kept progress 2/4") == true)
  }

  /// A question an attempt in progress was given is retired, not deleted, like one a recorded
  /// attempt was given; purged, it leaves the attempt with its progress counted again.
  @Test(arguments: [false, true])
  func removingAQuestionAnAttemptInProgressWasGivenKeepsItsProgressRight(purge: Bool) throws {
    let fixture = try ServedAttemptTests()
    let attempt = try fixture.startedAttempt()
    let repository = fixture.repository
    for question in attempt.questions {
      _ = try fixture.save(attempt.token, ServedAttemptTests.rightAnswer(to: question))
    }
    let outcome = try repository.removeQuestion("s", fromQuiz: "exam", purge: purge)
    #expect(outcome == (purge ? .deleted : .retired))
    #expect(
      try Self.kept(repository, token: attempt.token)
        == (purge
          ? ServedProgress(questions: 3, answered: 3, score: 4) : ServedProgress(questions: 4, answered: 4, score: 5)))
    #expect(try repository.check().allSatisfy { $0.violations.isEmpty })
  }

  /// Rows deleted some other way (the `sqlite3` CLI here) leave the attempt counted again.
  @Test func answersDeletedByHandLeaveTheProgressCounted() throws {
    let fixture = try ServedAttemptTests()
    let attempt = try fixture.startedAttempt()
    for question in attempt.questions {
      _ = try fixture.save(attempt.token, ServedAttemptTests.rightAnswer(to: question))
    }
    let database = fixture.repository.database
    try database.execute(
      "DELETE FROM served_answers WHERE version_id = (SELECT max(version_id) FROM served_answers)")
    let kept = try #require(try Self.kept(fixture.repository, token: attempt.token))
    let counted = try Self.counted(fixture.repository, token: attempt.token)
    #expect(kept.answered == 3 && kept == counted)
    #expect(try fixture.repository.check().allSatisfy { $0.violations.isEmpty })
  }

  /// Scores off any decimal grid (1/3 of a point) neither drift as answers come nor as they
  /// change: the kept sum stays what summing the rows gives.
  @Test func keptScoresDoNotDrift() {
    var progress = ServedProgress(questions: 60, answered: 0, score: 0)
    for _ in 0..<60 { progress = progress.replacing(nil, with: 1.0 / 3) }
    #expect(progress.answered == 60 && abs(progress.score - 20) < 1e-9, "\(progress.score)")
    for _ in 0..<1000 { progress = progress.replacing(1.0 / 3, with: 0.2).replacing(0.2, with: 1.0 / 3) }
    #expect(progress.answered == 60 && abs(progress.score - 20) < 1e-9, "\(progress.score)")
  }

  /// A database of schema 12 with served attempts and answers in it: opened by this binary, the
  /// migration counts every attempt's progress from its rows.
  @Test func theMigrationCountsTheProgressOfAttemptsAlreadyThere() throws {
    let directory = try TemporaryDirectory()
    let current = directory.path("current.sqlite")
    var tokens: [String] = []
    do {
      let repository = try QuizRepository.open(at: current)
      try repository.saveQuiz(ServedAttemptTests.exam)
      for taker in ["ann", "bob", "cy"] {
        let attempt = try repository.signIn(
          quiz: "exam", taker: taker, timeLimit: nil, now: ServedAttemptTests.t0
        ).attempt
        tokens.append(attempt.token)
        for question in attempt.questions.prefix(tokens.count) {
          _ = try repository.saveServedAnswer(
            token: attempt.token, answer: Self.oneThirdRight(question), lockAnswered: false,
            now: ServedAttemptTests.at(1))
        }
      }
    }
    let old = directory.path("old.sqlite")
    try Self.copy(current, toSchema: 12, at: old)
    let repository = try QuizRepository.open(at: old)
    #expect(try repository.schemaVersion() == QuizRepository.migrations.count)
    for (index, token) in tokens.enumerated() {
      let kept = try #require(try Self.kept(repository, token: token))
      #expect(kept.questions == 4 && kept.answered == index + 1)
      #expect(kept == (try Self.counted(repository, token: token)))
    }
    #expect(try repository.check().allSatisfy { $0.violations.isEmpty })
  }

  /// A database of schema 16, whose attempts counted a description as a question: opened by
  /// this binary, the migration (0017) counts only the questions that take an answer, and a
  /// question deleted afterwards is recounted so.
  @Test func theMigrationStopsCountingDescriptions() throws {
    let directory = try TemporaryDirectory()
    let current = directory.path("current.sqlite")
    let intro = Question(id: "intro", prompt: "Read this first.", points: 0, body: .description)
    let quiz = Quiz(
      id: "read", title: "Read",
      sections: [Section(questions: [intro, Fixtures.question("q1"), Fixtures.question("q2")])])
    var token = ""
    do {
      let repository = try QuizRepository.open(at: current)
      try repository.saveQuiz(quiz)
      token = try repository.signIn(quiz: "read", taker: "ann", timeLimit: nil, now: ServedAttemptTests.t0).attempt
        .token
    }
    let old = directory.path("old.sqlite")
    try Self.copy(current, toSchema: 16, at: old)
    try Database(path: old).execute("UPDATE served_attempts SET question_count = 3")
    let repository = try QuizRepository.open(at: old)
    #expect(try Self.kept(repository, token: token)?.questions == 2)
    #expect(try repository.check().allSatisfy { $0.violations.isEmpty })
    try repository.database.execute(
      "DELETE FROM served_questions WHERE version_id IN (SELECT id FROM question_versions WHERE kind = 'choice') AND position = 2"
    )
    #expect(try Self.kept(repository, token: token)?.questions == 1)
  }

  /// Copies every row of the database at `path` into a new database of schema `version`,
  /// column by column as that schema has them.
  static func copy(_ path: String, toSchema version: Int, at target: String) throws {
    let database = try Database(path: target)
    try database.enableWAL()
    try Migrator(migrations: Array(QuizRepository.migrations.prefix(version))).migrate(database)
    try database.execute("ATTACH DATABASE ? AS source", [path])
    try database.execute("PRAGMA foreign_keys = OFF")
    let tables = try database.fetchAll(
      """
      SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
        AND name NOT LIKE 'search\\_%' ESCAPE '\\' AND name <> 'schema_migrations'
      """
    ) { $0.string(0) }
    try database.write { database in
      for table in tables {
        let columns = try database.fetchAll("SELECT name FROM pragma_table_info(?)", [table]) { "\"\($0.string(0))\"" }
          .joined(separator: ", ")
        try database.execute("DELETE FROM main.\"\(table)\"")
        try database.execute("INSERT INTO main.\"\(table)\" (\(columns)) SELECT \(columns) FROM source.\"\(table)\"")
      }
    }
  }
}

/// The change log of a batch of writes (the write gate's) is written at its end, in the order
/// logged, with consecutive numbers; a write of the batch that fails leaves none of its rows.
@Suite struct BufferedChangeLogTests {
  struct Failed: Error {}

  /// SQLite rolls a whole transaction back on a full disk or an I/O error; a write here ends
  /// it the same way. The rows the writes before it logged must not be written on their own.
  @Test func aBatchWhoseTransactionWasLostLogsNothing() throws {
    let directory = try TemporaryDirectory()
    let repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    let before = try repository.latestSequence()
    let losing = PendingWrite<Int>(
      { repository in
        try repository.database.execute("ROLLBACK TRANSACTION")
        return 0
      }, completion: nil)
    let writes = [Self.logging(["a"]), losing, Self.logging(["b"])]
    WriteGate.commit(writes.map { $0 as any GroupedWrite }, on: repository)
    #expect(writes.allSatisfy { if case .failure = $0.outcome { true } else { false } })
    #expect(try repository.changeLogEntries(after: before).isEmpty)
    #expect(!repository.database.isInTransaction)
  }

  static func logging(_ quizzes: [String], thenFails: Bool = false) -> PendingWrite<Int> {
    PendingWrite(
      { repository in
        for quiz in quizzes { try repository.logChange(.quiz, .update, quiz: quiz, at: ServedAttemptTests.t0) }
        if thenFails { throw Failed() }
        return quizzes.count
      }, completion: nil)
  }

  @Test func aBatchLogsInOrderWithConsecutiveNumbersAndAFailedWriteLogsNothing() throws {
    let directory = try TemporaryDirectory()
    let repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    let before = try repository.latestSequence()
    // More rows than one statement inserts, around a write that logs two and fails.
    let names = (0..<40).map { "q\($0)" }
    var writes = names.prefix(20).map { Self.logging([$0]) }
    writes.append(Self.logging(["failed-1", "failed-2"], thenFails: true))
    writes += names.dropFirst(20).map { Self.logging([$0]) }
    WriteGate.commit(writes.map { $0 as any GroupedWrite }, on: repository)
    #expect(writes.filter { if case .failure = $0.outcome { true } else { false } }.count == 1)
    let logged = try repository.changeLogEntries(after: before)
    #expect(logged.map(\.quiz) == names)
    #expect(logged.map(\.sequence) == Array((before + 1)...(before + 40)))
  }

  @Test func aBatchThatPassesAThousandthEntryCapsTheLog() throws {
    let directory = try TemporaryDirectory()
    let repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    WriteGate.commit([Self.logging(["old-1", "old-2"])], on: repository)
    // The next numbers run from cap + 995: the batch passes cap + 1,000, and the log keeps
    // the newest `changeLogCap` entries, so the two old ones (numbered 1,000 and below) go.
    let cap = QuizRepository.changeLogCap
    try repository.database.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'change_log'", [cap + 994])
    WriteGate.commit((0..<10).map { Self.logging(["new-\($0)"]) }, on: repository)
    let kept = try repository.changeLogEntries(after: 0)
    #expect(kept.map(\.quiz) == (0..<10).map { "new-\($0)" })
    #expect(kept.first?.sequence == cap + 995)
  }
}
