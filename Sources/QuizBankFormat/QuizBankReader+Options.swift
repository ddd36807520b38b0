import QuizDomain

/// Reading a question's options (docs/quiz-bank.md, "Question options"): `outcome_feedback`,
/// `hints`, `penalty` and a choice question's `numbering`. Each is absent unless written.
struct QuestionOptionFields {
  var outcomeFeedback: OutcomeFeedback?
  var hints: [Hint]?
  var penalty: Double?
  var numbering: AnswerNumbering?
  /// A field that was present but unreadable (already reported).
  var broken = false

  /// Puts the options on `question`; numbering only on a choice question (the reader has
  /// refused it on any other).
  func apply(to question: inout Question) {
    question.outcomeFeedback = outcomeFeedback
    question.hints = hints ?? []
    question.penalty = penalty
    if case .choice(var body) = question.body {
      body.numbering = numbering
      question.body = .choice(body)
    }
  }
}

// MARK: - Decoding

extension QuizBankDecoder {
  /// Reads `key` of a question when it is an option; false when it is none.
  mutating func decodeOptionField(_ key: String, into fields: inout QuestionOptionFields) throws -> Bool {
    switch key {
    case "outcome_feedback":
      fields.outcomeFeedback = try decodeOutcomeFeedback()
      if fields.outcomeFeedback == nil { fields.broken = true }
    case "hints":
      fields.hints = try decodeArray { try $0.decodeHint() }
      if fields.hints == nil { fields.broken = true }
    case "penalty":
      fields.penalty = try decodeFraction()
      if fields.penalty == nil { fields.broken = true }
    case "numbering":
      fields.numbering = try decodeEnum(AnswerNumbering.self, what: "numbering")
      if fields.numbering == nil { fields.broken = true }
    default: return false
    }
    return true
  }

  /// `{"correct": T, "partially_correct": T, "incorrect": T, "show_number_correct": B}`, at
  /// least one of them: an empty object would read back as absent.
  mutating func decodeOutcomeFeedback() throws -> OutcomeFeedback? {
    var feedback = OutcomeFeedback()
    var valid = true
    let seen = try decodeObject { decoder, key in
      switch key {
      case "correct": feedback.correct = try decoder.decodeString()
      case "partially_correct": feedback.partiallyCorrect = try decoder.decodeString()
      case "incorrect": feedback.incorrect = try decoder.decodeString()
      case "show_number_correct": feedback.showNumberCorrect = try decoder.decodeBool()
      default:
        valid = false
        return false
      }
      return true
    }
    guard let seen else { return nil }
    // A member that was present but unreadable (reported) left its field nil.
    let read = [feedback.correct, feedback.partiallyCorrect, feedback.incorrect].count(where: { $0 != nil })
    if read + (feedback.showNumberCorrect == nil ? 0 : 1) != seen.count { valid = false }
    if seen.isEmpty {
      report(
        "outcome_feedback is empty: give correct, partially_correct, incorrect or show_number_correct, or leave it out")
      valid = false
    }
    return valid ? feedback : nil
  }

  /// `{"text": T, "show_number_correct": B, "clear_wrong": B}`; the text is required and not
  /// empty.
  mutating func decodeHint() throws -> Hint? {
    var text: String?
    var showNumberCorrect: Bool?
    var clearWrong: Bool?
    var valid = true
    let seen = try decodeObject { decoder, key in
      switch key {
      case "text": text = try decoder.decodeText()
      case "show_number_correct":
        showNumberCorrect = try decoder.decodeBool()
        valid = valid && showNumberCorrect != nil
      case "clear_wrong":
        clearWrong = try decoder.decodeBool()
        valid = valid && clearWrong != nil
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["text"], in: seen)
    guard valid, let text else { return nil }
    return Hint(text: text, showNumberCorrect: showNumberCorrect, clearWrong: clearWrong)
  }
}
