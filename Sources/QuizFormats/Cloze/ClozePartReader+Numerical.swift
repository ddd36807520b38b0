import QuizDomain

// MARK: - Numerical answers

// Moodle first tries `NUMERICAL_ALTERNATIVE_REGEX`, `^(NUMBER)(:NUMBER)?$` with NUMBER
// `-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?)`, on the answer as written: the value is
// the first number, the tolerance the second without its sign. Otherwise the answer is kept as
// text, which must then be `*` or a number as `qtype_numerical::is_valid_number` reads one (with
// no tolerance). Both numbers are then read as qtype_numerical saves them (`apply_units`, with
// English separators: a comma is a thousands separator).
extension ClozePartReader {
  func numericAnswer(_ alternative: ClozeRawAlternative) throws(ClozeSyntaxError) -> NumericAnswer {
    let fraction: Double? =
      switch alternative.mark {
      case .correct: nil
      case .percent(let written): Self.percent(written).map { $0 / 100 } ?? 0
      case .none: 0
      }
    let feedback = alternative.feedback.flatMap { $0.isEmpty ? nil : Self.text($0) }
    if let (value, tolerance) = Self.valueAndTolerance(alternative.answer) {
      let number = try self.number(value)
      let margin = try tolerance.map { text throws(ClozeSyntaxError) in try self.number(text) }
      return NumericAnswer(value: number, tolerance: margin, fraction: fraction, feedback: feedback)
    }
    let text = ShortAnswer.trimmed(Self.text(alternative.answer))
    if text == "*" { return NumericAnswer(value: nil, fraction: fraction, feedback: feedback) }
    return NumericAnswer(value: try number(text), fraction: fraction, feedback: feedback)
  }

  /// The number Moodle saves for `text`; an error when it is none (or is beyond a double's range).
  private func number(_ text: String) throws(ClozeSyntaxError) -> Double {
    guard let parsed = Numerical(answers: []).parse(text, unit: nil), parsed.unit == nil else {
      throw failure("has `\(text)`, which is not a number: a numerical gap takes a number, value:tolerance or *")
    }
    guard parsed.value.isFinite else { throw failure("has `\(text)`, a number too large to keep") }
    return parsed.value
  }

  /// The value and tolerance texts when the answer is `NUMBER(:NUMBER)?` (a final line feed
  /// allowed, as by `$`), the tolerance without its sign.
  static func valueAndTolerance(_ answer: [UInt8]) -> (String, String?)? {
    var bytes = answer[...]
    if bytes.last == ClozeByte.newline { bytes = bytes.dropLast() }
    var index = bytes.startIndex
    if index < bytes.endIndex, bytes[index] == ClozeByte.minus { index += 1 }
    guard let valueEnd = numberEnd(bytes, at: index) else { return nil }
    let value = String(decoding: bytes[bytes.startIndex..<valueEnd], as: UTF8.self)
    if valueEnd == bytes.endIndex { return (value, nil) }
    guard bytes[valueEnd] == ClozeByte.colon else { return nil }
    var toleranceStart = valueEnd + 1
    if toleranceStart < bytes.endIndex, bytes[toleranceStart] == ClozeByte.minus { toleranceStart += 1 }
    guard let toleranceEnd = numberEnd(bytes, at: toleranceStart), toleranceEnd == bytes.endIndex else { return nil }
    return (value, String(decoding: bytes[toleranceStart..<toleranceEnd], as: UTF8.self))
  }

  /// Where `([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?` starting at `start` ends, greedily
  /// (what follows a number is `:` or the end, so no shorter match could do better).
  private static func numberEnd(_ bytes: ArraySlice<UInt8>, at start: Int) -> Int? {
    func digits(from index: Int) -> Int {
      var end = index
      while end < bytes.endIndex, ClozeByte.isDigit(bytes[end]) { end += 1 }
      return end
    }
    func isSeparator(_ index: Int) -> Bool {
      index < bytes.endIndex && (bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ","))
    }
    var end = digits(from: start)
    if end > start {
      if isSeparator(end) { end = digits(from: end + 1) }
    } else {
      guard isSeparator(start) else { return nil }
      end = digits(from: start + 1)
      guard end > start + 1 else { return nil }
    }
    if end < bytes.endIndex, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
      var exponent = end + 1
      if exponent < bytes.endIndex, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == ClozeByte.minus {
        exponent += 1
      }
      let exponentEnd = digits(from: exponent)
      if exponentEnd > exponent { end = exponentEnd }
    }
    return end
  }
}
