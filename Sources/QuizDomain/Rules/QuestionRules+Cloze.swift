/// The rules of a cloze question's gaps (Moodle's `qtype_multianswer_validate_question` and what
/// its grading needs). Keys are relative to the question.
extension QuestionRules {
  static func clozeProblems(_ cloze: Cloze, of question: Question) -> [PartProblem] {
    var problems = placeholderProblems(question.prompt, parts: cloze.parts.count)
    if cloze.parts.isEmpty {
      problems.append(PartProblem(key: "parts", message: "a cloze question needs at least one part"))
    } else if !(cloze.points > 0) {
      problems.append(
        PartProblem(key: "parts", message: "the parts are worth nothing: at least one needs points above 0"))
    }
    if question.points != cloze.points, cloze.points.isFinite {
      problems.append(
        PartProblem(
          key: nil,
          message: "points (\(JSONWriter.numberText(question.points))) must be the sum of the parts' points "
            + "(\(JSONWriter.numberText(cloze.points)))"))
    }
    for (index, part) in cloze.parts.enumerated() {
      let key = "parts[\(index)]"
      if !(part.points >= 0 && part.points.isFinite) {
        problems.append(
          PartProblem(key: key + ".points", message: "a part's points must be a finite number of at least 0"))
      }
      let found: [PartProblem]
      switch part.body {
      case .shortAnswer(let short):
        found =
          answerFractionProblems(short.answers.map(\.effectiveFraction), what: "short-answer")
          + short.answers.enumerated().compactMap { position, answer in
            ShortAnswer.trimmed(answer.text).isEmpty
              ? PartProblem(key: "answers[\(position)].text", message: "an answer's text must not be empty") : nil
          }
      case .numerical(let numerical): found = gapNumericalProblems(numerical)
      case .choice(let choice): found = gapChoiceProblems(choice)
      }
      problems += found.map { PartProblem(key: $0.key.map { key + "." + $0 } ?? key, message: $0.message) }
    }
    return problems
  }

  /// Each of `{#1}` … `{#parts}` exactly once in the prompt, and no other `{#n}` (Moodle puts
  /// gap n where `{#n}` stands, and shows any other as text).
  static func placeholderProblems(_ prompt: String, parts: Int) -> [PartProblem] {
    var counts: [Int: Int] = [:]
    var order: [Int] = []
    for number in placeholders(in: prompt) {
      if counts[number] == nil { order.append(number) }
      counts[number, default: 0] += 1
    }
    var problems: [PartProblem] = []
    for number in order where number < 1 || number > parts {
      problems.append(
        PartProblem(
          key: "prompt",
          message: "the prompt has {#\(number)} but the question has \(parts) part\(parts == 1 ? "" : "s")"))
    }
    for number in 1..<(parts + 1) {
      let count = counts[number] ?? 0
      if count == 0 {
        problems.append(PartProblem(key: "prompt", message: "the prompt has no {#\(number)} for part \(number)"))
      } else if count > 1 {
        problems.append(PartProblem(key: "prompt", message: "{#\(number)} appears \(count) times in the prompt"))
      }
    }
    return problems
  }

