import QuizDomain
import XML

/// One question per page: the progress, the time left, the prompt, the answer form with the
/// controls of the question's kind, and after a revealed answer its result, the feedback, the
/// right answer and a Next button. The form works without JavaScript; `quiz.js` only keeps
/// Submit disabled until something is given (`data-requires-answer`) and adds keys.
enum QuestionPage {
  static func render(_ view: QuestionView) -> String {
    let question = view.question
    let text = QuestionText(question: question)
    var body = "<h2 class=\"progress\">Question \(view.number) of \(view.count)</h2>\n"
    if let seconds = view.secondsLeft { body += timer(seconds) }
    if let error = view.error {
      body += "<p class=\"error\" role=\"alert\" dir=\"auto\">\(HTMLEscape.text(error))</p>\n"
    }
    body += "<div class=\"prompt\" id=\"prompt\" dir=\"auto\">"
    if case .cloze(let cloze) = question.body {
      body += ClozeControls.render(question, cloze, saved: view.saved, locked: view.isLocked) + "</div>\n"
      body += answerForm(view, controls: "")
    } else {
      body += text.html(question.prompt) + "</div>\n"
      body += answerForm(view, controls: QuestionControls.render(view))
    }
    if let reveal = view.reveal {
      body += RevealSection.render(question, reveal: reveal, saved: view.saved)
    } else if view.isLocked {
      body += "<p class=\"message\" role=\"status\">Your answer is saved: it cannot change.</p>\n"
    }
    body += navigation(view)
    body += PageShell.signOutForm(csrf: view.csrf)
    if let code = view.resumeCode {
      body += "<p class=\"resume\">Resume code: <span class=\"code\">\(HTMLEscape.text(code))</span>"
      body += " (with your name, it continues this attempt on another device)</p>\n"
    }
    let title = "Question \(view.number) of \(view.count) — \(view.quizTitle)"
    return PageShell.render(title: title, heading: view.quizTitle, body: body)
  }

  /// The time left as minutes and seconds; `quiz.js` counts it down from the data attribute.
  static func timer(_ seconds: Int) -> String {
    let left = max(0, seconds)
    return
      "<p class=\"timer\">Time left: <span id=\"time-left\" data-seconds-left=\"\(left)\">\(timeText(left))</span></p>\n"
  }

  /// Minutes and seconds, `12:05`.
  static func timeText(_ seconds: Int) -> String {
    let left = max(0, seconds)
    return "\(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60)"
  }

  /// The answer form. A cloze question's controls stand in its prompt, outside the form, and
  /// belong to it through `form="answer"`. Its buttons save what it holds before going anywhere
  /// (`PageNavigation`): Submit first, so that Enter submits, then Previous, Skip or Finish.
  /// `data-locks` marks a form whose answer locks once saved (`--reveal each`): its script asks
  /// before locking an answer with blank gaps or no unit.
  private static func answerForm(_ view: QuestionView, controls: String) -> String {
    let locks = view.revealsEach && view.question.kind.locksOnceRevealed ? " data-locks" : ""
    var form = "<form id=\"answer\" method=\"post\" action=\"\(HTMLEscape.attribute(view.action))\"\(locks)>\n"
    form += PageShell.hidden("csrf", view.csrf) + "\n" + PageShell.hidden("question", view.question.id) + "\n"
    form += controls
    guard !view.isLocked else { return form + "</form>\n" }
    form += "<div class=\"actions\">"
    if view.question.kind == .description {
      if !view.isLast { form += "<button type=\"submit\">Continue</button>" }
    } else {
      form += "<button type=\"submit\" data-requires-answer>Submit</button>"
    }
    if view.previousHref != nil { form += goButton("previous", "Previous", secondary: true) }
    form += view.isLast ? goButton("finish", "Finish and submit the quiz") : goButton("next", "Skip", secondary: true)
    return form + "</div>\n</form>\n"
  }

  private static func goButton(_ value: String, _ label: String, secondary: Bool = false) -> String {
    "<button type=\"submit\" name=\"go\" value=\"\(value)\"\(secondary ? " class=\"secondary\"" : "")>\(label)</button>"
  }

  /// A locked page (its answer revealed or saved for good) has nothing to save: Next as a link,
  /// and on the last question the final submit.
  private static func navigation(_ view: QuestionView) -> String {
    guard view.isLocked else { return "" }
    var html = ""
    if let next = view.nextHref {
      html += "<nav class=\"actions\" aria-label=\"Questions\">"
      html += "<a class=\"button\" href=\"\(HTMLEscape.attribute(next))\">Next</a></nav>\n"
    } else {
      html += "<form method=\"post\" action=\"\(HTMLEscape.attribute(view.submitAction))\" class=\"finish\">\n"
      html += PageShell.hidden("csrf", view.csrf) + "\n"
      html += "<div class=\"actions\"><button type=\"submit\">Finish and submit the quiz</button></div>\n</form>\n"
    }
    return html
  }
}
