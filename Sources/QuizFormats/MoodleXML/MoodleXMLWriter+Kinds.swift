import QuizDomain

// MARK: - Kinds other than choice

extension MoodleXML.Writer {
  /// The elements of a short-answer, numerical, matching, essay, description or cloze question,
  /// after `<idnumber>`, in the order Moodle's `writequestion` writes them.
  mutating func writeKind(_ question: Question, format: String) {
    let name = "question \"\(question.id)\""
    switch question.body {
    case .shortAnswer(let body):
      if let caseSensitive = body.caseSensitive { out += "    <usecase>\(caseSensitive ? 1 : 0)</usecase>\n" }
      for (index, answer) in body.answers.enumerated() {
        let fraction = gradeText(answer.fraction, what: "\(name), answer \(index + 1)")
        answerElement(fraction: fraction, text: answer.text, feedback: answer.feedback, format: format)
      }
    case .numerical(let body):
      writeNumerical(body, name: name, format: format)
    case .matching(let body):
      out += "    <shuffleanswers>\(question.shuffle ? "true" : "false")</shuffleanswers>\n"
      writeOutcomeFeedback(question.outcomeFeedback, format: format)
      for pair in body.pairs { subquestion(pair.stem, answer: pair.answer, format: format) }
      for distractor in body.distractors { subquestion("", answer: distractor, format: format) }
    case .essay(let essay):
      writeEssay(essay, format: format)
    case .choice, .description, .cloze:
      break
    }
  }

  mutating func writeNumerical(_ body: Numerical, name: String, format: String) {
    for (index, answer) in body.answers.enumerated() {
      let fraction = gradeText(answer.fraction, what: "\(name), answer \(index + 1)")
      let value = answer.value.map(PlainTextFile.numberText) ?? "*"
      let tolerance = answer.tolerance.map { "      <tolerance>\(PlainTextFile.numberText($0))</tolerance>\n" }
      answerElement(fraction: fraction, text: value, feedback: answer.feedback, format: format, extra: tolerance ?? "")
    }
    if !body.units.isEmpty {
      out += "    <units>\n"
      for unit in body.units {
        out += "      <unit>\n        <multiplier>\(PlainTextFile.numberText(unit.multiplier))</multiplier>\n"
        out += "        <unit_name>\(Self.content(unit.unit))</unit_name>\n      </unit>\n"
      }
      out += "    </units>\n"
    }
    if let grading = body.unitGrading {
      let code =
        switch grading {
        case .none: 0
        case .mark: 1
        case .max: 2
        }
      out += "    <unitgradingtype>\(code)</unitgradingtype>\n"
    }
    if let penalty = body.unitPenalty { out += "    <unitpenalty>\(PlainTextFile.numberText(penalty))</unitpenalty>\n" }
    if let input = body.unitInput { out += "    <showunits>\(input == .text ? 0 : 1)</showunits>\n" }
    if let left = body.unitsLeft { out += "    <unitsleft>\(left ? 1 : 0)</unitsleft>\n" }
  }

  /// Moodle's essay elements. The response format is always written: Moodle's default when it
  /// is missing (the editor) is not quiz's (plain).
  mutating func writeEssay(_ essay: Essay, format: String) {
    let formats: [Essay.ResponseFormat: String] = [.html: "editor", .plain: "plain", .monospaced: "monospaced"]
    out += "    <responseformat>\(formats[essay.effectiveResponseFormat] ?? "plain")</responseformat>\n"
    if let required = essay.responseRequired { out += "    <responserequired>\(required ? 1 : 0)</responserequired>\n" }
    if let lines = essay.responseLines { out += "    <responsefieldlines>\(lines)</responsefieldlines>\n" }
    if let words = essay.minWords { out += "    <minwordlimit>\(words)</minwordlimit>\n" }
    if let words = essay.maxWords { out += "    <maxwordlimit>\(words)</maxwordlimit>\n" }
    if let info = essay.graderInfo { textElement("graderinfo", info, format: format, files: [], field: "") }
    if let template = essay.responseTemplate {
      textElement("responsetemplate", template, format: format, files: [], field: "")
    }
  }

  /// An `<answer>` of a short-answer or numerical question: its text is plain (Moodle's
  /// `moodle_auto_format` for such answers), its feedback in the question's format.
  mutating func answerElement(fraction: String, text: String, feedback: String?, format: String, extra: String = "") {
    out += "    <answer fraction=\"\(fraction)\" format=\"moodle_auto_format\">\n"
    out += "      <text>\(Self.content(text))</text>\n"
    out += "      <feedback format=\"\(format)\">\n"
    out += "        <text>\(Self.content(feedback ?? ""))</text>\n"
    out += "      </feedback>\n"
    out += extra
    out += "    </answer>\n"
  }

  mutating func subquestion(_ stem: String, answer: String, format: String) {
    out += "    <subquestion format=\"\(format)\">\n"
    out += "      <text>\(Self.content(stem))</text>\n"
    out += "      <answer>\n        <text>\(Self.content(answer))</text>\n      </answer>\n"
    out += "    </subquestion>\n"
  }

