import QuizDomain

/// Reading the parts of each question kind (docs/quiz-bank.md, "Question types"). The fields
/// of a question may come in any order, `type` among them, so the kinds' fields are gathered
/// first and checked against the type at the end of the question.
struct QuestionKindFields {
  var type: QuestionKind? = .choice
  var answers: [RawAnswer]?
  var caseSensitive: Bool?
  var units: [NumericUnit]?
  var unitGrading: Numerical.UnitGrading?
  var unitPenalty: Double?
  var unitInput: Numerical.UnitInput?
  var unitsLeft: Bool?
  var pairs: [MatchPair]?
  var distractors: [String]?
  var responseFormat: Essay.ResponseFormat?
  var responseRequired: Bool?
  var responseLines: Int?
  var minWords: Int?
  var maxWords: Int?
  var responseTemplate: String?
  var graderInfo: String?
  var parts: [ClozePart]?
  /// A field that was present but unreadable (already reported).
  var broken = false
  /// The kind fields the question has, `type` aside, in order: checked against its type at the
  /// end (a choice question, the common case, has none, and nothing is looked up for it).
  var kindKeys: [String] = []

  /// The keys each kind takes beyond the common ones.
  static let keys: [QuestionKind: Set<String>] = [
    .choice: ["multiple", "scoring", "shuffle", "choices", "numbering"],
    .shortAnswer: ["answers", "case_sensitive"],
    .numerical: ["answers", "units", "unit_grading", "unit_penalty", "unit_input", "units_left"],
    .matching: ["shuffle", "pairs", "distractors"],
    .essay: [
      "response_format", "response_required", "response_lines", "min_words", "max_words", "response_template",
      "grader_info",
    ],
    .description: [],
    .cloze: ["parts"],
  ]
}

/// An answer as read, before the question's type says which of its fields it needs.
struct RawAnswer {
  var text: String?
  /// `.some(nil)`: `"*"`.
  var value: Double??
  var tolerance: Double?
  var fraction: Double?
  var feedback: String?
  var keys: [String]
}

extension QuizBankDecoder {
  /// Reads `key` of a question when it belongs to some kind; false when no kind has it.
  mutating func decodeKindField(_ key: String, into fields: inout QuestionKindFields) throws -> Bool {
    func note<T>(_ value: T?) -> T? {
      if value == nil { fields.broken = true }
      return value
    }
    switch key {
    case "type":
      fields.type = nil
      if let text = try decodeString() {
        fields.type = QuestionKind(rawValue: text)
        if fields.type == nil {
          report("unknown question type \"\(text.prefix(60))\" (expected one of: \(QuestionKind.names))")
        }
      }
    case "answers": fields.answers = note(try decodeArray { try $0.decodeRawAnswer() })
    case "case_sensitive": fields.caseSensitive = note(try decodeBool())
    case "units": fields.units = note(try decodeArray { try $0.decodeUnit() })
    case "unit_grading": fields.unitGrading = note(try decodeEnum(Numerical.UnitGrading.self, what: "unit grading"))
    case "unit_penalty": fields.unitPenalty = note(try decodeFraction())
    case "unit_input": fields.unitInput = note(try decodeEnum(Numerical.UnitInput.self, what: "unit input"))
    case "units_left": fields.unitsLeft = note(try decodeBool())
    case "pairs": fields.pairs = note(try decodePairs())
    case "distractors": fields.distractors = note(try decodeArray { try $0.decodeText() })
    case "response_format":
      fields.responseFormat = note(try decodeEnum(Essay.ResponseFormat.self, what: "response format"))
    case "response_required": fields.responseRequired = note(try decodeBool())
    case "response_lines": fields.responseLines = note(try decodeCount())
    case "min_words": fields.minWords = note(try decodeWholeNumber())
    case "max_words": fields.maxWords = note(try decodeWholeNumber())
    case "response_template": fields.responseTemplate = note(try decodeString())
    case "grader_info": fields.graderInfo = note(try decodeString())
    case "parts": fields.parts = note(try decodeClozeParts())
    default: return false
    }
    if key != "type" { fields.kindKeys.append(key) }
    return true
  }

