/// The rules of each question kind's parts, and of the answers each kind takes.
extension QuizBankValidator {
  /// The field that holds a kind's parts, where its problems are reported.
  static func partsKey(of kind: QuestionKind) -> String? {
    switch kind {
    case .choice: "choices"
    case .shortAnswer, .numerical: "answers"
    case .matching: "pairs"
    case .essay, .description: nil
    case .cloze: "parts"
    }
  }

  /// What is wrong with the parts of `question`'s kind.
  public static func bodyProblems(_ question: Question) -> [String] {
    locatedBodyProblems(question).map(\.message)
  }

  /// One problem of a kind's parts, at the field it is about (relative to the question; nil:
  /// the question as a whole, or its parts field when the kind has one).
  public struct PartProblem: Equatable, Sendable {
    public var key: String?
    public var message: String
  }

  /// What is wrong with the parts of `question`'s kind, each at its field.
  public static func locatedBodyProblems(_ question: Question) -> [PartProblem] {
    let parts = partsKey(of: question.kind)
    func atParts(_ messages: [String]) -> [PartProblem] { messages.map { PartProblem(key: parts, message: $0) } }
    switch question.body {
    case .choice: return atParts(choiceProblems(question))
    case .shortAnswer(let body):
      var problems = fullMarkProblems(body.answers.map(\.effectiveFraction), what: "answer")
      for (index, answer) in body.answers.enumerated() where answer.text.isEmpty {
        problems.append("answer \(index + 1): text must not be empty")
      }
      return atParts(problems)
    case .numerical(let body): return numericalProblems(body)
    case .matching(let body): return matchingProblems(body)
    case .essay(let body): return essayProblems(body)
    case .description: return []
    case .cloze(let body): return clozeProblems(body, of: question)
    }
  }

  /// Moodle refuses to save a question none of whose answers is worth full marks.
  private static func fullMarkProblems(_ fractions: [Double], what: String) -> [String] {
    if fractions.isEmpty { return ["a question of this type needs at least one \(what)"] }
    var problems: [String] = []
    for (index, fraction) in fractions.enumerated() where !(0...1).contains(fraction) {
      problems.append("\(what) \(index + 1): fraction must be from 0 to 1")
    }
    if !fractions.contains(1) { problems.append("no \(what) is worth full marks (fraction 1)") }
    return problems
  }

  private static func numericalProblems(_ body: Numerical) -> [PartProblem] {
    var problems = fullMarkProblems(body.answers.map(\.effectiveFraction), what: "answer").map {
      PartProblem(key: "answers", message: $0)
    }
    for (index, answer) in body.answers.enumerated() {
      if let value = answer.value, !value.isFinite {
        problems.append(PartProblem(key: "answers[\(index)].value", message: "value must be finite"))
      }
      if !(answer.effectiveTolerance >= 0) {
        problems.append(PartProblem(key: "answers[\(index)].tolerance", message: "tolerance must be at least 0"))
      }
    }
    if let first = body.units.first, first.multiplier != 1 {
      problems.append(
        PartProblem(
          key: "units[0].multiplier",
          message:
            "the first unit (\"\(first.unit)\") must have multiplier 1, found \(JSONWriter.numberText(first.multiplier))"
        ))
    }
    for (index, unit) in body.units.enumerated() {
      if body.units[..<index].contains(where: { $0.unit == unit.unit }) {
        problems.append(PartProblem(key: "units[\(index)].unit", message: "unit \"\(unit.unit)\" is listed twice"))
      }
      if unit.unit.isEmpty { problems.append(PartProblem(key: "units[\(index)].unit", message: "must not be empty")) }
    }
    if body.effectiveUnitInput == .choice && body.units.isEmpty {
      problems.append(
        PartProblem(key: "unit_input", message: "unit_input is \"choice\" but the question lists no units"))
    }
    if !(0...1).contains(body.effectiveUnitPenalty) {
      problems.append(PartProblem(key: "unit_penalty", message: "unit_penalty must be from 0 to 1"))
    }
    return problems
  }

  private static func matchingProblems(_ body: Matching) -> [PartProblem] {
    var problems: [PartProblem] = []
    if body.pairs.count < 2 {
      problems.append(
        PartProblem(key: "pairs", message: "a matching question needs at least 2 pairs, found \(body.pairs.count)"))
    }
    for (index, pair) in body.pairs.enumerated() {
      if body.pairs[..<index].contains(where: { $0.id == pair.id }) {
        problems.append(PartProblem(key: "pairs[\(index)].id", message: "duplicate pair id \"\(pair.id)\""))
      }
      if !Slug.isValid(pair.id) {
        problems.append(
          PartProblem(key: "pairs[\(index)].id", message: "pair id \"\(pair.id)\" is not valid (\(Slug.rule))"))
      }
      if pair.stem.isEmpty || pair.answer.isEmpty {
        problems.append(
          PartProblem(key: "pairs[\(index)]", message: "pair \(pair.id): stem and answer must not be empty"))
      }
    }
    for (index, text) in body.distractors.enumerated() where text.isEmpty {
      problems.append(PartProblem(key: "distractors[\(index)]", message: "a distractor must not be empty"))
    }
    return problems
  }

