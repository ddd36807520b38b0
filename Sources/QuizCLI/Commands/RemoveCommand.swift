import QuizDomain
import QuizRepository

// MARK: - rm

enum RemoveCommand {
  static let command = Command(
    name: "rm",
    summary: "Remove a quiz or a question.",
    discussion: """
      A question that attempts answered or were given (attempts in progress through quiz serve too) is retired \
      (hidden from the quiz, kept for their history) unless --purge deletes it with its answers. A quiz with attempts, or with attempts in progress \
      through quiz serve, is removed only with --force.
      """,
    arguments: [ArgumentSpec(name: "quiz[/question]", help: "What to remove.")],
    options: [
      .flag("purge", help: "Delete an answered question with its answers instead of retiring it."),
      .flag("force", help: "Remove a quiz even though it has attempts, or attempts in progress (they go with it)."),
    ],
    access: .readWrite,
    run: run)

  static func run(_ invocation: Invocation) throws {
    let address = QuestionAddress(invocation.arguments.positionals[0])
    let repository = try invocation.repository()
    if let question = address.question {
      let outcome = try repository.removeQuestion(
        question, fromQuiz: address.quiz, purge: invocation.arguments.flag("purge"))
      switch outcome {
      case .retired:
        invocation.console.write(
          "Retired question \(question) of \(address.quiz): attempts were given it, so its history is kept.\n")
      case .deleted:
        invocation.console.write("Removed question \(question) from \(address.quiz).\n")
      case .unplaced:
        invocation.console.write(
          "Removed question \(question) from \(address.quiz); it stays in its bank.\n")
      }
    } else {
      let attempts = try repository.deleteQuiz(address.quiz, force: invocation.arguments.flag("force"))
      invocation.console.write(
        "Removed quiz \(address.quiz)" + (attempts > 0 ? " and its \(NumberText.plural(attempts, "attempt"))" : "")
          + ".\n")
    }
  }
}
