import QuizDomain

/// A cloze question's gaps and an attempt's answer to them, as quiz-bank/1 writes them
/// (docs/quiz-bank.md, "Cloze"): what the reader reads back to the same question.
extension QuizBankWriter {
  /// `"parts": [{"kind": K, "points": N, …}]`; `points` only when not 1, options only when
  /// present. Without answers, a taker's view: the kinds, points and a choice gap's choices.
  static func writeCloze(_ cloze: Cloze, to writer: inout JSONWriter, withAnswers: Bool) {
    writer.key("parts")
    writer.beginArray()
    for part in cloze.parts {
      writer.beginObject()
      writer.field("kind", part.kind.rawValue)
      if part.points != 1 { writer.field("points", part.points) }
      switch part.body {
      // A gap's fields are the kind's own, written as for a question of that kind.
      case .shortAnswer(let short): writeBody(.shortAnswer(short), to: &writer, withAnswers: withAnswers)
      case .numerical(let numerical): writeBody(.numerical(numerical), to: &writer, withAnswers: withAnswers)
      case .choice(let choice):
        writer.optionalField("display", choice.display?.rawValue)
        if let multiple = choice.multiple { writer.field("multiple", multiple) }
        if let shuffle = choice.shuffle { writer.field("shuffle", shuffle) }
        let body = ChoiceBody(multiple: choice.isMultiple, choices: choice.choices)
        writeBody(.choice(body), to: &writer, withAnswers: withAnswers)
        if withAnswers, let marks = choice.blankMarks { writeBlankMarks(marks, to: &writer) }
      }
      writer.endObject()
    }
    writer.endArray()
  }

  /// `"blank_marks": [{"correct": true}, {"weight": W}, …]`.
  private static func writeBlankMarks(_ marks: [ClozeBlankMark], to writer: inout JSONWriter) {
    writer.key("blank_marks")
    writer.beginArray()
    for mark in marks {
      writer.beginObject()
      switch mark {
      case .correct: writer.field("correct", true)
      case .weight(let weight): writer.field("weight", weight)
      }
      writer.endObject()
    }
    writer.endArray()
  }
}
