import QuizDomain
import XML

// MARK: - Items of the other kinds

/// The kinds but choice, laid out as Canvas's own exports write them (its `qti_items.rb`):
/// short answer and numerical as a `response_str` field, matching as one `response_lid` per
/// stem, essay as a field scored by hand, description as text only, cloze as blanks
/// (CanvasQTIAssessment+Cloze.swift).
extension CanvasQTIAssessment {
  mutating func kindItem(_ question: Question) -> Bool {
    if [question.prompt, question.explanation ?? ""].contains(where: { XMLText.replacingDisallowed($0).replaced }) {
      warnings.append(
        "question \"\(question.id)\": a control character in its texts cannot be written in XML; it is written as U+FFFD"
      )
    }
    if question.textFormat == .markdown { markdownQuestions.append(question.id) }
    switch question.body {
    case .choice: return false
    case .shortAnswer(let body): return shortAnswerItem(question, body)
    case .numerical(let body): return numericalItem(question, body)
    case .matching(let body): matchingItem(question, body)
    case .essay(let body): essayItem(question, body)
    case .description: descriptionItem(question)
    case .cloze(let body): return clozeItem(question, body)
    }
    return true
  }

  /// `itemmetadata` of an item of `type`: its points and answers' idents, and the bank question.
  mutating func kindMetadata(_ question: Question, type: String, points: Double, answers: [String]) {
    xml.start("itemmetadata")
    xml.start("qtimetadata")
    for (label, entry) in [
      ("question_type", type),
      ("points_possible", CanvasQTI.points(points)),
      ("original_answer_ids", answers.joined(separator: ",")),
      ("assessment_question_identifierref", idents.bankQuestion(question)),
    ] {
      xml.start("qtimetadatafield")
      xml.element("fieldlabel", text: label)
      xml.element("fieldentry", text: entry)
      xml.end()
    }
    xml.end()
    xml.end()
  }

  /// The prompt and one typed field, `response1` (a number's when `decimal`).
  mutating func fieldPresentation(_ question: Question, decimal: Bool) {
    let prompt = html(question.prompt, field: "prompt", of: question)
    xml.start("presentation")
    material(prompt)
    xml.start("response_str", ["ident": "response1", "rcardinality": "Single"])
    if decimal {
      xml.start("render_fib", ["fibtype": "Decimal"])
      xml.empty("response_label", ["ident": "answer1"])
    } else {
      xml.start("render_fib")
      xml.empty("response_label", ["ident": "answer1", "rshuffle": "No"])
    }
    xml.end()
    xml.end()
    xml.end()
  }

  /// `resprocessing`'s start: SCORE, and the explanation shown whatever the answer.
  mutating func startProcessing(_ question: Question) {
    xml.start("resprocessing")
    xml.start("outcomes")
    xml.empty("decvar", ["maxvalue": "100", "minvalue": "0", "varname": "SCORE", "vartype": "Decimal"])
    xml.end()
    if Self.hasText(question.explanation) { otherCondition(feedback: "general_fb") }
  }

  /// A condition that always holds and continues: shows `feedback`.
  mutating func otherCondition(feedback: String) {
    xml.start("respcondition", ["continue": "Yes"])
    xml.start("conditionvar")
    xml.empty("other")
    xml.end()
    xml.empty("displayfeedback", ["feedbacktype": "Response", "linkrefid": feedback])
    xml.end()
  }

  /// The explanation as general feedback, then each `(ident, text)` of the answers' feedback.
  mutating func kindFeedback(_ question: Question, answers: [(ident: String, text: String?)]) {
    if let explanation = question.explanation, Self.hasText(explanation) {
      let text = html(explanation, field: "explanation", of: question)
      itemFeedback("general_fb", text)
    }
    for (ident, feedback) in answers {
      guard let feedback, Self.hasText(feedback) else { continue }
      let text = html(feedback, field: "feedback", of: question)
      itemFeedback(ident + "_fb", text)
    }
  }
}

// MARK: - Outcome feedback

