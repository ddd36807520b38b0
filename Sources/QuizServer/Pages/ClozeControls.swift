import QuizDomain
import QuizFormats
import XML

/// A cloze question's prompt with each gap `{#n}` in its place as a control labelled "Gap n":
/// a text field (short answer, numerical), a list (a drop-down choice gap) or radio buttons /
/// checkboxes (a vertical or horizontal one). The controls are written into the sanitised text
/// by the sanitiser's text hook, so a marker inside an attribute stays text. Gaps the prompt
/// does not mark follow the text, so each stays answerable. The controls belong to the answer
/// form by `form="answer"`.
enum ClozeControls {
  static func render(_ question: Question, _ cloze: Cloze, saved: Response?, locked: Bool) -> String {
    let responses: [Response] = if case .parts(let parts)? = saved { parts } else { [] }
    var placed: Set<Int> = []
    let gap: (Int) -> String? = { number in
      guard number >= 1, number <= cloze.parts.count, !placed.contains(number) else { return nil }
      placed.insert(number)
      let response = number <= responses.count ? responses[number - 1] : nil
      return control(question, cloze.parts[number - 1], number: number, saved: response, locked: locked)
    }
    var html = QuestionTextHTML.html(question.prompt, question.textFormat, files: question.files) { piece in
      writing(piece, gap: gap)
    }
    for number in 1...max(1, cloze.parts.count) where !placed.contains(number) {
      if let control = gap(number) { html += "<div class=\"gap-rest\">\(control)</div>" }
    }
    return html
  }

  /// A text piece escaped, each `{#n}` replaced by gap n's control (a second marker of one
  /// gap, or of none, stays as written).
  static func writing(_ piece: String, gap: (Int) -> String?) -> String {
    var html = ""
    var rest = Substring(piece)
    while let start = rest.firstRange(of: "{#") {
      let digits = rest[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
      let close = digits.endIndex
      guard !digits.isEmpty, close < rest.endIndex, rest[close] == "}", let number = Int(digits),
        let control = gap(number)
      else {
        html += HTMLEscape.text(String(rest[..<start.upperBound]))
        rest = rest[start.upperBound...]
        continue
      }
      html += HTMLEscape.text(String(rest[..<start.lowerBound])) + control
      rest = rest[rest.index(after: close)...]
    }
    return html + HTMLEscape.text(String(rest))
  }

  /// Gap `number`'s control; field names `gap.N` (text, or the one choice picked) and
  /// `gap.N.ID` (each choice of a multiple-response gap).
  static func control(_ question: Question, _ part: ClozePart, number: Int, saved: Response?, locked: Bool)
    -> String
  {
    let disabled = QuestionControls.disabled(locked)
    let name = "gap.\(number)"
    switch part.body {
    case .shortAnswer, .numerical:
      let numeric = part.kind == .numerical ? " inputmode=\"decimal\"" : ""
      return "<input type=\"text\" class=\"gap\" form=\"answer\" name=\"\(name)\" aria-label=\"Gap \(number)\""
        + " dir=\"auto\" autocomplete=\"off\"\(numeric) value=\"\(HTMLEscape.attribute(saved?.typed ?? ""))\"\(disabled)>"
    case .choice(let body):
      return choiceGap(
        QuestionText(question: question), body, number: number, saved: saved?.selectedIDs ?? [], locked: locked)
    }
  }

  private static func choiceGap(
    _ text: QuestionText, _ body: ClozeChoice, number: Int, saved: [String], locked: Bool
  ) -> String {
    let disabled = QuestionControls.disabled(locked)
    if body.effectiveDisplay == .dropdown && !body.isMultiple {
      var html = "<select class=\"gap\" form=\"answer\" name=\"gap.\(number)\" aria-label=\"Gap \(number)\"\(disabled)>"
      html += "<option value=\"\">Choose…</option>"
      for choice in body.choices {
        let selected = saved.contains(choice.id) ? " selected" : ""
        html += "<option value=\"\(HTMLEscape.attribute(choice.id))\"\(selected)>"
        html += "\(HTMLEscape.text(text.plain(choice.text)))</option>"
      }
      return html + "</select>"
    }
    let layout = body.effectiveDisplay == .horizontal ? "row" : "column"
    var html = "<span class=\"gap-choices \(layout)\" role=\"group\" aria-label=\"Gap \(number)\">"
    for (index, choice) in body.choices.enumerated() {
      let id = "gap-\(number)-\(index + 1)"
      let name = body.isMultiple ? "gap.\(number).\(choice.id)" : "gap.\(number)"
      let value = body.isMultiple ? "on" : choice.id
      let checked = saved.contains(choice.id) ? " checked" : ""
      html +=
        "<span class=\"choice\"><input type=\"\(body.isMultiple ? "checkbox" : "radio")\" id=\"\(id)\" form=\"answer\""
      html += " name=\"\(HTMLEscape.attribute(name))\" value=\"\(HTMLEscape.attribute(value))\"\(checked)\(disabled)>"
      html += "<label for=\"\(id)\" dir=\"auto\">\(text.html(choice.text))</label></span>"
    }
    return html + "</span>"
  }
}
