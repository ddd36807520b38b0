import QuizDomain

// MARK: - Quizzes

extension QuizBankDecoder {
  mutating func decodeQuiz() throws -> Quiz? {
    var id: String?
    var title: String?
    var description: String?
    var scoring: ScoringRule?
    var shuffleQuestions: Bool?
    var sections: [Section]?
    var valid = true
    lastQuizID = nil
    let seen = try decodeObject { decoder, key in
      switch key {
      case "id":
        id = try decoder.decodeSlug()
        decoder.lastQuizID = id
      case "title": title = try decoder.decodeText()
      case "description": description = try decoder.decodeString()
      case "scoring": scoring = try decoder.decodeScoring()
      case "shuffle_questions": shuffleQuestions = try decoder.decodeBool()
      case "sections":
        sections = try decoder.decodeArray { try $0.decodeSection() }
        if sections?.isEmpty == true {
          decoder.report("a quiz needs at least one section")
          valid = false
        }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["id", "title", "sections"], in: seen)
    guard valid, let id, let title, let sections else { return nil }
    let quiz = Quiz(
      id: id, title: title, description: description, scoring: scoring, shuffleQuestions: shuffleQuestions,
      sections: sections)
    checkUniqueQuestionIDs(quiz)
    return quiz
  }

  private mutating func checkUniqueQuestionIDs(_ quiz: Quiz) {
    var seen: [String: String] = [:]
    for (s, section) in quiz.sections.enumerated() {
      for (q, question) in section.questions.enumerated() {
        let here = "\(path.text).sections[\(s)].questions[\(q)]"
        if let earlier = seen[question.id] {
          add(Problem(path: here + ".id", message: "duplicate question id \"\(question.id)\" (also \(earlier))"))
        } else {
          seen[question.id] = here
        }
      }
    }
  }

  mutating func decodeSection() throws -> Section? {
    var title: String?
    var pick: Int?
    var entries: [SectionEntry]?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "title": title = try decoder.decodeString()
      case "pick": pick = try decoder.decodeCount()
      case "questions": entries = try decoder.decodeArray { try $0.decodeEntry() }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["questions"], in: seen)
    if seen.contains("pick") && pick == nil { return nil }
    guard let entries else { return nil }
    return Section(title: title, pick: pick, entries: entries)
  }

  /// A question written in full (quizzes, history, requests).
  mutating func decodeQuestion() throws -> Question? {
    switch try decodeEntry() {
    case .question(let question)?: return question
    case .random?:
      report("a random slot stands only among a quiz's section's questions")
      return nil
    case nil: return nil
    }
  }

