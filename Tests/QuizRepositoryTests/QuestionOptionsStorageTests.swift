import Foundation
import QuizBankFormat
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

/// Question options and single-answer questions with several correct choices in the database
/// (migrations/0009_question_options.sql): saved, loaded, versioned.
@Suite struct QuestionOptionsStorageTests {
  let directory: TemporaryDirectory
  let repository: QuizRepository

  init() throws {
    directory = try TemporaryDirectory()
    repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
  }

  static func withOptions(_ question: Question) -> Question {
    var question = question
    question.outcomeFeedback = OutcomeFeedback(
      correct: "Très bien 🎉", partiallyCorrect: "", incorrect: "間違い", showNumberCorrect: false)
    question.hints = [Hint(text: "Think of Europe."), Hint(text: "ヒント", showNumberCorrect: true, clearWrong: false)]
    question.penalty = 0.1
    if case .choice(var body) = question.body {
      body.numbering = .upperRoman
      question.body = .choice(body)
    }
    return question
  }

  func count(_ table: String) throws -> Int {
    try repository.database.fetchOne("SELECT count(*) FROM \(table)", [], { $0.int(0) }) ?? -1
  }

  @Test func optionsRoundTripAndAbsentStaysAbsent() throws {
    let essay = Question(
      id: "q3", prompt: "Why?", body: .essay(Essay()), outcomeFeedback: OutcomeFeedback(incorrect: "Try again"),
      hints: [Hint(text: "Say why.")])
    let quiz = Fixtures.quiz(questions: [Self.withOptions(Fixtures.question("q1")), Fixtures.question("q2"), essay])
    try repository.saveQuiz(quiz)
    let stored = try repository.requireQuiz("geo")
    #expect(stored.quiz == quiz)
    #expect(stored.quiz.questions[1].outcomeFeedback == nil && stored.quiz.questions[1].hints.isEmpty)
    #expect(try count("question_options") == 2 && count("question_hints") == 3)
    // Saving it again changes nothing: the options read back equal.
    #expect(try repository.saveQuiz(quiz).outcome == .unchanged)
    let versions = try repository.versions(ofQuestion: "q1", inQuiz: "geo")
    #expect(versions.map(\.content) == [quiz.questions[0].content])
  }

  @Test(arguments: ["outcome feedback", "hints", "penalty", "numbering"])
  func aChangeToAnOptionMakesTheNextVersionAndIsNamed(_ field: String) throws {
    try repository.saveQuiz(Fixtures.quiz(questions: [Self.withOptions(Fixtures.question("q1"))]))
    let result = try repository.updateQuiz("geo") { quiz in
      var question = quiz.sections[0].questions[0]
      switch field {
      case "outcome feedback": question.outcomeFeedback?.partiallyCorrect = "Almost"
      case "hints": question.hints.append(Hint(text: "Paris?"))
      case "penalty": question.penalty = nil
      default:
        if case .choice(var body) = question.body {
          body.numbering = nil
          question.body = .choice(body)
        }
      }
      quiz.sections[0].questions[0] = question
    }
    #expect(result.changedQuestions == [.init(question: "q1", from: 1, to: 2)])
    let versions = try repository.versions(ofQuestion: "q1", inQuiz: "geo")
    #expect(versions.count == 2)
    #expect(versions[1].content.changedFields(since: versions[0].content) == [field])
    #expect(try repository.requireQuiz("geo").quiz.questions[0] != Self.withOptions(Fixtures.question("q1")))
  }

  @Test func aRetiredQuestionKeepsItsOptions() throws {
    let question = Self.withOptions(Fixtures.question("q1"))
    try repository.saveQuiz(Fixtures.quiz(questions: [question, Fixtures.question("q2")]))
    _ = try repository.importDocuments([
      ImportSource(
        name: "attempts.json",
        document: QuizBankDocument(quizzes: [], attempts: [Fixtures.attempt("a1", ["q1": ["a"]])]))
    ])
    try repository.removeQuestion("q1", fromQuiz: "geo")
    // Putting it back unchanged makes no new version: the retired content read back whole.
    let back = try repository.saveQuiz(Fixtures.quiz(questions: [question, Fixtures.question("q2")]))
    #expect(back.changedQuestions.isEmpty)
    #expect(try repository.requireQuiz("geo").quiz.questions[0] == question)
  }

  @Test func theSchemaTakesSeveralCorrectChoicesOnASingleAnswerQuestion() throws {
    let question = Question(
      id: "even", prompt: "An even number?", multiple: false,
      choices: [
        Choice(id: "a", text: "2", correct: true), Choice(id: "b", text: "4", correct: true),
        Choice(id: "c", text: "3", correct: false),
      ])
    try repository.saveQuiz(Fixtures.quiz(questions: [question]))
    let stored = try repository.requireQuiz("geo").quiz.questions[0]
    #expect(stored == question && !stored.multiple)
    // The other invariants hold: a choice version still needs a correct choice.
    #expect(throws: DatabaseError.self) {
      try repository.database.execute("UPDATE question_versions SET correct_count = 0")
    }
    #expect(throws: DatabaseError.self) {
      try repository.database.execute(
        "INSERT INTO question_options (version_id, penalty) SELECT id, 2 FROM question_versions")
    }
    #expect(throws: DatabaseError.self) {
      try repository.database.execute(
        "INSERT INTO question_options (version_id, numbering) SELECT id, 'a.' FROM question_versions")
    }
    #expect(throws: DatabaseError.self) {
      try repository.database.execute(
        "INSERT INTO question_hints (version_id, position, text) SELECT id, 0, '' FROM question_versions")
    }
  }
}
