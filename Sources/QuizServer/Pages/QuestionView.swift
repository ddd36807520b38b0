import QuizDomain
import QuizFormats

/// What one question's page shows: the question as this attempt shows it (choices and stems in
/// the attempt's order), where it stands in the attempt, what was saved, and after an answer
/// with `--reveal each` how it did. Built by the server from the served attempt.
struct QuestionView: Sendable {
  var quizTitle: String
  /// The pinned version, choices (and stems) in this attempt's order.
  var question: Question
  /// Matching: the answer texts in this attempt's order; else [].
  var answerChoices: [String] = []
  /// 1-based position, and how many questions the attempt has.
  var number: Int
  var count: Int
  /// The attempt's resume code, shown to its taker on a server without a roster (where a name
  /// alone resumes nothing); nil with one.
  var resumeCode: String? = nil
  /// Seconds until the deadline; nil without a time limit.
  var secondsLeft: Int? = nil
  /// The answer saved for it, shown in the controls (changeable unless revealed).
  var saved: Response? = nil
  /// Set once answered with `--reveal each`: the controls locked, the result shown.
  var reveal: RevealView? = nil
  /// The server reveals each answer once saved (`--reveal each`), locking it.
  var revealsEach = false
  /// The saved answer cannot change: revealed, or saved on an attempt whose answers lock
  /// (signed in under `each`) that this server does not reveal (`--reveal never`).
  var locksSaved = false

  /// The controls are disabled and there is nothing to submit.
  var isLocked: Bool { reveal != nil || locksSaved }
  /// Where the answer form posts, and its CSRF token.
  var action: String
  var csrf: String
  /// The previous and next questions' pages, when there are.
  var previousHref: String? = nil
  var nextHref: String? = nil
  /// Where the final submit posts; its form is shown on the last question (after its reveal
  /// with `--reveal each`).
  var submitAction: String
  /// Plain text: why the last answer was not saved (an empty answer, a choice that is not
  /// one), shown above the form.
  var error: String? = nil

  var isLast: Bool { number >= count }
}

/// How an answer did, shown with `--reveal each` after it is saved (and in the review).
struct RevealView: Sendable {
  /// The fraction of the points earned; nil for an essay (marked by a person) or a description.
  var fraction: Double?
  var score: Double
  var points: Double
  /// The feedback texts the response earned, raw in the question's text format (the server's
  /// `RevealJSON.feedback`): written through the sanitiser here.
  var feedback: [String] = []
}

/// A question's texts as the page embeds them: through the one sanitiser, by its text format.
struct QuestionText {
  let question: Question

  func html(_ text: String) -> String { QuestionTextHTML.html(text, question.textFormat, files: question.files) }
  func plain(_ text: String) -> String { QuestionTextHTML.plain(text, question.textFormat) }
}
