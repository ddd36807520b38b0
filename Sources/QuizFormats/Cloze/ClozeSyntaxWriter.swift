import QuizDomain

/// Writes a cloze question back in Moodle's syntax, one canonical spelling per part: the long
/// type name, `{N:` always, `=` for a correct alternative without a fraction or weight, `%n%`
/// for one with, nothing for the others, `#feedback` when there is some.
struct ClozeSyntaxWriter {
  var cloze: Cloze

  /// The prompt with its markers replaced by the gaps: the first `{#1}`, then the first `{#2}`
  /// after it, and so on, so that the gaps are read back in the parts' order; every other `{#n}`
  /// stays text (a prompt read from Moodle's syntax has its own `{#n}` text only there).
  func text(prompt: String) -> String {
    let bytes = Array(prompt.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 32 * cloze.parts.count)
    var next = 1
    var index = 0
    while index < bytes.count {
      if next <= cloze.parts.count, bytes[index] == ClozeByte.openBrace,
        let (number, end) = Self.marker(bytes, at: index),
        number == next
      {
        result += Array(gap(cloze.parts[number - 1]).utf8)
        next += 1
        index = end
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The part number of a `{#n}` at `start` (n written without leading zeros, from 1, as Moodle
  /// matches a gap's number) and where it ends.
  static func marker(_ bytes: [UInt8], at start: Int) -> (Int, Int)? {
    guard start + 3 < bytes.count, bytes[start + 1] == ClozeByte.hash else { return nil }
    var index = start + 2
    var number = 0
    while index < bytes.count, ClozeByte.isDigit(bytes[index]), number < 1_000_000 {
      number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
      index += 1
    }
    guard index < bytes.count, bytes[index] == ClozeByte.closeBrace, number >= 1,
      bytes[start + 2] != UInt8(ascii: "0")
    else { return nil }
    return (number, index + 1)
  }

  /// A gap whose last alternative ends with a line feed gets a blank alternative after it:
  /// Moodle's `$` would otherwise end that alternative before its line feed, and a blank
  /// alternative is dropped when read.
  func gap(_ part: ClozePart) -> String {
    var alternatives = alternatives(part.body)
    if alternatives.last?.utf8.last == ClozeByte.newline { alternatives.append(" ") }
    return "{\(Self.points(part.points)):\(ClozeGapType(part: part.body).name):\(alternatives.joined(separator: "~"))}"
  }

  private func alternatives(_ body: ClozePartBody) -> [String] {
    switch body {
    case .shortAnswer(let shortAnswer):
      shortAnswer.answers.map { answer in
        let text = Self.escaped(answer.text, trimmedOnRead: true)
        return Self.mark(fraction: answer.fraction, before: text) + text + Self.feedback(answer.feedback)
      }
    case .numerical(let numerical):
      numerical.answers.map { answer in
        let tolerance = answer.tolerance.map { ":" + Self.number(abs($0)) } ?? ""
        let value = answer.value.map(Self.number).map { $0 + tolerance } ?? "*"
        return Self.mark(fraction: answer.fraction, before: value) + value + Self.feedback(answer.feedback)
      }
    case .choice(let choice):
      choice.choices.map { choice in
        let mark =
          choice.weight.map { "%" + Self.percent($0) + "%" }
          ?? (choice.correct ? "=" : Self.noMark(before: choice.text))
        return mark + Self.escaped(choice.text) + Self.feedback(choice.feedback)
      }
        // Blank alternatives, as Moodle's syntax has them: a mark and a space.
        + (choice.isMultiple ? choice.blankMarks ?? [] : []).map { mark in
          switch mark {
          case .correct: "= "
          case .weight(let weight): "%" + Self.percent(weight) + "% "
          }
        }
    }
  }

  /// `=` for no fraction (100 %), `%n%` for a fraction other than 0, and for 0 no mark.
  private static func mark(fraction: Double?, before text: String) -> String {
    guard let fraction else { return "=" }
    return fraction == 0 ? noMark(before: text) : "%" + percent(fraction) + "%"
  }

  /// No mark, unless the text would then read as one (it starts with `=` or `%n%`) or lose its
  /// first `~` (taken as the separator when it starts the gap): then `%0%`, which Moodle reads
  /// as no mark (PHP takes the string "0" as false).
  private static func noMark(before text: String) -> String {
    let bytes = Array(text.utf8)
    let looksMarked = ClozeMarker.end(in: bytes, at: 0, limit: bytes.count) != nil || bytes.first == ClozeByte.tilde
    return looksMarked ? "%0%" : ""
  }

  private static func feedback(_ feedback: String?) -> String {
    guard let feedback, !feedback.isEmpty else { return "" }
    return "#" + escaped(feedback, feedback: true)
  }

  /// An answer or a feedback as Moodle reads it back (`ClozePartReader.text`, which decodes
  /// HTML entities before it unescapes): every `&` as `&amp;` (no `&#…;`: Moodle 5 ends an
  /// answer at any `#` not after `\\`); then the two escapes Moodle undoes, where they are
  /// needed: every `}`; in an answer every `#` (it would start the feedback); in a feedback only
  /// a `#` after a backslash (which Moodle's unescaping would otherwise take). An answer cannot
  /// end after `\\`, `&` or `&amp;` (older Moodle's look-behind): a short answer, which Moodle
  /// and quiz trim, then ends with a space. What the syntax cannot hold (a `~`, a choice or a
  /// feedback ending with `\\`) `ClozeSyntax.partsNotCarried` finds.
  static func escaped(_ text: String, feedback: Bool = false, trimmedOnRead: Bool = false) -> String {
    let special: Set<UInt8> = [ClozeByte.closeBrace, ClozeByte.hash, ClozeByte.ampersand]
    let bytes = Array(text.utf8)
    let needsSpace = trimmedOnRead && (bytes.last == ClozeByte.ampersand || bytes.last == ClozeByte.backslash)
    guard bytes.contains(where: { special.contains($0) }) || needsSpace else { return text }
    var result: [UInt8] = []
    var previous: UInt8?
    for byte in bytes {
      switch byte {
      case ClozeByte.ampersand: result += Array("&amp;".utf8)
      case ClozeByte.closeBrace: result += [ClozeByte.backslash, byte]
      case ClozeByte.hash where !feedback || previous == ClozeByte.backslash: result += [ClozeByte.backslash, byte]
      default: result.append(byte)
      }
      previous = byte
    }
    if needsSpace { result.append(UInt8(ascii: " ")) }
    return String(decoding: result, as: UTF8.self)
  }
}

// MARK: - Numbers

extension ClozeSyntaxWriter {
  /// A gap's `N`, a whole number of points at least 0 (the syntax has no other).
  static func points(_ points: Double) -> String {
    guard points.isFinite else { return "1" }
    return ClozeNumberText.plain(max(points.rounded(), 0))
  }

  /// A value or tolerance as Moodle's `NUMBER` reads it and reads back the same: a whole number
  /// as such, else the shortest text Swift gives (`3.14`, `-2.5`, `1e-05`).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    return value == value.rounded() && abs(value) < 1e15 ? ClozeNumberText.plain(value) : "\(value)"
  }

  /// The n of `%n%` for a fraction or weight: a decimal without exponent (Moodle's
  /// `-?[0-9]+([.,][0-9]*)?`) whose hundredth is that fraction again, never the bare "0".
  static func percent(_ fraction: Double) -> String {
    let scaled = fraction * 100
    var candidates = [scaled, scaled.nextUp, scaled.nextDown]
    if abs(scaled - scaled.rounded()) < 1e-9 * max(1, abs(scaled)) { candidates.insert(scaled.rounded(), at: 0) }
    let text =
      candidates.lazy.map(ClozeNumberText.plain).first { Double($0).map { $0 / 100 } == fraction }
      ?? ClozeNumberText.plain(scaled)
    return text == "0" ? "0.0" : text
  }
}

/// Decimal texts without an exponent.
enum ClozeNumberText {
  static func plain(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    let written = "\(value)"
    guard let exponentMark = written.firstIndex(where: { $0 == "e" || $0 == "E" }),
      let exponent = Int(written[written.index(after: exponentMark)...])
    else { return written }
    var mantissa = String(written[..<exponentMark])
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa.removeFirst() }
    let point =
      mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count
    var digits = mantissa.filter { $0 != "." }
    var position = point + exponent
    if position <= 0 {
      digits = String(repeating: "0", count: 1 - position) + digits
      position = 1
    }
    if position >= digits.count { digits += String(repeating: "0", count: position - digits.count) }
    var whole = String(digits.prefix(position))
    let fraction = String(digits.dropFirst(position)).reversed().drop { $0 == "0" }.reversed()
    if !fraction.isEmpty { whole += "." + String(fraction) }
    return (negative ? "-" : "") + whole
  }
}
