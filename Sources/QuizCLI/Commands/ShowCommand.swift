import QuizBankFormat
import QuizDomain
import QuizRepository

enum ShowCommand {
  static let command = Command(
    name: "show",
    summary: "Show a quiz: its sections and questions in order, choices lettered.",
    arguments: [ArgumentSpec(name: "quiz[/question]", help: "The quiz, or one of its questions.")],
    options: [
      .flag(
        "answers", help: "Show the correct choices and accepted answers, and notes for markers (hidden by default)."),
      .format(["table", "json"]),
      .flag("watch", help: "Redraw whenever the quiz changes, until interrupted."),
      .flag("history", help: "With QUIZ/QUESTION: every version of the question, with its date and what changed."),
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let address = QuestionAddress(invocation.arguments.positionals[0])
    if let question = address.question {
      try QuestionView.run(quiz: address.quiz, question: question, invocation: invocation)
      return
    }
    let id = address.quiz
    if invocation.arguments.flag("history") {
      throw CLIError.usage(
        "'--history' shows the versions of one question: give QUIZ/QUESTION", command: invocation.command)
    }
    let repository = try invocation.repository()
    let withAnswers = invocation.arguments.flag("answers")
    let console = invocation.console
    try LiveView.show(watching: invocation.arguments.flag("watch"), repository: repository, console: console) {
      let stored = try repository.requireQuiz(id)
      return invocation.format == "json"
        ? String(decoding: json(stored, withAnswers: withAnswers), as: UTF8.self)
        : text(stored, withAnswers: withAnswers, console: console)
    }
  }

  static func json(_ stored: StoredQuiz, withAnswers: Bool) -> [UInt8] {
    return JSONWriter.document(ShownQuizJSON(stored: stored, withAnswers: withAnswers))
  }

  static func text(_ stored: StoredQuiz, withAnswers: Bool, console: Console) -> String {
    let quiz = stored.quiz.terminalSafe
    let questions = quiz.questions
    var text = console.styled("\(quiz.title)", .bold) + "  " + console.styled("(\(quiz.id))", .dim) + "\n"
    if let description = quiz.description, !description.isEmpty { text += description + "\n" }
    text +=
      [
        quiz.defaultScoring.rawValue, NumberText.plural(quiz.sections.count, "section"),
        NumberText.plural(questions.count + quiz.sections.reduce(0) { $0 + $1.randomCount }, "question"),
        quiz.drawsQuestions
          ? "\(quiz.askedPerAttempt) asked per attempt"
          : NumberText.points(quiz.maxScore) + (quiz.maxScore == 1 ? " point" : " points"),
      ].joined(separator: " · ") + (quiz.shuffleQuestions == true ? " · questions shuffled per attempt" : "") + "\n"
    var number = 0
    for (index, section) in quiz.sections.enumerated() {
      text +=
        "\n"
        + console.styled(
          "\(index + 1). \(section.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Section \(index + 1)")", .bold)
        + (section.pick.map { console.styled("  (pick \($0) of \(section.questions.count) per attempt)", .dim) } ?? "")
        + "\n"
      if section.questions.isEmpty && section.random.isEmpty { text += "   (no questions)\n" }
      for entry in section.entries {
        switch entry {
        case .random(let random):
          text += randomLines(random, from: number + 1, console: console)
          number += random.count
        case .question(let question):
          number += 1
          text += questionLines(
            question, number: number, version: stored.versions[question.id] ?? 1, withAnswers: withAnswers,
            console: console)
        }
      }
    }
    return text
  }

  /// Random slots: their numbers, points and what they draw from.
  static func randomLines(_ random: RandomSlot, from number: Int, console: Console) -> String {
    let numbers = random.count == 1 ? "Q\(number)" : "Q\(number)–Q\(number + random.count - 1)"
    let points = NumberText.points(random.pointsEach) + (random.pointsEach == 1 ? " pt" : " pts")
    let facts = [random.count == 1 ? points : points + " each"]
    return "\n  \(numbers)  " + console.styled("random", .cyan) + "  "
      + console.styled("(\(facts.joined(separator: ", ")))", .dim) + "\n"
      + "      drawn from \(random.filterText.terminalSafeLine)\n"
  }

  /// One question as `show` lists it: its number, id and facts, prompt, choices and parts.
  static func questionLines(_ question: Question, number: Int, version: Int, withAnswers: Bool, console: Console)
    -> String
  {
    var text = ""
    var facts = ["v\(version)"]
    if let slot = question.slot {
      facts.insert("from \(slot.bank)" + (slot.version == nil ? "" : ", pinned"), at: 0)
    }
    if question.kind != .choice { facts.append(question.kind.rawValue) }
    if question.kind != .description {
      facts.append(NumberText.points(question.points) + (question.points == 1 ? " pt" : " pts"))
    }
    if question.kind == .choice { facts.append(question.multiple ? "several answers" : "one answer") }
    if let rule = question.scoring { facts.append(rule.rawValue) }
    if !question.tags.isEmpty { facts.append("tags: " + question.tags.joined(separator: ", ")) }
    text +=
      "\n  Q\(number)  " + console.styled(question.id, .cyan) + "  "
      + console.styled("(\(facts.joined(separator: ", ")))", .dim) + "\n"
    text += indented(question.prompt, by: 6) + "\n"
    for choice in question.choices {
      let box = question.multiple ? "[ ]" : "( )"
      var line = "      \(box) \(choice.id)) " + indentedContinuation(choice.text, by: 11 + choice.id.count)
      if withAnswers && choice.correct {
        line = console.styled(line + "  ✓", .green)
      }
      text += line + "\n"
    }
    text += KindLines.parts(question, withAnswers: withAnswers, console: console, indent: 6)
    text += OptionLines.lines(question, withAnswers: withAnswers, console: console, indent: 6)
    if withAnswers, let explanation = question.explanation, !explanation.isEmpty {
      text += console.styled(indented("→ " + explanation, by: 6), .dim) + "\n"
    }
    return text
  }

  static func indented(_ text: String, by count: Int) -> String {
    let pad = String(repeating: " ", count: count)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
  }

  static func indentedContinuation(_ text: String, by count: Int) -> String {
    let pad = String(repeating: " ", count: count)
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .map { $0.offset == 0 ? String($0.element) : pad + $0.element }.joined(separator: "\n")
  }
}

/// `quiz show --format json`: the quiz, its sections and questions.
struct ShownQuizJSON: JSONView {
  let stored: StoredQuiz
  let withAnswers: Bool
  var quiz: Quiz { stored.quiz }

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("id", quiz.id)
    writer.field("title", quiz.title)
    writer.optionalField("description", quiz.description)
    writer.field("scoring", quiz.defaultScoring.rawValue)
    writer.field("shuffle_questions", quiz.shuffleQuestions ?? false)
    writer.key("sections")
    writer.beginArray()
    for section in quiz.sections {
      writer.beginObject()
      writer.field("title", section.title ?? "")
      if let pick = section.pick { writer.field("pick", pick) }
      writer.key("questions")
      writer.beginArray()
      for entry in section.entries {
        switch entry {
        case .question(let question):
          QuizBankWriter.write(question, to: &writer, withAnswers: withAnswers) { writer in
            // Where a slot placed it from.
            if let slot = question.slot { writer.field("slot", slot.name) }
          }
        case .random(let random): QuizBankWriter.write(random, to: &writer)
        }
      }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }
}
