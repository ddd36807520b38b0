import QuizDomain
import XML

/// The assessment document of a Canvas package: `questestinterop`, one `item` per question in
/// `root_section`, a section that picks as a question group. Each item: its type and points,
/// the prompt and the choices (HTML), the response processing that sets SCORE to 100 for the
/// correct answer, and the explanation and choice feedback as item feedback.
struct CanvasQTIAssessment {
  let quiz: Quiz
  /// The package's identifiers; a random slots' group names its items under its own.
  var idents: CanvasQTIIdents
  let files: CanvasQTIFiles
  // Set by the kinds' writers too (CanvasQTIAssessment+Kinds.swift).
  var xml = EscapingXMLWriter()
  var warnings: [String] = []
  /// The questions whose Markdown texts are written as plain text.
  var markdownQuestions: [String] = []
  /// The points of an attempt Canvas gives every item: questions outside groups, and each
  /// group's pick at its points per question.
  private(set) var pointsPossible = 0.0
  /// The questions (`BANK/ID`) random slots' groups hold so far.
  private var writtenInGroups = Set<String>()
  /// The bank of the random slots whose group is being written.
  private var groupBank: String?

  init(quiz: Quiz, idents: CanvasQTIIdents, files: CanvasQTIFiles) {
    self.quiz = quiz
    self.idents = idents
    self.files = files
  }

  mutating func write() {
    xml.start(
      "questestinterop",
      [
        "xmlns": "http://www.imsglobal.org/xsd/ims_qtiasiv1p2",
        "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
        "xsi:schemaLocation":
          "http://www.imsglobal.org/xsd/ims_qtiasiv1p2 http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd",
      ])
    xml.start("assessment", ["ident": idents.assessment, "title": quiz.title])
    xml.start("section", ["ident": "root_section"])
    for (index, section) in quiz.sections.enumerated() {
      if section.pick != nil && !section.questions.isEmpty {
        // A group picks among the section's questions; its random slots follow it.
        group(section, index: index)
        for number in section.random.indices { randomGroup(section.random[number], section: index, number: number) }
        continue
      }
      var number = 0
      for entry in section.entries {
        switch entry {
        case .question(let question):
          if item(question) { pointsPossible += question.points }
        case .random:
          randomGroup(section.random[number], section: index, number: number)
          number += 1
        }
      }
    }
    xml.end()
    xml.end()
    xml.end()
  }
}

// MARK: - Question groups

extension CanvasQTIAssessment {
  /// A section that picks: a Canvas question group, which draws its pick at random and gives
  /// each of its questions the same points.
  private mutating func group(_ section: Section, index: Int) {
    let title = section.title.flatMap { $0.isEmpty ? nil : $0 }
    let points = section.questions.map(\.points)
    var perQuestion = points[0]
    if points.contains(where: { $0 != perQuestion }) {
      perQuestion = (points.reduce(0, +) / Double(points.count) * 100).rounded() / 100
      let name = title.map { "section \"\($0)\"" } ?? "section \(index + 1)"
      warnings.append(
        "\(name): Canvas gives every question of a group the same points; its questions, worth different points, "
          + "are written as worth \(CanvasQTI.points(perQuestion)) each (their mean)")
    }
    xml.start("section", ["ident": idents.group(index), "title": title ?? "Section \(index + 1)"])
    xml.start("selection_ordering")
    xml.start("selection")
    xml.element("selection_number", text: String(section.drawCount))
    xml.start("selection_extension")
    xml.element("points_per_item", text: CanvasQTI.points(perQuestion))
    xml.end()
    xml.end()
    xml.end()
    for question in section.questions { item(question) }
    xml.end()
    pointsPossible += Double(section.drawCount) * perQuestion
  }
}

// MARK: - Random slots