  /// The numbers of the `{#n}` in `text`, in order (n in ASCII digits, as Moodle's `\{#(\d+)\}`).
  public static func placeholders(in text: String) -> [Int] {
    let bytes = Array(text.utf8)
    var numbers: [Int] = []
    var index = 0
    while index + 3 < bytes.count {
      guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "#") else {
        index += 1
        continue
      }
      var end = index + 2
      var number = 0
      while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
        // Past any real gap count: kept large, so it is reported as no part of the question.
        number = min(number * 10 + Int(bytes[end] - UInt8(ascii: "0")), 1_000_000_000)
        end += 1
      }
      if end > index + 2, end < bytes.count, bytes[end] == UInt8(ascii: "}") {
        numbers.append(number)
        index = end + 1
      } else {
        index += 1
      }
    }
    return numbers
  }

  /// Moodle's rules for a short-answer or numerical gap: at least one answer, one worth full
  /// marks (fraction 1: `=` or `%100%`); fractions finite.
  private static func answerFractionProblems(_ fractions: [Double], what: String) -> [PartProblem] {
    guard !fractions.isEmpty else {
      return [PartProblem(key: "answers", message: "a \(what) part needs at least one answer")]
    }
    var problems: [PartProblem] = []
    for (index, fraction) in fractions.enumerated() where !fraction.isFinite {
      problems.append(PartProblem(key: "answers[\(index)].fraction", message: "fraction must be a finite number"))
    }
    if !fractions.contains(1) {
      problems.append(
        PartProblem(key: "answers", message: "no answer is worth full marks (fraction 1, or no fraction written)"))
    }
    return problems
  }

  private static func gapNumericalProblems(_ body: Numerical) -> [PartProblem] {
    var problems = answerFractionProblems(body.answers.map(\.effectiveFraction), what: "numerical")
    for (index, answer) in body.answers.enumerated() {
      if let value = answer.value, !value.isFinite {
        problems.append(PartProblem(key: "answers[\(index)].value", message: "value must be finite"))
      }
      if !(answer.effectiveTolerance >= 0 && answer.effectiveTolerance.isFinite) {
        problems.append(PartProblem(key: "answers[\(index)].tolerance", message: "tolerance must be at least 0"))
      }
    }
    if !body.units.isEmpty || body.unitGrading != nil || body.unitPenalty != nil || body.unitInput != nil
      || body.unitsLeft != nil
    {
      problems.append(PartProblem(key: nil, message: "a numerical part has no units"))
    }
    return problems
  }

  /// Moodle's rules for a choice gap: at least 2 choices; one answer: a choice worth full marks;
  /// multiple response: a choice worth something. A dropdown takes one answer.
  private static func gapChoiceProblems(_ body: ClozeChoice) -> [PartProblem] {
    var problems: [PartProblem] = []
    if body.choices.count < 2 {
      problems.append(
        PartProblem(key: "choices", message: "a choice part needs at least 2 choices, found \(body.choices.count)"))
    }
    let written = body.choices.map { $0.weight ?? ($0.correct ? 1 : 0) }
    if body.isMultiple && !written.contains(where: { $0 > 0 }) {
      problems.append(PartProblem(key: "choices", message: "no choice is right (correct, or a weight above 0)"))
    } else if !body.isMultiple && !written.contains(1) {
      problems.append(PartProblem(key: "choices", message: "no choice is worth full marks (correct, or weight 1)"))
    }
    if body.isMultiple && body.display == .dropdown {
      problems.append(PartProblem(key: "display", message: "a multiple-response part cannot be a dropdown"))
    }
    for (index, choice) in body.choices.enumerated() {
      let key = "choices[\(index)]"
      if !Slug.isValid(choice.id) {
        problems.append(
          PartProblem(key: key + ".id", message: "choice id \"\(choice.id)\" is not valid (\(Slug.rule))"))
      } else if body.choices[..<index].contains(where: { $0.id == choice.id }) {
        problems.append(PartProblem(key: key + ".id", message: "duplicate choice id \"\(choice.id)\""))
      }
      if choice.text.isEmpty { problems.append(PartProblem(key: key + ".text", message: "must not be empty")) }
      if let weight = choice.weight, !weight.isFinite {
        problems.append(PartProblem(key: key + ".weight", message: "weight must be a finite number"))
      } else if let weight = choice.weight, choice.correct != (weight == 1) {
        // `%n%` is kept as a weight, correct only at 100 %: the syntax written back says the same.
        problems.append(
          PartProblem(key: key + ".correct", message: "a choice with a weight is correct exactly when its weight is 1"))
      }
    }
    return problems
  }
}
