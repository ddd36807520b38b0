import Foundation
import QuizBankFormat
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

@Suite struct ObservationTests {
  let directory: TemporaryDirectory
  let repository: QuizRepository

  init() throws {
    directory = try TemporaryDirectory()
    repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
  }

  struct Failure: Error {}

  @Test func valuesFollowInsertUpdateRetireAndDelete() async throws {
    var values = repository.observe { try $0.storedQuiz("geo")?.versions }.makeAsyncIterator()
    #expect(try await values.next() == .some(nil))
    try repository.saveQuiz(Fixtures.quiz())
    #expect(try await values.next() == ["q1": 1, "q2": 1])
    try repository.updateQuiz("geo") { $0.sections[0].questions[0].prompt = "New?" }
    #expect(try await values.next() == ["q1": 2, "q2": 1])
    _ = try repository.importDocuments([
      ImportSource(
        name: "a", document: QuizBankDocument(quizzes: [], attempts: [Fixtures.attempt("a1", ["q1": ["a"]])]))
    ])
    #expect(try repository.removeQuestion("q1", fromQuiz: "geo") == .retired)
    #expect(try await values.next() == ["q2": 1])
    #expect(try repository.removeQuestion("q2", fromQuiz: "geo") == .deleted)
    #expect(try await values.next() == [:])
  }

  @Test func equalValuesAndUnrelatedTablesEmitNothing() async throws {
    try repository.saveQuiz(Fixtures.quiz())
    var titles = repository.observe { try $0.quizSummaries().map(\.title) }.makeAsyncIterator()
    #expect(try await titles.next() == ["Quiz geo"])
    // A new version changes questions, not titles: no new value.
    try repository.updateQuiz("geo") { $0.sections[0].questions[0].prompt = "New?" }
    try repository.saveQuiz(Fixtures.quiz("hist"))
    #expect(try await titles.next() == ["Quiz geo", "Quiz hist"])
  }

  @Test func aRolledBackTransactionEmitsNothing() async throws {
    var count = repository.observe { db in
      try db.database.fetchOne("SELECT count(*) FROM quizzes", [], { $0.int(0) }) ?? 0
    }.makeAsyncIterator()
    #expect(try await count.next() == 0)
    #expect(throws: Failure.self) {
      try repository.database.inTransaction {
        _ = try repository.writeQuiz(Fixtures.quiz("gone"), existing: nil, at: Timestamp(unixSeconds: 0))
        throw Failure()
      }
    }
    try repository.saveQuiz(Fixtures.quiz("kept"))
    #expect(try await count.next() == 1)
  }

  @Test func aRolledBackSavepointEmitsNothingForItsPart() async throws {
    try repository.saveQuiz(Fixtures.quiz())
    final class Counter: @unchecked Sendable { var fetches = 0 }
    let counter = Counter()
    var tags = repository.observe { db -> Int in
      counter.fetches += 1
      return try db.database.fetchOne("SELECT count(*) FROM question_tags", [], { $0.int(0) }) ?? 0
    }.makeAsyncIterator()
    #expect(try await tags.next() == 0)
    try repository.database.inTransaction {
      #expect(throws: Failure.self) {
        try repository.database.inSavepoint {
          try repository.database.execute(
            "INSERT INTO question_tags (question_id, position, tag) SELECT id, 0, 'x' FROM questions")
          throw Failure()
        }
      }
      try repository.database.execute("UPDATE quizzes SET title = 'Renamed'")
    }
    // Only the quizzes table changed: the tags observation did not even refetch.
    #expect(counter.fetches == 1)
    try repository.updateQuiz("geo") { $0.sections[0].questions[0].tags = ["t"] }
    #expect(try await tags.next() == 1)
  }

  @Test func twoObserversEachGetTheirValues() async throws {
    var first = repository.observe { try $0.quizIDs() }.makeAsyncIterator()
    var second = repository.observe { try $0.quizSummaries().count }.makeAsyncIterator()
    #expect(try await first.next() == [])
    #expect(try await second.next() == 0)
    try repository.saveQuiz(Fixtures.quiz())
    #expect(try await first.next() == ["geo"])
    #expect(try await second.next() == 1)
  }

  @Test func endingTheIterationFreesTheObservation() async throws {
    do {
      var values = repository.observe { try $0.quizIDs() }.makeAsyncIterator()
      #expect(try await values.next() == [])
      #expect(repository.hasObservers)
    }
    // The stream is gone: the next commit finds nobody and unhooks from the connection.
    try repository.saveQuiz(Fixtures.quiz())
    #expect(repository.database.transactionObservers.isEmpty)
    #expect(!repository.hasObservers)
  }

  @Test func cancellingTheTaskEndsTheObservation() async throws {
    let stream = repository.observe { try $0.quizIDs() }
    let task = Task {
      var count = 0
      for try await _ in stream { count += 1 }
      return count
    }
    task.cancel()
    let count = try await task.value
    #expect(count <= 1)
    try repository.saveQuiz(Fixtures.quiz())
    #expect(!repository.hasObservers)
  }

  @Test func changeSetsComeOnePerTransactionWithPerQuizSummaries() async throws {
    var changes = repository.changes.makeAsyncIterator()
    _ = try repository.importDocuments([
      ImportSource(
        name: "bank",
        document: QuizBankDocument(
          quizzes: [Fixtures.quiz("alpha"), Fixtures.quiz("beta")],
          attempts: [Fixtures.attempt("a1", quiz: "alpha", ["q1": ["a"]])]))
    ])
    let imported = try #require(await changes.next())
    #expect(
      imported.changes.map { "\($0.entity) \($0.operation) \($0.quiz)" } == [
        "quiz insert alpha", "quiz insert beta", "attempt insert alpha",
      ])
    #expect(imported.changes[0].detail == #"{"questions_new":2}"#)
    try repository.updateQuiz("beta") { $0.sections[0].questions[1].points = 5 }
    let updated = try #require(await changes.next())
    #expect(updated.changes.count == 1)
    #expect(updated.changes[0].detail == #"{"questions_changed":1}"#)
    #expect(updated.changes[0].sequence > imported.changes[2].sequence)
  }

  @Test func changeLogReadingAndCompaction() throws {
    try repository.saveQuiz(Fixtures.quiz("a"))
    try repository.saveQuiz(Fixtures.quiz("b"))
    try repository.saveQuiz(Fixtures.quiz("c"))
    #expect(try repository.latestSequence() == 3)
    #expect(try repository.changeLogEntries(after: 1).map(\.quiz) == ["b", "c"])
    #expect(try repository.changeLogEntries(after: 0, quiz: "b").map(\.sequence) == [2])
    #expect(try repository.compactChangeLog(keep: 1) == 2)
    #expect(try repository.oldestSequence() == 3)
    try repository.saveQuiz(Fixtures.quiz("d"))
    #expect(try repository.latestSequence() == 4)  // never reused
  }
}
