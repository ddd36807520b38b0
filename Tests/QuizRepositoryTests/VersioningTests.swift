import Foundation
import QuizBankFormat
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

@Suite struct VersioningTests {
  let directory: TemporaryDirectory
  let repository: QuizRepository

  init() throws {
    directory = try TemporaryDirectory()
    repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
  }

  func versionCount() throws -> Int {
    try repository.database.fetchOne("SELECT count(*) FROM question_versions", [], { $0.int(0) }) ?? -1
  }

  @Test func savingUnchangedContentKeepsTheVersionAndWritesNothing() throws {
    let first = try repository.saveQuiz(Fixtures.quiz())
    #expect(first.outcome == .added)
    let logged = try repository.database.fetchOne("SELECT count(*) FROM change_log", [], { $0.int(0) })
    let again = try repository.saveQuiz(Fixtures.quiz())
    #expect(again.outcome == .unchanged)
    #expect(try versionCount() == 2)
    #expect(try repository.database.fetchOne("SELECT count(*) FROM change_log", [], { $0.int(0) }) == logged)
    #expect(try repository.requireQuiz("geo").versions == ["q1": 1, "q2": 1])
  }

  @Test(arguments: [
    "prompt", "choice text", "correctness", "weight", "points", "scoring", "multiple", "explanation", "feedback",
  ])
  func changingContentMakesTheNextVersion(_ field: String) throws {
    try repository.saveQuiz(Fixtures.quiz())
    let result = try repository.updateQuiz("geo") { quiz in
      var question = quiz.sections[0].questions[1]
      switch field {
      case "prompt": question.prompt = "Changed?"
      case "choice text": question.choices[2].text = "Changed"
      case "correctness": question.choices[2].correct = true
      case "weight": question.choices[0].weight = 0.5
      case "points": question.points = 3
      case "scoring": question.scoring = .weighted
      case "multiple": question.multiple = false; question.choices[1].correct = false
      case "explanation": question.explanation = "Because."
      default: question.choices[1].feedback = "Close."
      }
      quiz.sections[0].questions[1] = question
    }
    #expect(result.changedQuestions == [.init(question: "q2", from: 1, to: 2)])
    #expect(try repository.requireQuiz("geo").versions == ["q1": 1, "q2": 2])
    #expect(try repository.versions(ofQuestion: "q2", inQuiz: "geo").map(\.number) == [1, 2])
  }

  @Test func retaggingOrMovingKeepsTheVersion() throws {
    try repository.saveQuiz(Fixtures.quiz())
    let result = try repository.updateQuiz("geo") { quiz in
      quiz.sections[0].questions[0].tags = ["capitals", "europe"]
      quiz.sections[0].questions.reverse()
      quiz.sections.append(Section(title: "Two", questions: []))
    }
    #expect(result.outcome == .updated)
    #expect(result.changedQuestions.isEmpty)
    let stored = try repository.requireQuiz("geo")
    #expect(stored.quiz.questions.map(\.id) == ["q2", "q1"])
    #expect(stored.quiz.questions[1].tags == ["capitals", "europe"])
    #expect(stored.versions == ["q1": 1, "q2": 1])
    #expect(stored.quiz.sections.count == 2)
  }

  @Test func attemptsStayPinnedToTheVersionTheyAnsweredAndKeepTheirScore() throws {
    try repository.saveQuiz(Fixtures.quiz())
    _ = try repository.importDocuments([
      ImportSource(
        name: "a.json",
        document: QuizBankDocument(quizzes: [], attempts: [Fixtures.attempt("a1", ["q1": ["a"], "q2": ["a"]])]))
    ])
    // Partial: q1 1 point, q2 0.5 point.
    let before = try repository.database.fetchOne("SELECT score FROM attempts", [], { $0.double(0) })
    #expect(before == 1.5)
    try repository.updateQuiz("geo") { quiz in
      quiz.sections[0].questions[0].choices[0].correct = false
      quiz.sections[0].questions[0].choices[1].correct = true
    }
    let pinned = try repository.database.fetchAll(
      "SELECT v.version, an.score FROM answers an JOIN question_versions v ON v.id = an.version_id ORDER BY v.question_id",
      [], { ($0.int(0), $0.double(1)) })
    #expect(pinned.map(\.0) == [1, 1])
    #expect(pinned.map(\.1) == [1, 0.5])
    #expect(try repository.database.fetchOne("SELECT score FROM attempts", [], { $0.double(0) }) == 1.5)
  }

  @Test func removingAnsweredQuestionRetiresItAndAnUnansweredOneIsDeleted() throws {
    try repository.saveQuiz(Fixtures.quiz())
    _ = try repository.importDocuments([
      ImportSource(
        name: "a", document: QuizBankDocument(quizzes: [], attempts: [Fixtures.attempt("a1", ["q1": ["a"]])]))
    ])
    #expect(try repository.removeQuestion("q1", fromQuiz: "geo") == .retired)
    #expect(try repository.removeQuestion("q2", fromQuiz: "geo") == .deleted)
    let stored = try repository.requireQuiz("geo")
    #expect(stored.quiz.questions.isEmpty)
    #expect(try repository.versions(ofQuestion: "q1", inQuiz: "geo").count == 1)
    #expect(try repository.versions(ofQuestion: "q2", inQuiz: "geo").isEmpty)
    #expect(try repository.database.fetchOne("SELECT count(*) FROM answers", [], { $0.int(0) }) == 1)
    #expect(throws: RepositoryError.unknownQuestion(quiz: "geo", question: "q3", suggestion: nil)) {
      try repository.removeQuestion("q3", fromQuiz: "geo")
    }
  }

  @Test func aQuestionLeftOutIsRetiredAndComesBackWithItsHistory() throws {
    try repository.saveQuiz(Fixtures.quiz())
    let dropped = try repository.saveQuiz(Fixtures.quiz(questions: [Fixtures.question("q1")]))
    #expect(dropped.retiredQuestions == ["q2"])
    let back = try repository.saveQuiz(
      Fixtures.quiz(questions: [Fixtures.question("q1"), Fixtures.question("q2", prompt: "New?", correct: ["a", "b"])]))
    #expect(back.restoredQuestions == ["q2"])
    #expect(back.changedQuestions == [.init(question: "q2", from: 1, to: 2)])
    #expect(try repository.requireQuiz("geo").quiz.questions.map(\.id) == ["q1", "q2"])
  }

  @Test func invalidQuizzesAreRefusedWithTheirProblems() throws {
    var quiz = Fixtures.quiz()
    quiz.sections[0].questions[0].choices[0].correct = false
    #expect(throws: RepositoryError.self) { try repository.saveQuiz(quiz) }
    #expect(try repository.quizSummaries().isEmpty)
  }
}
