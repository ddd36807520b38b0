import QuizDomain

// MARK: - Matching

extension CanvasQTIAssessment {
  /// `matching_question`: a `response_lid` per stem whose labels are every answer choice (the
  /// pairs' answers and the distractors, each text once); a condition per stem adds its share,
  /// 100/n of SCORE, when the stem gets its own answer.
  mutating func matchingItem(_ question: Question, _ body: Matching) {
    warnings += CanvasQTIKinds.optionWarnings(question, holdsOutcome: false)
    let choices = body.answerChoices
    let labels = choices.indices.map { idents.match($0, of: question) }
    func label(of answer: String) -> String {
      let index = choices.firstIndex { $0.unicodeScalars.elementsEqual(answer.unicodeScalars) } ?? 0
      return labels[index]
    }
    let prompt = html(question.prompt, field: "prompt", of: question)
    xml.start("item", ["ident": idents.item(question), "title": question.id])
    kindMetadata(question, type: "matching_question", points: question.points, answers: body.pairs.map(\.id))
    xml.start("presentation")
    material(prompt)
    for pair in body.pairs {
      let stem = html(pair.stem, field: "pairs.\(pair.id).stem", of: question)
      xml.start("response_lid", ["ident": "response_" + pair.id])
      material(stem)
      xml.start("render_choice")
      for (text, ident) in zip(choices, labels) {
        xml.start("response_label", ["ident": ident])
        xml.start("material")
        // Canvas's matches are plain text, as Moodle's answers are.
        xml.element("mattext", text: text)
        xml.end()
        xml.end()
      }
      xml.end()
      xml.end()
    }
    xml.end()
    startProcessing(question)
    let share = CanvasQTIKinds.share(of: body.pairs.count)
    for pair in body.pairs {
      xml.start("respcondition")
      xml.start("conditionvar")
      xml.element("varequal", ["respident": "response_" + pair.id], text: label(of: pair.answer))
      xml.end()
      xml.element("setvar", ["varname": "SCORE", "action": "Add"], text: share)
      xml.end()
    }
    xml.end()
    kindFeedback(question, answers: [])
    xml.end()
  }
}

// MARK: - Cloze

/// A cloze question as Canvas can hold it: every gap a short answer (a
/// `fill_in_multiple_blanks_question`, each blank's labels the answers it accepts) or every gap
/// a one-answer drop-down list (a `multiple_dropdowns_question`, the correct choice the label
/// its condition names). Each gap is the blank `[gapN]` in the prompt.
struct CanvasQTIBlanks {
  struct Blank {
    var name: String
    var labels: [(text: String, feedback: String?)]
    /// The label a right answer picks.
    var correct: Int
  }

  var type: String
  var blanks: [Blank]
  var warnings: [String]

  /// The plan for `cloze`, or why Canvas cannot hold it.
  static func plan(_ question: Question, _ cloze: Cloze) -> Result<CanvasQTIBlanks, Refusal> {
    let place = { (index: Int) in "question \"\(question.id)\", gap \(index + 1)" }
    let shortAnswers = cloze.parts.compactMap { part -> ShortAnswer? in
      if case .shortAnswer(let body) = part.body { body } else { nil }
    }
    let dropdowns = cloze.parts.compactMap { part -> ClozeChoice? in
      if case .choice(let body) = part.body, !body.isMultiple, body.effectiveDisplay == .dropdown { body } else { nil }
    }
    var plan = CanvasQTIBlanks(type: "", blanks: [], warnings: [])
    if !cloze.parts.isEmpty && shortAnswers.count == cloze.parts.count {
      plan.type = "fill_in_multiple_blanks_question"
      for (index, body) in shortAnswers.enumerated() {
        let (kept, lost) = CanvasQTIKinds.shortAnswers(body, place: place(index))
        guard !kept.isEmpty else { return .failure(Refusal("gap \(index + 1) has no answer worth all the points")) }
        plan.warnings += lost
        plan.blanks.append(
          Blank(
            name: "gap\(index + 1)", labels: kept.map { (CanvasQTIKinds.literal($0.text), $0.feedback) }, correct: 0))
      }
    } else if !cloze.parts.isEmpty && dropdowns.count == cloze.parts.count {
      plan.type = "multiple_dropdowns_question"
      for (index, body) in dropdowns.enumerated() {
        let fractions = body.choices.map { $0.correct ? 1 : ($0.weight ?? 0) }
        guard let correct = fractions.firstIndex(where: { $0 >= 1 }) else {
          return .failure(Refusal("gap \(index + 1) has no choice worth all the points"))
        }
        if fractions.enumerated().contains(where: { $0.offset != correct && $0.element != 0 }) {
          plan.warnings.append(
            "\(place(index)): Canvas gives a drop-down list's share for its one correct choice only: the other "
              + "choices' fractions are left out")
        }
        if body.isShuffled { plan.warnings.append("\(place(index)): Canvas does not shuffle a drop-down list") }
        plan.blanks.append(
          Blank(name: "gap\(index + 1)", labels: body.choices.map { ($0.text, $0.feedback) }, correct: correct))
      }
    } else {
      return .failure(
        Refusal(
          "Canvas holds a cloze question only when every gap is a short answer (fill_in_multiple_blanks_question) "
            + "or every gap a one-answer drop-down list (multiple_dropdowns_question)"))
    }
    if Set(cloze.parts.map(\.points)).count > 1 {
      plan.warnings.append(
        "question \"\(question.id)\": Canvas gives every blank the same share of the points; its gaps, worth "
          + "different points, are written as worth the same")
    }
    return .success(plan)
  }

