import QuizDomain
import QuizRepository

// MARK: - mv

enum MoveCommand {
  static let command = Command(
    name: "mv",
    summary: "Move a question within its section or to another section.",
    arguments: [ArgumentSpec(name: "quiz/question", help: "The question to move.")],
    options: [
      .value("section", valueName: "title|n", help: "The section to move it to (default: its own)."),
      .value("at", valueName: "n", help: "Its position there (1 is first; default: last)."),
    ],
    access: .readWrite,
    run: run)

  static func run(_ invocation: Invocation) throws {
    let address = QuestionAddress(invocation.arguments.positionals[0])
    guard let id = address.question else {
      throw CLIError.usage("Name the question as QUIZ/QUESTION", command: invocation.command)
    }
    let arguments = invocation.arguments
    guard arguments.value("section") != nil || arguments.value("at") != nil else {
      throw CLIError.usage("Give --section, --at or both", command: invocation.command)
    }
    var placed = (section: 0, position: 0)
    let result = try invocation.repository().updateQuiz(address.quiz, about: .question(id)) { quiz in
      let from = try quiz.requireQuestion(id)
      let to = try arguments.value("section").map { try quiz.requireSection($0) } ?? from.section
      let question = quiz.sections[from.section].questions.remove(at: from.position)
      var at = quiz.sections[to].questions.count
      if let text = arguments.value("at") {
        guard let number = Int(text), (1...(at + 1)).contains(number) else {
          throw CLIError.usage("Invalid '--at \(text)': expected 1 to \(at + 1)", command: invocation.command)
        }
        at = number - 1
      }
      quiz.sections[to].questions.insert(question, at: at)
      placed = (to, at)
    }
    let place = "section \(placed.section + 1), position \(placed.position + 1)"
    invocation.console.write(
      result.outcome == .unchanged ? "\(id) is already at \(place): nothing changed.\n" : "Moved \(id) to \(place).\n")
  }
}
