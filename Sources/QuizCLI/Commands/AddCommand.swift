import QuizDomain
import QuizRepository

extension Quiz {
  /// The section named by a title or a 1-based number.
  func sectionIndex(_ reference: String) -> Int? {
    if let number = Int(reference), (1...sections.count).contains(number) { return number - 1 }
    return sections.firstIndex { ($0.title ?? "") == reference }
  }

  func requireQuestion(_ id: String) throws -> (section: Int, position: Int) {
    guard let location = location(of: id) else {
      throw RepositoryError.unknownQuestion(
        quiz: self.id, question: id, suggestion: Suggestion.closest(to: id, among: questions.map(\.id)))
    }
    return location
  }

  func requireSection(_ reference: String) throws -> Int {
    guard let index = sectionIndex(reference) else {
      let titles = sections.compactMap(\.title).filter { !$0.isEmpty }
      throw RepositoryError.unknownSection(
        quiz: id, section: reference, suggestion: Suggestion.closest(to: reference, among: titles))
    }
    return index
  }
}

// MARK: - add

enum AddCommand {
  static let command = Command(
    name: "add",
    summary: "Add a quiz, a section or a question.",
    discussion: """
      Choices get the ids a, b, c… in the order given, as do the pairs of a matching question. --prompt - reads \
      the prompt from standard input. Each question type has its form: question (multiple choice), \
      \(kindForms.map(\.name).joined(separator: ", ")).
      """,
    forms: [
      Command.Form(
        name: "quiz", arguments: ["id"],
        synopsis: "<id> --title <title> [--description <text>] [--scoring <rule>] [--shuffle-questions]",
        options: ["title", "description", "scoring", "shuffle-questions"]),
      Command.Form(
        name: "section", arguments: ["quiz", "title"], synopsis: "<quiz> <title> [--at <n>] [--pick <n>]",
        options: ["at", "pick"]),
      intoQuizOrBank(
        Command.Form(
          name: "question", arguments: ["quiz"],
          synopsis: "\(quizOrBank) --id <id> --prompt <text> (--right <text> | --wrong <text>) ... "
            + "[--section <title|n>] [--points <n>] [--single | --multiple] [--scoring <rule>] [--tag <tag>] ... "
            + "[--explanation <text>] [--feedback <choice=text>] ...",
          options: [
            "id", "prompt", "right", "wrong", "section", "points", "single", "multiple", "scoring", "tag",
            "explanation", "feedback",
          ])),
    ] + kindForms + [slotForm, randomForm],
    arguments: [
      ArgumentSpec(name: "kind", help: "quiz, section or question."),
      ArgumentSpec(name: "target", help: "The new quiz's id, or the quiz to add to."),
      ArgumentSpec(
        name: "title", help: "The new section's title, or the bank question a slot places (BANK/QUESTION).",
        optional: true),
    ],
    options: [
      .value("title", help: "The quiz's title."),
      .value("description", help: "The quiz's description."),
      .value(
        "scoring", valueName: "rule", help: "Scoring rule: \(ScoringRule.names).",
        allowed: ScoringRule.allCases.map(\.rawValue)),
      .flag("shuffle-questions", help: "Each attempt gets the questions of each section in its own order."),
      .value("at", valueName: "n", help: "Position of the new section (1 is first; default: last)."),
      .value(
        "pick", valueName: "n",
        help: "Each attempt gets n of the section's questions, drawn at random (default: all of them).",
        type: .whole(1...Int.max, expected: "a whole number of at least 1")),
      .value("id", help: "The new question's id."),
      .value("prompt", valueName: "text", help: "The question ('-' reads it from standard input)."),
      .value("right", valueName: "text", help: "A correct choice.", repeatable: true),
      .value("wrong", valueName: "text", help: "A wrong choice.", repeatable: true),
      .value("section", valueName: "title|n", help: "The section to add the question to (default: the last)."),
      .value(
        "bank", valueName: "bank[/category]",
        help:
          "Write the question into this bank's category (made when new, with those above it; default: the top) "
          + "instead of a quiz: no quiz places it."),
      .value(
        "points", valueName: "n", help: "Points of the question (default: 1).",
        type: .decimal(nil, expected: "a number")),
      .flag(
        "single",
        help:
          "Exactly one choice may be picked (the default with one --right); with several --right, "
          + "picking any one of them is a full answer."),
      .flag(
        "multiple", help: "Any number of choices may be picked (the default with several --right)."),
      .value("tag", help: "A tag.", repeatable: true),
      .value(
        "from", valueName: "bank[/category]",
        help: "The bank, or its category, that random slots draw from (default category: the top)."),
      .flag("subcategories", help: "Random slots draw from the categories under --from's too."),
      .value(
        "count", valueName: "n", help: "How many random slots to add (default: 1).",
        type: .whole(1...1000, expected: "a whole number from 1 to 1000")),
      .value(
        "version", valueName: "n",
        help: "The version of the question the slot places (default: the latest when an attempt starts).",
        type: .whole(1...Int.max, expected: "a whole number of at least 1")),
      .value("explanation", valueName: "text", help: "Shown after the answer."),
      .value("feedback", valueName: "choice=text", help: "Shown when that choice is picked.", repeatable: true),
    ] + kindOptions,
    access: .readWrite,
    run: run)

