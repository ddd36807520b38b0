import QuizDomain
import QuizRepository

/// Asks each question and reads the answer as lines: choice ids ("a,c" or "a c"), a line of
/// text (short answer, numerical, then the unit when picked from a list), `STEM=ANSWER` lines
/// (matching), an essay up to a line holding a single ".", a line per gap (cloze, LineTaker+Cloze.swift),
/// or Enter (description). The
/// questions go to standard output on a terminal; when standard output is redirected they go
/// to standard error, so that the taker still sees them, and only the result goes to the file.
struct LineTaker {
  let quiz: Quiz
  let questions: [PresentedQuestion]
  let console: Console
  /// The hints asked for on the question being asked ("?" at a prompt).
  private let hints = HintCursor()

  init(quiz: Quiz, questions: [PresentedQuestion], console: Console) {
    self.quiz = quiz
    self.questions = questions
    self.console = console
  }

  /// The input ended before question `number` was answered.
  struct InputEnded: Error {
    let number: Int
  }

  func show(_ text: String) {
    if console.stdoutIsTerminal { console.write(text) } else { console.error(text) }
  }

  func run() throws -> [Answer] {
    var answers: [Answer] = []
    for (index, presented) in questions.enumerated() {
      let question = presented.shown
      var text = "\n" + console.styled("Question \(index + 1) of \(questions.count)", .bold)
      text += console.styled("  (\(KindLines.facts(question)))", .dim) + "\n"
      text += question.prompt + "\n"
      text += offered(presented)
      if !question.hints.isEmpty { text += console.styled("  (? at a prompt: a hint)", .dim) + "\n" }
      show(text)
      hints.start(question)
      guard let response = try ask(presented, number: index + 1) else { continue }
      let points = TakeCommand.score(presented, in: quiz, response: response)
      var reveal = KindLines.reveal(
        question, response: presented.shownResponse(response),
        graded: Graded(question: presented.original, response: response), console: console, indent: 2)
      if question.kind.isScoredAutomatically {
        reveal += "  Points: \(NumberText.points(points)) / \(NumberText.points(question.points))\n"
      }
      if let outcome = TakeOptions.outcomeText(question, points: points) {
        reveal += console.styled("  " + outcome.replacingNewlines(), .dim) + "\n"
      }
      show(reveal)
      answers.append(Answer(question: question.id, response: response))
    }
    show("\n")
    return answers
  }

  /// The choices, stems and answers, or units the question offers.
  private func offered(_ presented: PresentedQuestion) -> String {
    let question = presented.shown
    switch question.body {
    case .choice:
      let labels = TakeOptions.labels(question, forTyping: true)
      return zip(labels, question.choices).map { "  \($0 ?? $1.id)) \($1.text.replacingNewlines())\n" }.joined()
    case .matching(let body):
      var text = body.pairs.map { "  \($0.id)) \($0.stem.replacingNewlines())\n" }.joined()
      text += console.styled("  Answers:", .dim) + "\n"
      for (number, choice) in presented.answerChoices.enumerated() {
        text += "    \(number + 1). \(choice.shown.replacingNewlines())\n"
      }
      return text
    case .numerical(let body) where body.effectiveUnitInput == .choice:
      return console.styled("  Units: " + body.units.map(\.unit).joined(separator: ", "), .dim) + "\n"
    case .essay(let body):
      var text = ""
      if let template = body.responseTemplate, !template.isEmpty {
        text += console.styled("  Template (an unchanged template is no response):", .dim) + "\n" + template + "\n"
      }
      return text
    case .numerical, .shortAnswer, .description, .cloze: return ""
    }
  }

  /// Reads lines until they make a valid response; nil for a description (nothing to answer).
  private func ask(_ presented: PresentedQuestion, number: Int) throws -> Response? {
    switch presented.original.body {
    case .choice: return .choices(try askChoices(presented.shown, number: number))
    case .shortAnswer:
      return .text(try askLine("Your answer: ", number: number, refusing: { $0.isEmpty ? "Type an answer." : nil }))
    case .numerical(let body): return try askNumber(body, number: number)
    case .matching(let body): return .matched(try askMatches(presented, body: body, number: number))
    case .essay(let body): return .text(try askEssay(body, number: number))
    case .cloze: return .parts(try askGaps(presented, number: number))
    case .description:
      _ = try readLine(prompt: "Press Enter to go on. ", number: number)
      return nil
    }
  }

