import Foundation
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
}
