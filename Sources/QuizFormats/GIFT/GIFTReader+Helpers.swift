import QuizDomain

// MARK: - Reading helpers

extension GIFT.Reader {
  /// The first index `i` from `start` where `test(units[i], units[i + 1])`.
  static func find(_ units: [Unit], from start: Int, where test: (Unit, Unit) -> Bool) -> Int? {
    guard start + 1 < units.count else { return nil }
    return (start..<(units.count - 1)).first { test(units[$0], units[$0 + 1]) }
  }

  /// Where the last `####` starts.
  static func lastHashes(_ units: [Unit]) -> Int? {
    guard units.count >= 4 else { return nil }
    return (0...(units.count - 4)).reversed().first { start in
      (start..<(start + 4)).allSatisfy { units[$0].isMark("#") }
    }
  }

  /// `%n%` at the start of a choice: n as written, as a percentage, the weight n/100 (read
  /// from the decimal text, so that `33.33333` gives exactly 0.3333333) and what follows.
  static func weight(
    _ units: ArraySlice<Unit>
  ) -> (text: String, percent: Double, weight: Double, rest: ArraySlice<Unit>)? {
    guard let first = units.first, first.scalar == "%" else { return nil }
    let after = units.index(after: units.startIndex)
    guard let end = units[after...].firstIndex(where: { $0.scalar == "%" }) else { return nil }
    let text = string(units[after..<end])
    var number = text
    if number.hasSuffix(".") { number.removeLast() }
    guard isDecimal(number), let percent = Double(number), let weight = Double(number + "e-2") else { return nil }
    return (text, percent, weight, units[(end + 1)...])
  }

  /// `-?[0-9]+(.[0-9]+)?`
  static func isDecimal(_ text: String) -> Bool {
    var scalars = Array(text.unicodeScalars)[...]
    if scalars.first == "-" { scalars = scalars.dropFirst() }
    let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let integer = parts.first, !integer.isEmpty else { return false }
    if parts.count == 2 && parts[1].isEmpty { return false }
    return parts.allSatisfy { part in part.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 } }
  }

  static func trim(_ units: ArraySlice<Unit>) -> ArraySlice<Unit> {
    var slice = units
    while let first = slice.first, first.isTrimmable { slice = slice.dropFirst() }
    while let last = slice.last, last.isTrimmable { slice = slice.dropLast() }
    return slice
  }

  static func string(_ units: some Sequence<Unit>) -> String {
    // Encoded to UTF-8 bytes and made a String once: appending scalars one by one to a
    // String is several times slower, and reading a large bank is mostly this.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(units.underestimatedCount)
    for unit in units { UTF8.encode(unit.scalar) { bytes.append($0) } }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `[html]`, `[moodle]`, `[plain]`, `[markdown]` as scalars, with their formats.
  static let prefixes: [(scalars: [Unicode.Scalar], format: TextFormat)] = GIFT.prefixFormats.map {
    (Array("[\($0.rawValue)]".unicodeScalars), $0)
  }

  /// A text trimmed, its format prefix (the first only) removed and trimmed again.
  static func clean(_ units: ArraySlice<Unit>) -> (text: String, format: TextFormat?) {
    var slice = trim(units)
    guard slice.first?.scalar == "[" else { return (string(slice), nil) }
    for (prefix, format) in prefixes {
      if slice.count >= prefix.count, zip(slice, prefix).allSatisfy({ pair in pair.0.scalar == pair.1 }) {
        slice = trim(slice.dropFirst(prefix.count))
        return (string(slice), format)
      }
    }
    return (string(slice), nil)
  }

  static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