  /// A line; "?" on a question with hints shows the next hint and asks again (at a prompt:
  /// an essay's own lines are text).
  func readLine(prompt: String, number: Int) throws -> String {
    while true {
      show(prompt)
      guard let line = Swift.readLine(strippingNewline: true) else {
        show("\n")
        throw InputEnded(number: number)
      }
      // Piped input is not echoed: write it, so that the transcript reads like a session.
      if !console.stdinIsTerminal { show(line + "\n") }
      guard line == "?", !prompt.isEmpty, hints.question?.hints.isEmpty == false, let hint = hints.next() else {
        return line
      }
      show(console.styled("  " + hint.replacingNewlines(), .yellow) + "\n")
    }
  }

  /// A line, asked again while `refusing` says why it is not a response.
  private func askLine(_ prompt: String, number: Int, refusing: (String) -> String?) throws -> String {
    while true {
      let line = try readLine(prompt: prompt, number: number)
      guard let reason = refusing(line) else { return line }
      show("  \(reason)\n")
    }
  }

  private func askChoices(_ question: Question, number: Int) throws -> [String] {
    while true {
      let line = try readLine(
        prompt: "Your answer (such as \(example(question))): ", number: number)
      let typed = line.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
      let picks = typed.map { TakeOptions.choiceID(forTyped: $0, in: question) ?? $0.lowercased() }
      var seen = Set<String>()
      let selected = picks.filter { seen.insert($0).inserted }
      let labels = TakeOptions.labels(question, forTyping: true).compactMap { $0 }
      if selected.isEmpty {
        show("  Select at least one choice.\n")
      } else if let unknown = selected.first(where: { question.choice(withID: $0) == nil }) {
        show("  There is no choice \"\(unknown.terminalSafeLine)\" (choices: \(labels.joined(separator: ", "))).\n")
      } else if !question.multiple && selected.count > 1 {
        show("  This question takes one answer.\n")
      } else {
        return selected
      }
    }
  }

  /// "a,c" or "a", in the question's labels.
  private func example(_ question: Question) -> String {
    let labels = TakeOptions.labels(question, forTyping: true).compactMap { $0 }
    guard question.body.numbering != nil, let first = labels.first, let last = labels.last else {
      return question.multiple ? "a,c" : "a"
    }
    return question.multiple ? first + "," + (labels.count > 2 ? labels[2] : last) : first
  }

  /// The number, and the unit from the list when the question offers one. Moodle does not
  /// submit a response that is not a number: neither does `take`.
  private func askNumber(_ body: Numerical, number: Int) throws -> Response {
    let choosing = body.effectiveUnitInput == .choice
    let example = "3.5" + (choosing ? "" : body.units.first.map { " " + $0.unit } ?? "")
    let typed = try askLine("Your answer: ", number: number) { line in
      if line.isEmpty { return "Type a number." }
      return body.grade(line, unit: nil) == nil
        ? "\"\(line.terminalSafeLine)\" is not a number (such as \(example))." : nil
    }
    guard choosing else { return .text(typed) }
    let names = body.units.map(\.unit)
    let unit = try askLine("Unit (\(names.joined(separator: ", "))): ", number: number) { line in
      names.contains(line) ? nil : "Pick one of: \(names.joined(separator: ", "))."
    }
    return .text(typed, unit: unit)
  }

