import QuizDomain
import QuizRepository

/// The lines each question kind shows beyond its prompt: what it asks for (`show`, `take`),
/// and after a response what was right (`take`'s reveal, `history ATTEMPT`). Texts are
/// expected terminal-safe already.
enum KindLines {
  /// A short description of what the kind takes, such as "one answer" or "type a number".
  static func facts(_ question: Question) -> String {
    switch question.body {
    case .choice: question.multiple ? "several answers" : "one answer"
    case .shortAnswer(let body): body.isCaseSensitive ? "type an answer (case matters)" : "type an answer"
    case .numerical(let body): body.effectiveUnitInput == .choice ? "type a number, pick a unit" : "type a number"
    case .matching: "match each item"
    case .essay(let body): body.isResponseRequired ? "write an essay (marked by hand)" : "write an essay (optional)"
    case .description: "text only"
    case .cloze: "fill in the gaps"
    }
  }

  /// What `show` lists under the prompt of a question that is not a choice question.
  static func parts(_ question: Question, withAnswers: Bool, console: Console, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var text = ""
    switch question.body {
    case .choice, .description: break
    case .cloze(let body): text += ClozeLines.parts(body, withAnswers: withAnswers, console: console, indent: indent)
    case .shortAnswer(let body):
      guard withAnswers else { break }
      for answer in body.answers {
        text +=
          console.styled(
            "\(pad)= \(answer.text)  (\(NumberText.percent(answer.effectiveFraction)))",
            fractionStyle(answer.effectiveFraction)) + "\n"
        if let feedback = answer.feedback {
          text += console.styled("\(pad)    \(feedback.replacingNewlines())", .dim) + "\n"
        }
      }
    case .numerical(let body):
      if withAnswers {
        for answer in body.answers {
          text +=
            console.styled(
              "\(pad)= \(numberText(answer))  (\(NumberText.percent(answer.effectiveFraction)))",
              fractionStyle(answer.effectiveFraction)) + "\n"
          if let feedback = answer.feedback {
            text += console.styled("\(pad)    \(feedback.replacingNewlines())", .dim) + "\n"
          }
        }
      }
      if !body.units.isEmpty {
        let units = body.units.map { "\($0.unit) (×\(JSONWriter.numberText($0.multiplier)))" }.joined(separator: ", ")
        text += "\(pad)Units: \(units)"
        if body.effectiveUnitGrading != .none {
          text += " · a wrong or missing unit costs \(NumberText.percent(body.effectiveUnitPenalty))"
          text += body.effectiveUnitGrading == .mark ? " of the mark" : " of the points"
        }
        text += "\n"
      }
    case .matching(let body):
      for pair in body.pairs {
        var line = "\(pad)\(pair.id)) \(pair.stem.replacingNewlines())"
        if withAnswers { line += console.styled("  → \(pair.answer.replacingNewlines())", .green) }
        text += line + "\n"
      }
      let choices = withAnswers ? body.distractors : body.answerChoices
      if !choices.isEmpty {
        text +=
          console.styled("\(pad)\(withAnswers ? "Distractors" : "Answers"): ", .dim)
          + choices.map { $0.replacingNewlines() }.joined(separator: " · ") + "\n"
      }
    case .essay(let body): text += essayParts(body, withAnswers: withAnswers, console: console, pad: pad)
    }
    return text
  }

  private static func essayParts(_ body: Essay, withAnswers: Bool, console: Console, pad: String) -> String {
    var facts = [body.effectiveResponseFormat.rawValue, "\(body.effectiveResponseLines) lines"]
    if let low = body.minWords { facts.append("at least \(low) words") }
    if let high = body.maxWords { facts.append("at most \(high) words") }
    var text = console.styled(pad + facts.joined(separator: " · "), .dim) + "\n"
    if let template = body.responseTemplate, !template.isEmpty {
      text += console.styled("\(pad)Template:", .dim) + "\n" + ShowCommand.indented(template, by: pad.count + 2) + "\n"
    }
    if withAnswers, let info = body.graderInfo, !info.isEmpty {
      text +=
        console.styled("\(pad)For the marker: ", .yellow) + ShowCommand.indentedContinuation(info, by: pad.count + 2)
        + "\n"
    }
    return text
  }

