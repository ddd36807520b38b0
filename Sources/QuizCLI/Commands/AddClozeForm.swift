import QuizDomain
import QuizFormats

/// `quiz add cloze`: a question whose text is written in Moodle's embedded-answers syntax
/// (`{1:SHORTANSWER:=Paris}`), read by the same reader the Moodle XML import uses, so that a
/// gap typed here means what it means in Moodle. Its points are the sum of its gaps'.
extension AddCommand {
  static let clozeForm = Command.Form(
    name: QuestionKind.cloze.rawValue, arguments: ["quiz"],
    synopsis: "\(quizOrBank) --id <id> --text <moodle cloze text> [--section <title|n>] [--tag <tag>] ... "
      + "[--explanation <text>]",
    options: ["id", "text", "section", "tag", "explanation"])

  static let clozeOptions: [OptionSpec] = [
    .value(
      "text", valueName: "text",
      help: "Cloze: the question in Moodle's embedded-answers syntax, each gap {N:TYPE:alternatives} "
        + "('-' reads it from standard input).")
  ]

  /// The cloze question `--text` writes, or a data error naming the line of the text at fault.
  static func makeClozeQuestion(_ arguments: ParsedArguments, invocation: Invocation) throws -> Question {
    guard let id = arguments.value("id") else {
      throw CLIError.usage("Missing '--id <id>' for the new question", command: invocation.command)
    }
    guard var text = arguments.value("text") else {
      throw CLIError.usage(
        "Missing '--text <text>': a cloze question is written in Moodle's syntax, e.g. "
          + "'The capital of France is {1:SHORTANSWER:=Paris}.'", command: invocation.command)
    }
    if text == "-" {
      text = String(decoding: try InputFiles.readAll(descriptor: 0, name: "standard input"), as: UTF8.self)
      while text.hasSuffix("\n") { text.removeLast() }
    }
    let parsed: (prompt: String, cloze: Cloze)
    do {
      parsed = try ClozeSyntax.parse(text)
    } catch {
      throw CLIError.data(
        "invalid cloze text in '--text', nothing was added", details: ["line \(error.line): \(error.message)"])
    }
    let question = Question(
      id: id, prompt: parsed.prompt, explanation: arguments.value("explanation"), points: parsed.cloze.points,
      tags: arguments.all("tag"), body: .cloze(parsed.cloze))
    let problems = QuestionRules.questionProblems(question)
    guard problems.isEmpty else {
      throw CLIError.data("invalid question \"\(question.id)\", nothing was added", details: problems)
    }
    return question
  }
}
