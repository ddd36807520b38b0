import QuizDomain

/// Moodle's embedded-answers syntax (`{N:TYPE:alternatives}`), read as Moodle's
/// `qtype_multianswer_extract_question` reads it and written back from a cloze question's parts.
///
/// Reading: each gap Moodle's `ANSWER_REGEX` finds, in order, becomes a part and is replaced in
/// the prompt by `{#1}`, `{#2}`, …; everything else (stray braces, an unknown or lower-case type,
/// a gap that never closes) stays text, as Moodle leaves it. Alternatives are kept as written: `=`
/// as correct (no fraction, no weight), `%n%` as fraction or weight n/100, no mark as fraction 0
/// (a choice neither correct nor weighted); answers and feedback are unescaped of `\}` and `\#`
/// only; blank alternatives are dropped, as Moodle drops them when saving.
///
/// Writing: the prompt's first `{#1}`, then the first `{#2}` after it, and so on, become the
/// parts' gaps, with Moodle's long type names, `{N:` always written, `}` and `#` escaped where
/// needed, and `%0%` (no mark to PHP) before an unmarked text that would read as a mark; reading
/// it back gives the same prompt and parts. The prompt's other `{#n}` stay text: Moodle shows a
/// `{#n}` written in the text as gap n once more, and one naming no gap as written. The syntax
/// cannot hold all a model may: points are whole numbers, a numerical gap has no units, choice ids
/// are a, b, c…, a weight is kept as n/100, and an answer holding an unescaped `~`, or ending with
/// `\` or `&`, does not read back as one answer.
public enum ClozeSyntax {
  /// The prompt of the question Moodle's syntax `text` makes, each gap replaced by `{#1}`,
  /// `{#2}`, …, and its parts in gap order.
  public static func parse(_ text: String) throws(ClozeSyntaxError) -> (prompt: String, cloze: Cloze) {
    let bytes = Array(text.utf8)
    // Most question texts hold no brace at all: no need to scan them.
    let gaps = bytes.contains(ClozeByte.openBrace) ? ClozeGapScanner(bytes).gaps() : []
    guard !gaps.isEmpty else {
      throw ClozeSyntaxError(
        line: 1, message: "holds no gap: a cloze text needs at least one {N:TYPE:answers}, e.g. {1:SHORTANSWER:=Paris}")
    }
    var prompt: [UInt8] = []
    prompt.reserveCapacity(bytes.count)
    var parts: [ClozePart] = []
    var copied = 0
    var line = 1
    for (index, gap) in gaps.enumerated() {
      line += bytes[copied..<gap.start].count { $0 == ClozeByte.newline }
      prompt += bytes[copied..<gap.start]
      prompt += Array("{#\(index + 1)}".utf8)
      copied = gap.end
      let reader = ClozePartReader(gapNumber: index + 1, type: gap.type, line: line)
      let alternatives = ClozeAlternativeReader(Array(bytes[gap.bodyStart..<(gap.end - 1)])).alternatives()
      let points = points(bytes[gap.points])
      // Moodle keeps a mark in a NUMBER(12,7) column: at most 99999.9999999, so a whole 99999.
      guard points <= 99_999 else { throw reader.failure("is worth more than 99999 points, the most Moodle keeps") }
      parts.append(try reader.part(points: points, alternatives: alternatives))
      line += bytes[gap.start..<gap.end].count { $0 == ClozeByte.newline }
    }
    prompt += bytes[copied...]
    return (String(decoding: prompt, as: UTF8.self), Cloze(parts: parts))
  }

  /// Moodle's syntax for `prompt` (holding `{#n}`) with the gaps of `cloze` in place.
  public static func text(prompt: String, cloze: Cloze) -> String {
    ClozeSyntaxWriter(cloze: cloze).text(prompt: prompt)
  }

  /// A gap's `N`: its points, 1 when not written.
  private static func points(_ digits: ArraySlice<UInt8>) -> Double {
    digits.isEmpty ? 1 : Double(String(decoding: digits, as: UTF8.self)) ?? 1
  }
}

/// What is wrong with a text in Moodle's embedded-answers syntax, at its line (1-based, within
/// the text).
public struct ClozeSyntaxError: Error, Equatable, Sendable {
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}
