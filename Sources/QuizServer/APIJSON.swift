import QuizDomain
import QuizRepository

// MARK: - The API's replies, as JSON views (docs/serve-api.md)

/// `{KEY: TEXT}`: every refusal of the API (`{"error": MESSAGE}`) and the monitor's notices.
struct TextFieldJSON: JSONView {
  let key: String
  let text: String

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field(key, text)
    writer.endObject()
  }
}

/// `GET /api/ping`: `{"ok": true}`.
struct PongJSON: JSONView {
  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("ok", true)
    writer.endObject()
  }
}

/// `GET /api/quizzes`: id, title, questions per attempt and time limit of each served quiz.
struct ServedQuizzesJSON: JSONView {
  let quizzes: [Quiz]
  let timeLimit: Double?

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("quizzes")
    writer.beginArray()
    for quiz in quizzes {
      writer.beginObject()
      writer.field("id", quiz.id)
      writer.field("title", quiz.title)
      writer.field("questions", quiz.askedPerAttempt)
      writer.key("time_limit")
      writer.number(timeLimit)
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }
}

/// `PUT /api/attempts/TOKEN/answers/QUESTION`: saved, and once the answer is locked (and the
/// server reveals) its fraction, score and right answer, as the attempt and the review give
/// them (an essay has no score until marked).
struct SavedAnswerJSON: JSONView {
  let saved: ServedSave
  let question: String
  let answer: Answer
  let reveals: Bool

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("saved", true)
    writer.field("question", question)
    if reveals {
      AttemptJSON.writeScore(saved.score, of: ShownChoiceIDs.relabel(saved.shown), answer: answer, to: &writer)
    }
    writer.endObject()
  }
}

/// `POST /api/attempts/TOKEN/submit`: what it was recorded as, its score, and the review unless
/// the server reveals nothing.
struct SubmittedAttemptJSON: JSONView {
  let attempt: ServedAttempt
  let submitted: SubmittedServedAttempt
  let reveals: Bool

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("attempt", attempt.token)
    writer.field("recorded_as", submitted.attemptID)
    writer.field("score", submitted.score)
    writer.field("max_score", submitted.maxScore)
    writer.field("expired", submitted.expired)
    if reveals { AttemptJSON.writeReview(attempt.withShownChoiceIDs(), to: &writer) }
    writer.endObject()
  }
}
