import QuizDomain

/// Reading a cloze question's gaps and an attempt's answer to them (docs/quiz-bank.md, "Cloze").
/// A gap's answers and choices are read as written: a fraction or weight may be any finite
/// number (Moodle's `%n%` may be negative or above 100), and validation checks the rest.
struct ClozePartFields {
  var kind: ClozePartKind?
  var points: Double?
  var answers: [RawAnswer]?
  var caseSensitive: Bool?
  var choices: [Choice]?
  var display: ClozeChoiceDisplay?
  var multiple: Bool?
  var shuffle: Bool?
  var blankMarks: [ClozeBlankMark]?
  var broken = false

  /// The keys each gap kind takes beyond `kind` and `points`.
  static let keys: [ClozePartKind: Set<String>] = [
    .shortAnswer: ["answers", "case_sensitive"],
    .numerical: ["answers"],
    .choice: ["choices", "display", "multiple", "shuffle", "blank_marks"],
  ]
}

extension QuestionBody {
  /// A cloze question's points: its gaps' (nil for the other kinds, whose points are their own).
  var clozePoints: Double? {
    if case .cloze(let cloze) = self { cloze.points } else { nil }
  }
}

extension QuizBankDecoder {
  /// The body of a cloze question: its gaps; its points are theirs, so it has no `points`.
  mutating func clozeBody(_ fields: QuestionKindFields, seen: [String]) -> QuestionBody? {
    requireFields(["parts"], in: seen)
    if seen.contains("points") {
      report(
        "a cloze question's points are the sum of its parts' points: give each part its \"points\" instead",
        key: "points")
      return nil
    }
    return fields.parts.map { .cloze(Cloze(parts: $0)) }
  }

  mutating func decodeClozeParts() throws -> [ClozePart]? {
    try decodeArray { try $0.decodeClozePart() }
  }