  private static func essayProblems(_ body: Essay) -> [PartProblem] {
    var problems: [PartProblem] = []
    if let lines = body.responseLines, lines < 1 {
      problems.append(PartProblem(key: "response_lines", message: "response_lines must be at least 1"))
    }
    if let low = body.minWords, let high = body.maxWords, low > high {
      problems.append(PartProblem(key: "min_words", message: "min_words (\(low)) is more than max_words (\(high))"))
    }
    if (body.minWords ?? 0) < 0 || (body.maxWords ?? 0) < 0 {
      problems.append(PartProblem(key: nil, message: "word limits must be at least 0"))
    }
    return problems
  }
}

// MARK: - Answers

extension QuizBankValidator {
  /// What is wrong with `answer` (at `here`) as an answer to `question`: a response of another
  /// kind, unknown choices, units or stems, a mark where none is given or out of range.
  /// What is wrong with `answer` to `question`, as an imported attempt's answer is checked, each
  /// at its JSON path under `path` (`$.selected[0]`): unknown choices, stems or units, the
  /// wrong form for the kind, a mark on a question that is not marked by hand.
  public static func answerProblems(_ answer: Answer, question: Question, path: String) -> [Problem] {
    answerProblems(answer, question: question, here: path)
  }

  static func answerProblems(_ answer: Answer, question: Question, here: @autoclosure () -> String) -> [Problem] {
    var problems: [Problem] = []
    func add(_ key: String, _ message: String) { problems.append(Problem(path: here() + key, message: message)) }
    // Made only for a message: this runs for every answer of every attempt recorded.
    var named: String { "question \"\(question.id)\"" }
    switch (question.body, answer.response) {
    case (.choice, .choices(let selected)):
      for (pick, choiceID) in selected.enumerated() where question.choice(withID: choiceID) == nil {
        add(
          ".selected[\(pick)]",
          "unknown choice \"\(choiceID)\" of \(named) (choices: " + question.choices.map(\.id).joined(separator: ", ")
            + ")")
      }
      if !question.multiple && selected.count > 1 {
        add(".selected", "\(named) takes one answer, \(selected.count) were selected")
      }
    case (.shortAnswer, .text(_, let unit)), (.essay, .text(_, let unit)):
      if unit != nil { add(".unit", "\(named) is \(question.kind.rawValue): it takes no unit") }
    case (.numerical(let body), .text(_, let unit)):
      if unit != nil, body.effectiveUnitInput != .choice {
        add(".unit", "\(named) takes its unit typed in the response, not as \"unit\"")
      } else if let unit, !body.units.contains(where: { $0.unit == unit }) {
        add(".unit", "unknown unit \"\(unit)\" of \(named) (units: \(body.units.map(\.unit).joined(separator: ", ")))")
      }
    case (.matching(let body), .matched(let matches)):
      let choices = Set(body.answerChoices)
      for match in matches {
        if !body.pairs.contains(where: { $0.id == match.stem }) {
          add(
            ".matched.\(match.stem)",
            "unknown stem \"\(match.stem)\" of \(named) (stems: \(body.pairs.map(\.id).joined(separator: ", ")))")
        } else if !choices.contains(match.answer) {
          let listed = body.answerChoices.prefix(10).map { "\"\($0.prefix(40))\"" }.joined(separator: ", ")
          let more = body.answerChoices.count > 10 ? ", …" : ""
          add(
            ".matched.\(match.stem)",
            "\"\(match.answer.prefix(80))\" is not one of the answers of \(named) (answers: \(listed)\(more))")
        }
      }
    case (.cloze(let body), .parts(let responses)):
      problems += gapAnswerProblems(responses, to: body, named: named, here: here())
    case (.description, _):
      add(".question", "\(named) is a description: it takes no answer")
    case (.choice, _), (.shortAnswer, _), (.numerical, _), (.matching, _), (.essay, _), (.cloze, _):
      add("", "\(named) is \(question.kind.rawValue): it takes \(responseForm(of: question.kind))")
    }
    if let mark = answer.mark {
      if question.kind != .essay {
        add(".mark", "\(named) is scored automatically: only an essay is marked")
      } else if !(mark.score >= 0 && mark.score <= question.points) {
        add(".mark.score", "a mark must be from 0 to the question's points (\(JSONWriter.numberText(question.points)))")
      }
    }
    return problems
  }

  /// How an answer of `kind` is written, for messages.
  public static func responseForm(of kind: QuestionKind) -> String {
    switch kind {
    case .choice: "\"selected\": [CHOICE, …]"
    case .shortAnswer, .essay: "\"response\": TEXT"
    case .numerical: "\"response\": NUMBER AND UNIT (and \"unit\" when units are picked from a list)"
    case .matching: "\"matched\": {STEM: ANSWER, …}"
    case .description: "no answer"
    case .cloze: "\"parts\": [GAP ANSWER, …]"
    }
  }
}
