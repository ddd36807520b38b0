import QuizRepository
import QuizServer

/// What `quiz serve` says on start beside its addresses: the quizzes it serves, what the
/// review reveals, and how takers sign in (what a name-only server protects and what not).
enum ServeNotice {
  static func text(_ configuration: QuizServerConfiguration, repository: QuizRepository) throws -> String {
    let ids = try configuration.quizzes ?? repository.quizIDs()
    let titles = try ids.map { id in
      let title = try repository.storedQuiz(id)?.quiz.title ?? ""
      return title.isEmpty ? id : "\(id) (\(title.terminalSafeLine))"
    }
    var text = "Serving: " + (titles.isEmpty ? "no quiz (the database has none)" : titles.joined(separator: ", "))
    if configuration.quizzes == nil { text += " — every quiz of the database (--all)" }
    text += "\nReview: " + review(configuration.reveal)
    text += "\nSign-in: " + signIn(configuration) + "\n"
    return text
  }

  static func review(_ reveal: RevealPolicy) -> String {
    switch reveal {
    case .each: "each answer is shown right or wrong, with the right answer, once saved (then it is locked)"
    case .end: "after the final submit, each question with the taker's answer, the feedback and the right answer"
    case .never: "only the score, after the final submit"
    }
  }

  static func signIn(_ configuration: QuizServerConfiguration) -> String {
    if let roster = configuration.roster {
      return "the \(roster.codes.count) names of the roster, each with its code"
    }
    return "any name (no --roster): a name is no proof of who types it; an attempt is continued only from "
      + "the browser it began in or with the resume code its page shows"
  }
}
