import Foundation
import QuizBankFormat
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

/// Marks on one quiz by two markers: what a walk listed as unmarked may be marked by the other
/// before it saves, and then the walk's mark is refused, in the transaction that would write it.
@Suite struct MarkingTests {
  let directory: TemporaryDirectory
  let repository: QuizRepository

  init() throws {
    directory = try TemporaryDirectory()
    repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    let essay = Question(id: "why", prompt: "Why?", points: 4, body: .essay(Essay()))
    try repository.saveQuiz(Quiz(id: "e", title: "E", sections: [Section(questions: [essay])]))
    let attempt = Attempt(
      id: "a1", quiz: "e", taker: "t", answers: [Answer(question: "why", response: .text("Because"))])
    _ = try repository.importDocuments([
      ImportSource(name: "a.json", document: QuizBankDocument(quizzes: [], attempts: [attempt]))
    ])
  }

  @Test func aMarkGivenMeanwhileIsNotOverwrittenByAWalk() throws {
    let listed = try repository.pendingMarks(quiz: "e")
    #expect(listed.map(\.attempt) == ["a1"])
    // The other marker saves first.
    _ = try repository.mark(attempt: "a1", question: "why", Mark(score: 3, marker: "kim"))
    #expect(throws: RepositoryError.self) {
      try repository.mark(attempt: "a1", question: "why", Mark(score: 1, marker: "lee"), onlyIfUnmarked: true)
    }
    let detail = try repository.attemptDetail("a1")
    #expect(detail.summary.score == 3)
    #expect(detail.answers.first?.marks.map(\.marker) == ["kim"])
    // Marking again on purpose keeps the first mark in history.
    let again = try repository.mark(attempt: "a1", question: "why", Mark(score: 2, marker: "lee"))
    #expect(again.earlierMarks == 1 && again.newScore == 2)
    #expect(try repository.pendingMarks(quiz: "e").isEmpty)
  }

  @Test func aMarkOutOfRangeWritesNothing() throws {
    #expect(throws: RepositoryError.self) {
      try repository.mark(attempt: "a1", question: "why", Mark(score: 5))
    }
    #expect(try repository.database.fetchOne("SELECT count(*) FROM marks", [], { $0.int(0) }) == 0)
    #expect(try repository.attemptDetail("a1").summary.score == 0)
  }

  /// Moodle keeps a manual mark as a fraction of the maximum it was given against: once the
  /// essay is worth 0.5 instead of 4, a regrade makes 1 of 4 into 0.125 of 0.5 (it made it 0.5
  /// of 0.5), and `quiz check` agrees.
  @Test func aRegradeKeepsAMarkAsTheFractionOfThePointsItWasGivenOutOf() throws {
    _ = try repository.mark(attempt: "a1", question: "why", Mark(score: 1, marker: "kim"))
    let essay = Question(id: "why", prompt: "Why?", points: 0.5, body: .essay(Essay()))
    try repository.saveQuiz(Quiz(id: "e", title: "E", sections: [Section(questions: [essay])]))
    let result = try repository.regrade(quiz: "e")
    #expect(result.changes.first?.newScore == 0.125, "\(result.changes)")
    #expect(try repository.attemptDetail("a1").summary.score == 0.125)
    let checked = try repository.check()
    #expect(checked.allSatisfy { $0.violations.isEmpty }, "\(checked)")
    // Regraded again, it stays.
    #expect(try repository.regrade(quiz: "e").changes.isEmpty)
  }

  /// An export made after marking, imported where the attempt waits unmarked: the mark is
  /// recorded (it was skipped with the attempt, "already recorded", the essay still waiting);
  /// imported again, nothing more is recorded.
  @Test func aMarkCarriedByAnAttemptAlreadyRecordedIsRecorded() throws {
    var marked = Attempt(
      id: "a1", quiz: "e", taker: "t",
      answers: [Answer(question: "why", response: .text("Because"), mark: Mark(score: 3, marker: "kim"))])
    let stored = try repository.attemptDetail("a1").summary
    marked.submittedAt = stored.submittedAt
    marked.startedAt = stored.startedAt
    let source = ImportSource(name: "b.json", document: QuizBankDocument(quizzes: [], attempts: [marked]))
    let summary = try repository.importDocuments([source])
    #expect(summary.attemptsSkipped == 1 && summary.marksAdded == 1, "\(summary)")
    #expect(try repository.attemptDetail("a1").summary.score == 3)
    #expect(try repository.pendingMarks(quiz: "e").isEmpty)
    #expect(try repository.importDocuments([source]).marksAdded == 0)
    #expect(try repository.database.fetchOne("SELECT count(*) FROM marks", [], { $0.int(0) }) == 1)
  }
}
