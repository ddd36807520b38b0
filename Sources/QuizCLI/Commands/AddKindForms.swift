import QuizDomain
import QuizRepository

/// `quiz add short-answer|numerical|matching|essay|description|cloze`: the forms of `add` for the
/// question kinds beyond multiple choice. Each builds the kind's body from its options; the
/// common parts (id, prompt, points, tags, explanation, section) are read as for a choice.
extension AddCommand {
  static let commonQuestionOptions: Set<String> = ["id", "prompt", "section", "points", "tag", "explanation"]
  private static let common =
    "\(quizOrBank) --id <id> --prompt <text> [--section <title|n>] [--points <n>] [--tag <tag>] ..."

  /// Where a new question goes: a quiz (placed in a section) or a bank's category (placed nowhere).
  static let quizOrBank = "(<quiz> | --bank <bank[/category]>)"

  /// `form` writing into a quiz or, with `--bank`, into a bank.
  static func intoQuizOrBank(_ form: Command.Form) -> Command.Form {
    var form = form
    form.options.insert("bank")
    form.leftOutWith = "bank"
    return form
  }

  static let kindForms: [Command.Form] = [
    Command.Form(
      name: QuestionKind.shortAnswer.rawValue, arguments: ["quiz"],
      synopsis: common + " --accept <text[=fraction]> ... [--case-sensitive]",
      options: commonQuestionOptions.union(["accept", "case-sensitive", "answer-feedback"])),
    Command.Form(
      name: QuestionKind.numerical.rawValue, arguments: ["quiz"],
      synopsis: common + " --value <number|*[=fraction]> ... [--tolerance <n>] ... [--unit <unit=multiplier>] ... "
        + "[--unit-grading <none|mark|max>] [--unit-penalty <n>] [--unit-input <text|choice>] [--units-left]",
      options: commonQuestionOptions.union([
        "value", "tolerance", "unit", "unit-grading", "unit-penalty", "unit-input", "units-left", "answer-feedback",
      ])),
    Command.Form(
      name: QuestionKind.matching.rawValue, arguments: ["quiz"],
      synopsis: common + " --pair <stem=answer> ... [--distractor <text>] ... [--shuffle]",
      options: commonQuestionOptions.union(["pair", "distractor", "shuffle"])),
    Command.Form(
      name: QuestionKind.essay.rawValue, arguments: ["quiz"],
      synopsis: common + " [--response-format <plain|monospaced|html>] [--optional] [--lines <n>] "
        + "[--min-words <n>] [--max-words <n>] [--template <text>] [--grader-info <text>]",
      options: commonQuestionOptions.union([
        "response-format", "optional", "lines", "min-words", "max-words", "template", "grader-info",
      ])),
    Command.Form(
      name: QuestionKind.description.rawValue, arguments: ["quiz"],
      synopsis: "\(quizOrBank) --id <id> --prompt <text> [--section <title|n>] [--tag <tag>] ...",
      options: ["id", "prompt", "section", "tag"]),
    clozeForm,
  ].map(intoQuizOrBank)

