import QuizDomain

/// Reads the options of `add short-answer|numerical|matching|essay` into a kind's body. Every
/// malformed value is a usage error naming the option and the value.
struct KindOptionParser {
  let arguments: ParsedArguments
  let command: Command

  private func invalid(_ option: String, _ value: String, _ expected: String) -> CLIError {
    CLIError.usage("Invalid '--\(option) \(value)': expected \(expected)", command: command)
  }

  /// `TEXT=FRACTION` when what follows the last `=` is a number (which must be from 0 to 1),
  /// else all text.
  func splitFraction(_ text: String, option: String) throws -> (String, Double?) {
    guard let equals = text.lastIndex(of: "="), equals > text.startIndex,
      let fraction = DecimalText.number(text[text.index(after: equals)...])
    else { return (text, nil) }
    guard (0...1).contains(fraction) else { throw invalid(option, text, "TEXT=FRACTION with a fraction from 0 to 1") }
    return (String(text[..<equals]), fraction)
  }

  /// `--answer-feedback N=TEXT`, by answer index.
  private func answerFeedback(count: Int) throws -> [Int: String] {
    var feedback: [Int: String] = [:]
    for text in arguments.all("answer-feedback") {
      guard let equals = text.firstIndex(of: "="), let number = Int(text[..<equals]),
        (1...max(count, 1)).contains(number)
      else { throw invalid("answer-feedback", text, "N=TEXT with N from 1 to \(count)") }
      feedback[number - 1] = String(text[text.index(after: equals)...])
    }
    return feedback
  }

  func shortAnswer() throws -> ShortAnswer {
    let accepted = arguments.all("accept")
    guard !accepted.isEmpty else {
      throw CLIError.usage("Missing '--accept <text>': a short-answer question needs an answer", command: command)
    }
    let feedback = try answerFeedback(count: accepted.count)
    let answers = try accepted.enumerated().map { index, text in
      let (answer, fraction) = try splitFraction(text, option: "accept")
      return TextAnswer(text: answer, fraction: fraction, feedback: feedback[index])
    }
    return ShortAnswer(answers: answers, caseSensitive: arguments.flag("case-sensitive") ? true : nil)
  }

  func numerical() throws -> Numerical {
    let values = arguments.all("value")
    guard !values.isEmpty else {
      throw CLIError.usage("Missing '--value <number>': a numerical question needs an answer", command: command)
    }
    let tolerances = arguments.doubles("tolerance")
    if tolerances.count > 1 && tolerances.count != values.count {
      throw CLIError.usage(
        "Give one --tolerance for all answers or one per --value (\(values.count)), found \(tolerances.count)",
        command: command)
    }
    let feedback = try answerFeedback(count: values.count)
    var answers: [NumericAnswer] = []
    for (index, text) in values.enumerated() {
      let (number, fraction) = try splitFraction(text, option: "value")
      let value: Double?
      if number == "*" {
        value = nil
      } else if let parsed = DecimalText.number(number) {
        value = parsed
      } else {
        throw invalid("value", text, "a number or '*', optionally followed by =FRACTION")
      }
      let tolerance = tolerances.count == 1 ? tolerances[0] : (tolerances.isEmpty ? nil : tolerances[index])
      answers.append(NumericAnswer(value: value, tolerance: tolerance, fraction: fraction, feedback: feedback[index]))
    }
    var numerical = Numerical(answers: answers, units: try units())
    numerical.unitGrading = arguments.value("unit-grading").flatMap(Numerical.UnitGrading.init)
    numerical.unitInput = arguments.value("unit-input").flatMap(Numerical.UnitInput.init)
    numerical.unitsLeft = arguments.flag("units-left") ? true : nil
    numerical.unitPenalty = arguments.double("unit-penalty")
    return numerical
  }

  private func units() throws -> [NumericUnit] {
    try arguments.all("unit").map { text in
      guard let equals = text.lastIndex(of: "="), equals > text.startIndex,
        let multiplier = DecimalText.number(text[text.index(after: equals)...]), multiplier > 0, multiplier.isFinite
      else { throw invalid("unit", text, "UNIT=MULTIPLIER with a multiplier greater than 0, such as cm=1") }
      return NumericUnit(unit: String(text[..<equals]), multiplier: multiplier)
    }
  }

  func matching() throws -> Matching {
    let pairs = try arguments.all("pair").enumerated().map { index, text -> MatchPair in
      // Split on scalars: an answer beginning with a combining mark is one Character with the `=`.
      let scalars = text.unicodeScalars
      guard let equals = scalars.firstIndex(of: "="), equals > scalars.startIndex,
        scalars.index(after: equals) < scalars.endIndex
      else { throw invalid("pair", text, "STEM=ANSWER") }
      return MatchPair(
        id: Choice.defaultID(at: index), stem: String(scalars[..<equals]),
        answer: String(scalars[scalars.index(after: equals)...]))
    }
    return Matching(pairs: pairs, distractors: arguments.all("distractor"))
  }

  func essay() -> Essay {
    Essay(
      responseFormat: arguments.value("response-format").flatMap(Essay.ResponseFormat.init),
      responseRequired: arguments.flag("optional") ? false : nil, responseLines: arguments.int("lines"),
      minWords: arguments.int("min-words"), maxWords: arguments.int("max-words"),
      responseTemplate: arguments.value("template"), graderInfo: arguments.value("grader-info"))
  }
}
