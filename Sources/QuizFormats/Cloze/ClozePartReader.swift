import QuizDomain

/// A gap's alternatives made into its part, and Moodle's checks of them (`edit_multianswer_form`'s
/// `qtype_multianswer_validate_question`): a numerical answer must be a number or `*`, a choice
/// gap needs two choices and any other gap one answer, and some answer must be worth 100 % (a
/// multiple-response gap: some choice worth more than 0).
struct ClozePartReader {
  var gapNumber: Int
  var type: ClozeGapType
  var line: Int

  func part(points: Double, alternatives: [ClozeRawAlternative]) throws(ClozeSyntaxError) -> ClozePart {
    // Moodle ignores an alternative whose answer is blank when checking, and drops it when
    // saving the sub-question; in a multiple-response gap its mark has changed the others'
    // fractions by then, so the mark is kept.
    let kept = alternatives.filter { !Self.isBlank($0) }
    for alternative in kept {
      if case .percent(let written) = alternative.mark, let percent = Self.percent(written), !percent.isFinite {
        throw failure("has %\(written)%, a percentage too large to keep")
      }
    }
    let body: ClozePartBody
    switch type.kind {
    case .numerical:
      body = .numerical(Numerical(answers: try kept.map(numericAnswer)))
    case .shortAnswer(let caseSensitive):
      let answers = kept.map { TextAnswer(text: Self.trimmedText($0), fraction: fraction($0), feedback: feedback($0)) }
      body = .shortAnswer(ShortAnswer(answers: answers, caseSensitive: caseSensitive ? true : nil))
    case .choice(let display, let multiple, let shuffle):
      let choices = kept.enumerated().map { index, alternative in choice(alternative, at: index) }
      let blankMarks =
        multiple ? alternatives.filter(Self.isBlank).compactMap(Self.blankMark).filter { $0.fraction.isFinite } : []
      body = .choice(
        ClozeChoice(
          display: Self.writtenDisplay(display, multiple: multiple), multiple: multiple ? true : nil,
          shuffle: shuffle ? true : nil, choices: choices, blankMarks: blankMarks.isEmpty ? nil : blankMarks))
    }
    try check(kept, count: kept.count)
    return ClozePart(points: points, body: body)
  }

  // MARK: - Moodle's checks

  private func check(_ alternatives: [ClozeRawAlternative], count: Int) throws(ClozeSyntaxError) {
    let fractions = alternatives.map(moodleFraction)
    if case .choice(_, let multiple, _) = type.kind {
      guard count >= 2 else {
        throw failure("has \(count) choice\(count == 1 ? "" : "s"): a choice gap needs at least 2")
      }
      if multiple {
        guard fractions.contains(where: { $0 > 0 }) else { throw failure("has no choice worth more than 0 %") }
        return
      }
    } else {
      guard count >= 1 else { throw failure("has no answer") }
    }
    guard fractions.contains(1) else { throw failure("has no answer worth 100 % (written = or %100%)") }
  }

  func failure(_ message: String) -> ClozeSyntaxError {
    ClozeSyntaxError(line: line, message: "gap \(gapNumber) (\(type.name)) \(message)")
  }

  // MARK: - Marks

  /// The fraction Moodle gives the alternative: 1 for `=`, n/100 for `%n%` when n is not the
  /// string "0" (PHP reads "0" as false, so `%0%` is no mark at all while `%0.0%` is one), else 0.
  private func moodleFraction(_ alternative: ClozeRawAlternative) -> Double {
    switch alternative.mark {
    case .correct: 1
    case .percent(let written): Self.percent(written).map { $0 / 100 } ?? 0
    case .none: 0
    }
  }

  /// A short-answer or numerical answer's fraction as kept: nil for `=`, n/100 for `%n%`, 0 else.
  private func fraction(_ alternative: ClozeRawAlternative) -> Double? {
    alternative.mark == .correct ? nil : moodleFraction(alternative)
  }

  private func choice(_ alternative: ClozeRawAlternative, at index: Int) -> Choice {
    var weight: Double?
    if case .percent(let written) = alternative.mark { weight = Self.percent(written).map { $0 / 100 } }
    let correct = alternative.mark == .correct || weight == 1
    return Choice(
      id: Choice.defaultID(at: index), text: Self.text(alternative.answer), correct: correct, weight: weight,
      feedback: feedback(alternative))
  }

  /// A blank alternative's mark, nil when it has none (as Moodle reads it: `%0%` is none).
  private static func blankMark(_ alternative: ClozeRawAlternative) -> ClozeBlankMark? {
    switch alternative.mark {
    case .correct: .correct
    case .percent(let written): percent(written).map { .weight($0 / 100) }
    case .none: nil
    }
  }

  /// The number of a `%n%`, nil for "0" (no mark, as PHP reads it). Either `.` or `,` is the
  /// decimal point, as Moodle accepts both.
  static func percent(_ written: String) -> Double? {
    guard written != "0" else { return nil }
    var number = String(written.map { $0 == "," ? "." : $0 })
    if number.hasSuffix(".") { number += "0" }
    return Double(number)
  }

  private func feedback(_ alternative: ClozeRawAlternative) -> String? {
    guard let feedback = alternative.feedback, !feedback.isEmpty else { return nil }
    return Self.text(feedback)
  }

  /// Nil for the display the part's kind has when absent.
  private static func writtenDisplay(_ display: ClozeChoiceDisplay, multiple: Bool) -> ClozeChoiceDisplay? {
    display == (multiple ? .vertical : .dropdown) ? nil : display
  }

  // MARK: - Texts

  /// An answer or a feedback as Moodle reads it: HTML entities decoded first (PHP's
  /// `html_entity_decode` with `ENT_QUOTES`, "undo quoting done by the HTML editor", which
  /// writes `&amp;`, `&lt;`, `&nbsp;`…), then `\}` and `\#` unescaped, and nothing else (`\~`
  /// keeps its backslash).
  static func text(_ bytes: [UInt8]) -> String {
    let decoded = Array(PHPEntities.decoding(String(decoding: bytes, as: UTF8.self), singleQuote: true).utf8)
    let braces = replacingEscape(of: ClozeByte.closeBrace, in: decoded)
    return String(decoding: replacingEscape(of: ClozeByte.hash, in: braces), as: UTF8.self)
  }

  private static func replacingEscape(of byte: UInt8, in bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == ClozeByte.backslash, index + 1 < bytes.count, bytes[index + 1] == byte {
        result.append(byte)
        index += 2
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return result
  }

  /// A short answer is kept trimmed (PHP's `trim`), as Moodle's short-answer type saves it.
  private static func trimmedText(_ alternative: ClozeRawAlternative) -> String {
    ShortAnswer.trimmed(text(alternative.answer))
  }

  private static func isBlank(_ alternative: ClozeRawAlternative) -> Bool {
    ShortAnswer.trimmed(text(alternative.answer)).isEmpty
  }
}
