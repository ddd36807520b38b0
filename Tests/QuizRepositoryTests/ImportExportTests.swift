import Foundation
import QuizBankFormat
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

@Suite struct ImportExportTests {
  let directory: TemporaryDirectory
  let repository: QuizRepository

  init() throws {
    directory = try TemporaryDirectory()
    repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
  }

  func source(_ quizzes: [Quiz], _ attempts: [Attempt] = [], name: String = "bank.json") -> ImportSource {
    ImportSource(name: name, document: QuizBankDocument(quizzes: quizzes, attempts: attempts))
  }

  func counts() throws -> [Int] {
    try ["quizzes", "questions", "question_versions", "choices", "attempts", "answers", "change_log"].map { table in
      try repository.database.fetchOne("SELECT count(*) FROM \(table)", [], { $0.int(0) }) ?? -1
    }
  }

  @Test func importCountsWhatItDidAndReimportChangesNothing() throws {
    let doc = source([Fixtures.quiz()], [Fixtures.attempt("a1", ["q1": ["a"]])])
    let first = try repository.importDocuments([doc])
    #expect(first.quizzesAdded == 1 && first.questionsNew == 2 && first.attemptsAdded == 1)
    let before = try counts()
    let second = try repository.importDocuments([doc])
    #expect(second.quizzesUnchanged == 1 && second.questionsNew == 0 && second.attemptsSkipped == 1)
    #expect(try counts() == before)
  }

  @Test func oneBadAttemptAnywhereAndNothingLands() throws {
    try repository.saveQuiz(Fixtures.quiz("kept"))
    let before = try counts()
    let bad = source(
      [Fixtures.quiz()],
      [
        Fixtures.attempt("a1", ["q1": ["a"]]), Fixtures.attempt("a2", ["q9": ["a"]]),
        Fixtures.attempt("a3", ["q1": ["a", "b"], "q2": ["z"]]), Fixtures.attempt("a4", quiz: "gel", ["q1": ["a"]]),
      ])
    do {
      _ = try repository.importDocuments([bad])
      Issue.record("expected problems")
    } catch RepositoryError.invalid(let problems, let total) {
      #expect(total == 4)
      #expect(
        problems.map(\.description) == [
          #"bank.json: $.attempts[1].answers[0].question: unknown question "q9" in quiz "geo" (did you mean "q1"?)"#,
          #"bank.json: $.attempts[2].answers[0].selected: question "q1" takes one answer, 2 were selected"#,
          #"bank.json: $.attempts[2].answers[1].selected[0]: unknown choice "z" of question "q2" (choices: a, b, c)"#,
          #"bank.json: $.attempts[3].quiz: unknown quiz "gel" (did you mean "geo"?)"#,
        ])
    }
    #expect(try counts() == before)
  }

  @Test func anAttemptIDReusedWithOtherContentIsAProblem() throws {
    _ = try repository.importDocuments([source([Fixtures.quiz()], [Fixtures.attempt("a1", ["q1": ["a"]])])])
    #expect(throws: RepositoryError.self) {
      _ = try repository.importDocuments([source([], [Fixtures.attempt("a1", ["q1": ["b"]])])])
    }
    let summary = try repository.importDocuments([source([], [Fixtures.attempt("a1", ["q1": ["a"]])])])
    #expect(summary.attemptsSkipped == 1)
  }

  @Test func dryRunCountsButWritesNothing() throws {
    let summary = try repository.importDocuments(
      [source([Fixtures.quiz()], [Fixtures.attempt(nil, ["q1": ["a"]])])], dryRun: true)
    #expect(summary.quizzesAdded == 1 && summary.attemptsAdded == 1)
    #expect(try counts() == [0, 0, 0, 0, 0, 0, 0])
  }

  @Test func theSameQuizInTwoFilesIsAProblem() throws {
    #expect(throws: RepositoryError.self) {
      _ = try repository.importDocuments([
        source([Fixtures.quiz()], name: "a.json"), source([Fixtures.quiz()], name: "b.json"),
      ])
    }
    #expect(try counts()[0] == 0)
  }

  @Test func exportThenImportIntoAnEmptyDatabaseGivesTheSameBytes() throws {
    var quiz = Fixtures.quiz()
    quiz.description = "Crème brûlée\nand 日本語 🎉"
    quiz.sections[0].questions[0].choices[1].feedback = "Tab\there \"quoted\" \\ back"
    quiz.sections[0].questions[1].choices[0].weight = 0.25
    quiz.sections.append(Section(questions: []))
    _ = try repository.importDocuments([
      source(
        [quiz, Fixtures.quiz("alpha")],
        [Fixtures.attempt("a1", ["q2": ["b", "a"], "q1": []]), Fixtures.attempt(nil, ["q1": ["a"]])])
    ])
    let first = try repository.exportDocument(withAttempts: true)
    let other = try QuizRepository.open(at: directory.path("other.sqlite"))
    _ = try other.importDocuments([ImportSource(name: "export", document: try QuizBankReader.read(first))])
    let second = try other.exportDocument(withAttempts: true)
    #expect(first == second)
    #expect(try repository.exportDocument() == other.exportDocument())
    let text = String(decoding: first, as: UTF8.self)
    #expect(text.hasSuffix("}\n"))
    #expect(text.contains("Crème brûlée\\nand 日本語 🎉"))
  }

  @Test func changeLogRowsAreWrittenWithTheChange() throws {
    _ = try repository.importDocuments([source([Fixtures.quiz()], [Fixtures.attempt("a1", ["q1": ["a"]])])])
    let rows = try repository.database.fetchAll(
      "SELECT entity, operation, quiz, detail FROM change_log ORDER BY seq", [],
      { "\($0.string(0)) \($0.string(1)) \($0.string(2)) \($0.string(3))" })
    #expect(rows == [#"quiz insert geo {"questions_new":2}"#, #"attempt insert geo {"count":1}"#])
  }
}
