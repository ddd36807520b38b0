import QuizBankFormat
import QuizDomain

/// `quiz edit` in quiz-bank/1 JSON (the default): the quiz, or one question, as JSON, and the
/// edited text back. JSON shows everything, so nothing is kept from the stored quiz.
enum QuizBankEditing {
  /// The quiz, or its one question, as quiz-bank/1 JSON.
  @Sendable static func render(_ quiz: Quiz, address: QuestionAddress) throws -> String {
    guard let id = address.question else {
      return String(decoding: QuizBankWriter.write(quizzes: [quiz]), as: UTF8.self)
    }
    let location = try quiz.editedLocation(id)
    var writer = JSONWriter(pretty: true)
    QuizBankWriter.write(quiz.sections[location.section].questions[location.position], to: &writer)
    writer.endLine()
    return writer.string
  }

  /// The quiz with the edited JSON applied.
  @Sendable static func apply(_ text: String, address: QuestionAddress, to stored: Quiz) throws -> Quiz {
    if let id = address.question {
      let question = try QuizBankReader.readQuestion(Array(text.utf8))
      return try stored.replacing(id, with: question)
    }
    let document = try QuizBankReader.read(Array(text.utf8))
    guard document.quizzes.count == 1, let edited = document.quizzes.first, document.attempts.isEmpty else {
      throw EditProblems(lines: ["$.quizzes: keep exactly one quiz, and no attempts"])
    }
    guard edited.id == stored.id else {
      throw EditProblems(lines: ["$.quizzes[0].id: the quiz id cannot change here (it is \"\(stored.id)\")"])
    }
    return edited
  }
}
