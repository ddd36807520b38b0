import QuizDomain

/// The parts of each question kind and each kind of answer, as quiz-bank/1 writes them
/// (docs/quiz-bank.md, "Question types"). Options absent from the document stay absent.
extension QuizBankWriter {
  static func writeBody(_ body: QuestionBody, to writer: inout JSONWriter, withAnswers: Bool) {
    switch body {
    case .choice(let choice): writeChoices(choice.choices, to: &writer, withAnswers: withAnswers)
    case .shortAnswer(let short):
      guard withAnswers else { return }
      writer.key("answers")
      writer.beginArray()
      for answer in short.answers {
        writer.beginObject()
        writer.field("text", answer.text)
        writer.optionalField("fraction", answer.fraction)
        writer.optionalField("feedback", answer.feedback)
        writer.endObject()
      }
      writer.endArray()
      if let caseSensitive = short.caseSensitive { writer.field("case_sensitive", caseSensitive) }
    case .numerical(let numerical): writeNumerical(numerical, to: &writer, withAnswers: withAnswers)
    case .matching(let matching): writeMatching(matching, to: &writer, withAnswers: withAnswers)
    case .essay(let essay): writeEssay(essay, to: &writer, withAnswers: withAnswers)
    case .description: break
    case .cloze(let cloze): writeCloze(cloze, to: &writer, withAnswers: withAnswers)
    }
  }

  private static func writeChoices(_ choices: [Choice], to writer: inout JSONWriter, withAnswers: Bool) {
    writer.key("choices")
    writer.beginArray()
    for choice in choices {
      writer.beginObject()
      writer.field("id", choice.id)
      writer.field("text", choice.text)
      if withAnswers {
        writer.field("correct", choice.correct)
        writer.optionalField("weight", choice.weight)
        writer.optionalField("feedback", choice.feedback)
      }
      writer.endObject()
    }
    writer.endArray()
  }

  private static func writeNumerical(_ numerical: Numerical, to writer: inout JSONWriter, withAnswers: Bool) {
    if withAnswers {
      writer.key("answers")
      writer.beginArray()
      for answer in numerical.answers {
        writer.beginObject()
        writer.key("value")
        if let value = answer.value { writer.number(value) } else { writer.string("*") }
        writer.optionalField("tolerance", answer.tolerance)
        writer.optionalField("fraction", answer.fraction)
        writer.optionalField("feedback", answer.feedback)
        writer.endObject()
      }
      writer.endArray()
    }
    if !numerical.units.isEmpty {
      writer.key("units")
      writer.beginArray()
      for unit in numerical.units {
        writer.beginObject()
        writer.field("unit", unit.unit)
        writer.field("multiplier", unit.multiplier)
        writer.endObject()
      }
      writer.endArray()
    }
    writer.optionalField("unit_grading", numerical.unitGrading?.rawValue)
    writer.optionalField("unit_penalty", numerical.unitPenalty)
    writer.optionalField("unit_input", numerical.unitInput?.rawValue)
    if let left = numerical.unitsLeft { writer.field("units_left", left) }
  }

  private static func writeMatching(_ matching: Matching, to writer: inout JSONWriter, withAnswers: Bool) {
    writer.key("pairs")
    writer.beginArray()
    for pair in matching.pairs {
      writer.beginObject()
      writer.field("id", pair.id)
      writer.field("stem", pair.stem)
      if withAnswers { writer.field("answer", pair.answer) }
      writer.endObject()
    }
    writer.endArray()
    // Without answers, the choices a taker sees: every answer text, pairs' and distractors'.
    let extra = withAnswers ? matching.distractors : matching.answerChoices
    guard !extra.isEmpty else { return }
    writer.key(withAnswers ? "distractors" : "answer_choices")
    writer.beginArray()
    for text in extra { writer.string(text) }
    writer.endArray()
  }

  private static func writeEssay(_ essay: Essay, to writer: inout JSONWriter, withAnswers: Bool) {
    writer.optionalField("response_format", essay.responseFormat?.rawValue)
    if let required = essay.responseRequired { writer.field("response_required", required) }
    if let lines = essay.responseLines { writer.field("response_lines", lines) }
    if let words = essay.minWords { writer.field("min_words", words) }
    if let words = essay.maxWords { writer.field("max_words", words) }
    writer.optionalField("response_template", essay.responseTemplate)
    if withAnswers { writer.optionalField("grader_info", essay.graderInfo) }
  }

  /// One answer of an attempt: `selected`, `response` (+ `unit`) or `matched`, and `mark`.
  static func write(_ answer: Answer, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("question", answer.question)
    answer.response.writeFields(to: &writer)
    if let mark = answer.mark {
      writer.key("mark")
      write(mark, to: &writer)
    }
    writer.endObject()
  }

  /// `{"score": N, "comment": T, "marker": T, "marked_at": TIME}`, absent fields left out.
  public static func write(_ mark: Mark, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("score", mark.score)
    writer.optionalField("comment", mark.comment)
    writer.optionalField("marker", mark.marker)
    writer.optionalField("marked_at", mark.markedAt?.text)
    writer.endObject()
  }
}
