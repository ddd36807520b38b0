import QuizDomain
import QuizFormats

/// A question's text as a taker's browser gets it: through the one way every page embeds
/// question texts (the sanitiser for HTML, escaping for the rest).
enum ShownText {
  static func html(_ text: String, of question: Question) -> String {
    QuestionTextHTML.html(text, question.textFormat, files: question.files)
  }
}