  struct Refusal: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// The prompt with each `{#N}` as the blank `[gapN]`.
  static func prompt(_ text: String, gaps: Int) -> String {
    var result = text
    // Longest first: `{#12}` before `{#1}` cannot clash, as each mark ends with its brace.
    for index in (0..<gaps).reversed() { result = result.replacing("{#\(index + 1)}", with: "[gap\(index + 1)]") }
    return result
  }
}

extension CanvasQTIAssessment {
  /// A cloze question as blanks (CanvasQTIBlanks), or left out with a warning naming why.
  mutating func clozeItem(_ question: Question, _ cloze: Cloze) -> Bool {
    let plan: CanvasQTIBlanks
    switch CanvasQTIBlanks.plan(question, cloze) {
    case .success(let made): plan = made
    case .failure(let refusal):
      warnings.append("question \"\(question.id)\" (cloze) is left out: \(refusal.reason)")
      return false
    }
    warnings += plan.warnings + CanvasQTIKinds.optionWarnings(question, holdsOutcome: false)
    var asked = question
    asked.prompt = CanvasQTIBlanks.prompt(question.prompt, gaps: cloze.parts.count)
    let prompt = html(asked.prompt, field: "prompt", of: question)
    let labelIdents = plan.blanks.indices.map { gap in
      plan.blanks[gap].labels.indices.map { idents.gapAnswer($0, gap: gap, of: question) }
    }
    xml.start("item", ["ident": idents.item(question), "title": question.id])
    kindMetadata(question, type: plan.type, points: question.points, answers: labelIdents.flatMap { $0 })
    xml.start("presentation")
    material(prompt)
    for (blank, labels) in zip(plan.blanks, labelIdents) {
      xml.start("response_lid", ["ident": "response_" + blank.name])
      xml.start("material")
      xml.element("mattext", text: blank.name)
      xml.end()
      xml.start("render_choice")
      for (label, ident) in zip(blank.labels, labels) {
        let text = html(label.text, field: "parts", of: question)
        xml.start("response_label", ["ident": ident])
        material(text)
        xml.end()
      }
      xml.end()
      xml.end()
    }
    xml.end()
    startProcessing(question)
    for (blank, labels) in zip(plan.blanks, labelIdents) {
      for (label, ident) in zip(blank.labels, labels) where Self.hasText(label.feedback) {
        xml.start("respcondition", ["continue": "Yes"])
        xml.start("conditionvar")
        xml.element("varequal", ["respident": "response_" + blank.name], text: ident)
        xml.end()
        xml.empty("displayfeedback", ["feedbacktype": "Response", "linkrefid": ident + "_fb"])
        xml.end()
      }
    }
    let share = CanvasQTIKinds.share(of: plan.blanks.count)
    for (blank, labels) in zip(plan.blanks, labelIdents) {
      xml.start("respcondition")
      xml.start("conditionvar")
      xml.element("varequal", ["respident": "response_" + blank.name], text: labels[blank.correct])
      xml.end()
      xml.element("setvar", ["varname": "SCORE", "action": "Add"], text: share)
      xml.end()
    }
    xml.end()
    let feedback = zip(plan.blanks, labelIdents).flatMap { blank, labels in
      zip(labels, blank.labels).map { (ident: $0, text: $1.feedback) }
    }
    kindFeedback(question, answers: feedback)
    xml.end()
    return true
  }
}
