/// Finds the gaps of a text as Moodle's `ANSWER_REGEX` finds them, in order:
/// `\{([0-9]*):(TYPE):(ALT(~ALT)*)\}` with `ALT = (=|%n%)?(A)(#(FB))?`, where the answer `A` is
/// `.+?` ending before `~`, `#` or `}` not preceded by `\`, `&` or `&amp;`, and the feedback `FB`
/// is `.*?` ending before `~` or `}` not preceded by `\`.
///
/// PCRE tries that pattern by backtracking, which can take exponential time on a long run of
/// `~` without a closing brace (PHP then gives up). The same first match is found here in linear
/// time: whether the rest of the pattern can match from a position does not depend on where the
/// gap started, so it is computed once per position, from the end of the text backwards, and the
/// match is then walked forwards taking at each step the first choice PCRE would try that can
/// succeed. Bytes, not characters, as PHP's PCRE without the `u` flag: every delimiter is ASCII,
/// so a boundary never falls inside a UTF-8 sequence.
struct ClozeGapScanner {
  /// One gap: the bytes `start..<end` of the text, the `{N:TYPE:` part ending at `bodyStart`,
  /// the alternatives at `bodyStart..<end - 1`.
  struct Gap: Equatable {
    var start: Int
    var points: Range<Int>
    var type: ClozeGapType
    var bodyStart: Int
    var end: Int
  }

  private let bytes: [UInt8]
  /// Whether `(~ALT)*\}` matches at the position.
  private var rest: [Bool]
  /// Whether, with an answer ending at the position, `(#FB)?(~ALT)*\}` matches there.
  private var afterAnswer: [Bool]
  /// The first position at or after the index where a feedback may end and the rest matches.
  private var feedbackEnd: [Int]
  /// The first position at or after the index where an answer may end and what follows matches.
  private var answerEnd: [Int]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    let count = bytes.count
    rest = Array(repeating: false, count: count + 2)
    afterAnswer = Array(repeating: false, count: count + 2)
    feedbackEnd = Array(repeating: -1, count: count + 2)
    answerEnd = Array(repeating: -1, count: count + 2)
    // Each entry depends only on entries at later positions (or, for the feedback and answer
    // ends, on `rest` and `afterAnswer` at the same one, computed first).
    for position in stride(from: count - 1, through: 0, by: -1) {
      rest[position] = restMatches(at: position)
      afterAnswer[position] =
        bytes[position] == ClozeByte.hash ? feedbackEnd[position + 1] >= 0 : rest[position]
      feedbackEnd[position] =
        isFeedbackEnd(position) && rest[position] ? position : feedbackEnd[position + 1]
      answerEnd[position] =
        isAnswerEnd(position) && afterAnswer[position] ? position : answerEnd[position + 1]
    }
  }

  /// The gaps in order; each search starts where the previous gap ended, as Moodle's loop finds
  /// the next gap after replacing the previous one by its `{#n}`.
  func gaps() -> [Gap] {
    var found: [Gap] = []
    var position = 0
    while let gap = firstGap(from: position) {
      found.append(gap)
      position = gap.end
    }
    return found
  }

  private func firstGap(from start: Int) -> Gap? {
    var position = start
    while position < bytes.count {
      if bytes[position] == ClozeByte.openBrace, let gap = gap(at: position) { return gap }
      position += 1
    }
    return nil
  }

  /// The gap starting at the `{` at `start`, nil when none does.
  private func gap(at start: Int) -> Gap? {
    var index = start + 1
    while index < bytes.count, ClozeByte.isDigit(bytes[index]) { index += 1 }
    let points = (start + 1)..<index
    guard index < bytes.count, bytes[index] == ClozeByte.colon else { return nil }
    let typeStart = index + 1
    var typeEnd = typeStart
    while typeEnd < bytes.count, typeEnd - typeStart <= ClozeGapType.longestName, bytes[typeEnd] != ClozeByte.colon {
      typeEnd += 1
    }
    guard typeEnd < bytes.count, bytes[typeEnd] == ClozeByte.colon,
      let type = ClozeGapType(name: bytes[typeStart..<typeEnd])
    else { return nil }
    let bodyStart = typeEnd + 1
    guard let end = matchEnd(body: bodyStart) else { return nil }
    return Gap(start: start, points: points, type: type, bodyStart: bodyStart, end: end)
  }

  /// Where the gap whose alternatives start at `body` ends (after its `}`), walking the first
  /// successful path: each alternative's marker if it can be taken, its shortest answer, its
  /// feedback, then `~` and the next alternative or the closing `}`.
  private func matchEnd(body: Int) -> Int? {
    var alternative = body
    while let answer = firstAnswerEnd(alternative: alternative) {
      var position = answer
      if bytes[answer] == ClozeByte.hash { position = feedbackEnd[answer + 1] }
      guard position >= 0 else { return nil }
      if bytes[position] == ClozeByte.closeBrace { return position + 1 }
      alternative = position + 1
    }
    return nil
  }

  /// Where the answer of an alternative starting at `start` ends on the first successful path:
  /// with its marker taken when it has one and that can succeed, else read as part of the answer.
  private func firstAnswerEnd(alternative start: Int) -> Int? {
    if let markerEnd = ClozeMarker.end(in: bytes, at: start, limit: bytes.count), answerEnd[markerEnd + 1] >= 0 {
      return answerEnd[markerEnd + 1]
    }
    guard start + 1 < answerEnd.count, answerEnd[start + 1] >= 0 else { return nil }
    return answerEnd[start + 1]
  }

  private func restMatches(at position: Int) -> Bool {
    switch bytes[position] {
    case ClozeByte.closeBrace: true
    case ClozeByte.tilde: firstAnswerEnd(alternative: position + 1) != nil
    default: false
    }
  }

  /// An answer may end before `~`, `#` or `}` not preceded by `\`, `&` or `&amp;` (at the end of
  /// the text it may too, but no `}` follows, so that never makes a gap).
  private func isAnswerEnd(_ position: Int) -> Bool {
    guard position >= 1, ClozeByte.endsAnswer(bytes[position]) else { return false }
    return !ClozeByte.blocksAnswerEnd(bytes, before: position, from: 0)
  }

  private func isFeedbackEnd(_ position: Int) -> Bool {
    guard position >= 1, bytes[position] == ClozeByte.tilde || bytes[position] == ClozeByte.closeBrace else {
      return false
    }
    return bytes[position - 1] != ClozeByte.backslash
  }
}

