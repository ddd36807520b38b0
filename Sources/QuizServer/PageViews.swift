import QuizDomain
import QuizRepository

/// The pages' views built from a served attempt: a question's page, the review.
enum PageViews {
  /// The page of the question at `index` (0-based). With `--reveal each` an answered question
  /// shows how it did, its controls locked.
  static func question(
    _ attempt: ServedAttempt, at index: Int, reveal: RevealPolicy, now: Double, error: String? = nil,
    showsResumeCode: Bool = true
  ) -> QuestionView {
    let served = attempt.questions[index]
    let question = served.question
    let answer = attempt.answers[question.id]
    var view = QuestionView(
      quizTitle: attempt.quizTitle, question: question, answerChoices: served.answerChoices, number: index + 1,
      count: attempt.questions.count, action: "/answer", csrf: attempt.csrf, submitAction: "/submit")
    view.resumeCode = showsResumeCode ? attempt.resumeCode : nil
    view.secondsLeft = attempt.deadline.map { Int(($0.unixSeconds - now).rounded(.down)) }
    view.saved = answer?.response
    view.revealsEach = reveal == .each
    // An essay reveals nothing when saved (a person marks it): it stays open until the submit.
    let revealsOnSave = question.kind.locksOnceRevealed
    if reveal == .each, let answer, revealsOnSave {
      view.reveal = revealed(question, answer: answer, score: attempt.scores[question.id])
    }
    view.locksSaved = attempt.locksAnswers && answer != nil && revealsOnSave
    view.previousHref = index > 0 ? href(index - 1) : nil
    view.nextHref = index + 1 < attempt.questions.count ? href(index + 1) : nil
    view.error = error
    return view
  }

  /// The review after the submit: per question with `end` and `each`, only the score with `never`.
  static func review(_ attempt: ServedAttempt, _ submitted: SubmittedServedAttempt, reveal: RevealPolicy)
    -> ReviewView
  {
    var view = ReviewView(
      quizTitle: attempt.quizTitle, taker: attempt.taker, score: submitted.score, maxScore: submitted.maxScore,
      expired: submitted.expired, csrf: attempt.csrf)
    guard reveal != .never else { return view }
    view.items = attempt.questions.enumerated().map { index, served in
      let question = served.question
      let answer = attempt.answers[question.id]
      return ReviewView.Item(
        question: question, number: index + 1, response: answer?.response,
        reveal: revealed(question, answer: answer, score: attempt.scores[question.id]))
    }
    return view
  }

  static func revealed(_ question: Question, answer: Answer?, score: Double?) -> RevealView {
    let fraction = AttemptJSON.fraction(score, of: question, answer: answer)
    return RevealView(
      fraction: fraction, score: score ?? 0, points: question.points,
      feedback: RevealJSON.feedback(question, response: answer?.response, fraction: fraction))
  }

  /// The page of the question at `index` (0-based): `/attempt?q=N`, N from 1.
  static func href(_ index: Int) -> String { "/attempt?q=\(index + 1)" }

  /// Where a taker goes on: the question after the last one answered (the first at the start).
  static func currentIndex(_ attempt: ServedAttempt) -> Int {
    let answered = attempt.questions.indices.filter { attempt.answers[attempt.questions[$0].question.id] != nil }
    guard let last = answered.last else { return 0 }
    return min(last + 1, attempt.questions.count - 1)
  }
}