  static func run(_ invocation: Invocation) throws {
    let arguments = invocation.arguments
    let kind = arguments.positionals[0]
    // Absent only with --bank (the form's check makes sure).
    let target = arguments.positionals.count > 1 ? arguments.positionals[1] : ""
    let console = invocation.console
    switch kind {
    case "quiz":
      guard let title = arguments.value("title"), !title.isEmpty else {
        throw CLIError.usage("Missing '--title <title>' for the new quiz", command: invocation.command)
      }
      guard Slug.isValid(target) else {
        throw CLIError.data("\"\(target)\" is not a valid quiz id (\(Slug.rule))")
      }
      let repository = try invocation.repository()
      let quiz = Quiz(
        id: target, title: title, description: arguments.value("description"),
        scoring: arguments.value("scoring").flatMap(ScoringRule.init),
        shuffleQuestions: arguments.flag("shuffle-questions") ? true : nil, sections: [Section(questions: [])])
      try repository.createQuiz(quiz)
      console.write("Added quiz \(target).\n")
    case "section":
      guard arguments.positionals.count == 3 else {
        throw CLIError.usage("Missing expected argument '<title>' for the new section", command: invocation.command)
      }
      let title = arguments.positionals[2]
      let pick = arguments.int("pick")
      try invocation.repository().updateQuiz(target, about: .section(title)) { quiz in
        var at = quiz.sections.count
        if let text = arguments.value("at") {
          guard let number = Int(text), (1...(quiz.sections.count + 1)).contains(number) else {
            throw CLIError.usage(
              "Invalid '--at \(text)': expected 1 to \(quiz.sections.count + 1)", command: invocation.command)
          }
          at = number - 1
        }
        // A new quiz's one empty, untitled section takes the title instead.
        if quiz.sections.count == 1, quiz.sections[0].questions.isEmpty, (quiz.sections[0].title ?? "").isEmpty {
          quiz.sections[0].title = title
          quiz.sections[0].pick = pick
        } else {
          quiz.sections.insert(Section(title: title, pick: pick, questions: []), at: at)
        }
      }
      console.write("Added section \"\(title)\" to \(target).\n")
    case "slot":
      try addSlot(arguments, quiz: target, invocation: invocation)
    case "random":
      try addRandom(arguments, quiz: target, invocation: invocation)
    case _ where kind == "question" || kindForms.contains(where: { $0.name == kind }):
      if arguments.value("bank") != nil, arguments.value("section") != nil {
        throw CLIError.usage(
          "Option '--section' places a question in a quiz; a question written with --bank is placed in none",
          command: invocation.command)
      }
      // Where it goes is checked before what it is: a usage error before a data error.
      let bank = try arguments.value("bank").map {
        try BankAddress.parse($0, option: "bank", command: invocation.command)
      }
      let question =
        kind == "question"
        ? try makeQuestion(arguments, invocation: invocation)
        : try makeKindQuestion(kind, arguments, invocation: invocation)
      if let (bank, category) = bank {
        return try addToBank(question, bank: bank, category: category, invocation: invocation)
      }
      try invocation.repository().updateQuiz(target, about: .question(question.id)) { quiz in
        if quiz.location(of: question.id) != nil {
          throw RepositoryError.invalid(
            [Problem(path: "--id", message: "quiz \"\(target)\" already has a question \"\(question.id)\"")], total: 1)
        }
        let section = try arguments.value("section").map { try quiz.requireSection($0) } ?? quiz.sections.count - 1
        quiz.sections[section].questions.append(question)
        if !quiz.maxScore.isFinite {
          throw RepositoryError.invalid(
            [
              Problem(
                path: "--points",
                message:
                  "with \(NumberText.points(question.points)) more, the points of quiz \"\(target)\" would add up "
                  + "to more than the largest number quiz can hold")
            ], total: 1)
        }
      }
      console.write("Added question \(question.id) to \(target).\n")
    default:
      throw CLIError.usage(
        "Unknown kind '\(kind)': add " + command.forms.map(\.name).joined(separator: ", "), command: invocation.command)
    }
  }

