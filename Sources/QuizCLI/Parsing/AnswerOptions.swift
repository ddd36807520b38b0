import QuizDomain
import QuizFormats

/// `grade`'s `--answer` and `--unit` options as answers, read by the kind of the question each
/// names (see `grade --help`): choice ids comma-separated, a typed text whole, or one stem of a
/// matching question as `QUESTION[STEM]=ANSWER`, one gap of a cloze question as `QUESTION[GAP]=ANSWER`.
enum AnswerOptions {
  /// The answers, and for each the `--answer` text it came from (for messages).
  static func parse(_ raw: [String], units: [String], quiz: Quiz, command: Command) throws -> ([Answer], [String]) {
    var byID: [String: Question] = [:]
    for question in quiz.questions { byID[question.id] = question }
    var answers: [Answer] = []
    var sources: [String] = []
    for text in raw {
      // Split on Unicode scalars: an answer that begins with a combining mark forms one
      // Character with the `=` before it, which a search by Character would not find.
      let scalars = text.unicodeScalars
      guard let equals = scalars.firstIndex(of: "="), equals != scalars.startIndex else {
        throw CLIError.usage(
          "Invalid '--answer \(text)': expected QUESTION=RESPONSE, such as what-is-sqlite=a,c", command: command)
      }
      var name = String(scalars[..<equals])
      var value = String(scalars[scalars.index(after: equals)...])
      var stem: String?
      if let open = name.unicodeScalars.firstIndex(of: "["), let close = scalars.firstIndex(of: "]"), close > open {
        // QUESTION[STEM]=ANSWER: the answer follows the first '=' after ']'.
        let afterClose = scalars[scalars.index(after: close)...]
        guard afterClose.first == "=" else {
          throw CLIError.usage("Invalid '--answer \(text)': expected QUESTION[STEM]=ANSWER", command: command)
        }
        name = String(scalars[..<open])
        stem = String(scalars[scalars.index(after: open)..<close])
        value = String(String.UnicodeScalarView(afterClose.dropFirst()))
      }
      let question = byID[name]
      if let stem, let question, case .cloze(let cloze) = question.body {
        try addGap(stem, value, cloze, of: name, source: text, to: &answers, sources: &sources, command: command)
        continue
      }
      if let stem {
        guard question == nil || question?.kind == .matching else {
          throw CLIError.usage(
            "Invalid '--answer \(text)': question '\(name)' is \(question?.kind.rawValue ?? ""), not matching",
            command: command)
        }
        let match = StemMatch(stem: stem, answer: question.map { Self.storedAnswer(value, of: $0) } ?? value)
        if let index = answers.firstIndex(where: { $0.question == name }),
          case .matched(var matches) = answers[index].response
        {
          guard !matches.contains(where: { $0.stem == stem }) else {
            throw CLIError.usage("Stem '\(stem)' of question '\(name)' is answered twice", command: command)
          }
          matches.append(match)
          answers[index].response = .matched(matches)
          continue
        }
        try add(Answer(question: name, response: .matched([match])), source: text)
        continue
      }
      if question?.kind == .cloze {
        throw CLIError.usage(
          "Invalid '--answer \(text)': question '\(name)' is cloze: give QUESTION[GAP]=ANSWER per gap (1 is the first)",
          command: command)
      }
      if question?.kind == .matching {
        throw CLIError.usage(
          "Invalid '--answer \(text)': question '\(name)' is matching: give QUESTION[STEM]=ANSWER per stem",
          command: command)
      }
      switch question?.kind ?? .choice {
      case .choice, .description, .cloze:
        let choices = value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        guard !choices.isEmpty else {
          throw CLIError.usage(
            "Invalid '--answer \(text)': no choice given (leave an unanswered question out)", command: command)
        }
        guard Set(choices).count == choices.count else {
          throw CLIError.usage("Invalid '--answer \(text)': a choice is picked twice", command: command)
        }
        try add(Answer(question: name, selected: choices), source: text)
      case .shortAnswer, .numerical, .essay, .matching:
        try add(Answer(question: name, response: .text(value)), source: text)
      }
    }
    try applyUnits(units, to: &answers, command: command)
    return (answers, sources)

    func add(_ answer: Answer, source: String) throws {
      guard !answers.contains(where: { $0.question == answer.question }) else {
        throw CLIError.usage("Question '\(answer.question)' is answered twice", command: command)
      }
      answers.append(answer)
      sources.append(source)
    }
  }

  /// A matching answer as stored, given as stored or as the taker sees it: `AT&T` for an HTML
  /// answer stored `AT&amp;T` (ordinary in Moodle XML imports), when one answer reads so.
  static func storedAnswer(_ given: String, of question: Question) -> String {
    guard case .matching(let body) = question.body, !body.answerChoices.contains(given) else { return given }
    let shown = body.answerChoices.filter { QuestionTextHTML.plain($0, question.textFormat) == given }
    return shown.count == 1 ? shown[0] : given
  }

  /// `--unit QUESTION=UNIT` onto the numerical answer to QUESTION.
  private static func applyUnits(_ units: [String], to answers: inout [Answer], command: Command) throws {
    for text in units {
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex, text.index(after: equals) < text.endIndex
      else {
        throw CLIError.usage("Invalid '--unit \(text)': expected QUESTION=UNIT, such as length=cm", command: command)
      }
      let name = String(text[..<equals])
      if name.hasSuffix("]"), let open = name.firstIndex(of: "[") {
        try applyGapUnit(text, question: String(name[..<open]), to: &answers, command: command)
        continue
      }
      guard let index = answers.firstIndex(where: { $0.question == name }),
        case .text(let typed, nil) = answers[index].response
      else {
        throw CLIError.usage(
          "Invalid '--unit \(text)': give the number with --answer \(name)=NUMBER first", command: command)
      }
      answers[index].response = .text(typed, unit: String(text[text.index(after: equals)...]))
    }
  }
}
