import QuizDomain
import XML

/// The answer controls of every kind but cloze (`ClozeControls`), each with a real label:
/// radio buttons or checkboxes, a text field (with a unit list when the taker picks the unit),
/// one list per matching stem, a text area; none for a description. Locked (disabled) once the
/// answer is revealed; the saved answer filled in. Field names are `AnswerForm`'s.
enum QuestionControls {
  static func render(_ view: QuestionView) -> String {
    let locked = view.isLocked
    let question = view.question
    switch question.body {
    case .choice(let body):
      return choices(question, body, saved: view.saved?.selectedIDs ?? [], revealed: view.reveal != nil, locked: locked)
    case .shortAnswer:
      return textField(label: "Your answer", value: view.saved?.typed ?? "", numeric: false, locked: locked)
    case .numerical(let body):
      return textField(label: "Your answer", value: view.saved?.typed ?? "", numeric: true, locked: locked)
        + unitList(body, picked: view.saved?.unit, locked: locked)
    case .matching(let body):
      return matching(question, body, answers: view.answerChoices, saved: view.saved, locked: locked)
    case .essay(let body):
      return essay(body, saved: view.saved?.typed, locked: locked)
    case .description, .cloze:
      return ""
    }
  }

  static func disabled(_ locked: Bool) -> String { locked ? " disabled" : "" }

  // MARK: - Choices

  /// One radio button (or checkbox) per choice in the attempt's order, labelled by the
  /// question's numbering and the choice's text; revealed, each marked right or wrong in
  /// words and a sign, not only by colour.
  static func choices(_ question: Question, _ body: ChoiceBody, saved: [String], revealed: Bool, locked: Bool)
    -> String
  {
    let text = QuestionText(question: question)
    let numbering = body.numbering ?? .lowercase
    var html = "<fieldset class=\"choices\" aria-describedby=\"prompt\">\n"
    html += "<legend>\(body.multiple ? "Choose one or more answers" : "Choose one answer")</legend>\n"
    for (index, choice) in body.choices.enumerated() {
      let picked = saved.contains(choice.id)
      let right = choice.correct || (choice.weight ?? 0) > 0
      let state = revealed ? (right ? " right" : " wrong") : ""
      let name = body.multiple ? "choice.\(choice.id)" : "choice"
      let value = body.multiple ? "on" : choice.id
      html += "<div class=\"choice\(state)\(picked ? " picked" : "")\">"
      html += "<input type=\"\(body.multiple ? "checkbox" : "radio")\" id=\"choice-\(index + 1)\""
      html += " name=\"\(HTMLEscape.attribute(name))\" value=\"\(HTMLEscape.attribute(value))\""
      html += " data-key=\"\(index + 1)\"\(picked ? " checked" : "")\(disabled(locked))>"
      html += "<label for=\"choice-\(index + 1)\">"
      if let label = numbering.label(at: index) { html += "<span class=\"number\">\(HTMLEscape.text(label)).</span> " }
      html += "<span class=\"text\" dir=\"auto\">\(text.html(choice.text))</span>"
      if revealed { html += mark(right: right, picked: picked) }
      html += "</label></div>\n"
    }
    return html + "</fieldset>\n"
  }

  /// "✓ Right answer" or "✗ Wrong", with "your choice" on those picked.
  static func mark(right: Bool, picked: Bool) -> String {
    let words = (right ? "✓ Right answer" : "✗ Wrong") + (picked ? ", your choice" : "")
    return " <span class=\"mark\">\(words)</span>"
  }

  // MARK: - Typed answers

  static func textField(label: String, value: String, numeric: Bool, locked: Bool) -> String {
    let mode = numeric ? " inputmode=\"decimal\"" : ""
    return "<div class=\"field\"><label for=\"response\">\(label)</label>\n"
      + "<input type=\"text\" id=\"response\" name=\"response\" dir=\"auto\" autocomplete=\"off\"\(mode)"
      + " aria-describedby=\"prompt\" value=\"\(HTMLEscape.attribute(value))\"\(disabled(locked))></div>\n"
  }

  /// The unit list of a numerical question whose taker picks the unit; nothing otherwise.
  static func unitList(_ body: Numerical, picked: String?, locked: Bool) -> String {
    guard body.effectiveUnitInput == .choice, !body.units.isEmpty else { return "" }
    var html = "<div class=\"field\"><label for=\"unit\">Unit</label>\n"
    html += "<select id=\"unit\" name=\"unit\"\(disabled(locked))>\n<option value=\"\">Choose a unit</option>\n"
    for unit in body.units {
      let selected = unit.unit == picked ? " selected" : ""
      html += "<option value=\"\(HTMLEscape.attribute(unit.unit))\"\(selected)>\(HTMLEscape.text(unit.unit))</option>\n"
    }
    return html + "</select></div>\n"
  }

  static func essay(_ body: Essay, saved: String?, locked: Bool) -> String {
    let lines = min(max(body.effectiveResponseLines, 3), 30)
    let value = saved ?? body.responseTemplate ?? ""
    return "<div class=\"field\"><label for=\"response\">Your answer</label>\n"
      + "<textarea id=\"response\" name=\"response\" rows=\"\(lines)\" dir=\"auto\" aria-describedby=\"prompt\""
      // The parser drops a line break right after the start tag: this one, not the text's own.
      + "\(disabled(locked))>\n\(HTMLEscape.text(value))</textarea></div>\n"
  }

  // MARK: - Matching

  /// One list per stem, labelled by the stem; the options are the answer texts in the
  /// attempt's order, their values the 1-based positions (`AnswerForm` maps them back).
  static func matching(_ question: Question, _ body: Matching, answers: [String], saved: Response?, locked: Bool)
    -> String
  {
    let text = QuestionText(question: question)
    let chosen = saved?.matches ?? [:]
    var html = "<fieldset class=\"matching\" aria-describedby=\"prompt\">\n<legend>Match each item</legend>\n"
    for (index, pair) in body.pairs.enumerated() {
      let id = "match-\(index + 1)"
      html += "<div class=\"field\"><label for=\"\(id)\" dir=\"auto\">\(text.html(pair.stem))</label>\n"
      html += "<select id=\"\(id)\" name=\"\(HTMLEscape.attribute("match.\(pair.id)"))\"\(disabled(locked))>\n"
      html += "<option value=\"\">Choose…</option>\n"
      for (position, answer) in answers.enumerated() {
        let selected = chosen[pair.id].map { $0.unicodeScalars.elementsEqual(answer.unicodeScalars) } ?? false
        html += "<option value=\"\(position + 1)\"\(selected ? " selected" : "")>"
        html += "\(HTMLEscape.text(text.plain(answer)))</option>\n"
      }
      html += "</select></div>\n"
    }
    return html + "</fieldset>\n"
  }
}

// MARK: - A saved response's parts, for filling controls in

extension Response {
  var selectedIDs: [String] { if case .choices(let ids) = self { ids } else { [] } }
  var typed: String? { if case .text(let text, _) = self { text } else { nil } }
  var unit: String? { if case .text(_, let unit) = self { unit } else { nil } }
  var matches: [String: String] {
    guard case .matched(let matches) = self else { return [:] }
    var byStem: [String: String] = [:]
    for match in matches where byStem[match.stem] == nil { byStem[match.stem] = match.answer }
    return byStem
  }
}
