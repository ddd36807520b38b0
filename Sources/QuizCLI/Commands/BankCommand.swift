import QuizDomain
import QuizRepository

/// `quiz bank add|list|show|mv|rm`: the banks questions live in, with their categories.
enum BankCommand {
  static let command = Command(
    name: "bank",
    summary: "Add, list, show and tidy the question banks.",
    discussion: """
      Every question lives in a bank, in a category of the bank's tree (a path such as Biology/Cells; \\/ is a slash \
      inside a name). Each quiz has a bank of its own, with the quiz's id, where the questions written in the quiz go: \
      in the category named by the question's section title, the top for an untitled section. 'quiz add question \
      --bank BANK[/CATEGORY]' writes a question into a bank without placing it in a quiz.
      """,
    forms: [
      Command.Form(
        name: "add", arguments: ["id"], synopsis: "<id> --title <title> [--description <text>]",
        options: ["title", "description"]),
      Command.Form(name: "list", arguments: [], synopsis: "[--format <format>]", options: ["format"]),
      Command.Form(
        name: "show", arguments: ["bank"],
        synopsis: "<bank> [--category <category>] [--tag <tag>] ... [--format <format>]",
        options: ["category", "tag", "format"]),
      Command.Form(
        name: "mv", arguments: ["bank/question"], synopsis: "<bank/question> --category <category>",
        options: ["category"]),
      Command.Form(
        name: "rm", arguments: ["bank[/question]"],
        synopsis: "<bank[/question]> | <bank> --category <category> | <bank> --force", options: ["category", "force"]),
    ],
    arguments: [
      ArgumentSpec(name: "action", help: "add, list, show, mv or rm."),
      ArgumentSpec(
        name: "bank", help: "The bank (the new bank's id for add), or BANK/QUESTION for mv and rm.", optional: true),
    ],
    options: [
      .value("title", help: "The new bank's title."),
      .value("description", valueName: "text", help: "The new bank's description."),
      .value(
        "category", valueName: "category",
        help: "A category path such as Biology/Cells: show only it and those under it; the category mv moves to "
          + "(made when new); the empty category rm removes, with those under it."),
      .value("tag", help: "Show only questions with this tag (every --tag given).", repeatable: true),
      .flag(
        "force",
        help: "rm: remove a bank quizzes use, taking its slots out of them; questions attempts were given are "
          + "retired and kept for their history."),
      .format(["table", "json"]),
    ],
    access: .readWrite,
    run: run)

  static func run(_ invocation: Invocation) throws {
    let arguments = invocation.arguments
    let target = arguments.positionals.count > 1 ? arguments.positionals[1] : ""
    if arguments.positionals.count > 1, target.isEmpty || target.hasPrefix("/") {
      throw CLIError.usage("Expected a bank id, found '\(target)'", command: invocation.command)
    }
    let console = invocation.console
    switch arguments.positionals[0] {
    case "add":
      guard let title = arguments.value("title"), !title.isEmpty else {
        throw CLIError.usage("Missing '--title <title>' for the new bank", command: invocation.command)
      }
      guard Slug.isValid(target) else { throw CLIError.data("\"\(target)\" is not a valid bank id (\(Slug.rule))") }
      try invocation.repository().createBank(target, title: title, description: arguments.value("description"))
      console.write("Added bank \(target).\n")
    case "list":
      let summaries = try invocation.repository().bankSummaries()
      console.write(BankViews.list(summaries, format: invocation.format, console: console))
    case "show":
      let category = try arguments.value("category").map { try categoryPath($0, invocation: invocation) }
      let contents = try invocation.repository().bankContents(target, within: category, tags: arguments.all("tag"))
      console.write(BankViews.show(contents, format: invocation.format, console: console))
    case "mv":
      let (bank, question) = try bankQuestion(target, invocation: invocation)
      guard let text = arguments.value("category") else {
        throw CLIError.usage("Missing '--category <category>' to move the question to", command: invocation.command)
      }
      let category = try categoryPath(text, invocation: invocation)
      try invocation.repository().moveBankQuestion(question, ofBank: bank, to: category)
      console.write("Moved \(bank)/\(question) to \(category == .top ? "the top" : category.text.terminalSafeLine).\n")
    case "rm":
      try remove(target, invocation: invocation)
    case let action:
      // The form check refuses any other action before this runs.
      throw CLIError.usage("Unknown action '\(action)'", command: invocation.command)
    }
  }

  /// `rm BANK` or `rm BANK/QUESTION` (the form check leaves no other action here).
  private static func remove(_ target: String, invocation: Invocation) throws {
    let repository = try invocation.repository()
    if let text = invocation.arguments.value("category") {
      guard !target.contains("/") else {
        throw CLIError.usage(
          "--category removes a category of a bank: name the bank alone", command: invocation.command)
      }
      let category = try categoryPath(text, invocation: invocation)
      try repository.removeCategory(category, ofBank: target)
      return invocation.console.write("Removed category \(category.text.terminalSafeLine) of bank \(target).\n")
    }
    guard target.contains("/") else {
      let removal = try repository.removeBank(target, force: invocation.arguments.flag("force"))
      var lines = ["Removed bank \(target)."]
      if !removal.quizzes.isEmpty {
        lines.append("Took its slots out of \(removal.quizzes.joined(separator: ", ")).")
      }
      if let aside = removal.setAsideAs {
        lines.append(
          "Kept \(NumberText.plural(removal.keptQuestions, "question")) retired for the attempts given them, "
            + "as bank \(aside).")
      }
      return invocation.console.write(lines.joined(separator: "\n") + "\n")
    }
    let (bank, question) = try bankQuestion(target, invocation: invocation)
    switch try repository.removeBankQuestion(question, ofBank: bank) {
    case .retired:
      invocation.console.write("Retired question \(question) of bank \(bank): attempts answered it, so it is kept.\n")
    case .alreadyRetired:
      invocation.console.write("Question \(question) of bank \(bank) is retired already: nothing changed.\n")
    case .deleted:
      invocation.console.write("Removed question \(question) from bank \(bank).\n")
    }
  }

  static func categoryPath(_ text: String, invocation: Invocation) throws -> CategoryPath {
    switch CategoryPath.parse(text) {
    case .success(let path): return path
    case .failure(let error):
      throw CLIError.usage("Invalid '--category \(text)': \(error)", command: invocation.command)
    }
  }

  /// `BANK/QUESTION`, split at its only slash.
  static func bankQuestion(_ text: String, invocation: Invocation) throws -> (String, String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw CLIError.usage("Expected BANK/QUESTION, found '\(text)'", command: invocation.command)
    }
    return (String(parts[0]), String(parts[1]))
  }
}
