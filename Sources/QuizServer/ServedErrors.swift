import QuizBankFormat
import QuizDomain
import QuizRepository

// MARK: - What the repository's refusals mean to a client

extension RouteError {
  /// The status and words for an error of the layers below; nil for one that is the server's
  /// own fault (a 500, logged).
  static func from(_ error: any Error) -> RouteError? {
    switch error {
    case let error as RouteError: return error
    case let error as ServedAttemptError: return from(error)
    case let error as QuizBankError: return badRequest(describe(error))
    // Another process held the database longer than the busy timeout: nothing was written,
    // and trying again soon is the answer (503, not the server's own failure).
    case RepositoryError.storage(let failure) where failure.kind == .busy:
      return RouteError(
        status: 503, message: "the database is busy (another program is writing to it): try again",
        headers: [("Retry-After", "1")])
    default: return nil
    }
  }

  static func from(_ error: ServedAttemptError) -> RouteError {
    switch error {
    case .unknownQuiz(let quiz): return notFound("no quiz \"\(quiz)\" is served here")
    case .unknownAttempt: return notFound("no such attempt")
    case .unknownQuestion(let question): return notFound("the attempt has no question \"\(question)\"")
    case .alreadySubmitted: return conflict("the attempt was submitted: answers can no longer change")
    case .pastDeadline:
      return conflict("the time limit has passed: the attempt takes no more answers and is submitted with those saved")
    // The repository's message says which question, and that it was answered already.
    case .locked(let message): return conflict(message)
    case .invalidAnswer(let message): return badRequest(message)
    case .resumeRefused: return conflict(error.description)
    }
  }

  /// A quiz-bank reading error in one line: the first problems with their JSON paths.
  static func describe(_ error: QuizBankError) -> String {
    switch error {
    case .syntax(let syntax): return "the body is not JSON: \(syntax.description)"
    case .invalid(let problems, let total):
      let shown = problems.prefix(5).map(\.description).joined(separator: "; ")
      return total > 5 ? shown + "; and \(total - 5) more" : shown
    }
  }
}
