import Foundation
import Locking
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

/// Many takers at once on the same quiz, each through a connection of its own (as the server's
/// threads, or several server processes, have): every sign-in and every answer is kept.
@Suite struct ServedConcurrencyTests {
  @Test func takersSigningInAndAnsweringAtOnceLoseNothing() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("quiz.sqlite")
    let spelledOtherwise = directory.url.path + "/./quiz.sqlite"
    let setup = try QuizRepository.open(at: path)
    try setup.saveQuiz(ServedAttemptTests.exam)
    let takers = 8
    let failures = Locked<[String]>([])
    let tokens = Locked<[String: String]>([:])
    DispatchQueue.concurrentPerform(iterations: takers) { index in
      do {
        // Two spellings of the path: two write gates, so that writers also meet in SQLite's
        // lock, as those of two server processes do.
        let repository = try QuizRepository.open(at: index.isMultiple(of: 2) ? path : spelledOtherwise)
        let taker = "taker-\(index)"
        let attempt = try repository.signIn(
          quiz: "exam", taker: taker, timeLimit: 3600, now: ServedAttemptTests.t0
        ).attempt
        tokens.withLock { $0[taker] = attempt.token }
        for question in attempt.questions {
          _ = try repository.saveServedAnswer(
            token: attempt.token, answer: ServedAttemptTests.rightAnswer(to: question), lockAnswered: false,
            now: ServedAttemptTests.at(10))
          // And again: an update racing the others' inserts.
          _ = try repository.saveServedAnswer(
            token: attempt.token, answer: ServedAttemptTests.rightAnswer(to: question), lockAnswered: false,
            now: ServedAttemptTests.at(11))
        }
        // Half of them sign in again meanwhile and then submit.
        if index.isMultiple(of: 2) {
          guard
            case .resumed(let again) = try repository.signIn(
              quiz: "exam", taker: taker, timeLimit: 3600, now: ServedAttemptTests.at(12))
          else { throw RepositoryError.refused("\(taker) was not resumed") }
          _ = try repository.submitServedAttempt(token: again.token, now: ServedAttemptTests.at(13))
        }
      } catch {
        failures.withLock { $0.append("taker \(index): \(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let summaries = try setup.servedAttemptSummaries(quizzes: ["exam"])
    #expect(summaries.count == takers)
    #expect(Set(summaries.map(\.taker)).count == takers)
    #expect(summaries.allSatisfy { $0.answered == 4 && $0.questions == 4 && $0.score == 5 && $0.maxScore == 5 })
    #expect(summaries.filter(\.submitted).count == takers / 2)
    #expect(Set(tokens.withLock { Array($0.values) }).count == takers)
    let recorded = try setup.attemptSummaries(AttemptFilter(quiz: "exam"))
    #expect(recorded.count == takers / 2 && recorded.allSatisfy { $0.score == 5 })
    // One sign-in, eight answers, and for half a second sign-in and a submission, each logged.
    let changes = try setup.changeLogEntries(after: 0).filter { $0.entity != "quiz" && $0.entity != "section" }
    #expect(changes.filter { $0.entity == "taker" }.count == takers + takers / 2)
    #expect(changes.filter { $0.entity == "answer" }.count == takers * 8)
    #expect(changes.filter { $0.entity == "attempt" }.count == takers / 2)
    #expect(try setup.check().allSatisfy { $0.violations.isEmpty })
  }
}

/// Migration 0011 on a database of schema 10 that holds a change log: the log is rebuilt with
/// every row and its sequence, and takes the new entities.
@Suite struct ServedMigrationTests {
  @Test func theChangeLogKeepsItsRowsAndSequenceAndTakesTakersAndAnswers() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("quiz.sqlite")
    do {
      let database = try Database(path: path)
      try database.enableWAL()
      try Migrator(migrations: Array(QuizRepository.migrations.prefix(10))).migrate(database)
      for index in 1...5 {
        try database.execute(
          "INSERT INTO change_log (changed_at, entity, operation, quiz, detail) VALUES (?, 'quiz', 'insert', 'geo', ?)",
          ["2026-01-01T00:00:0\(index)Z", "{\"n\":\(index)}"])
      }
      // Compacted away, yet the sequence must go on from 5.
      try database.execute("DELETE FROM change_log WHERE seq = 5")
      #expect(throws: DatabaseError.self) {
        try database.execute(
          "INSERT INTO change_log (changed_at, entity, operation, quiz) VALUES ('x', 'taker', 'insert', 'geo')")
      }
    }
    let repository = try QuizRepository.open(at: path)
    #expect(try repository.schemaVersion() == QuizRepository.migrations.count)
    let kept = try repository.changeLogEntries(after: 0)
    #expect(kept.map(\.sequence) == [1, 2, 3, 4])
    #expect(kept.map(\.detail) == ["{\"n\":1}", "{\"n\":2}", "{\"n\":3}", "{\"n\":4}"])
    try repository.saveQuiz(ServedAttemptTests.exam)
    _ = try repository.signIn(quiz: "exam", taker: "ann", timeLimit: nil, now: ServedAttemptTests.t0)
    let added = try repository.changeLogEntries(after: 4)
    #expect(added.first?.sequence == 6)
    #expect(added.last?.entity == "taker")
    let database = repository.database
    #expect(throws: DatabaseError.self) {
      try database.execute(
        "INSERT INTO change_log (changed_at, entity, operation, quiz) VALUES ('x', 'nonsense', 'insert', 'geo')")
    }
    // The served tables' CHECKs: a token must be 32 hex digits, one attempt per quiz and taker.
    #expect(throws: DatabaseError.self) { try database.execute("UPDATE served_attempts SET token = 'short'") }
    #expect(throws: DatabaseError.self) {
      try database.execute(
        """
        INSERT INTO served_attempts (token, csrf, quiz_id, taker, started_at, started_unix, seed, records_given)
        SELECT ?, csrf, quiz_id, taker, started_at, started_unix, seed, records_given FROM served_attempts
        """, [String(repeating: "a", count: 32)])
    }
    #expect(throws: DatabaseError.self) { try database.execute("UPDATE served_attempts SET expired = 1") }
    #expect(throws: DatabaseError.self) { try database.execute("UPDATE served_questions SET shown_order = '[1]'") }
    #expect(try database.fetchAll("PRAGMA foreign_key_check", [], { $0.string(0) }).isEmpty)
  }
}
