import QuizDomain

// MARK: - Short answer, numerical, matching, essay and description blocks

// Written as question/format/gift/format.php's `writequestion` writes them, but for what reads
// back the same: a fraction is written only when the question has one (`=Paris` is full marks
// with the fraction unset, `=%100%Paris` full marks written so), and a tolerance likewise.
extension GIFT.Writer {
  /// `{` then `=%n%text#feedback` per answer.
  mutating func shortAnswerBlock(_ body: ShortAnswer, _ question: Question, head: String) -> [String] {
    let name = "question \"\(question.id)\""
    if body.caseSensitive == true {
      warnings.append("\(name): case_sensitive cannot be written in GIFT; it reads back as not case-sensitive")
    }
    var lines = [head]
    for answer in body.answers {
      if answer.text.contains("->") {
        warnings.append(
          "\(name): answer \"\(PlainTextFile.excerpt(answer.text))\" holds ->, which GIFT reads as a matching pair")
      }
      let weight = answer.fraction.map { "%\(Self.percentText($0))%" } ?? ""
      let text = text(answer.text, question.textFormat, percentProtected: answer.fraction == nil)
      lines.append("\t=" + weight + text + feedback(answer.feedback, question.textFormat))
    }
    return lines + closing(question)
  }

  /// `{#` then `=%n%value:tolerance#feedback` per answer; a last `*` worth nothing as `~#feedback`.
  mutating func numericalBlock(_ body: Numerical, _ question: Question, head: String) -> [String] {
    unitWarnings(body, question)
    var lines = [head]
    for (index, answer) in body.answers.enumerated() {
      let isOtherwise =
        index == body.answers.count - 1 && index > 0 && answer.value == nil && answer.fraction == 0
        && answer.tolerance == nil
      if isOtherwise {
        lines.append("\t~" + feedback(answer.feedback, question.textFormat))
        continue
      }
      let weight = answer.fraction.map { "%\(Self.percentText($0))%" } ?? ""
      let value = answer.value.map(PlainTextFile.numberText) ?? "*"
      let tolerance = answer.tolerance.map { ":" + PlainTextFile.numberText($0) } ?? ""
      lines.append("\t=" + weight + value + tolerance + feedback(answer.feedback, question.textFormat))
    }
    return lines + closing(question)
  }

  mutating func unitWarnings(_ body: Numerical, _ question: Question) {
    let name = "question \"\(question.id)\""
    var settings: [String] = []
    if !body.units.isEmpty { settings.append("units") }
    if body.unitGrading != nil { settings.append("unit_grading") }
    if body.unitPenalty != nil { settings.append("unit_penalty") }
    if body.unitInput != nil { settings.append("unit_input") }
    if body.unitsLeft != nil { settings.append("units_left") }
    if !settings.isEmpty {
      warnings.append("\(name): \(PlainTextFile.list(settings)) cannot be written in GIFT; it reads back without")
    }
  }

  /// `{` then `=stem -> answer` per pair and `= -> answer` per distractor.
  mutating func matchingBlock(_ body: Matching, _ question: Question, head: String) -> [String] {
    let name = "question \"\(question.id)\""
    if body.pairs.enumerated().contains(where: { $0.element.id != Choice.defaultID(at: $0.offset) }) {
      warnings.append("\(name): pair ids other than a, b, c… cannot be written in GIFT; they read back as a, b, c…")
    }
    var lines = [head]
    for pair in body.pairs {
      if pair.stem.contains("->") {
        warnings.append(
          "\(name): stem \"\(PlainTextFile.excerpt(pair.stem))\" holds ->, where GIFT ends a stem; it reads back cut")
      }
      lines.append("\t=" + text(pair.stem, question.textFormat) + " -> " + Self.escaped(pair.answer))
    }
    for distractor in body.distractors { lines.append("\t= -> " + Self.escaped(distractor)) }
    return lines + closing(question)
  }

  /// `{}`, or `{####explanation}`: GIFT's essay has Moodle's defaults (the HTML editor, a
  /// response required, 15 lines) and nothing else.
  mutating func essayBlock(_ body: Essay, _ question: Question, head: String) -> [String] {
    var settings: [String] = []
    if body.effectiveResponseFormat != .html { settings.append("response_format \(body.effectiveResponseFormat)") }
    if !body.isResponseRequired { settings.append("response_required false") }
    if body.effectiveResponseLines != 15 { settings.append("response_lines \(body.effectiveResponseLines)") }
    if body.minWords != nil { settings.append("min_words") }
    if body.maxWords != nil { settings.append("max_words") }
    if body.responseTemplate != nil { settings.append("response_template") }
    if body.graderInfo != nil { settings.append("grader_info") }
    if !settings.isEmpty {
      warnings.append(
        "question \"\(question.id)\": \(PlainTextFile.list(settings)) cannot be written in GIFT; it reads back "
          + "with Moodle's essay defaults (html, required, 15 lines)")
    }
    guard let explanation = question.explanation.flatMap(GIFT.Reader.nonEmpty) else { return [head + "}"] }
    return [head + "####" + text(explanation, question.textFormat) + "}"]
  }

  /// The text alone, no braces.
  mutating func descriptionBlock(_ question: Question, head: String) -> [String] {
    if question.explanation.flatMap(GIFT.Reader.nonEmpty) != nil {
      warnings.append(
        "question \"\(question.id)\": a description's explanation cannot be written in GIFT; it reads back without")
    }
    return [head]
  }

  /// `####explanation` when there is one, and `}`.
  func closing(_ question: Question) -> [String] {
    guard let explanation = question.explanation.flatMap(GIFT.Reader.nonEmpty) else { return ["}"] }
    return ["\t####" + text(explanation, question.textFormat), "}"]
  }

  func feedback(_ feedback: String?, _ format: TextFormat) -> String {
    guard let feedback = feedback.flatMap(GIFT.Reader.nonEmpty) else { return "" }
    return "#" + text(feedback, format)
  }
}

// MARK: - What GIFT does not carry

extension GIFT.Writer {
  /// Warnings for the settings every kind may have that GIFT has no syntax for.
  func settingWarnings(_ question: Question) -> [String] {
    let name = "question \"\(question.id)\""
    var settings: [String] = []
    if question.outcomeFeedback != nil { settings.append("outcome_feedback") }
    if !question.hints.isEmpty { settings.append("hints") }
    if question.penalty != nil { settings.append("penalty") }
    if case .choice(let body) = question.body, body.numbering != nil { settings.append("numbering") }
    guard !settings.isEmpty else { return [] }
    return ["\(name): \(PlainTextFile.list(settings)) cannot be written in GIFT; it reads back without"]
  }

  /// Every text of the question a reader trims.
  static func texts(_ question: Question) -> [String] {
    var texts = [question.prompt] + [question.explanation].compactMap { $0 }
    switch question.body {
    case .choice(let body): texts += body.choices.map(\.text) + body.choices.compactMap(\.feedback)
    case .shortAnswer(let body): texts += body.answers.map(\.text) + body.answers.compactMap(\.feedback)
    case .numerical(let body): texts += body.answers.compactMap(\.feedback)
    case .matching(let body): texts += body.pairs.flatMap { [$0.stem, $0.answer] } + body.distractors
    case .essay, .description, .cloze: break
    }
    return texts
  }
}
