import QuizDomain
import QuizRepository

/// A question as a taker is shown it, in JSON: what is needed to answer it and nothing that
/// gives the answer away — no correct flags, weights, fractions, feedback, accepted answers,
/// tolerances, unit multipliers, grader information, explanation or hints. Texts are sanitised
/// HTML; choices and stems come in this attempt's order.
enum ShownQuestionJSON {
  static func write(_ served: ServedQuestion, number: Int, to writer: inout JSONWriter) {
    let question = served.question
    writer.beginObject()
    writer.field("id", question.id)
    writer.field("kind", question.kind.rawValue)
    writer.field("number", number)
    writer.field("points", question.points)
    writer.field("prompt", ShownText.html(question.prompt, of: question))
    switch question.body {
    case .choice(let body): writeChoice(body, of: question, to: &writer)
    case .shortAnswer: break
    case .numerical(let body): writeNumerical(body, to: &writer)
    case .matching(let body): writeMatching(body, answers: served.answerChoices, of: question, to: &writer)
    case .essay(let body): writeEssay(body, to: &writer)
    case .description: break
    case .cloze(let body): writeCloze(body, of: question, to: &writer)
    }
    writer.endObject()
  }

  static func writeChoice(_ body: ChoiceBody, of question: Question, to writer: inout JSONWriter) {
    writer.field("multiple", body.multiple)
    writer.field("numbering", (body.numbering ?? .lowercase).rawValue)
    writeChoices(body.choices, of: question, to: &writer)
  }

  static func writeChoices(_ choices: [Choice], of question: Question, to writer: inout JSONWriter) {
    writer.key("choices")
    writer.beginArray()
    for choice in choices {
      writer.beginObject()
      writer.field("id", choice.id)
      writer.field("text", ShownText.html(choice.text, of: question))
      writer.endObject()
    }
    writer.endArray()
  }

  /// The units only when the taker picks one from a list; typed units are the taker's to know.
  static func writeNumerical(_ body: Numerical, to writer: inout JSONWriter) {
    guard body.effectiveUnitInput == .choice, !body.units.isEmpty else { return }
    writer.key("units")
    writer.beginArray()
    for unit in body.units { writer.string(unit.unit) }
    writer.endArray()
    writer.field("units_left", body.effectiveUnitsLeft)
  }

  static func writeMatching(_ body: Matching, answers: [String], of question: Question, to writer: inout JSONWriter) {
    writer.key("stems")
    writer.beginArray()
    for pair in body.pairs {
      writer.beginObject()
      writer.field("id", pair.id)
      writer.field("text", ShownText.html(pair.stem, of: question))
      writer.endObject()
    }
    writer.endArray()
    // The answer texts are what a response names (`{"matched": {"a": TEXT}}`): sent as they are.
    writer.key("answers")
    writer.beginArray()
    for answer in answers.isEmpty ? body.answerChoices : answers { writer.string(answer) }
    writer.endArray()
  }

  static func writeEssay(_ body: Essay, to writer: inout JSONWriter) {
    writer.field("response_format", body.effectiveResponseFormat.rawValue)
    writer.field("required", body.isResponseRequired)
    writer.field("lines", body.effectiveResponseLines)
    if let minWords = body.minWords { writer.field("min_words", minWords) }
    if let maxWords = body.maxWords { writer.field("max_words", maxWords) }
    writer.optionalField("template", body.responseTemplate)
  }

  /// The gaps in order: gap N fills `{#N}` of the prompt.
  static func writeCloze(_ body: Cloze, of question: Question, to writer: inout JSONWriter) {
    writer.key("gaps")
    writer.beginArray()
    for (index, part) in body.parts.enumerated() {
      writer.beginObject()
      writer.field("number", index + 1)
      writer.field("kind", part.kind.rawValue)
      writer.field("points", part.points)
      if case .choice(let choice) = part.body {
        writer.field("display", choice.effectiveDisplay.rawValue)
        writer.field("multiple", choice.isMultiple)
        writeChoices(choice.choices, of: question, to: &writer)
      }
      writer.endObject()
    }
    writer.endArray()
  }
}
