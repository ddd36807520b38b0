import QuizDomain

/// What is revealed of a question once it is answered (`--reveal each` after each answer, the
/// review at submit with `end`): the feedback that the response earned and the right answer,
/// written as an answer object is (`{"selected": […]}`, `{"response": …}`, …).
enum RevealJSON {
  /// `"feedback"` and `"right"` of `question` for `response`.
  static func write(_ question: Question, response: Response?, fraction: Double?, to writer: inout JSONWriter) {
    writer.key("feedback")
    let texts = feedback(question, response: response, fraction: fraction).filter { !$0.isEmpty }
    if texts.isEmpty {
      writer.null()
    } else {
      writer.string(texts.map { ShownText.html($0, of: question) }.joined(separator: " "))
    }
    writer.key("right")
    writeRight(question, to: &writer)
  }

  /// The feedback texts the response earned, raw: the picked choices' or the matched answer's,
  /// then the feedback on the outcome as a whole.
  static func feedback(_ question: Question, response: Response?, fraction: Double?) -> [String] {
    var texts: [String] = []
    switch (question.body, response) {
    case (.choice(let body), .choices(let ids)?):
      texts = ids.compactMap { id in body.choices.first { $0.id == id }?.feedback }
    case (.shortAnswer(let body), .text(let typed, _)?):
      texts = body.matchingAnswer(for: typed).flatMap { body.answers[$0].feedback }.map { [$0] } ?? []
    case (.numerical(let body), .text(let typed, let unit)?):
      texts = body.grade(typed, unit: unit)?.answer.flatMap { body.answers[$0].feedback }.map { [$0] } ?? []
    case (.cloze(let body), .parts(let parts)?):
      texts = zip(body.parts, parts).compactMap { part, response in gapFeedback(part, response) }
    // No response, one of another shape, or a kind whose answers carry no feedback.
    case (.choice, _), (.shortAnswer, _), (.numerical, _), (.matching, _), (.essay, _), (.description, _), (.cloze, _):
      break
    }
    if let outcome = question.outcomeFeedback, response != nil, let fraction, question.kind.isScoredAutomatically {
      let text = fraction >= 1 ? outcome.correct : fraction > 0 ? outcome.partiallyCorrect : outcome.incorrect
      if let text { texts.append(text) }
    }
    return texts
  }

  static func gapFeedback(_ part: ClozePart, _ response: Response) -> String? {
    switch (part.body, response) {
    case (.shortAnswer(let body), .text(let typed, _)):
      return body.matchingAnswer(for: typed).flatMap { body.answers[$0].feedback }
    case (.numerical(let body), .text(let typed, _)):
      return body.grade(typed, unit: nil)?.answer.flatMap { body.answers[$0].feedback }
    case (.choice(let body), .choices(let ids)):
      return ids.compactMap { id in body.choices.first { $0.id == id }?.feedback }.joined(separator: " ")
    case (.shortAnswer, _), (.numerical, _), (.choice, _): return nil
    }
  }

  /// The right answer as an answer object; null for an essay or a description.
  static func writeRight(_ question: Question, to writer: inout JSONWriter) {
    switch question.body {
    case .choice:
      writeSelected(question.correctChoiceIDs, to: &writer)
    case .shortAnswer(let body):
      writeResponse(body.answers.first { $0.effectiveFraction >= 1 }?.text, to: &writer)
    case .numerical(let body):
      let best = body.answers.first { $0.effectiveFraction >= 1 && $0.value != nil }?.value
      writeResponse(best.map(JSONWriter.numberText), unit: body.units.first?.unit, to: &writer)
    case .matching(let body):
      writer.beginObject()
      writer.key("matched")
      writer.beginObject()
      for pair in body.pairs { writer.field(pair.id, pair.answer) }
      writer.endObject()
      writer.endObject()
    case .cloze(let body):
      writer.beginObject()
      writer.key("parts")
      writer.beginArray()
      for part in body.parts { writeGapRight(part, to: &writer) }
      writer.endArray()
      writer.endObject()
    case .essay, .description:
      writer.null()
    }
  }

  static func writeGapRight(_ part: ClozePart, to writer: inout JSONWriter) {
    switch part.body {
    case .shortAnswer(let body):
      writeResponse(body.answers.first { $0.effectiveFraction >= 1 }?.text, to: &writer)
    case .numerical(let body):
      let best = body.answers.first { $0.effectiveFraction >= 1 && $0.value != nil }?.value
      writeResponse(best.map(JSONWriter.numberText), to: &writer)
    case .choice(let body):
      let right = zip(body.choices, body.fractions).filter { body.isMultiple ? $1 > 0 : $1 >= 1 }.map(\.0.id)
      writeSelected(body.isMultiple ? right : Array(right.prefix(1)), to: &writer)
    }
  }

  static func writeSelected(_ ids: [String], to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("selected")
    writer.beginArray()
    for id in ids { writer.string(id) }
    writer.endArray()
    writer.endObject()
  }

  static func writeResponse(_ text: String?, unit: String? = nil, to writer: inout JSONWriter) {
    guard let text else { return writer.null() }
    writer.beginObject()
    writer.field("response", text)
    writer.optionalField("unit", unit)
    writer.endObject()
  }
}

// MARK: - Responses as JSON (the saved answers of an attempt)

enum ResponseJSON {
  /// An answer object without its `question`, as the PUT takes it: quiz-bank/1's own fields
  /// (a blank cloze gap written `{}`, as an export writes it).
  static func write(_ response: Response, to writer: inout JSONWriter) {
    writer.beginObject()
    response.writeFields(to: &writer)
    writer.endObject()
  }
}