extension CanvasQTIAssessment {
  /// In the condition that gives all the points: show the correct feedback.
  mutating func correctFeedbackReference(_ question: Question) {
    guard Self.hasText(question.outcomeFeedback?.correct) else { return }
    xml.empty("displayfeedback", ["feedbacktype": "Response", "linkrefid": "correct_fb"])
  }

  /// After the condition that gives all the points (which does not continue): reached only
  /// by a wrong answer, it shows the incorrect feedback.
  mutating func incorrectFeedbackCondition(_ question: Question) {
    guard Self.hasText(question.outcomeFeedback?.incorrect) else { return }
    otherCondition(feedback: "general_incorrect_fb")
  }

  /// The correct and incorrect feedback as Canvas's `correct_fb` and `general_incorrect_fb`.
  mutating func outcomeFeedback(_ question: Question) {
    if let correct = question.outcomeFeedback?.correct, Self.hasText(correct) {
      itemFeedback("correct_fb", html(correct, field: "outcome_feedback.correct", of: question))
    }
    if let incorrect = question.outcomeFeedback?.incorrect, Self.hasText(incorrect) {
      itemFeedback("general_incorrect_fb", html(incorrect, field: "outcome_feedback.incorrect", of: question))
    }
  }
}

// MARK: - Short answer

extension CanvasQTIAssessment {
  /// `short_answer_question`: one condition that gives all the points for any of the
  /// full-credit answers, each compared as Canvas compares (lower-cased, trimmed).
  mutating func shortAnswerItem(_ question: Question, _ body: ShortAnswer) -> Bool {
    let (kept, lost) = CanvasQTIKinds.shortAnswers(body, place: "question \"\(question.id)\"")
    guard !kept.isEmpty else {
      warnings.append(
        "question \"\(question.id)\" is left out: it has no answer worth all the points, which is all Canvas's "
          + "short_answer_question has")
      return false
    }
    warnings += lost + CanvasQTIKinds.optionWarnings(question, holdsOutcome: true)
    let answers = kept.indices.map { idents.answer($0, of: question) }
    xml.start("item", ["ident": idents.item(question), "title": question.id])
    kindMetadata(question, type: "short_answer_question", points: question.points, answers: answers)
    fieldPresentation(question, decimal: false)
    startProcessing(question)
    for (answer, ident) in zip(kept, answers) where Self.hasText(answer.feedback) {
      xml.start("respcondition", ["continue": "Yes"])
      xml.start("conditionvar")
      xml.element("varequal", ["respident": "response1"], text: CanvasQTIKinds.literal(answer.text))
      xml.end()
      xml.empty("displayfeedback", ["feedbacktype": "Response", "linkrefid": ident + "_fb"])
      xml.end()
    }
    xml.start("respcondition", ["continue": "No"])
    xml.start("conditionvar")
    for answer in kept {
      xml.element("varequal", ["respident": "response1"], text: CanvasQTIKinds.literal(answer.text))
    }
    xml.end()
    xml.element("setvar", ["action": "Set", "varname": "SCORE"], text: "100")
    correctFeedbackReference(question)
    xml.end()
    incorrectFeedbackCondition(question)
    xml.end()
    kindFeedback(question, answers: zip(answers, kept).map { ($0, $1.feedback) })
    outcomeFeedback(question)
    xml.end()
    return true
  }
}

// MARK: - Numerical

