import QuizDomain
import QuizRepository

// MARK: - Slots

extension AddCommand {
  static let slotForm = Command.Form(
    name: "slot", arguments: ["quiz", "bank/question"],
    synopsis: "<quiz> <bank/question> [--section <title|n>] [--points <n>] [--version <n>]",
    options: ["section", "points", "version"])

  /// `quiz add slot QUIZ BANK/QUESTION`: the quiz places the bank's question in a section (the
  /// last by default), at its latest version or the one given, worth its own points or those
  /// given.
  static func addSlot(_ arguments: ParsedArguments, quiz target: String, invocation: Invocation) throws {
    guard arguments.positionals.count == 3 else {
      throw CLIError.usage(
        "Missing expected argument '<bank/question>' for the new slot", command: invocation.command)
    }
    let name = arguments.positionals[2]
    if let points = arguments.double("points"), !(points > 0) {
      throw CLIError.usage(
        "Invalid '--points \(NumberText.points(points))': a slot is worth more than 0 points",
        command: invocation.command)
    }
    guard
      let reference = SlotReference(
        name: name, version: arguments.int("version"), points: arguments.double("points"))
    else {
      throw CLIError.usage(
        "Invalid '\(name)': expected BANK/QUESTION, two ids joined by \"/\" (\(Slug.rule))",
        command: invocation.command)
    }
    try invocation.repository().updateQuiz(target, about: .question(reference.question)) { quiz in
      if quiz.location(of: reference.question) != nil {
        throw RepositoryError.invalid(
          [
            Problem(
              path: name,
              message: "quiz \"\(target)\" already has a question \"\(reference.question)\"")
          ], total: 1)
      }
      let section = try arguments.value("section").map { try quiz.requireSection($0) } ?? quiz.sections.count - 1
      quiz.sections[section].questions.append(reference.placeholder)
    }
    invocation.console.write("Placed \(reference.name) in \(target).\n")
    try warnIfUndrawable(target, invocation: invocation)
  }
}

// MARK: - Random slots

extension AddCommand {
  static let randomForm = Command.Form(
    name: "random", arguments: ["quiz"],
    synopsis:
      "<quiz> --from <bank[/category]> [--subcategories] [--tag <tag>] ... [--count <n>] [--section <title|n>] "
      + "[--points <n>]",
    options: ["from", "subcategories", "tag", "count", "section", "points"])

  /// `quiz add random QUIZ --from BANK[/CATEGORY]`: `--count` slots at the end of a section,
  /// each drawing one question per attempt from the category (and those under it with
  /// `--subcategories`) among those carrying every `--tag`.
  static func addRandom(_ arguments: ParsedArguments, quiz target: String, invocation: Invocation) throws {
    guard let from = arguments.value("from") else {
      throw CLIError.usage(
        "Missing '--from <bank[/category]>': where the random slots draw from", command: invocation.command)
    }
    let (bank, category) = try BankAddress.parse(from, option: "from", command: invocation.command)
    if let points = arguments.double("points"), !(points > 0) {
      throw CLIError.usage(
        "Invalid '--points \(NumberText.points(points))': a slot is worth more than 0 points",
        command: invocation.command)
    }
    let random = RandomSlot(
      bank: bank, category: category ?? .top, subcategories: arguments.flag("subcategories"),
      tags: arguments.all("tag"), count: arguments.int("count") ?? 1, points: arguments.double("points"))
    try invocation.repository().updateQuiz(target) { quiz in
      let section = try arguments.value("section").map { try quiz.requireSection($0) } ?? quiz.sections.count - 1
      if quiz.sections[section].pick != nil {
        throw CLIError.usage(
          "Section \(section + 1) of \(target) picks from its questions: random slots go in a section that does not pick",
          command: invocation.command)
      }
      quiz.sections[section].random.append(
        PlacedRandomSlot(at: quiz.sections[section].questions.count, slot: random))
    }
    let slots = random.count == 1 ? "a random slot" : "\(random.count) random slots"
    invocation.console.write("Added \(slots) drawing from \(random.filterText.terminalSafeLine) to \(target).\n")
    try warnIfUndrawable(target, invocation: invocation)
  }

  /// A warning when the quiz's random slots can no longer draw an attempt's questions (each
  /// slot has enough candidates, but not all of them at once, or not besides what the quiz
  /// places): the change is kept, and `take` and `grade` will say the same.
  static func warnIfUndrawable(_ quiz: String, invocation: Invocation) throws {
    guard let problem = try invocation.repository().drawProblem(ofQuiz: quiz) else { return }
    invocation.console.error(
      "warning: \(problem): attempts cannot start until the quiz or its banks change\n".terminalSafe)
  }
}
