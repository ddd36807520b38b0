import QuizDomain
import QuizRepository

/// A served attempt as its taker sees it: the sign-in reply and `GET /api/attempts/TOKEN`.
/// Only this attempt's own data: its token, its taker's name, its questions and answers.
struct AttemptJSON: JSONView {
  let attempt: ServedAttempt
  let reveal: RevealPolicy
  /// Whether the attempt's resume code is given (a server without a roster).
  let resumeCode: Bool

  func write(to writer: inout JSONWriter) {
    Self.write(attempt, reveal: reveal, resumeCode: resumeCode, to: &writer)
  }

  static func write(_ attempt: ServedAttempt, reveal: RevealPolicy, resumeCode: Bool, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("attempt", attempt.token)
    if resumeCode { writer.field("resume_code", attempt.resumeCode) }
    writer.field("quiz", attempt.quiz)
    writer.field("title", attempt.quizTitle)
    writer.field("taker", attempt.taker)
    writer.field("state", attempt.submitted == nil ? "open" : "submitted")
    writer.field("started_at", attempt.startedAt.text)
    writer.key("deadline")
    if let deadline = attempt.deadline { writer.string(deadline.text) } else { writer.null() }
    writer.field("reveal", reveal.rawValue)
    writer.field("max_score", attempt.maxScore)
    writer.key("questions")
    writer.beginArray()
    for (index, question) in attempt.questions.enumerated() {
      ShownQuestionJSON.write(question, number: index + 1, to: &writer)
    }
    writer.endArray()
    writeAnswers(attempt, to: &writer)
    if reveal == .each && attempt.submitted == nil { writeRevealed(attempt, to: &writer) }
    if let submitted = attempt.submitted { writeOutcome(attempt, submitted, reveal: reveal, to: &writer) }
    writer.endObject()
  }

  static func writeAnswers(_ attempt: ServedAttempt, to writer: inout JSONWriter) {
    writer.key("answers")
    writer.beginObject()
    for question in attempt.questions {
      guard let answer = attempt.answers[question.question.id] else { continue }
      writer.key(question.question.id)
      ResponseJSON.write(answer.response, to: &writer)
    }
    writer.endObject()
  }

  /// With `--reveal each`, what was revealed of each answered question, so that a taker who
  /// resumes sees it again.
  static func writeRevealed(_ attempt: ServedAttempt, to writer: inout JSONWriter) {
    writer.key("revealed")
    writer.beginObject()
    for served in attempt.questions {
      let question = served.question
      guard let answer = attempt.answers[question.id] else { continue }
      writer.key(question.id)
      writer.beginObject()
      writeScore(attempt.scores[question.id], of: question, answer: answer, to: &writer)
      writer.endObject()
    }
    writer.endObject()
  }

  /// The score and what the review shows of one question.
  static func writeScore(_ score: Double?, of question: Question, answer: Answer?, to writer: inout JSONWriter) {
    let fraction = fraction(score, of: question, answer: answer)
    writer.key("fraction")
    writer.number(fraction)
    writer.key("score")
    writer.number(question.kind.isScoredAutomatically || answer?.mark != nil ? (score ?? 0) : nil)
    RevealJSON.write(question, response: answer?.response, fraction: fraction, to: &writer)
  }

  /// Nil for a question marked by hand and not yet marked, and for one worth nothing.
  static func fraction(_ score: Double?, of question: Question, answer: Answer?) -> Double? {
    guard question.points > 0 else { return nil }
    guard question.kind.isScoredAutomatically || answer?.mark != nil else { return nil }
    return (score ?? 0) / question.points
  }

  static func writeOutcome(
    _ attempt: ServedAttempt, _ submitted: SubmittedServedAttempt, reveal: RevealPolicy, to writer: inout JSONWriter
  ) {
    writer.field("score", submitted.score)
    writer.field("submitted_at", submitted.submittedAt.text)
    writer.field("expired", submitted.expired)
    if reveal != .never { writeReview(attempt, to: &writer) }
  }

  /// Question by question: the score, the feedback, the right answer and the explanation.
  static func writeReview(_ attempt: ServedAttempt, to writer: inout JSONWriter) {
    writer.key("review")
    writer.beginArray()
    for served in attempt.questions {
      let question = served.question
      let answer = attempt.answers[question.id]
      writer.beginObject()
      writer.field("question", question.id)
      writer.field("points", question.points)
      writeScore(attempt.scores[question.id], of: question, answer: answer, to: &writer)
      writer.key("explanation")
      if let explanation = question.explanation {
        writer.string(ShownText.html(explanation, of: question))
      } else {
        writer.null()
      }
      writer.endObject()
    }
    writer.endArray()
  }
}
