/// Writes quiz-bank/1 documents: 2-space indents, keys in the order of the format's example,
/// absent optional fields left out, choice ids always written, a trailing newline. The same
/// content always gives the same bytes.
public enum QuizBankWriter {
  public static func write(quizzes: [Quiz], attempts: [Attempt]? = nil) -> [UInt8] {
    var writer = JSONWriter(pretty: true, reservingCapacity: quizzes.count * 64 * 1024)
    writer.beginObject()
    writer.field("format", QuizBankReader.format)
    writer.key("quizzes")
    writer.beginArray()
    for quiz in quizzes { write(quiz, to: &writer) }
    writer.endArray()
    if let attempts {
      writer.key("attempts")
      writer.beginArray()
      for attempt in attempts { write(attempt, to: &writer) }
      writer.endArray()
    }
    writer.endObject()
    writer.endLine()
    return writer.bytes
  }

  public static func write(_ quiz: Quiz, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("id", quiz.id)
    writer.field("title", quiz.title)
    writer.optionalField("description", quiz.description)
    writer.optionalField("scoring", quiz.scoring?.rawValue)
    writer.key("sections")
    writer.beginArray()
    for section in quiz.sections {
      writer.beginObject()
      writer.optionalField("title", section.title)
      writer.key("questions")
      writer.beginArray()
      for question in section.questions { write(question, to: &writer) }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }

  /// One question; `withAnswers: false` leaves out what gives the answer away (correctness,
  /// weights, feedback, explanation).
  public static func write(_ question: Question, to writer: inout JSONWriter, withAnswers: Bool = true) {
    writer.beginObject()
    writer.field("id", question.id)
    writer.field("prompt", question.prompt)
    if withAnswers { writer.optionalField("explanation", question.explanation) }
    writer.field("points", question.points)
    writer.field("multiple", question.multiple)
    writer.optionalField("scoring", question.scoring?.rawValue)
    writer.field("shuffle", question.shuffle)
    if !question.tags.isEmpty {
      writer.key("tags")
      writer.beginArray()
      for tag in question.tags { writer.string(tag) }
      writer.endArray()
    }
    writer.key("choices")
    writer.beginArray()
    for choice in question.choices {
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
    writer.endObject()
  }

  public static func write(_ attempt: Attempt, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.optionalField("id", attempt.id)
    writer.field("quiz", attempt.quiz)
    writer.field("taker", attempt.taker)
    writer.optionalField("started_at", attempt.startedAt?.text)
    writer.optionalField("submitted_at", attempt.submittedAt?.text)
    writer.key("answers")
    writer.beginArray()
    for answer in attempt.answers {
      writer.beginObject()
      writer.field("question", answer.question)
      writer.key("selected")
      writer.beginArray()
      for choice in answer.selected { writer.string(choice) }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }
}
