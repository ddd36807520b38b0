import QuizDomain

// MARK: - History

extension QuizBankDecoder {
  /// `{"quiz": ID, "current": {QUESTION: N}, "versions": [{"version": N, "question": {…}}]}`.
  mutating func decodeHistory() throws -> QuizHistory? {
    var quiz: String?
    var current: [String: Int]? = [:]
    var versions: [HistoricVersion]? = []
    let seen = try decodeObject { decoder, key in
      switch key {
      case "quiz": quiz = try decoder.decodeSlug()
      case "current": current = try decoder.decodeVersionNumbers(bankQuestions: true)
      case "versions": versions = try decoder.decodeArray { try $0.decodeHistoricVersion() }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["quiz", "versions"], in: seen)
    guard let quiz, let current, let versions else { return nil }
    var seenVersions: [String: Int] = [:]
    for (index, version) in versions.enumerated() {
      // Another bank's question is named `BANK/ID` in `current`.
      let name = version.bank.map { $0 + "/" + version.question.id } ?? version.question.id
      let key = "\(name) version \(version.number)"
      if let earlier = seenVersions[key] {
        report("\(key) is given twice (also versions[\(earlier)])", key: "versions[\(index)]")
      }
      seenVersions[key] = index
      if let shown = current[name], version.number >= shown {
        report(
          "an earlier version of \(name) must be numbered below its current \(shown)",
          key: "versions[\(index)].version")
      }
    }
    return QuizHistory(quiz: quiz, current: current, versions: versions)
  }

  mutating func decodeHistoricVersion() throws -> HistoricVersion? {
    var number: Int?
    var question: Question?
    var bank: String?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "version": number = try decoder.decodeVersionNumber()
      case "bank": bank = try decoder.decodeSlug()
      case "question": question = try decoder.decodeQuestion()
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["version", "question"], in: seen)
    guard let number, let question else { return nil }
    return HistoricVersion(number: number, question: question, bank: bank)
  }

  /// An object of question ids (and, with `bankQuestions`, `BANK/ID` names) to version numbers.
  mutating func decodeVersionNumbers(bankQuestions: Bool = false) throws -> [String: Int]? {
    try decodeQuestionMap(bankQuestions: bankQuestions) { try $0.decodeVersionNumber() }
  }

  /// An object of question ids (and, with `bankQuestions`, `BANK/ID` names) to what `value`
  /// reads of each; nil when a key or a value is not valid (each reported at its path).
  mutating func decodeQuestionMap<Value>(
    bankQuestions: Bool, _ value: (inout QuizBankDecoder) throws -> Value?
  ) throws -> [String: Value]? {
    var values: [String: Value] = [:]
    var valid = true
    let seen = try decodeObject { decoder, key in
      guard Slug.isValid(key) || (bankQuestions && SlotReference(name: key) != nil) else {
        decoder.report(
          "\"\(key.prefix(60))\" is not a valid question id (\(Slug.rule))"
            + (bankQuestions ? " nor BANK/QUESTION" : ""))
        try decoder.scanner.skipValue(depth: decoder.path.components.count)
        valid = false
        return true
      }
      guard let read = try value(&decoder) else {
        valid = false
        return true
      }
      values[key] = read
      return true
    }
    guard seen != nil, valid else { return nil }
    return values
  }

  /// A version number: a whole number of at least 1.
  mutating func decodeVersionNumber() throws -> Int? {
    guard let value = try decodeNumber() else { return nil }
    guard value >= 1, value <= 1_000_000_000, value == value.rounded() else {
      report("a version number must be a whole number of at least 1, found \(JSONWriter.numberText(value))")
      return nil
    }
    return Int(value)
  }
}
