import QuizDomain

/// What the kinds' items share that is not XML: the parts of a question Canvas cannot hold
/// (named in one warning per question), numbers as Canvas reads them, and short answers as
/// Canvas matches them.
enum CanvasQTIKinds {
  /// The one warning naming what `question` has that its Canvas item cannot hold: hints (Canvas
  /// quizzes have none), the penalty for a wrong try, the choice numbering, and the outcome
  /// feedback Canvas lacks. `holdsOutcome`: the item carries correct and incorrect feedback
  /// (`correct_fb`, `general_incorrect_fb`), as Canvas's items of one scoring condition do.
  static func optionWarnings(_ question: Question, holdsOutcome: Bool) -> [String] {
    var lost: [String] = []
    if !question.hints.isEmpty { lost.append(CanvasQTIText.plural(question.hints.count, "hint")) }
    if question.penalty != nil { lost.append("its penalty for a wrong try") }
    if case .choice(let body) = question.body, let numbering = body.numbering, numbering != .none {
      lost.append("its choice numbering (\(numbering.rawValue))")
    }
    if let outcome = question.outcomeFeedback, !outcome.isEmpty {
      if !holdsOutcome {
        lost.append("its outcome feedback")
      } else {
        if CanvasQTIAssessment.hasText(outcome.partiallyCorrect) { lost.append("its partially correct feedback") }
        if outcome.showNumberCorrect == true { lost.append("showing the number of correct parts") }
      }
    }
    guard !lost.isEmpty else { return [] }
    return [
      "question \"\(question.id)\": \(list(lost)) cannot be written in Canvas QTI; "
        + (lost.count == 1 ? "it is" : "they are") + " left out"
    ]
  }

  /// A number as Canvas reads it: to 12 significant digits, so that a bound made by adding a
  /// margin (3.14 − 0.01) prints as the decimal it stands for (3.13, not 3.1300000000000003).
  static func number(_ value: Double) -> String {
    guard value != 0, value.isFinite else { return JSONWriter.numberText(value) }
    // The decimal exponent, from the binary one (log10(2) ≈ 0.30103): off by one at most,
    // which only moves the rounding by a digit.
    let digits = 11 - Int((Double(value.exponent) * 0.30103).rounded(.down))
    var scale = 1.0
    for _ in 0..<min(abs(digits), 300) { scale *= 10 }
    let rounded = digits >= 0 ? (value * scale).rounded() / scale : (value / scale).rounded() * scale
    return JSONWriter.numberText(rounded.isFinite ? rounded : value)
  }

  /// A share of SCORE (out of 100) as Canvas's own exports write it: two decimals.
  static func share(of count: Int) -> String {
    guard count > 0 else { return "0" }
    return JSONWriter.numberText((100 / Double(count) * 100).rounded() / 100)
  }

  /// "a", "a and b", "a, b and c".
  static func list(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}

// MARK: - Short answers as Canvas matches them

extension CanvasQTIKinds {
  /// An answer's text as the literal Canvas compares: Moodle's `\*` is a literal asterisk.
  static func literal(_ text: String) -> String {
    var result = ""
    var pending = false
    for character in text {
      if pending {
        if character != "*" { result.append("\\") }
        pending = false
      }
      if character == "\\" { pending = true } else { result.append(character) }
    }
    if pending { result.append("\\") }
    return result
  }

  /// Whether the answer has a wildcard: an `*` without a backslash before it.
  static func hasWildcard(_ text: String) -> Bool {
    var escaped = false
    for character in text {
      if character == "*" && !escaped { return true }
      escaped = character == "\\" && !escaped
    }
    return false
  }

  /// The full-credit answers of a short answer (Canvas gives every answer all the points), and
  /// a warning for each thing Canvas matches otherwise than quiz: answers worth less, left out;
  /// wildcards, which Canvas compares as written; case, which Canvas ignores (it lower-cases and
  /// trims both sides). `place` names the question, or the gap of a cloze question.
  static func shortAnswers(_ body: ShortAnswer, place: String) -> (kept: [TextAnswer], warnings: [String]) {
    let kept = body.answers.filter { $0.effectiveFraction >= 1 }
    var warnings: [String] = []
    let partial = body.answers.filter { $0.effectiveFraction < 1 }
    if !partial.isEmpty {
      warnings.append(
        "\(place): Canvas gives every answer all the points; "
          + list(partial.map { "\"\($0.text)\"" })
          + " (worth less) \(partial.count == 1 ? "is" : "are") left out")
    }
    if kept.contains(where: { hasWildcard($0.text) }) {
      warnings.append(
        "\(place): it relies on wildcards (*), which Canvas does not have: Canvas matches the answer as written")
    }
    if body.isCaseSensitive {
      warnings.append(
        "\(place): it is case-sensitive, and Canvas is not: Canvas matches answers lower-cased and trimmed")
    }
    return (kept, warnings)
  }
}

// MARK: - Identifiers of the kinds' parts

extension CanvasQTIIdents {
  /// The answer at `index` (from 0) of a short-answer or numerical question.
  func answer(_ index: Int, of question: Question) -> String {
    Self.capped(item(question) + "-Answer-\(index + 1)")
  }

  /// The answer choice at `index` (from 0) of a matching question.
  func match(_ index: Int, of question: Question) -> String {
    Self.capped(item(question) + "-Match-\(index + 1)")
  }

  /// The answer at `answer` of the gap at `gap` (both from 0) of a cloze question.
  func gapAnswer(_ answer: Int, gap: Int, of question: Question) -> String {
    Self.capped(item(question) + "-Gap-\(gap + 1)-Answer-\(answer + 1)")
  }
}
