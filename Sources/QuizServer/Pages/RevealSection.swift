import QuizDomain
import XML

/// How a revealed answer did, announced (`role="status"`, `aria-live`): right, partly right or
/// wrong in words and a sign (the colour only repeats it), the points, the feedback earned,
/// the right answer and the explanation. Rendered only after the answer is saved.
enum RevealSection {
  /// `heading`: the id of the section's heading, unique in the page (the review shows one
  /// section per question). Only the question page's one reveal is a live region: a review
  /// read out whole on load would say every result at once.
  static func render(_ question: Question, reveal: RevealView, saved: Response?, heading: String = "result")
    -> String
  {
    let text = QuestionText(question: question)
    let live = heading == "result" ? " role=\"status\" aria-live=\"polite\"" : ""
    var html = "<section class=\"reveal \(outcomeClass(reveal.fraction))\" aria-labelledby=\"\(heading)\">\n"
    html += "<h2 id=\"\(heading)\"\(live)>\(outcome(reveal))</h2>\n"
    let feedback = reveal.feedback.filter { !$0.isEmpty }
    if !feedback.isEmpty {
      html += "<div class=\"feedback\" dir=\"auto\">"
      html += feedback.map { "<div>\(text.html($0))</div>" }.joined() + "</div>\n"
    }
    if case .cloze(let cloze) = question.body, case .parts(let responses)? = saved {
      html += "<div class=\"right-answer\"><h3>Each gap</h3>\n\(gapResults(cloze, responses, text))</div>\n"
    } else if let right = rightAnswer(question), !(reveal.fraction.map { $0 >= 1 } ?? false) {
      html += "<div class=\"right-answer\"><h3>The right answer</h3>\n\(right)</div>\n"
    }
    if let explanation = question.explanation, !explanation.isEmpty {
      html += "<div class=\"explanation\" dir=\"auto\">\(text.html(explanation))</div>\n"
    }
    return html + "</section>\n"
  }

  static func outcomeClass(_ fraction: Double?) -> String {
    guard let fraction else { return "unscored" }
    return fraction >= 1 ? "right" : fraction > 0 ? "partly" : "wrong"
  }

  /// "✓ Right — 1 of 1 point", "Partly right (50%) — …", "✗ Wrong — …", "Saved" (essay).
  static func outcome(_ reveal: RevealView) -> String {
    let points =
      "\(ReviewNumbers.points(reveal.score)) of \(ReviewNumbers.points(reveal.points)) "
      + (reveal.points == 1 ? "point" : "points")
    guard let fraction = reveal.fraction else { return "Saved: marked later by a person" }
    if fraction >= 1 { return "✓ Right — \(points)" }
    if fraction > 0 { return "Partly right (\(ReviewNumbers.percent(fraction))) — \(points)" }
    return "✗ Wrong — \(points)"
  }

  /// The right answer as HTML; nil for an essay or a description.
  static func rightAnswer(_ question: Question) -> String? {
    let text = QuestionText(question: question)
    switch question.body {
    case .choice(let body):
      let right = body.choices.filter { $0.correct || ($0.weight ?? 0) > 0 }
      return list(right.map { "<span dir=\"auto\">\(text.html($0.text))</span>" })
    case .shortAnswer(let body):
      return body.answers.first { $0.effectiveFraction >= 1 }.map {
        "<p dir=\"auto\">\(HTMLEscape.text($0.text))</p>"
      }
    case .numerical(let body):
      return numberText(body).map { "<p>\(HTMLEscape.text($0))</p>" }
    case .matching(let body):
      return list(
        body.pairs.map {
          "<span dir=\"auto\">\(text.html($0.stem))</span> → <span dir=\"auto\">\(HTMLEscape.text(text.plain($0.answer)))</span>"
        })
    case .cloze(let body):
      return list(body.parts.enumerated().map { "Gap \($0.offset + 1): " + gapRight($0.element, text) })
    case .essay, .description:
      return nil
    }
  }

  /// Per gap: right or wrong in words and a sign, and the right answer of each gap not fully right.
  static func gapResults(_ cloze: Cloze, _ responses: [Response], _ text: QuestionText) -> String {
    let fractions = cloze.partFractions(for: responses)
    let items = cloze.parts.enumerated().map { index, part in
      let fraction = index < fractions.count ? fractions[index] ?? 0 : 0
      var item = "Gap \(index + 1): "
      if fraction >= 1 {
        item += "<span class=\"mark right\">✓ Right</span>"
      } else {
        item +=
          fraction > 0
          ? "<span class=\"mark partly\">Partly right (\(ReviewNumbers.percent(fraction)))</span>"
          : "<span class=\"mark wrong\">✗ Wrong</span>"
        item += " — the right answer: <span dir=\"auto\">\(gapRight(part, text))</span>"
      }
      return item
    }
    return list(items) ?? ""
  }

  static func list(_ items: [String]) -> String? {
    items.isEmpty ? nil : "<ul>" + items.map { "<li>\($0)</li>" }.joined() + "</ul>"
  }

  /// The best numerical answer's value (± its tolerance) with the first unit.
  static func numberText(_ body: Numerical) -> String? {
    guard let best = body.answers.first(where: { $0.effectiveFraction >= 1 && $0.value != nil }),
      let value = best.value
    else { return nil }
    var text = ReviewNumbers.number(value)
    if best.effectiveTolerance > 0 { text += " ± \(ReviewNumbers.number(best.effectiveTolerance))" }
    return body.withFirstUnit(text)
  }

  static func gapRight(_ part: ClozePart, _ text: QuestionText) -> String {
    switch part.body {
    case .shortAnswer(let body):
      return body.answers.first { $0.effectiveFraction >= 1 }.map { HTMLEscape.text($0.text) } ?? "–"
    case .numerical(let body):
      return numberText(body).map(HTMLEscape.text) ?? "–"
    case .choice(let body):
      let right = zip(body.choices, body.fractions).filter { body.isMultiple ? $1 > 0 : $1 >= 1 }.map(\.0)
      return right.isEmpty ? "–" : right.map { text.html($0.text) }.joined(separator: " · ")
    }
  }
}
