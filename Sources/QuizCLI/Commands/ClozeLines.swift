import QuizDomain
import QuizRepository

/// What a cloze question shows beyond its prompt: its gaps in order (`show`, with
/// `--answers` each gap's alternatives), and after a response each gap coloured by how it did
/// (`take`'s reveal, `history ATTEMPT`). Texts are expected terminal-safe already.
enum ClozeLines {
  /// `{#n}` in a prompt, as `Cloze` marks where gap n stands.
  static func marker(_ gap: Int) -> String { "{#\(gap)}" }

  /// What gap `part` takes, such as "type an answer" or "pick one from a list".
  static func facts(_ part: ClozePart) -> String {
    switch part.body {
    case .shortAnswer(let body): body.isCaseSensitive ? "type an answer (case matters)" : "type an answer"
    case .numerical: "type a number"
    case .choice(let body):
      switch (body.isMultiple, body.effectiveDisplay) {
      case (true, _): "pick one or more"
      case (false, .dropdown): "pick one from a list"
      case (false, _): "pick one"
      }
    }
  }

  static func pointsText(_ part: ClozePart) -> String {
    part.points == 1 ? "1 point" : "\(NumberText.points(part.points)) points"
  }

  /// `show`'s lines: one per gap with what it takes and its points, a choice gap's choices,
  /// and with answers each alternative with its fraction.
  static func parts(_ cloze: Cloze, withAnswers: Bool, console: Console, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var text = ""
    for (index, part) in cloze.parts.enumerated() {
      text += "\(pad)Gap \(index + 1): \(facts(part)) · \(pointsText(part))\n"
      for line in alternatives(part, withAnswers: withAnswers) {
        let styled = withAnswers ? console.styled(line.text, fractionStyle(line.fraction)) : line.text
        text += "\(pad)  \(styled)\n"
        if withAnswers, let feedback = line.feedback, !feedback.isEmpty {
          text += console.styled("\(pad)      \(feedback.replacingNewlines())", .dim) + "\n"
        }
      }
    }
    return text
  }

  /// A gap's alternatives as lines: without answers only a choice gap's choices (the taker sees
  /// them); with answers every alternative and what it is worth.
  private static func alternatives(_ part: ClozePart, withAnswers: Bool)
    -> [(text: String, fraction: Double, feedback: String?)]
  {
    switch part.body {
    case .shortAnswer(let body):
      guard withAnswers else { return [] }
      return body.answers.map {
        (
          text: "= \($0.text)  (\(NumberText.percent($0.effectiveFraction)))", fraction: $0.effectiveFraction,
          feedback: $0.feedback
        )
      }
    case .numerical(let body):
      guard withAnswers else { return [] }
      return body.answers.map {
        (
          text: "= \(KindLines.numberText($0))  (\(NumberText.percent($0.effectiveFraction)))",
          fraction: $0.effectiveFraction, feedback: $0.feedback
        )
      }
    case .choice(let body):
      return zip(body.choices, body.fractions).map { choice, fraction in
        let worth = withAnswers ? "  (\(NumberText.percent(fraction)))" : ""
        return (
          text: "\(choice.id)) \(choice.text.replacingNewlines())\(worth)", fraction: fraction,
          feedback: choice.feedback
        )
      }
    }
  }

  static func fractionStyle(_ fraction: Double) -> Console.Style {
    fraction >= 1 ? .green : (fraction > 0 ? .yellow : (fraction < 0 ? .red : .dim))
  }
}

// MARK: - After a response

extension ClozeLines {
  /// Each gap's response, green when right, yellow when partly right, red when wrong or blank,
  /// with the right answers of every gap not fully right, then the explanation.
  static func reveal(_ question: Question, _ cloze: Cloze, responses: [Response], console: Console, indent: Int)
    -> String
  {
    let pad = String(repeating: " ", count: indent)
    let fractions = ClozeMarks.fractions(cloze, responses: responses)
    var text = ""
    for (index, part) in cloze.parts.enumerated() {
      let response = index < responses.count ? responses[index] : AnswerOptions.blank(part)
      let fraction = fractions[index]
      var line = "\(pad)Gap \(index + 1): \(given(response, part))"
      switch fraction {
      case 1...: line += "  ✓"
      case let partial where partial > 0: line += "  partly right (\(NumberText.percent(partial)))"
      default: line += "  ✗"
      }
      text += console.styled(line, fraction >= 1 ? .green : (fraction > 0 ? .yellow : .red)) + "\n"
      if let feedback = feedback(response, part), !feedback.isEmpty {
        text += console.styled("\(pad)  \(feedback.replacingNewlines())", .dim) + "\n"
      }
      if fraction < 1, let right = rightAnswers(part) {
        text += console.styled("\(pad)  Right: \(right)", .green) + "\n"
      }
    }
    if let explanation = question.explanation, !explanation.isEmpty {
      text += console.styled(ShowCommand.indented("→ " + explanation, by: indent), .dim) + "\n"
    }
    return text
  }

  /// What was given for a gap: the text typed, or the texts of the choices picked.
  static func given(_ response: Response, _ part: ClozePart) -> String {
    switch (part.body, response) {
    case (.choice(let body), .choices(let ids)):
      let texts = ids.map { id in body.choices.first { $0.id == id }?.text.terminalSafeLine ?? id }
      return texts.isEmpty ? "–" : texts.joined(separator: ", ")
    case (.choice, _), (.shortAnswer, _), (.numerical, _): return ResponseText.summary(response)
    }
  }

  private static func feedback(_ response: Response, _ part: ClozePart) -> String? {
    switch (part.body, response) {
    case (.shortAnswer(let body), .text(let typed, _)):
      return body.matchingAnswer(for: typed).flatMap { body.answers[$0].feedback }
    case (.numerical(let body), .text(let typed, let unit)):
      return body.grade(typed, unit: unit)?.answer.flatMap { body.answers[$0].feedback }
    case (.choice(let body), .choices(let ids)):
      return ids.compactMap { id in body.choices.first { $0.id == id }?.feedback }.joined(separator: " · ")
    case (.shortAnswer, _), (.numerical, _), (.choice, _): return nil
    }
  }

  /// The alternatives worth full marks, nil when there are none.
  static func rightAnswers(_ part: ClozePart) -> String? {
    let right: [String]
    switch part.body {
    case .shortAnswer(let body): right = body.answers.filter { $0.effectiveFraction >= 1 }.map(\.text)
    case .numerical(let body): right = body.answers.filter { $0.effectiveFraction >= 1 }.map(KindLines.numberText)
    case .choice(let body):
      // One answer: the choices worth full marks; multiple response: every choice worth something.
      right = zip(body.choices, body.fractions).filter { body.isMultiple ? $1 > 0 : $1 >= 1 }.map {
        $0.0.text.terminalSafeLine
      }
    }
    return right.isEmpty ? nil : right.joined(separator: " · ")
  }
}