  mutating func decodeEnum<T: RawRepresentable & CaseIterable>(_ type: T.Type, what: String) throws -> T?
  where T.RawValue == String {
    guard let text = try decodeString() else { return nil }
    guard let value = T(rawValue: text) else {
      report("unknown \(what) \"\(text.prefix(60))\" (expected one of: \(T.names))")
      return nil
    }
    return value
  }

  /// A number from 0 to 1.
  mutating func decodeFraction() throws -> Double? {
    guard let value = try decodeNumber() else { return nil }
    guard (0...1).contains(value) else {
      report("expected a number from 0 to 1, found \(JSONWriter.numberText(value))")
      return nil
    }
    return value
  }

  /// A whole number of at least 0.
  mutating func decodeWholeNumber() throws -> Int? {
    guard let value = try decodeNumber() else { return nil }
    guard value >= 0, value <= 1_000_000_000, value.rounded() == value else {
      report("expected a whole number of at least 0, found \(JSONWriter.numberText(value))")
      return nil
    }
    return Int(value)
  }

  /// An answer of a short-answer or numerical question, or of a cloze gap (`inGap`: its
  /// fraction any finite number, a `%n%` alternative's n/100).
  mutating func decodeRawAnswer(inGap: Bool = false) throws -> RawAnswer? {
    var answer = RawAnswer(keys: [])
    var valid = true
    let seen = try decodeObject { decoder, key in
      switch key {
      case "text": answer.text = try decoder.decodeText()
      case "value":
        if try decoder.scanner.peekKind() == .string, let text = try decoder.decodeString() {
          if text == "*" { answer.value = .some(nil) } else { decoder.report("expected a number or \"*\"") }
        } else if let number = try decoder.decodeNumber() {
          if number.isFinite { answer.value = .some(number) } else { decoder.report("must be a finite number") }
        }
      case "tolerance":
        answer.tolerance = try decoder.decodeNumber()
        if let value = answer.tolerance, !(value >= 0 && value.isFinite) {
          decoder.report("tolerance must be a finite number of at least 0")
          answer.tolerance = nil
        }
        valid = valid && answer.tolerance != nil
      case "fraction":
        answer.fraction = inGap ? try decoder.decodeFiniteNumber() : try decoder.decodeFraction()
        valid = valid && answer.fraction != nil
      case "feedback":
        answer.feedback = try decoder.decodeString()
        valid = valid && answer.feedback != nil
      default: return false
      }
      return true
    }
    guard let seen, valid else { return nil }
    if seen.contains("text") && answer.text == nil { return nil }
    if seen.contains("value") && answer.value == nil { return nil }
    answer.keys = seen
    return answer
  }

  mutating func decodeUnit() throws -> NumericUnit? {
    var unit: String?
    var multiplier: Double?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "unit": unit = try decoder.decodeText()
      case "multiplier":
        multiplier = try decoder.decodeNumber()
        if let value = multiplier, !(value > 0 && value.isFinite) {
          decoder.report("multiplier must be a finite number greater than 0")
          multiplier = nil
        }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["unit", "multiplier"], in: seen)
    guard let unit, let multiplier else { return nil }
    return NumericUnit(unit: unit, multiplier: multiplier)
  }

  mutating func decodePairs() throws -> [MatchPair]? {
    var position = 0
    return try decodeArray { decoder -> MatchPair? in
      defer { position += 1 }
      var id: String?
      var stem: String?
      var answer: String?
      let seen = try decoder.decodeObject { decoder, key in
        switch key {
        case "id": id = try decoder.decodeSlug()
        case "stem": stem = try decoder.decodeText()
        case "answer": answer = try decoder.decodeText()
        default: return false
        }
        return true
      }
      guard let seen else { return nil }
      decoder.requireFields(["stem", "answer"], in: seen)
      if seen.contains("id") && id == nil { return nil }
      guard let stem, let answer else { return nil }
      return MatchPair(id: id ?? Choice.defaultID(at: position), stem: stem, answer: answer)
    }
  }
}

