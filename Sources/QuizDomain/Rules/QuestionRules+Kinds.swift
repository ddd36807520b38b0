/// The rules of each question kind's parts.
extension QuestionRules {
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
