import QuizBankFormat
import QuizDomain
import TestSupport
import Testing

@testable import QuizRepository

/// Answers a server does not save, as Moodle does not take them for responses and `quiz take`
/// does not submit them (found by a hostile test of `quiz serve`): an essay's response template
/// unchanged, a numerical response that is not a number, a response that trimming as grading
/// trims leaves empty; and an attempt of a quiz the server does not serve.
@Suite struct ServedAnswerRefusalTests {
  let directory: TemporaryDirectory
  let repository: QuizRepository
  let token: String

  static let bank = """
    {"format": "quiz-bank/1", "quizzes": [
      {"id": "kinds", "title": "Kinds", "sections": [{"questions": [
        {"id": "essay", "type": "essay", "prompt": "Why?", "response_template": "Because "},
        {"id": "number", "type": "numerical", "prompt": "Pi?", "answers": [{"value": 3.14, "tolerance": 0.01}]},
        {"id": "word", "type": "short-answer", "prompt": "Capital?", "answers": [{"text": "Paris"}]}]}]},
      {"id": "other", "title": "Other", "sections": [{"questions": [
        {"id": "one", "prompt": "One?", "choices": [{"id": "a", "text": "yes", "correct": true},
                                                    {"id": "b", "text": "no", "correct": false}]}]}]}]}
    """

  init() throws {
    directory = try TemporaryDirectory()
    repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    for quiz in try QuizBankReader.read(Array(Self.bank.utf8)).quizzes { try repository.saveQuiz(quiz) }
    token = try repository.signIn(quiz: "kinds", taker: "Ana", timeLimit: nil, now: ServedAttemptTests.t0).attempt.token
  }

  private func refusal(_ question: String, _ response: Response) -> ServedAttemptError? {
    do {
      _ = try repository.saveServedAnswer(
        token: token, answer: Answer(question: question, response: response), lockAnswered: false,
        now: ServedAttemptTests.at(1))
      return nil
    } catch let error as ServedAttemptError {
      return error
    } catch {
      return nil
    }
  }

  @Test func anEssaysTemplateUnchangedIsNoResponseButAnyChangeIs() {
    #expect(
      refusal("essay", .text("Because "))
        == .invalidAnswer("$.response: the response is the question's template, unchanged"))
    #expect(refusal("essay", .text("Because it rains")) == nil)
    #expect(refusal("essay", .text("Because")) == nil)
  }

  @Test func aNumericalResponseThatIsNotANumberIsRefused() {
    for text in ["abc", "NaN", "Infinity", "pi", "--3"] {
      #expect(
        refusal("number", .text(text)) == .invalidAnswer("$.response: the response is not a number (such as 3.5)"),
        "\(text)")
    }
    for text in ["3.14", " 3,14 ", "314e-2", "-0", "3"] { #expect(refusal("number", .text(text)) == nil, "\(text)") }
  }

  @Test func aResponseThatGradingTrimsToNothingIsBlank() {
    for text in ["\u{0}", "\u{0} \u{0}", "\u{0B}", " \t\r\n"] {
      #expect(
        refusal("word", .text(text)) == .invalidAnswer("$.response: the response is blank"), "\(Array(text.utf8))")
    }
    #expect(refusal("word", .text("0")) == nil)
  }

  /// A server names the quizzes it serves: an attempt of another is unknown to it, saved to and
  /// submitted nothing; one of a served quiz is.
  @Test func anAttemptOfAQuizNotServedIsUnknown() throws {
    let answer = Answer(question: "word", response: .text("Paris"))
    #expect(
      throws: ServedAttemptError.unknownAttempt,
      performing: {
        try repository.saveServedAnswer(
          token: token, answer: answer, lockAnswered: false, now: ServedAttemptTests.at(1), quizzes: ["other"])
      })
    #expect(
      throws: ServedAttemptError.unknownAttempt,
      performing: {
        try repository.submitServedAttempt(token: token, now: ServedAttemptTests.at(2), quizzes: ["other"])
      })
    let stored = try #require(try repository.servedAttempt(token: token))
    #expect(stored.answers.isEmpty && stored.submitted == nil)
    _ = try repository.saveServedAnswer(
      token: token, answer: answer, lockAnswered: false, now: ServedAttemptTests.at(3), quizzes: ["other", "kinds"])
    #expect(
      try repository.submitServedAttempt(token: token, now: ServedAttemptTests.at(4), quizzes: ["kinds"]).submitted
        != nil)
  }
}
