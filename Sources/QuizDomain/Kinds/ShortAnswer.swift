/// A short-answer question (Moodle's `qtype_shortanswer`): the typed response is compared with
/// each answer in turn, and the first that matches gives its fraction of the points.
public struct ShortAnswer: Equatable, Sendable {
  public var answers: [TextAnswer]
  /// Nil: absent in the document (false).
  public var caseSensitive: Bool?

  public init(answers: [TextAnswer], caseSensitive: Bool? = nil) {
    self.answers = answers
    self.caseSensitive = caseSensitive
  }

  public var isCaseSensitive: Bool { caseSensitive ?? false }
}

/// One accepted (or anticipated) text of a short-answer question.
public struct TextAnswer: Equatable, Sendable {
  public var text: String
  /// Nil: absent in the document (1).
  public var fraction: Double?
  public var feedback: String?

  public init(text: String, fraction: Double? = nil, feedback: String? = nil) {
    self.text = text
    self.fraction = fraction
    self.feedback = feedback
  }

  public var effectiveFraction: Double { fraction ?? 1 }
}

// Grading as Moodle's qtype_shortanswer grades (question.php, compare_string_with_wildcard): the
// response is trimmed, both it and each answer are put in Unicode NFC, and the answers are tried
// in their order; the first whose pattern matches the whole response wins.
extension ShortAnswer {
  /// The index of the first answer whose pattern matches the whole response, nil when none does
  /// or the response is empty after trimming (Moodle grades no empty response; "0" is one).
  public func matchingAnswer(for response: String) -> Int? {
    let trimmed = Self.trimmed(response)
    guard !trimmed.isEmpty else { return nil }
    let subject = Array(Self.trimmed(trimmed.nfc).unicodeScalars)
    let ignoringCase = !isCaseSensitive
    let keys = ignoringCase ? subject.map(Self.caseKey) : subject
    return answers.firstIndex { answer in
      let pattern = Self.pattern(answer.text.nfc)
      return Self.matches(pattern, subject: keys, ignoringCase: ignoringCase)
    }
  }

  /// The matching answer's fraction, 0 when no answer matches.
  public func fraction(for response: String) -> Double {
    matchingAnswer(for: response).map { answers[$0].effectiveFraction } ?? 0
  }

  /// Moodle's `get_random_guess_score`: the fraction of the first answer that is `*` (which
  /// matches anything), else 0. Moodle trims the stored text before comparing because it trims
  /// answers when saving them; answers here are kept as written, so the text must be exactly `*`.
  public var randomGuessFraction: Double {
    answers.first { $0.text == "*" }?.effectiveFraction ?? 0
  }

  /// The text without what PHP's `trim()` removes at either end: space, tab, line feed, carriage
  /// return, NUL and vertical tab, and nothing else (a no-break space stays). Moodle trims the
  /// response so (`PARAM_RAW_TRIMMED`, then `trim()` again before matching).
  public static func trimmed(_ text: String) -> String {
    // Most responses have nothing to trim: no new string for them.
    if let first = text.utf8.first, let last = text.utf8.last, !isPHPTrimmed(byte: first), !isPHPTrimmed(byte: last) {
      return text
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isPHPTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isPHPTrimmed($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  static func isPHPTrimmed(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && isPHPTrimmed(byte: UInt8(scalar.value))
  }

  static func isPHPTrimmed(byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D, 0x00, 0x0B: true
    default: false
    }
  }

  /// One piece of an answer's pattern.
  enum PatternToken: Equatable {
    /// One character, compared with one of the response.
    case literal(Unicode.Scalar)
    /// `*`: any run of characters, also none, but no line feed (Moodle's pattern becomes a PCRE
    /// regex without the `s` flag, where `.` does not match a newline).
    case wildcard
  }

  /// An answer's text as Moodle reads it: a run of unescaped asterisks is one wildcard; `\*` is a
  /// literal asterisk (the backslash before it is dropped); every other character, a backslash
  /// included, stands for itself.
  static func pattern(_ text: String) -> [PatternToken] {
    let scalars = Array(text.unicodeScalars)
    var tokens: [PatternToken] = []
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "*" {
        tokens.append(.literal("*"))
        index += 2
        continue
      }
      if scalar == "*" {
        if tokens.last != .wildcard { tokens.append(.wildcard) }
      } else {
        tokens.append(.literal(scalar))
      }
      index += 1
    }
    return tokens
  }

  /// Whether the pattern matches the whole subject (already turned into case keys when case is
  /// ignored). One pass per token over the positions the pattern so far can reach, so a pattern
  /// of many wildcards costs no backtracking.
  static func matches(_ pattern: [PatternToken], subject: [Unicode.Scalar], ignoringCase: Bool) -> Bool {
    // Most answers have no wildcard: they match a subject of their length, character by character.
    if !pattern.contains(.wildcard) {
      guard pattern.count == subject.count else { return false }
      for (token, character) in zip(pattern, subject) {
        guard case .literal(let scalar) = token, (ignoringCase ? caseKey(scalar) : scalar) == character else {
          return false
        }
      }
      return true
    }
    var reachable = [Bool](repeating: false, count: subject.count + 1)
    reachable[0] = true
    for token in pattern {
      var next = [Bool](repeating: false, count: subject.count + 1)
      switch token {
      case .literal(let scalar):
        let key = ignoringCase ? caseKey(scalar) : scalar
        for index in subject.indices where reachable[index] && subject[index] == key {
          next[index + 1] = true
        }
      case .wildcard:
        for index in 0...subject.count {
          next[index] = reachable[index] || (index > 0 && next[index - 1] && subject[index - 1] != "\n")
        }
      }
      guard next.contains(true) else { return false }
      reachable = next
    }
    return reachable[subject.count]
  }

  /// The character that stands for `scalar`'s case class: two characters match caselessly when
  /// their keys are equal. PCRE (PHP's `preg_match` with the `iu` flags) matches caselessly one
  /// character against one, by Unicode simple case folding (CaseFolding.txt, statuses C and S):
  /// `Σ`, `σ` and `ς` match, as do `K`, `k` and the Kelvin sign, or `S`, `s` and `ſ`, but `ß` never
  /// matches `ss`. The simple fold is the lowercase of the uppercase, each taken only when it is
  /// one character, except for the Turkic dotless ı and dotted İ, which fold to themselves.
  static func caseKey(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    // ASCII folds as ASCII: A–Z to a–z (K and S fold to k and s, as the Kelvin sign and ſ do).
    if scalar.isASCII {
      let value = scalar.value
      return (65...90).contains(value) ? Unicode.Scalar(UInt8(value + 32)) : scalar
    }
    if scalar.value == 0x130 || scalar.value == 0x131 { return scalar }
    let upper = single(scalar.properties.uppercaseMapping) ?? scalar
    return single(upper.properties.lowercaseMapping) ?? single(scalar.properties.lowercaseMapping) ?? scalar
  }

  private static func single(_ text: String) -> Unicode.Scalar? {
    let scalars = text.unicodeScalars
    guard let first = scalars.first, scalars.count == 1 else { return nil }
    return first
  }
}

extension String {
  /// The text in Unicode NFC, as PHP's `Normalizer::normalize` gives it. From the standard
  /// library's own normaliser (the one `==` uses), so the domain needs no Foundation.
  public var nfc: String {
    // ASCII is in NFC already.
    if utf8.allSatisfy({ $0 < 0x80 }) { return self }
    return String(decoding: _nfcCodeUnits, as: UTF8.self)
  }
}
