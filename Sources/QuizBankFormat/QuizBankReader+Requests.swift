import QuizDomain

/// Small JSON documents that are not quiz-bank/1 documents but are read by its rules: one
/// answer sent on its own (the server's `PUT …/answers/QUESTION`) and flat objects of strings
/// (a sign-in). Problems name their JSON path, as for a whole document.
extension QuizBankReader {
  /// An answer object of quiz-bank/1 without its `question`, which is `question`:
  /// `{"selected": ["a"]}`, `{"response": "3.1", "unit": "m"}`, `{"matched": {"a": "Paris"}}`,
  /// `{"parts": [{"response": "x"}, {"selected": ["b"]}]}`. A `mark` is refused: marks are
  /// given by markers, not sent with a response.
  public static func readAnswer(_ bytes: [UInt8], question: String) throws -> Answer {
    try bytes.withUnsafeBufferPointer { buffer in
      var decoder = QuizBankDecoder(scanner: JSONScanner(buffer))
      let answer: Answer?
      do {
        answer = try decoder.decodeAnswer(question: question)
        try decoder.scanner.expectEnd()
      } catch let error as JSONSyntaxError {
        throw QuizBankError.syntax(error)
      }
      if let answer, answer.mark != nil {
        decoder.report("a mark is given with 'quiz mark', not sent with a response", key: "mark")
      }
      guard let answer, decoder.problems.isEmpty else {
        throw QuizBankError.invalid(decoder.problems, total: decoder.problemCount)
      }
      return answer
    }
  }

  /// A JSON object whose members are all strings, each key one of `allowed`: unknown keys,
  /// duplicates and values of other types are problems at their path.
  public static func readStringFields(_ bytes: [UInt8], allowed: Set<String>) throws -> [String: String] {
    try bytes.withUnsafeBufferPointer { buffer in
      var decoder = QuizBankDecoder(scanner: JSONScanner(buffer))
      var fields: [String: String] = [:]
      do {
        _ = try decoder.decodeObject { decoder, key in
          guard allowed.contains(key) else { return false }
          if let value = try decoder.decodeString() { fields[key] = value }
          return true
        }
        try decoder.scanner.expectEnd()
      } catch let error as JSONSyntaxError {
        throw QuizBankError.syntax(error)
      }
      guard decoder.problems.isEmpty else {
        throw QuizBankError.invalid(decoder.problems, total: decoder.problemCount)
      }
      return fields
    }
  }
}
