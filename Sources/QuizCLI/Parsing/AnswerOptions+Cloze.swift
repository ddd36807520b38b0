import QuizDomain

/// `--answer QUESTION[GAP]=ANSWER` for a cloze question: each gap read by its own kind (choice
/// ids, or the text typed), gathered into one response per gap in gap order. Gaps not given
/// stay blank, as a blank gap in Moodle.
extension AnswerOptions {
  static func addGap(
    _ gapText: String, _ value: String, _ cloze: Cloze, of name: String, source: String, to answers: inout [Answer],
    sources: inout [String], command: Command
  ) throws {
    guard let gap = Int(gapText), (1...max(cloze.parts.count, 1)).contains(gap), gap <= cloze.parts.count else {
      throw CLIError.usage(
        "Invalid '--answer \(source)': question '\(name)' has gaps 1 to \(cloze.parts.count), not '\(gapText)'",
        command: command)
    }
    let response: Response
    switch cloze.parts[gap - 1].body {
    case .choice:
      let choices = value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
      guard Set(choices).count == choices.count else {
        throw CLIError.usage("Invalid '--answer \(source)': a choice is picked twice", command: command)
      }
      response = .choices(choices)
    case .shortAnswer, .numerical: response = .text(value)
    }
    guard let index = answers.firstIndex(where: { $0.question == name }) else {
      answers.append(Answer(question: name, response: .parts(blanks(cloze, upTo: gap, setting: response))))
      sources.append(source)
      return
    }
    guard case .parts(var parts) = answers[index].response else {
      throw CLIError.usage("Question '\(name)' is answered twice", command: command)
    }
    if parts.count >= gap, parts[gap - 1] != blank(cloze.parts[gap - 1]) {
      throw CLIError.usage("Gap \(gap) of question '\(name)' is answered twice", command: command)
    }
    if parts.count < gap { parts += blanks(cloze, upTo: gap, setting: response).suffix(gap - parts.count) }
    parts[gap - 1] = response
    answers[index].response = .parts(parts)
  }

  /// `--unit QUESTION[GAP]=UNIT` onto a numerical gap already given with `--answer`.
  static func applyGapUnit(_ text: String, question: String, to answers: inout [Answer], command: Command) throws {
    guard let equals = text.firstIndex(of: "="), let open = text.firstIndex(of: "["),
      let gap = Int(text[text.index(after: open)..<text.index(before: equals)]),
      let index = answers.firstIndex(where: { $0.question == question }),
      case .parts(var parts) = answers[index].response, parts.indices.contains(gap - 1),
      case .text(let typed, nil) = parts[gap - 1], text.index(after: equals) < text.endIndex
    else {
      throw CLIError.usage(
        "Invalid '--unit \(text)': give the gap's number first with --answer QUESTION[GAP]=NUMBER", command: command)
    }
    parts[gap - 1] = .text(typed, unit: String(text[text.index(after: equals)...]))
    answers[index].response = .parts(parts)
  }

  /// A blank response for each gap up to `gap`, `response` at `gap`.
  private static func blanks(_ cloze: Cloze, upTo gap: Int, setting response: Response) -> [Response] {
    var parts = cloze.parts.prefix(gap).map(blank)
    parts[gap - 1] = response
    return parts
  }

  /// What a gap left blank holds: no choice, or no text.
  static func blank(_ part: ClozePart) -> Response {
    if case .choice = part.body { return .choices([]) }
    return .text("")
  }
}
