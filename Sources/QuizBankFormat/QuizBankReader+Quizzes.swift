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
    var questions: [Question]?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "title": title = try decoder.decodeString()
      case "pick": pick = try decoder.decodeCount()
      case "questions": questions = try decoder.decodeArray { try $0.decodeQuestion() }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["questions"], in: seen)
    if seen.contains("pick") && pick == nil { return nil }
    guard let questions else { return nil }
    return Section(title: title, pick: pick, questions: questions)
  }

  mutating func decodeQuestion() throws -> Question? {
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
    let seen = try decodeObject { decoder, key in
      switch key {
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
    return question
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
