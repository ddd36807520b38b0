import QuizDomain
import XML

/// The page after the final submit: the score and the maximum, and with `--reveal end` (or
/// `each`) per question the answer given, how it did, the feedback and the right answer. With
/// `never` only the score (`items` empty).
struct ReviewView: Sendable {
  struct Item: Sendable {
    var question: Question
    var number: Int
    var response: Response?
    var reveal: RevealView
  }

  var quizTitle: String
  var taker: String
  var score: Double
  var maxScore: Double
  /// Submitted by the server at the deadline rather than by the taker.
  var expired: Bool = false
  /// The attempt's CSRF token, for the sign-out form.
  var csrf: String = ""
  var items: [Item] = []
}

enum ReviewPage {
  static func render(_ view: ReviewView) -> String {
    var body = ""
    if view.expired { body += PageShell.paragraph("The time was up: the quiz was submitted with the answers saved.") }
    body += "<p class=\"score\" role=\"status\">Your score: <strong>\(ReviewNumbers.points(view.score))</strong>"
    body += " of \(ReviewNumbers.points(view.maxScore))</p>\n"
    body += "<p>Thank you, <span dir=\"auto\">\(HTMLEscape.text(view.taker))</span>. Your answers are recorded.</p>\n"
    body += PageShell.signOutForm(csrf: view.csrf)
    for item in view.items { body += section(item) }
    if !view.items.isEmpty { body += PageShell.signOutForm(csrf: view.csrf) }
    return PageShell.render(title: "Your result — \(view.quizTitle)", heading: view.quizTitle, body: body, scripts: [])
  }

  private static func section(_ item: ReviewView.Item) -> String {
    let question = item.question
    let text = QuestionText(question: question)
    var html = "<section class=\"review-item\" aria-labelledby=\"review-\(item.number)\">\n"
    html += "<h2 id=\"review-\(item.number)\">Question \(item.number)</h2>\n"
    html += "<div class=\"prompt\" dir=\"auto\">\(text.html(ClozeText.shown(question)))</div>\n"
    if question.kind != .description {
      html += "<div class=\"given\"><h3>Your answer</h3>\n\(given(question, item.response))</div>\n"
      html += RevealSection.render(
        question, reveal: item.reveal, saved: item.response, heading: "result-\(item.number)")
    }
    return html + "</section>\n"
  }

  /// The answer given, in words: the picked choices' texts, the text typed, each stem's match.
  static func given(_ question: Question, _ response: Response?) -> String {
    let text = QuestionText(question: question)
    switch (question.body, response) {
    case (_, nil): return "<p>No answer</p>"
    case (.choice(let body), .choices(let ids)?):
      let picked = body.choices.filter { ids.contains($0.id) }
      return RevealSection.list(picked.map { "<span dir=\"auto\">\(text.html($0.text))</span>" }) ?? "<p>No answer</p>"
    case (.matching(let body), .matched?):
      let chosen = response?.matches ?? [:]
      return RevealSection.list(
        body.pairs.map {
          "<span dir=\"auto\">\(text.html($0.stem))</span> → <span dir=\"auto\">\(HTMLEscape.text(text.plain(chosen[$0.id] ?? "–")))</span>"
        }) ?? "<p>No answer</p>"
    case (.cloze(let body), .parts(let parts)?):
      return RevealSection.list(
        body.parts.indices.map { index in
          "Gap \(index + 1): <span dir=\"auto\">\(index < parts.count ? gapGiven(body.parts[index], parts[index], text) : "–")</span>"
        }) ?? "<p>No answer</p>"
    case (.shortAnswer, .text(let typed, let unit)?), (.numerical, .text(let typed, let unit)?),
      (.essay, .text(let typed, let unit)?):
      let shown = typed + (unit.map { " " + $0 } ?? "")
      return "<p class=\"typed\" dir=\"auto\">\(HTMLEscape.text(shown))</p>"
    // A response of another shape than the kind takes, or a description's.
    case (.choice, _), (.shortAnswer, _), (.numerical, _), (.matching, _), (.essay, _), (.description, _), (.cloze, _):
      return "<p>No answer</p>"
    }
  }

  private static func gapGiven(_ part: ClozePart, _ response: Response, _ text: QuestionText) -> String {
    switch (part.body, response) {
    case (.choice(let body), .choices(let ids)):
      let picked = body.choices.filter { ids.contains($0.id) }.map { text.html($0.text) }
      return picked.isEmpty ? "–" : picked.joined(separator: " · ")
    case (.shortAnswer, .text(let typed, _)), (.numerical, .text(let typed, _)):
      return typed.isEmpty ? "–" : HTMLEscape.text(typed)
    case (.choice, _), (.shortAnswer, _), (.numerical, _): return "–"
    }
  }
}

/// A cloze prompt as the review shows it: its gaps as "[Gap n]", the controls being gone.
enum ClozeText {
  static func shown(_ question: Question) -> String {
    guard case .cloze(let cloze) = question.body else { return question.prompt }
    var prompt = question.prompt
    for number in (1...max(1, cloze.parts.count)).reversed() {
      prompt = prompt.replacing("{#\(number)}", with: "[Gap \(number)]")
    }
    return prompt
  }
}