  /// `{"kind": K, "points": N, …the kind's fields}`.
  mutating func decodeClozePart() throws -> ClozePart? {
    var fields = ClozePartFields()
    let seen = try decodeObject { decoder, key in
      func note<T>(_ value: T?) -> T? {
        if value == nil { fields.broken = true }
        return value
      }
      switch key {
      case "kind": fields.kind = note(try decoder.decodeEnum(ClozePartKind.self, what: "part kind"))
      case "points":
        fields.points = note(try decoder.decodeNumber())
        if let value = fields.points, !(value >= 0 && value.isFinite) {
          decoder.report("a part's points must be a finite number of at least 0, found \(JSONWriter.numberText(value))")
          fields.broken = true
        }
      case "answers": fields.answers = note(try decoder.decodeArray { try $0.decodeRawAnswer(inGap: true) })
      case "case_sensitive": fields.caseSensitive = note(try decoder.decodeBool())
      case "choices": fields.choices = note(try decoder.decodeChoices(inGap: true))
      case "display": fields.display = note(try decoder.decodeEnum(ClozeChoiceDisplay.self, what: "display"))
      case "multiple": fields.multiple = note(try decoder.decodeBool())
      case "shuffle": fields.shuffle = note(try decoder.decodeBool())
      case "blank_marks": fields.blankMarks = note(try decoder.decodeArray { try $0.decodeBlankMark() })
      case "units", "unit_grading", "unit_penalty", "unit_input", "units_left":
        decoder.report("a numerical part has no \"\(key)\" (Moodle's embedded numerical answers take no units)")
        try decoder.scanner.skipValue(depth: decoder.path.components.count)
        fields.broken = true
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["kind"], in: seen)
    guard let kind = fields.kind, !fields.broken else { return nil }
    let own = ClozePartFields.keys[kind] ?? []
    var fits = true
    for key in seen where key != "kind" && key != "points" && !own.contains(key) {
      report("a \(kind.rawValue) part has no \"\(key)\"", key: key)
      fits = false
    }
    guard fits, let body = gapBody(kind, fields, seen: seen) else { return nil }
    return ClozePart(points: fields.points ?? 1, body: body)
  }

  private mutating func gapBody(_ kind: ClozePartKind, _ fields: ClozePartFields, seen: [String]) -> ClozePartBody? {
    switch kind {
    case .choice:
      requireFields(["choices"], in: seen)
      guard let choices = fields.choices else { return nil }
      if let marks = fields.blankMarks, marks.isEmpty || fields.multiple != true {
        report(
          marks.isEmpty
            ? "\"blank_marks\" is left out when there are none"
            : "only a multiple-response part (\"multiple\": true) has \"blank_marks\"", key: "blank_marks")
        return nil
      }
      return .choice(
        ClozeChoice(
          display: fields.display, multiple: fields.multiple, shuffle: fields.shuffle, choices: choices,
          blankMarks: fields.blankMarks))
    case .shortAnswer, .numerical:
      // Read as the questions of the kind are (a gap has no units: its fields are not taken).
      var kindFields = QuestionKindFields()
      kindFields.answers = fields.answers
      kindFields.caseSensitive = fields.caseSensitive
      switch kind == .numerical ? numericalBody(kindFields, seen: seen) : shortAnswerBody(kindFields, seen: seen) {
      case .shortAnswer(let short): return .shortAnswer(short)
      case .numerical(let numerical): return .numerical(numerical)
      // The two readers give their own kind, or nil.
      case .choice, .matching, .essay, .description, .cloze, nil: return nil
      }
    }
  }

  /// A blank alternative's mark: `{"correct": true}` (written `=`) or `{"weight": W}` (`%n%`).
  mutating func decodeBlankMark() throws -> ClozeBlankMark? {
    var mark: ClozeBlankMark?
    var valid = true
    let seen = try decodeObject { decoder, key in
      switch key {
      case "correct":
        guard let correct = try decoder.decodeBool() else { valid = false; return true }
        if correct { mark = .correct } else { decoder.report("must be true (a blank without a mark is not kept)") }
      case "weight":
        let weight = try decoder.decodeFiniteNumber()
        mark = weight.map(ClozeBlankMark.weight)
        valid = valid && weight != nil
      default: return false
      }
      return true
    }
    guard let seen, valid else { return nil }
    guard seen.count == 1, let mark else {
      if seen.count != 1 { report("a blank mark is {\"correct\": true} or {\"weight\": W}, one of them") }
      return nil
    }
    return mark
  }

  mutating func decodeFiniteNumber() throws -> Double? {
    guard let value = try decodeNumber() else { return nil }
    guard value.isFinite else {
      report("must be a finite number")
      return nil
    }
    return value
  }
}

// MARK: - Answers

extension QuizBankDecoder {
  /// An answer's `parts`: one response per gap, in gap order, each `{"response": TEXT}`,
  /// `{"selected": [CHOICE, …]}` or `{}` (blank, read as an empty text).
  mutating func decodeGapResponses() throws -> Response? {
    try decodeArray { try $0.decodeGapResponse() }.map(Response.parts)
  }

  mutating func decodeGapResponse() throws -> Response? {
    var response: Response? = .text("")
    let seen = try decodeObject { decoder, key in
      switch key {
      case "response": response = try decoder.decodeString().map { .text($0) }
      case "selected":
        let selected = try decoder.decodeArray { try $0.decodeSlug() }
        if let picks = selected, Set(picks).count != picks.count {
          decoder.report("a choice is selected more than once")
          response = nil
        } else {
          response = selected.map(Response.choices)
        }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    if seen.contains("response") && seen.contains("selected") {
      report("a gap's answer has one of \"response\" and \"selected\", found both")
      return nil
    }
    // An unknown key is reported; the gap's answer is then no good.
    guard seen.allSatisfy({ $0 == "response" || $0 == "selected" }) else { return nil }
    return response
  }
}