  /// A fraction of a short-answer or numerical answer as Moodle writes it: nil (a full answer)
  /// is 100; any other the nearest grade of Moodle's list, with a warning when it is further
  /// than Moodle's tolerance.
  mutating func gradeText(_ fraction: Double?, what: String) -> String {
    guard let fraction else { return "100" }
    var best = MoodleXML.grades[0]
    for grade in MoodleXML.grades where abs(grade.weight - fraction) < abs(best.weight - fraction) { best = grade }
    if abs(best.weight - fraction) >= MoodleXML.gradeTolerance {
      warnings.append(
        "\(what): the fraction \(MoodleXML.percentText(fraction)) is not on Moodle's grade list; written as "
          + best.text)
    }
    return best.text
  }
}

// MARK: - Question options

extension MoodleXML.Writer {
  /// Moodle's combined feedback: its three texts (empty when unset) and `<shownumcorrect/>`;
  /// nothing when the question has none.
  mutating func writeOutcomeFeedback(_ feedback: OutcomeFeedback?, format: String) {
    guard let feedback else { return }
    let texts = [
      ("correctfeedback", feedback.correct), ("partiallycorrectfeedback", feedback.partiallyCorrect),
      ("incorrectfeedback", feedback.incorrect),
    ]
    for (element, text) in texts { textElement(element, text ?? "", format: format, files: [], field: "") }
    if feedback.showNumberCorrect == true { out += "    <shownumcorrect/>\n" }
  }

  mutating func writeHints(_ hints: [Hint], format: String) {
    for hint in hints {
      out += "    <hint format=\"\(format)\">\n"
      out += "      <text>\(Self.content(hint.text))</text>\n"
      if hint.showNumberCorrect == true { out += "      <shownumcorrect/>\n" }
      if hint.clearWrong == true { out += "      <clearwrong/>\n" }
      out += "    </hint>\n"
    }
  }

  /// What Moodle XML cannot carry of a question's kind and options, or reads back otherwise.
  static func kindWarnings(_ question: Question, type: MoodleXML.QuestionType) -> [String] {
    let name = "question \"\(question.id)\""
    var warnings: [String] = []
    if question.outcomeFeedback != nil && !type.hasCombinedFeedback {
      warnings.append("\(name): Moodle XML has no combined feedback for \(type.rawValue) questions; it is not written")
    }
    if !question.hints.isEmpty && !type.hasHints {
      warnings.append("\(name): Moodle XML has no hints for \(type.rawValue) questions; they are not written")
    }
    if question.outcomeFeedback?.showNumberCorrect == false
      || question.hints.contains(where: {
        $0.showNumberCorrect == false || $0.clearWrong == false
      })
    {
      warnings.append("\(name): a shownumcorrect or clearwrong set to false reads back unset (the same)")
    }
    if question.shuffle && type != .multichoice && type != .matching && type != .truefalse {
      warnings.append("\(name): shuffle cannot be written for \(type.rawValue) questions in Moodle XML")
    }
    var texts = question.hints.map(\.text)
    if let feedback = question.outcomeFeedback {
      texts += [feedback.correct, feedback.partiallyCorrect, feedback.incorrect].compactMap { $0 }
    }
    switch question.body {
    case .shortAnswer(let body): texts += body.answers.flatMap { [$0.text] + [$0.feedback].compactMap { $0 } }
    case .numerical(let body):
      texts += body.answers.compactMap(\.feedback) + body.units.map(\.unit)
      if body.units.contains(where: { PlainTextFile.trimmed($0.unit).isEmpty }) {
        warnings.append("\(name): a unit with an empty name reads back without it")
      }
    case .matching(let body):
      texts += body.pairs.flatMap { [$0.stem, $0.answer] } + body.distractors
      if body.pairs.enumerated().contains(where: { $0.element.id != Choice.defaultID(at: $0.offset) }) {
        warnings.append("\(name): pair ids other than a, b, c… cannot be written in Moodle XML; they read back so")
      }
    case .essay(let essay): texts += [essay.graderInfo, essay.responseTemplate].compactMap { $0 }
    case .choice(let body):
      if body.numbering == .lowercase {
        warnings.append("\(name): answernumbering abc is Moodle's default and reads back unset (the same)")
      }
    case .cloze(let cloze):
      let lost = ClozeSyntax.partsNotCarried(prompt: question.prompt, cloze: cloze)
      if !lost.isEmpty {
        warnings.append(
          "\(name): "
            + (lost.count == 1
              ? "gap \(lost[0]) cannot be written as it is"
              : "gaps "
                + lost.map(String.init).joined(separator: ", ") + " cannot be written as they are")
            + " in Moodle's cloze syntax (a ~ in a text, a choice or feedback ending with \\, points that are not "
            + "whole…): they read back otherwise")
      }
    case .description: break
    }
    if texts.contains(where: { PlainTextFile.hasOuterSpace($0, newlineKept: false) }) {
      warnings.append(
        "\(name): spaces at the start or end of its answers, hints or feedback are not kept by Moodle XML")
    }
    return warnings
  }
}