extension CanvasQTIAssessment {
  /// Random slots as a Canvas question group: it draws as many as they do, each worth their
  /// points, from the questions they draw from (`candidates`, which leave out those the quiz
  /// places itself). Canvas draws each group on its own, so a question two groups hold can
  /// come twice in an attempt: a warning says so.
  private mutating func randomGroup(_ placed: PlacedRandomSlot, section: Int, number: Int) {
    let slot = placed.slot
    let name = "section \(section + 1)'s random slots (\(slot.count) from \(slot.filterText))"
    guard let candidates = placed.candidates else {
      warnings.append("\(name): the questions they draw from were not read; they are left out")
      return
    }
    let drawable = candidates.filter(Self.canvasHolds)
    let left = candidates.filter { !Self.canvasHolds($0) }
    if !left.isEmpty {
      warnings.append(
        "\(name): " + CanvasQTIText.plural(left.count, "question") + " they draw from ("
          + left.prefix(3).map { "\"\(slot.bank)/\($0.id)\"" }.joined(separator: ", ") + (left.count > 3 ? ", …" : "")
          + ") cannot be written in Canvas QTI: the group leaves "
          + (left.count == 1 ? "it" : "them") + " out")
    }
    let count = min(slot.count, drawable.count)
    guard count > 0 else {
      warnings.append("\(name): none of the questions they draw from can be written in Canvas QTI; they are left out")
      return
    }
    if count < slot.count {
      warnings.append(
        "\(name): \(drawable.count) of the questions they draw from can be written in Canvas QTI; the group draws "
          + "\(count)")
    }
    let shared = drawable.filter { !writtenInGroups.insert(slot.bank + "/" + $0.id).inserted }
    if !shared.isEmpty {
      warnings.append(
        "\(name): Canvas draws each group on its own, so "
          + CanvasQTIText.plural(shared.count, "question") + " another group also holds ("
          + shared.prefix(3).map { "\"\(slot.bank)/\($0.id)\"" }.joined(separator: ", ")
          + (shared.count > 3 ? ", …" : "") + ") can come twice in one attempt")
    }
    let ident = idents.randomGroup(section, number)
    xml.start("section", ["ident": ident, "title": slot.filterText])
    xml.start("selection_ordering")
    xml.start("selection")
    xml.element("selection_number", text: String(count))
    xml.start("selection_extension")
    xml.element("points_per_item", text: CanvasQTI.points(slot.pointsEach))
    xml.end()
    xml.end()
    xml.end()
    let outer = idents
    idents = idents.inGroup(ident)
    groupBank = slot.bank
    for question in drawable { item(question) }
    idents = outer
    groupBank = nil
    xml.end()
    pointsPossible += Double(count) * slot.pointsEach
  }

  /// Whether Canvas can hold `question` as an item: what `item` writes rather than leaves out.
  static func canvasHolds(_ question: Question) -> Bool {
    switch question.body {
    case .choice, .matching, .essay, .description: true
    case .shortAnswer(let body): !CanvasQTIKinds.shortAnswers(body, place: "").kept.isEmpty
    case .numerical(let body): body.answers.contains { $0.value != nil && $0.effectiveFraction >= 1 }
    case .cloze(let body):
      switch CanvasQTIBlanks.plan(question, body) {
      case .success: true
      case .failure: false
      }
    }
  }
}

// MARK: - Items

extension CanvasQTIAssessment {
  /// The question's item, or nothing (with a warning) when Canvas cannot hold it; whether it
  /// was written.
  @discardableResult
  private mutating func item(_ question: Question) -> Bool {
    guard case .choice = question.body else { return kindItem(question) }
    warnings += CanvasQTIKinds.optionWarnings(question, holdsOutcome: true)
    if let warning = CanvasQTIScoring.warning(for: question, rule: quiz.scoringRule(for: question)) {
      warnings.append(warning)
    }
    if question.textFormat == .markdown { markdownQuestions.append(question.id) }
    let texts =
      [question.prompt, question.explanation ?? ""] + question.choices.flatMap { [$0.text, $0.feedback ?? ""] }
    if texts.contains(where: { XMLText.replacingDisallowed($0).replaced }) {
      warnings.append(
        "question \"\(question.id)\": a control character in its texts cannot be written in XML; it is written as U+FFFD"
      )
    }
    xml.start("item", ["ident": idents.item(question), "title": question.id])
    metadata(question)
    presentation(question)
    responseProcessing(question)
    feedback(question)
    xml.end()
    return true
  }