extension CanvasQTIAssessment {
  /// `numerical_question`: a condition per full-credit answer, an exact answer with its
  /// margin as Canvas writes one (`or` of the value and of the range it spans).
  mutating func numericalItem(_ question: Question, _ body: Numerical) -> Bool {
    let kept = body.answers.filter { $0.value != nil && $0.effectiveFraction >= 1 }
    guard !kept.isEmpty else {
      warnings.append(
        "question \"\(question.id)\" is left out: it has no number worth all the points, which is all Canvas's "
          + "numerical_question has")
      return false
    }
    var lost: [String] = []
    if kept.count < body.answers.count {
      lost.append("its answers worth less than all the points, or any number (*)")
    }
    if !body.units.isEmpty { lost.append("its units") }
    if !lost.isEmpty {
      warnings.append(
        "question \"\(question.id)\": \(CanvasQTIKinds.list(lost)) cannot be written in Canvas QTI (a "
          + "numerical_question has numbers worth all the points, without units); left out")
    }
    warnings += CanvasQTIKinds.optionWarnings(question, holdsOutcome: true)
    let answers = kept.indices.map { idents.answer($0, of: question) }
    xml.start("item", ["ident": idents.item(question), "title": question.id])
    kindMetadata(question, type: "numerical_question", points: question.points, answers: answers)
    fieldPresentation(question, decimal: true)
    startProcessing(question)
    for (answer, ident) in zip(kept, answers) { numericalCondition(question, answer, ident: ident) }
    incorrectFeedbackCondition(question)
    xml.end()
    kindFeedback(question, answers: zip(answers, kept).map { ($0, $1.feedback) })
    outcomeFeedback(question)
    xml.end()
    return true
  }

  private mutating func numericalCondition(_ question: Question, _ answer: NumericAnswer, ident: String) {
    let value = answer.value ?? 0
    let margin = abs(answer.effectiveTolerance)
    xml.start("respcondition", ["continue": "No"])
    xml.start("conditionvar")
    xml.start("or")
    xml.element("varequal", ["respident": "response1"], text: CanvasQTIKinds.number(value))
    if margin > 0 {
      xml.start("and")
      xml.element("vargte", ["respident": "response1"], text: CanvasQTIKinds.number(value - margin))
      xml.element("varlte", ["respident": "response1"], text: CanvasQTIKinds.number(value + margin))
      xml.end()
    }
    xml.end()
    xml.end()
    xml.element("setvar", ["action": "Set", "varname": "SCORE"], text: "100")
    if Self.hasText(answer.feedback) {
      xml.empty("displayfeedback", ["feedbacktype": "Response", "linkrefid": ident + "_fb"])
    }
    correctFeedbackReference(question)
    xml.end()
  }
}

// MARK: - Essay and description

extension CanvasQTIAssessment {
  /// `essay_question`: a field Canvas leaves to the teacher to grade.
  mutating func essayItem(_ question: Question, _ body: Essay) {
    var lost: [String] = []
    if body.responseFormat != nil { lost.append("response format") }
    if body.responseRequired != nil { lost.append("whether a response is required") }
    if body.responseLines != nil { lost.append("field size") }
    if body.minWords != nil || body.maxWords != nil { lost.append("word limits") }
    if body.responseTemplate != nil { lost.append("response template") }
    if body.graderInfo != nil { lost.append("information for graders") }
    if !lost.isEmpty {
      warnings.append(
        "question \"\(question.id)\": Canvas's essay_question has no \(CanvasQTIKinds.list(lost)): left out")
    }
    warnings += CanvasQTIKinds.optionWarnings(question, holdsOutcome: false)
    xml.start("item", ["ident": idents.item(question), "title": question.id])
    kindMetadata(question, type: "essay_question", points: question.points, answers: [])
    fieldPresentation(question, decimal: false)
    startProcessing(question)
    xml.start("respcondition", ["continue": "No"])
    xml.start("conditionvar")
    xml.empty("other")
    xml.end()
    xml.end()
    xml.end()
    kindFeedback(question, answers: [])
    xml.end()
  }

  /// `text_only_question`: the text, no field, no processing (so no feedback either).
  mutating func descriptionItem(_ question: Question) {
    if Self.hasText(question.explanation) {
      warnings.append(
        "question \"\(question.id)\": Canvas's text_only_question has no feedback: its explanation is left out")
    }
    warnings += CanvasQTIKinds.optionWarnings(question, holdsOutcome: false)
    let prompt = html(question.prompt, field: "prompt", of: question)
    xml.start("item", ["ident": idents.item(question), "title": question.id])
    kindMetadata(question, type: "text_only_question", points: 0, answers: [])
    xml.start("presentation")
    material(prompt)
    xml.end()
    xml.end()
  }
}