  /// `STEM=ANSWER` lines (the answer by its number or its text) until every stem has one; an
  /// empty line ends early once one stem is answered.
  private func askMatches(_ presented: PresentedQuestion, body: Matching, number: Int) throws -> [StemMatch] {
    var matches: [StemMatch] = []
    let stems = presented.shown.matchingPairs.map(\.id)
    while matches.count < stems.count {
      let left = stems.filter { stem in !matches.contains { $0.stem == stem } }
      let line = try readLine(prompt: "Match (such as \(left[0])=1), empty line when done: ", number: number)
      if line.isEmpty {
        if matches.isEmpty { show("  Match at least one item.\n") } else { break }
        continue
      }
      guard line.contains("=") else {
        show("  Write STEM=ANSWER, such as \(left[0])=1.\n")
        continue
      }
      let pairs = presented.shown.matchingPairs
      let (written, given) = Self.splitMatch(line, stems: stems, pairs: pairs)
      let (byLetter, byText) = Self.items(namedBy: written, stems: stems, pairs: pairs)
      if let byLetter, let byText, byLetter != byText {
        // A letter names its item: said, since the text names another one.
        show("  (\"\(written.terminalSafeLine)\" is read as item \(byLetter), by its letter, not item \(byText).)\n")
      }
      guard let stem = byLetter ?? byText else {
        show("  There is no item \"\(written.terminalSafeLine)\" (items: \(stems.joined(separator: ", "))).\n")
        continue
      }
      let answers = presented.answerChoices
      let byNumber = Int(given).flatMap { answers.indices.contains($0 - 1) ? answers[$0 - 1] : nil }
      let byAnswerText = answers.first { $0.shown == given || $0.text == given }
      if let byNumber, let byAnswerText, byNumber.text != byAnswerText.text {
        // A number names its answer in the list: said, since the text names another one.
        show(
          "  (\"\(given.terminalSafeLine)\" is read as answer \(given), \"\(byNumber.shown.terminalSafeLine)\", by its "
            + "number, not the answer \"\(byAnswerText.shown.terminalSafeLine)\".)\n")
      }
      let choice = byNumber ?? byAnswerText
      guard let choice else {
        show("  \"\(given.terminalSafeLine)\" is not one of the answers (1 to \(presented.answerChoices.count)).\n")
        continue
      }
      matches.removeAll { $0.stem == stem }
      matches.append(StemMatch(stem: stem, answer: choice.text))
    }
    return stems.compactMap { stem in matches.first { $0.stem == stem } }
  }

  /// A `STEM=ANSWER` line cut at its first `=` after which the left part names an item, by its
  /// letter or by its text as shown (any case), so that an item whose text holds `=` (`2+2=?=4`)
  /// can be named; at the first `=` when none does (the item is then reported unknown).
  static func splitMatch(_ line: String, stems: [String], pairs: [MatchPair]) -> (item: String, answer: String) {
    var cuts: [(item: String, answer: String)] = []
    var index = line.startIndex
    while let equals = line[index...].firstIndex(of: "=") {
      cuts.append((String(line[..<equals]).trimmingSpaces, String(line[line.index(after: equals)...]).trimmingSpaces))
      index = line.index(after: equals)
    }
    let names = { (item: String) in
      let (byLetter, byText) = items(namedBy: item, stems: stems, pairs: pairs)
      return byLetter != nil || byText != nil
    }
    return cuts.first { names($0.item) } ?? cuts.first ?? (line.trimmingSpaces, "")
  }

  /// The item `written` names by its letter, and the one it names by its text as shown (any case):
  /// `a`, `France`.
  static func items(namedBy written: String, stems: [String], pairs: [MatchPair]) -> (
    byLetter: String?, byText: String?
  ) {
    let lowered = written.lowercased()
    return (stems.first { $0 == lowered }, pairs.first { $0.stem.trimmingSpaces.lowercased() == lowered }?.id)
  }

  /// Lines up to one holding a single "."; the word limits hold when a response is required.
  private func askEssay(_ body: Essay, number: Int) throws -> String {
    while true {
      show(console.styled("  Write your answer; end with a line holding a single \".\".", .dim) + "\n")
      var lines: [String] = []
      while true {
        let line = try readLine(prompt: "", number: number)
        if line == "." { break }
        lines.append(line)
      }
      let text = lines.joined(separator: "\n")
      if let reason = EssayRules.refusal(text, body) { show("  \(reason)\n") } else { return text }
    }
  }
}

/// Why an essay response cannot be submitted: required and empty, or outside the word limits.
enum EssayRules {
  static func refusal(_ text: String, _ body: Essay) -> String? {
    let empty = body.isEmptyResponse(text)
    if empty { return body.isResponseRequired ? "A response is required." : nil }
    let words = Essay.wordCount(text)
    if let low = body.minWords, words < low { return "Write at least \(low) words (now \(words))." }
    if let high = body.maxWords, words > high { return "Write at most \(high) words (now \(words))." }
    return nil
  }
}

extension Question {
  /// A matching question's pairs, in the order shown; none for other kinds.
  var matchingPairs: [MatchPair] { if case .matching(let body) = body { body.pairs } else { [] } }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
    return String(String.UnicodeScalarView(scalars))
  }
}
