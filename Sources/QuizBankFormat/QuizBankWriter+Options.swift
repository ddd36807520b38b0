import QuizDomain

/// A question's options as quiz-bank/1 writes them (docs/quiz-bank.md, "Question options"):
/// `numbering` after `shuffle`; `outcome_feedback`, `hints` and `penalty` after the kind's parts
/// and before `files`. Absent options are left out; the outcome feedback, which tells how the
/// answer did, only with the answers.
extension QuizBankWriter {
  static func writeNumbering(_ body: QuestionBody, to writer: inout JSONWriter) {
    guard case .choice(let choice) = body, let numbering = choice.numbering else { return }
    writer.field("numbering", numbering.rawValue)
  }

  static func writeOptions(_ question: Question, to writer: inout JSONWriter, withAnswers: Bool) {
    if withAnswers, let feedback = question.outcomeFeedback {
      writer.key("outcome_feedback")
      writer.beginObject()
      writer.optionalField("correct", feedback.correct)
      writer.optionalField("partially_correct", feedback.partiallyCorrect)
      writer.optionalField("incorrect", feedback.incorrect)
      if let show = feedback.showNumberCorrect { writer.field("show_number_correct", show) }
      writer.endObject()
    }
    if !question.hints.isEmpty {
      writer.key("hints")
      writer.beginArray()
      for hint in question.hints {
        writer.beginObject()
        writer.field("text", hint.text)
        if let show = hint.showNumberCorrect { writer.field("show_number_correct", show) }
        if let clear = hint.clearWrong { writer.field("clear_wrong", clear) }
        writer.endObject()
      }
      writer.endArray()
    }
    writer.optionalField("penalty", question.penalty)
  }
}