/// The bytes the syntax gives a meaning.
enum ClozeByte {
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let tilde = UInt8(ascii: "~")
  static let hash = UInt8(ascii: "#")
  static let backslash = UInt8(ascii: "\\")
  static let ampersand = UInt8(ascii: "&")
  static let colon = UInt8(ascii: ":")
  static let equals = UInt8(ascii: "=")
  static let percent = UInt8(ascii: "%")
  static let minus = UInt8(ascii: "-")
  static let newline = UInt8(ascii: "\n")
  static let escapedAmpersand = Array("&amp;".utf8)

  static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  static func endsAnswer(_ byte: UInt8) -> Bool { byte == tilde || byte == hash || byte == closeBrace }

  /// Moodle's `(?<!\\|&|&amp;)`: whether the bytes before `position` (none before `floor`, where
  /// the subject starts) end with a backslash, an ampersand or `&amp;`.
  static func blocksAnswerEnd(_ bytes: [UInt8], before position: Int, from floor: Int) -> Bool {
    guard position > floor else { return false }
    let last = bytes[position - 1]
    if last == backslash || last == ampersand { return true }
    let count = escapedAmpersand.count
    return position - count >= floor && Array(bytes[(position - count)..<position]) == escapedAmpersand
  }
}

/// An alternative's fraction mark, `=` or `%n%` with n `-?[0-9]+([.,][0-9]*)?`.
enum ClozeMarker {
  /// Where the mark starting at `start` ends, nil when none starts there.
  static func end(in bytes: [UInt8], at start: Int, limit: Int) -> Int? {
    guard start < limit else { return nil }
    if bytes[start] == ClozeByte.equals { return start + 1 }
    guard bytes[start] == ClozeByte.percent else { return nil }
    var index = start + 1
    if index < limit, bytes[index] == ClozeByte.minus { index += 1 }
    let digits = index
    while index < limit, ClozeByte.isDigit(bytes[index]) { index += 1 }
    guard index > digits else { return nil }
    if index < limit, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
      index += 1
      while index < limit, ClozeByte.isDigit(bytes[index]) { index += 1 }
    }
    guard index < limit, bytes[index] == ClozeByte.percent else { return nil }
    return index + 1
  }
}
