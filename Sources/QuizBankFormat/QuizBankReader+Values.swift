import QuizDomain

// MARK: - Generic values

extension QuizBankDecoder {
  /// Skips a value of the wrong kind, reporting what was expected.
  mutating func mismatch(expected: String) throws {
    let found = try scanner.peekKind()
    report("expected \(expected), found \(found == .object || found == .array ? "an" : "a") \(found.rawValue)")
    try scanner.skipValue()
  }

  mutating func decodeString() throws -> String? {
    guard try scanner.peekKind() == .string else {
      try mismatch(expected: "a string")
      return nil
    }
    return try scanner.readString()
  }

  /// A string that may not be empty.
  mutating func decodeText() throws -> String? {
    guard let text = try decodeString() else { return nil }
    if text.isEmpty {
      report("must not be empty")
      return nil
    }
    return text
  }

  mutating func decodeSlug() throws -> String? {
    guard let text = try decodeString() else { return nil }
    guard Slug.isValid(text) else {
      report("\"\(text.prefix(120))\" is not a valid id (\(Slug.rule))")
      return nil
    }
    return text
  }

  /// A question as an attempt names it: its id, or `BANK/QUESTION` for another bank's question
  /// whose id the quiz's attempts give to more than one question (docs/quiz-bank.md, "History").
  mutating func decodeQuestionName() throws -> String? {
    guard let text = try decodeString() else { return nil }
    guard Slug.isValid(text) || SlotReference(name: text) != nil else {
      report("\"\(text.prefix(120))\" is not a valid id (\(Slug.rule)) nor BANK/QUESTION")
      return nil
    }
    return text
  }

  mutating func decodeBool() throws -> Bool? {
    guard try scanner.peekKind() == .boolean else {
      try mismatch(expected: "true or false")
      return nil
    }
    return try scanner.readBool()
  }

  mutating func decodeNumber() throws -> Double? {
    guard try scanner.peekKind() == .number else {
      try mismatch(expected: "a number")
      return nil
    }
    return try scanner.readNumber()
  }

  /// A whole number of at least 1 (a count of questions).
  mutating func decodeCount() throws -> Int? {
    guard let value = try decodeNumber() else { return nil }
    guard value >= 1, value <= 1_000_000, value.rounded() == value else {
      report("expected a whole number of at least 1, found \(JSONWriter.numberText(value))")
      return nil
    }
    return Int(value)
  }

  mutating func decodeScoring() throws -> ScoringRule? {
    guard let text = try decodeString() else { return nil }
    guard let rule = ScoringRule(rawValue: text) else {
      report("unknown scoring rule \"\(text.prefix(60))\" (expected one of: \(ScoringRule.names))")
      return nil
    }
    return rule
  }

  mutating func decodeTimestamp() throws -> Timestamp? {
    guard let text = try decodeString() else { return nil }
    guard let timestamp = Timestamp(text) else {
      report("\"\(text.prefix(60))\" is not an RFC 3339 date-time (such as 2026-11-29T10:04:12Z)")
      return nil
    }
    return timestamp
  }

  /// Reads an array, each element at its index in the path; nil (reported) for a non-array.
  mutating func decodeArray<T>(_ element: (inout QuizBankDecoder) throws -> T?) throws -> [T]? {
    guard try scanner.peekKind() == .array else {
      try mismatch(expected: "an array")
      return nil
    }
    try scanner.beginArray()
    var elements: [T] = []
    var first = true
    var index = 0
    var complete = true
    while try scanner.nextElement(first: &first) {
      path.push(.index(index))
      if let value = try element(&self) { elements.append(value) } else { complete = false }
      path.pop()
      index += 1
    }
    return complete ? elements : nil
  }

  /// Reads an object's members: `member` reads the value of each known key and returns false
  /// for an unknown one. Duplicate and unknown keys are reported. Returns the keys seen, or
  /// nil (reported) when the value is not an object.
  mutating func decodeObject(_ member: (inout QuizBankDecoder, String) throws -> Bool) throws -> [String]? {
    guard try scanner.peekKind() == .object else {
      try mismatch(expected: "an object")
      return nil
    }
    try scanner.beginObject()
    var seen: [String] = []
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      path.push(.key(key))
      defer { path.pop() }
      if seen.contains(key) {
        report("duplicate key \"\(key)\"")
        try scanner.skipValue(depth: path.components.count)
        continue
      }
      seen.append(key)
      if try !member(&self, key) {
        report("unknown field \"\(key)\"")
        try scanner.skipValue(depth: path.components.count)
      }
    }
    return seen
  }

  mutating func requireFields(_ required: [String], in seen: [String]) {
    for key in required where !seen.contains(key) {
      report("missing required field \"\(key)\"")
    }
  }
}