  /// The new question's `--id` and `--prompt` (`-` reads standard input).
  static func idAndPrompt(_ arguments: ParsedArguments, invocation: Invocation) throws -> (String, String) {
    guard let id = arguments.value("id") else {
      throw CLIError.usage("Missing '--id <id>' for the new question", command: invocation.command)
    }
    guard var prompt = arguments.value("prompt") else {
      throw CLIError.usage("Missing '--prompt <text>' for the new question", command: invocation.command)
    }
    if prompt == "-" {
      let bytes = try InputFiles.readAll(descriptor: 0, name: "standard input")
      prompt = String(decoding: bytes, as: UTF8.self)
      while prompt.hasSuffix("\n") { prompt.removeLast() }
    }
    return (id, prompt)
  }

  static func makeQuestion(_ arguments: ParsedArguments, invocation: Invocation) throws -> Question {
    let (id, prompt) = try idAndPrompt(arguments, invocation: invocation)
    var draft = QuestionDraft(id: id, prompt: prompt)
    draft.choices = arguments.ordered.filter { $0.name == "right" || $0.name == "wrong" }.map {
      (text: $0.value, correct: $0.name == "right")
    }
    for text in arguments.all("feedback") {
      guard let equals = text.firstIndex(of: "=") else {
        throw CLIError.usage(
          "Invalid '--feedback \(text)': expected CHOICE=TEXT with a choice id such as a", command: invocation.command)
      }
      draft.feedback.append((choice: String(text[..<equals]), text: String(text[text.index(after: equals)...])))
    }
    if arguments.flag("single") && arguments.flag("multiple") {
      throw CLIError.usage("Give --single or --multiple, not both", command: invocation.command)
    }
    if let points = arguments.double("points") { draft.points = points }
    draft.multiple = arguments.flag("single") ? false : (arguments.flag("multiple") ? true : nil)
    draft.explanation = arguments.value("explanation")
    draft.scoring = arguments.value("scoring").flatMap(ScoringRule.init)
    draft.tags = arguments.all("tag")
    switch draft.question() {
    case .success(let question):
      return question
    case .failure(let error):
      throw CLIError.data("invalid question \"\(id)\", nothing was added", details: error.problems)
    }
  }
}

// MARK: - Into a bank

extension AddCommand {
  /// `quiz add … --bank BANK[/CATEGORY]`: the question written into the bank, placed nowhere.
  static func addToBank(_ question: Question, bank: String, category: CategoryPath?, invocation: Invocation) throws {
    try invocation.repository().addQuestion(question, toBank: bank, category: category ?? .top)
    let place = category.map { $0 == .top ? "" : " (\($0.text.terminalSafeLine))" } ?? ""
    invocation.console.write("Added question \(question.id) to bank \(bank)\(place).\n")
  }
}

/// `BANK`, `BANK/QUESTION` or `BANK/CATEGORY`, as `--bank` and the `bank` command name them.
enum BankAddress {
  /// The bank and what follows its first `/`, read as a category path; nil when there is none.
  static func parse(_ text: String, option: String, command: Command) throws -> (String, CategoryPath?) {
    let bank = String(text.prefix { $0 != "/" })
    guard Slug.isValid(bank) else {
      throw CLIError.usage(
        "Invalid '--\(option) \(text)': \"\(bank)\" is not a bank id (\(Slug.rule))", command: command)
    }
    guard let slash = text.firstIndex(of: "/") else { return (text, nil) }
    switch CategoryPath.parse(String(text[text.index(after: slash)...])) {
    case .success(let path): return (bank, path)
    case .failure(let error): throw CLIError.usage("Invalid '--\(option) \(text)': \(error)", command: command)
    }
  }
}