  /// `3.14 ± 0.01`, or `any number` for `*`.
  static func numberText(_ answer: NumericAnswer) -> String {
    guard let value = answer.value else { return "any number" }
    let tolerance = answer.effectiveTolerance
    return JSONWriter.numberText(value) + (tolerance > 0 ? " ± \(JSONWriter.numberText(tolerance))" : "")
  }

  private static func fractionStyle(_ fraction: Double) -> Console.Style {
    fraction >= 1 ? .green : (fraction > 0 ? .yellow : .dim)
  }
}

// MARK: - After a response

extension KindLines {
  /// What was given and what was right, for any kind: the choices marked, the typed answer
  /// with the answer it matched, each stem right or wrong, an essay's marks.
  /// `question` and `response` are as shown (texts cleaned for the terminal); `graded`, when they
  /// differ from them, the question and response as stored, which right and wrong are read from
  /// (a tab, an ESC, `AT&amp;T` in an HTML answer match as stored, not as shown).
  static func reveal(
    _ question: Question, response: Response, graded: Graded? = nil, marks: [Mark] = [], console: Console,
    indent: Int
  ) -> String {
    let pad = String(repeating: " ", count: indent)
    let graded = graded ?? Graded(question: question, response: response)
    switch (question.body, response) {
    case (.choice, .choices(let selected)):
      return ChoiceMarks.lines(for: question, selected: selected, console: console, indent: indent)
    case (.shortAnswer(let body), .text(let typed, _)):
      let matched = graded.shortAnswerMatch().flatMap { body.answers.indices.contains($0) ? body.answers[$0] : nil }
      var text = typedLine(typed, fraction: matched?.effectiveFraction ?? 0, console: console, pad: pad)
      if let feedback = matched?.feedback, !feedback.isEmpty {
        text += console.styled("\(pad)  \(feedback.replacingNewlines())", .dim) + "\n"
      }
      if (matched?.effectiveFraction ?? 0) < 1 {
        let right = body.answers.filter { $0.effectiveFraction >= 1 }.map(\.text)
        text += console.styled("\(pad)Accepted: " + right.joined(separator: " · "), .green) + "\n"
      }
      return text + explanation(question, console: console, indent: indent)
    case (.numerical(let body), .text(let typed, let unit)):
      let grade = graded.numericalGrade() ?? body.grade(typed, unit: unit)
      let shown = typed + (unit.map { " \($0)" } ?? "")
      var text = typedLine(shown, fraction: grade.map { $0.fraction } ?? 0, console: console, pad: pad)
      if grade == nil && !typed.isEmpty { text += console.styled("\(pad)  not a number", .red) + "\n" }
      if grade?.unitPenalized == true { text += console.styled("\(pad)  unit penalty applied", .yellow) + "\n" }
      if let index = grade?.answer, let feedback = body.answers[index].feedback, !feedback.isEmpty {
        text += console.styled("\(pad)  \(feedback.replacingNewlines())", .dim) + "\n"
      }
      let right = body.answers.filter { $0.effectiveFraction >= 1 }.map(numberText)
      text += console.styled("\(pad)Right: " + right.map(body.withFirstUnit).joined(separator: " · "), .green) + "\n"
      return text + explanation(question, console: console, indent: indent)
    case (.matching(let body), .matched(let matches)):
      var text = ""
      for pair in body.pairs {
        let chosen = graded.shownAnswer(forStem: pair.id, in: body) ?? matches.first { $0.stem == pair.id }?.answer
        var line = "\(pad)\(pair.id)) \(pair.stem.replacingNewlines()) → \(chosen?.replacingNewlines() ?? "–")"
        if graded.isRight(stem: pair.id) ?? (chosen == pair.answer) {
          line = console.styled(line + "  ✓", .green)
        } else {
          line = console.styled(line + "  ✗ (\(pair.answer.replacingNewlines()))", .red)
        }
        text += line + "\n"
      }
      return text + explanation(question, console: console, indent: indent)
    case (.essay(let body), .text(let typed, _)):
      var text = ShowCommand.indented(typed.isEmpty ? "(no response)" : typed.terminalSafe, by: indent) + "\n"
      text += console.styled(pad + NumberText.plural(Essay.wordCount(typed), "word"), .dim) + "\n"
      if marks.isEmpty {
        text +=
          console.styled(
            body.isEmptyResponse(typed) ? "\(pad)No response: nothing to mark" : "\(pad)To be marked", .yellow) + "\n"
      }
      for (index, mark) in marks.enumerated() {
        var line =
          "\(pad)\(index == marks.count - 1 ? "Mark" : "Earlier mark"): \(NumberText.points(mark.score)) / \(NumberText.points(question.points))"
        if let marker = mark.marker { line += " by \(marker.terminalSafeLine)" }
        if let at = mark.markedAt { line += " at \(at.text)" }
        text += (index == marks.count - 1 ? line : console.styled(line, .dim)) + "\n"
        if let comment = mark.comment, !comment.isEmpty {
          text += ShowCommand.indented(comment.terminalSafe, by: indent + 2) + "\n"
        }
      }
      return text
    case (.description, _):
      return ""
    case (.cloze(let body), .parts(let parts)):
      return ClozeLines.reveal(question, body, responses: parts, console: console, indent: indent)
    // A response of another shape than the kind takes: shown as it is.
    case (.choice, _), (.shortAnswer, _), (.numerical, _), (.matching, _), (.essay, _), (.cloze, _):
      return "\(pad)" + ResponseText.summary(response) + "\n"
    }
  }