  /// One entry of a section: a question written in full, a slot placing a bank's question
  /// (`{"question": "BANK/ID"}`), or random slots (`{"random": {…}}`).
  mutating func decodeEntry() throws -> SectionEntry? {
    var id: String?
    var prompt: String?
    var explanation: String?
    var points: Double?
    var multiple: Bool?
    var scoring: ScoringRule?
    var shuffle: Bool? = false
    var textFormat: TextFormat? = .plain
    var tags: [String]? = []
    var choices: [Choice]?
    var files: [QuestionFile]? = []
    var kindFields = QuestionKindFields()
    var options = QuestionOptionFields()
    var slotName: String?
    var slotVersion: Int?
    var random: RandomSlot?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "random": random = try decoder.decodeRandomSlot()
      case "question": slotName = try decoder.decodeText()
      case "version": slotVersion = try decoder.decodeCount()
      case "id": id = try decoder.decodeSlug()
      case "prompt": prompt = try decoder.decodeText()
      case "explanation": explanation = try decoder.decodeString()
      case "points":
        points = try decoder.decodeNumber()
        if let value = points, !(value >= 0 && value.isFinite) {
          decoder.report(
            value.isFinite
              ? "points must be greater than 0, found \(JSONWriter.numberText(value))"
              : "points must be a finite number")
          points = .nan
        }
      case "multiple": multiple = try decoder.decodeBool()
      case "scoring": scoring = try decoder.decodeScoring()
      case "shuffle": shuffle = try decoder.decodeBool()
      case "text_format":
        textFormat = nil
        if let text = try decoder.decodeString() {
          textFormat = TextFormat(rawValue: text)
          if textFormat == nil {
            decoder.report("unknown text format \"\(text.prefix(60))\" (expected one of: \(TextFormat.names))")
          }
        }
      case "tags": tags = try decoder.decodeArray { try $0.decodeText() }
      case "choices": choices = try decoder.decodeChoices()
      case "files": files = try decoder.decodeArray { try $0.decodeFile() }
      default:
        if try decoder.decodeOptionField(key, into: &options) { return true }
        return try decoder.decodeKindField(key, into: &kindFields)
      }
      return true
    }
    guard let seen else { return nil }
    if seen.contains("random") {
      return randomEntry(seen: seen, random: random, points: points)
    }
    if seen.contains("question") || seen.contains("version") {
      return slotEntry(seen: seen, name: slotName, version: slotVersion, points: points).map(SectionEntry.question)
    }
    requireFields(["id", "prompt"], in: seen)
    let isDescription = kindFields.type == .description
    if seen.contains("points") && points == nil { return nil }
    if let value = points, value == 0, !isDescription, kindFields.type != .cloze {
      report("points must be greater than 0, found 0", key: "points")
      return nil
    }
    if let value = points, value != 0, isDescription {
      report("a description is worth nothing: its points must be 0 or absent", key: "points")
      return nil
    }
    if seen.contains("multiple") && multiple == nil { return nil }
    let choiceBody = choices.map {
      ChoiceBody(multiple: multiple ?? ($0.filter(\.correct).count > 1), scoring: scoring, choices: $0)
    }
    let body = makeBody(kindFields, choice: choiceBody, seen: seen)
    guard let id, let prompt, let shuffle, let textFormat, let tags, let files, let body,
      points.map({ !$0.isNaN }) ?? true, !options.broken
    else { return nil }
    var question = Question(
      id: id, prompt: prompt, explanation: explanation, points: body.clozePoints ?? points ?? (isDescription ? 0 : 1),
      shuffle: shuffle,
      tags: tags, textFormat: textFormat, files: files, body: body)
    options.apply(to: &question)
    for problem in QuestionRules.locatedBodyProblems(question) { report(problem.message, key: problem.key) }
    path.push(.key("files"))
    for problem in QuestionRules.fileProblems(question) { report(problem) }
    path.pop()
    return .question(question)
  }

  /// `{"random": {"bank": B, "category": PATH, "subcategories": BOOL, "tags": [T], "count": N},
  /// "points": N}`: random slots, each worth the points (default 1).
  private mutating func randomEntry(seen: [String], random: RandomSlot?, points: Double?) -> SectionEntry? {
    let extra = seen.filter { $0 != "random" && $0 != "points" }
    for key in extra {
      report("random slots take \"random\" and \"points\" only: \"\(key)\" belongs to a question", key: key)
    }
    if seen.contains("points") && (points == nil || points?.isNaN == true) { return nil }
    if let points, points == 0 {
      report("points must be greater than 0, found 0", key: "points")
      return nil
    }
    guard extra.isEmpty, var random else { return nil }
    random.points = points
    return .random(random)
  }

  /// The filter of random slots: which bank and category they draw from, and how many.
  mutating func decodeRandomSlot() throws -> RandomSlot? {
    var bank: String?
    var category: CategoryPath? = .top
    var subcategories: Bool? = false
    var tags: [String]? = []
    var count: Int? = 1
    let seen = try decodeObject { decoder, key in
      switch key {
      case "bank": bank = try decoder.decodeSlug()
      case "category":
        category = nil
        if let text = try decoder.decodeString() {
          switch CategoryPath.parse(text) {
          case .success(let path): category = path
          case .failure(let error): decoder.report("\(error)")
          }
        }
      case "subcategories": subcategories = try decoder.decodeBool()
      case "tags": tags = try decoder.decodeArray { try $0.decodeText() }
      case "count": count = try decoder.decodeCount()
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["bank"], in: seen)
    guard let bank, let category, let subcategories, let tags, let count else { return nil }
    return RandomSlot(bank: bank, category: category, subcategories: subcategories, tags: tags, count: count)
  }

  /// A section entry that places a bank's question (`{"question": "BANK/ID", "points": N,
  /// "version": N}`): it names the question and carries nothing of it, so any other field is
  /// refused rather than silently ignored.
  private mutating func slotEntry(seen: [String], name: String?, version: Int?, points: Double?) -> Question? {
    requireFields(["question"], in: seen)
    let extra = seen.filter { !["question", "version", "points"].contains($0) }
    for key in extra {
      report(
        "a slot names a bank's question (\"question\": \"BANK/ID\"): \"\(key)\" belongs to the question itself",
        key: key)
    }
    if seen.contains("version") && version == nil { return nil }
    if seen.contains("points") && (points == nil || points?.isNaN == true) { return nil }
    if let points, points == 0 {
      report("points must be greater than 0, found 0", key: "points")
      return nil
    }
    guard extra.isEmpty, let name else { return nil }
    guard let reference = SlotReference(name: name, version: version, points: points) else {
      report("\"\(name.prefix(120))\" is not BANK/QUESTION (two ids joined by \"/\"; \(Slug.rule))", key: "question")
      return nil
    }
    return reference.placeholder
  }

  /// `{"field": "prompt", "name": "cat.png", "data": "<base64>"}`.
  mutating func decodeFile() throws -> QuestionFile? {
    var field: String?
    var name: String?
    var bytes: [UInt8]?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "field": field = try decoder.decodeText()
      case "name":
        name = try decoder.decodeText()
        if let value = name, value.contains("/") {
          decoder.report("a file name must not contain \"/\"")
          name = nil
        }
      case "data":
        if let text = try decoder.decodeString() {
          bytes = Base64.decode(text)
          if bytes == nil { decoder.report("not base64") }
        }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["field", "name", "data"], in: seen)
    guard let field, let name, let bytes else { return nil }
    return QuestionFile(field: field, name: name, bytes: bytes)
  }

  /// A choice question's choices, or a cloze gap's (`inGap`: a weight any finite number, a
  /// `%n%` alternative's n/100).
  mutating func decodeChoices(inGap: Bool = false) throws -> [Choice]? {
    var position = 0
    return try decodeArray { decoder -> Choice? in
      defer { position += 1 }
      return try decoder.decodeChoice(position: position, inGap: inGap)
    }
  }

  mutating func decodeChoice(position: Int, inGap: Bool) throws -> Choice? {
    var id: String?
    var text: String?
    var correct: Bool?
    var weight: Double?
    var feedback: String?
    var valid = true
    let seen = try decodeObject { decoder, key in
      switch key {
      case "id":
        id = try decoder.decodeSlug()
        valid = valid && id != nil
      case "text": text = try decoder.decodeText()
      case "correct": correct = try decoder.decodeBool()
      case "weight" where inGap:
        weight = try decoder.decodeFiniteNumber()
        valid = valid && weight != nil
      case "weight":
        weight = try decoder.decodeNumber()
        if let value = weight, !(-1...1).contains(value) {
          decoder.report("weight must be between -1 and 1, found \(JSONWriter.numberText(value))")
          valid = false
        } else if weight == nil {
          valid = false
        }
      case "feedback": feedback = try decoder.decodeString()
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["text", "correct"], in: seen)
    guard valid, let text, let correct else { return nil }
    if seen.contains("feedback") && feedback == nil { return nil }
    return Choice(
      id: id ?? Choice.defaultID(at: position), text: text, correct: correct, weight: weight, feedback: feedback)
  }
}
