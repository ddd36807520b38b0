import QuizDomain

// MARK: - The document

extension QuizBankDecoder {
  mutating func decodeDocument(body: (QuizBankItem) throws -> Void, progress: ((Int) -> Void)?) throws {
    var format: String?
    var seenIDs: [String: Int] = [:]
    var quizzesDone = false
    var completeSent = false
    let seen = try decodeObject { decoder, key in
      switch key {
      case "format": format = try decoder.decodeString()
      case "banks":
        var seenBanks: [String: Int] = [:]
        try decoder.forEachElement { decoder, index in
          let problemsBefore = decoder.problemCount
          guard let bank = try decoder.decodeBank(), decoder.problemCount == problemsBefore else { return }
          if let earlier = seenBanks[bank.id] {
            decoder.add(
              Problem(
                path: "$.banks[\(index)].id", message: "duplicate bank id \"\(bank.id)\" (also $.banks[\(earlier)])"))
            return
          }
          seenBanks[bank.id] = index
          try body(.bank(bank, path: "$.banks[\(index)]"))
        }
      case "quizzes":
        try decoder.forEachElement { decoder, index in
          let problemsBefore = decoder.problemCount
          let quiz = try decoder.decodeQuiz()
          progress?(decoder.scanner.offset)
          guard let quiz, decoder.problemCount == problemsBefore else {
            if let id = quiz?.id ?? decoder.lastQuizID { try body(.rejectedQuiz(id: id)) }
            return
          }
          if let earlier = seenIDs[quiz.id] {
            decoder.add(
              Problem(
                path: "$.quizzes[\(index)].id",
                message: "duplicate quiz id \"\(quiz.id)\" (also $.quizzes[\(earlier)])"))
            return
          }
          seenIDs[quiz.id] = index
          try body(.quiz(quiz, path: "$.quizzes[\(index)]"))
        }
        quizzesDone = true
      case "history":
        try decoder.forEachElement { decoder, index in
          let problemsBefore = decoder.problemCount
          let history = try decoder.decodeHistory()
          guard let history, decoder.problemCount == problemsBefore else { return }
          try body(.history(history, path: "$.history[\(index)]"))
        }
      case "attempts":
        // Attempts after the quizzes (and their history) are recorded as they come.
        if quizzesDone && !completeSent {
          completeSent = true
          try body(.quizzesComplete)
        }
        try decoder.forEachElement { decoder, index in
          let problemsBefore = decoder.problemCount
          let attempt = try decoder.decodeAttempt()
          progress?(decoder.scanner.offset)
          guard let attempt, decoder.problemCount == problemsBefore else { return }
          try body(.attempt(attempt, path: "$.attempts[\(index)]"))
        }
      default: return false
      }
      return true
    }
    guard let seen else { return }
    requireFields(["format", "quizzes"], in: seen)
    if let format, format != QuizBankReader.format {
      report("unsupported format \"\(format.prefix(60))\" (expected \"\(QuizBankReader.format)\")", key: "format")
    }
    if !completeSent { try body(.quizzesComplete) }
  }

  /// Calls `element` for each element of an array, at its index in the path; reports a
  /// non-array.
  mutating func forEachElement(_ element: (inout QuizBankDecoder, Int) throws -> Void) throws {
    guard try scanner.peekKind() == .array else {
      try mismatch(expected: "an array")
      return
    }
    try scanner.beginArray()
    var first = true
    var index = 0
    while try scanner.nextElement(first: &first) {
      path.push(.index(index))
      try element(&self, index)
      path.pop()
      index += 1
    }
  }
}