  /// Canvas's own fields: the question type, its points, its choices' idents, and the question
  /// it makes in the course's question bank.
  private mutating func metadata(_ question: Question) {
    // By the question, wherever it came from: one answer, two choices reading True and False
    // (GIFT and Moodle XML make ids true and false; a JSON author may not).
    let trueFalse =
      question.isTrueFalse
      || (!question.multiple && question.choices.map { $0.text.lowercased() } == ["true", "false"])
    let type =
      trueFalse ? "true_false_question" : question.multiple ? "multiple_answers_question" : "multiple_choice_question"
    xml.start("itemmetadata")
    xml.start("qtimetadata")
    for (label, entry) in [
      ("question_type", type),
      ("points_possible", CanvasQTI.points(question.points)),
      ("original_answer_ids", question.choices.map { idents.choice($0, of: question) }.joined(separator: ",")),
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

  private mutating func presentation(_ question: Question) {
    // Texts are made before the writer's calls that take them: two mutating accesses to self
    // must not overlap.
    let prompt = html(question.prompt, field: "prompt", of: question)
    xml.start("presentation")
    material(prompt)
    xml.start("response_lid", ["ident": "response1", "rcardinality": question.multiple ? "Multiple" : "Single"])
    // Canvas shuffles quiz-wide (assessment_meta's shuffle_answers); the question's own
    // setting is kept for other QTI readers.
    xml.start("render_choice", ["shuffle": question.shuffle ? "Yes" : "No"])
    for choice in question.choices {
      let text = html(choice.text, field: "choices.\(choice.id).text", of: question)
      xml.start("response_label", ["ident": idents.choice(choice, of: question)])
      material(text)
      xml.end()
    }
    xml.end()
    xml.end()
    xml.end()
  }

  /// Feedback conditions first (they continue), then the one that scores: the correct choice
  /// for a single answer; every correct choice and no wrong one for several.
  private mutating func responseProcessing(_ question: Question) {
    xml.start("resprocessing")
    xml.start("outcomes")
    xml.empty("decvar", ["maxvalue": "100", "minvalue": "0", "varname": "SCORE", "vartype": "Decimal"])
    xml.end()
    if Self.hasText(question.explanation) {
      xml.start("respcondition", ["continue": "Yes"])
      xml.start("conditionvar")
      xml.empty("other")
      xml.end()
      xml.empty("displayfeedback", ["feedbacktype": "Response", "linkrefid": "general_fb"])
      xml.end()
    }
    for choice in question.choices where Self.hasText(choice.feedback) {
      let ident = idents.choice(choice, of: question)
      xml.start("respcondition", ["continue": "Yes"])
      xml.start("conditionvar")
      xml.element("varequal", ["respident": "response1"], text: ident)
      xml.end()
      xml.empty("displayfeedback", ["feedbacktype": "Response", "linkrefid": ident + "_fb"])
      xml.end()
    }
    xml.start("respcondition", ["continue": "No"])
    xml.start("conditionvar")
    if question.multiple {
      xml.start("and")
      for choice in question.choices {
        if !choice.correct { xml.start("not") }
        xml.element("varequal", ["respident": "response1"], text: idents.choice(choice, of: question))
        if !choice.correct { xml.end() }
      }
      xml.end()
    } else if let correct = question.choices.first(where: \.correct) {
      xml.element("varequal", ["respident": "response1"], text: idents.choice(correct, of: question))
    }
    xml.end()
    xml.element("setvar", ["action": "Set", "varname": "SCORE"], text: "100")
    correctFeedbackReference(question)
    xml.end()
    incorrectFeedbackCondition(question)
    xml.end()
  }

  /// The explanation as general feedback; each choice's feedback under the choice's ident.
  private mutating func feedback(_ question: Question) {
    if let explanation = question.explanation, Self.hasText(explanation) {
      let text = html(explanation, field: "explanation", of: question)
      itemFeedback("general_fb", text)
    }
    for choice in question.choices {
      guard let feedback = choice.feedback, Self.hasText(feedback) else { continue }
      let text = html(feedback, field: "choices.\(choice.id).feedback", of: question)
      itemFeedback(idents.choice(choice, of: question) + "_fb", text)
    }
    outcomeFeedback(question)
  }

  mutating func itemFeedback(_ ident: String, _ html: String) {
    xml.start("itemfeedback", ["ident": ident])
    xml.start("flow_mat")
    material(html)
    xml.end()
    xml.end()
  }
}

// MARK: - Texts

extension CanvasQTIAssessment {
  mutating func material(_ html: String) {
    xml.start("material")
    xml.element("mattext", ["texttype": "text/html"], text: html)
    xml.end()
  }

  /// The `field` of `question` as HTML, its embedded files referred to in the package.
  mutating func html(_ text: String, field: String, of question: Question) -> String {
    let resolved = files.resolving(text, field: field, of: question, drawnFrom: groupBank)
    for name in resolved.missing {
      warnings.append(
        "question \"\(question.id)\": its \(field) refers to @@PLUGINFILE@@/\(name), a file the question does not "
          + "carry; the reference is left as written")
    }
    return CanvasQTIText.html(resolved.text, question.textFormat)
  }

  /// An explanation or feedback worth showing: empty means none.
  static func hasText(_ text: String?) -> Bool { !(text ?? "").isEmpty }
}