  private static func typedLine(_ typed: String, fraction: Double, console: Console, pad: String) -> String {
    let line = "\(pad)Answer: \(typed.isEmpty ? "–" : typed.terminalSafeLine)"
    if fraction >= 1 { return console.styled(line + "  ✓", .green) + "\n" }
    if fraction > 0 { return console.styled(line + "  partly right (\(NumberText.percent(fraction)))", .yellow) + "\n" }
    return console.styled(line + "  ✗", .red) + "\n"
  }

  private static func explanation(_ question: Question, console: Console, indent: Int) -> String {
    guard let explanation = question.explanation, !explanation.isEmpty else { return "" }
    return console.styled(ShowCommand.indented("→ " + explanation, by: indent), .dim) + "\n"
  }
}

/// A question and response as stored, beside the cleaned texts a terminal is shown: what right
/// and wrong are read from. Parts are matched by id or position, which cleaning keeps.
struct Graded {
  var question: Question
  var response: Response

  /// The short answer the typed text matched, by index.
  func shortAnswerMatch() -> Int? {
    guard case .shortAnswer(let body) = question.body, case .text(let typed, _) = response else { return nil }
    return body.matchingAnswer(for: typed)
  }

  func numericalGrade() -> NumericalGrade? {
    guard case .numerical(let body) = question.body, case .text(let typed, let unit) = response else { return nil }
    return body.grade(typed, unit: unit)
  }

  /// Whether the answer chosen for stem `id` is its pair's, as stored; nil when not known here.
  func isRight(stem id: String) -> Bool? {
    guard case .matching(let body) = question.body, case .matched(let matches) = response,
      let pair = body.pairs.first(where: { $0.id == id })
    else { return nil }
    return matches.first { $0.stem == id }?.answer == pair.answer
  }

  /// The answer chosen for stem `id` as `shown` (the cleaned question) writes it: the stored
  /// text's place among the answers, in the shown question's answers.
  func shownAnswer(forStem id: String, in shown: Matching) -> String? {
    guard case .matching(let body) = question.body, case .matched(let matches) = response,
      let chosen = matches.first(where: { $0.stem == id })?.answer
    else { return nil }
    let stored = body.answerChoices
    guard stored.count == shown.answerChoices.count, let index = stored.firstIndex(of: chosen) else {
      return chosen.terminalSafeLine
    }
    return shown.answerChoices[index]
  }
}