  static let kindOptions: [OptionSpec] =
    [
      .value(
        "accept", valueName: "text[=fraction]",
        help: "An answer a short-answer question accepts, tried in order; '*' matches any text; "
          + "=FRACTION (0 to 1, default 1) when the text ends with '=' and a number.", repeatable: true),
      .flag("case-sensitive", help: "Short answer: letter case must match."),
      .value(
        "answer-feedback", valueName: "n=text", help: "Feedback for the answer numbered n (1 is the first).",
        repeatable: true),
      .value(
        "value", valueName: "number[=fraction]", help: "An answer of a numerical question ('*': any number).",
        repeatable: true),
      .value(
        "tolerance", valueName: "n",
        help: "Numerical: the tolerance of the answer given in the same place (one for all when given once).",
        repeatable: true, type: .decimal(0...Double.greatestFiniteMagnitude, expected: "a number of at least 0")),
      .value(
        "unit", valueName: "unit=multiplier", help: "A unit a numerical response may carry (the first: =1).",
        repeatable: true),
      .value(
        "unit-grading", valueName: "none|mark|max", help: "How a missing or wrong unit is penalised (default none).",
        allowed: Numerical.UnitGrading.allCases.map(\.rawValue)),
      .value(
        "unit-penalty", valueName: "n", help: "The unit penalty, from 0 to 1 (default 0.1).",
        type: .decimal(0...1, expected: "a number from 0 to 1")),
      .value(
        "unit-input", valueName: "text|choice", help: "Units typed after the number, or picked from a list.",
        allowed: Numerical.UnitInput.allCases.map(\.rawValue)),
      .flag("units-left", help: "Numerical: the unit goes before the number ($5)."),
      .value(
        "pair", valueName: "stem=answer", help: "A stem and its answer (split at the first '=').", repeatable: true),
      .value("distractor", valueName: "text", help: "Matching: an answer that matches no stem.", repeatable: true),
      .flag("shuffle", help: "Matching: shuffle the stems for each attempt."),
      .value(
        "response-format", valueName: "format", help: "Essay: plain, monospaced or html (default plain).",
        allowed: Essay.ResponseFormat.allCases.map(\.rawValue)),
      .flag("optional", help: "Essay: a response is not required."),
      .value(
        "lines", valueName: "n", help: "Essay: lines of the response field (default 15).",
        type: .whole(1...Int.max, expected: "a whole number of at least 1")),
      .value(
        "min-words", valueName: "n", help: "Essay: the fewest words a response may have.",
        type: .whole(0...Int.max, expected: "a whole number of at least 0")),
      .value(
        "max-words", valueName: "n", help: "Essay: the most words a response may have.",
        type: .whole(0...Int.max, expected: "a whole number of at least 0")),
      .value("template", valueName: "text", help: "Essay: the text the response field starts with."),
      .value("grader-info", valueName: "text", help: "Essay: notes for the marker, never shown to a taker."),
    ] + clozeOptions

  /// The question of kind `form` the options describe.
  static func makeKindQuestion(_ form: String, _ arguments: ParsedArguments, invocation: Invocation) throws -> Question
  {
    let parser = KindOptionParser(arguments: arguments, command: invocation.command)
    // The forms are named by the kinds (QuestionKind's raw values).
    let kind = QuestionKind(rawValue: form) ?? .description
    if kind == .cloze { return try makeClozeQuestion(arguments, invocation: invocation) }
    var question = try makeCommonParts(arguments, invocation: invocation, isDescription: kind == .description)
    switch kind {
    case .shortAnswer: question.body = .shortAnswer(try parser.shortAnswer())
    case .numerical: question.body = .numerical(try parser.numerical())
    case .matching: question.body = .matching(try parser.matching())
    case .essay: question.body = .essay(parser.essay())
    case .choice, .description, .cloze: question.body = .description
    }
    question.shuffle = kind == .matching && arguments.flag("shuffle")
    if kind == .shortAnswer { warnAboutFullFractions(arguments, parser: parser, invocation: invocation) }
    let problems = QuestionRules.questionProblems(question)
    guard problems.isEmpty else {
      throw CLIError.data("invalid question \"\(question.id)\", nothing was added", details: problems)
    }
    return question
  }

  /// `--accept "x=1"` is the answer `x` at 100 %, which an answer without `=1` is already: the
  /// teacher may have meant the text `x=1`, so it is said, with how to write that.
  private static func warnAboutFullFractions(
    _ arguments: ParsedArguments, parser: KindOptionParser, invocation: Invocation
  ) {
    for text in arguments.all("accept") {
      guard let (answer, fraction) = try? parser.splitFraction(text, option: "accept"), fraction == 1 else { continue }
      invocation.console.error(
        "warning: --accept '\(text.terminalSafeLine)' is the answer '\(answer.terminalSafeLine)' at 100 %; "
          + "to accept the text '\(text.terminalSafeLine)' itself, write --accept '\(text.terminalSafeLine)=1'\n")
    }
  }

  /// Id, prompt (`-` reads standard input), points, explanation and tags.
  private static func makeCommonParts(_ arguments: ParsedArguments, invocation: Invocation, isDescription: Bool)
    throws -> Question
  {
    let (id, prompt) = try idAndPrompt(arguments, invocation: invocation)
    let points = arguments.double("points") ?? (isDescription ? 0 : 1)
    return Question(
      id: id, prompt: prompt, explanation: arguments.value("explanation"), points: points,
      tags: arguments.all("tag"), body: .description)
  }
}