// MARK: - Making the body

extension QuizBankDecoder {
  /// The body the type and the gathered fields make, or nil (reported) when they do not fit.
  /// `seen` is every key of the question.
  mutating func makeBody(_ fields: QuestionKindFields, choice: ChoiceBody?, seen: [String]) -> QuestionBody? {
    guard let kind = fields.type, !fields.broken else { return nil }
    var foreign = fields.kindKeys
    if kind != .choice {
      // The choice fields are read with the common ones; only another type can lack them.
      foreign =
        seen.filter {
          $0 == "multiple" || $0 == "scoring" || $0 == "choices" || $0 == "shuffle" || $0 == "numbering"
        } + foreign
    }
    if !foreign.isEmpty {
      let own = QuestionKindFields.keys[kind] ?? []
      var fits = true
      for key in foreign where !own.contains(key) {
        report("\(kind == .essay ? "an" : "a") \(kind.rawValue) question has no \"\(key)\"", key: key)
        fits = false
      }
      guard fits else { return nil }
    }
    switch kind {
    case .cloze: return clozeBody(fields, seen: seen)
    case .choice:
      requireFields(["choices"], in: seen)
      return choice.map(QuestionBody.choice)
    case .shortAnswer: return shortAnswerBody(fields, seen: seen)
    case .numerical: return numericalBody(fields, seen: seen)
    case .matching:
      requireFields(["pairs"], in: seen)
      guard let pairs = fields.pairs else { return nil }
      return .matching(Matching(pairs: pairs, distractors: fields.distractors ?? []))
    case .essay:
      return .essay(
        Essay(
          responseFormat: fields.responseFormat, responseRequired: fields.responseRequired,
          responseLines: fields.responseLines, minWords: fields.minWords, maxWords: fields.maxWords,
          responseTemplate: fields.responseTemplate, graderInfo: fields.graderInfo))
    case .description: return .description
    }
  }

  mutating func shortAnswerBody(_ fields: QuestionKindFields, seen: [String]) -> QuestionBody? {
    requireFields(["answers"], in: seen)
    guard let raw = fields.answers else { return nil }
    var answers: [TextAnswer] = []
    for (index, answer) in raw.enumerated() {
      for key in answer.keys where key == "value" || key == "tolerance" {
        report("a short-answer answer has no \"\(key)\"", key: "answers[\(index)].\(key)")
      }
      guard let text = answer.text else {
        report("missing required field \"text\"", key: "answers[\(index)]")
        continue
      }
      answers.append(TextAnswer(text: text, fraction: answer.fraction, feedback: answer.feedback))
    }
    guard answers.count == raw.count else { return nil }
    return .shortAnswer(ShortAnswer(answers: answers, caseSensitive: fields.caseSensitive))
  }

  mutating func numericalBody(_ fields: QuestionKindFields, seen: [String]) -> QuestionBody? {
    requireFields(["answers"], in: seen)
    guard let raw = fields.answers else { return nil }
    var answers: [NumericAnswer] = []
    for (index, answer) in raw.enumerated() {
      if answer.text != nil {
        report("a numerical answer has no \"text\" (its number is \"value\")", key: "answers[\(index)].text")
      }
      guard let value = answer.value else {
        report("missing required field \"value\"", key: "answers[\(index)]")
        continue
      }
      answers.append(
        NumericAnswer(value: value, tolerance: answer.tolerance, fraction: answer.fraction, feedback: answer.feedback))
    }
    guard answers.count == raw.count else { return nil }
    return .numerical(
      Numerical(
        answers: answers, units: fields.units ?? [], unitGrading: fields.unitGrading, unitPenalty: fields.unitPenalty,
        unitInput: fields.unitInput, unitsLeft: fields.unitsLeft))
  }
}
