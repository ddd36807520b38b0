import QuizDomain

/// A taker's name as typed at sign-in, checked: trimmed of white space, not empty, not long,
/// and nothing in it that would hide or disguise it where the teacher reads it (the monitor,
/// `quiz history`): no control characters, no line or paragraph separators, and no invisible
/// format characters (bidirectional overrides, zero-width spaces, byte-order marks) but the
/// zero-width joiner and non-joiner that emoji and some scripts need; and at least one character
/// that shows (a name of joiners or lone accents alone is blank on the monitor).
///
/// The name is kept in Unicode NFC: "José" typed with a combining accent is the same taker as
/// "José" typed with "é", and one person gets one attempt (the database compares bytes).
enum TakerName {
  static let maxLength = 100
  /// A bound in bytes too: combining marks stack any number of scalars on one character.
  static let maxBytes = 400

  static func checked(_ name: String) throws -> String {
    // In NFC before it is measured: NFC may make a name longer in bytes.
    let trimmed = String(name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()).nfc
    guard !trimmed.isEmpty else { throw RouteError.badRequest("$.taker: give a name") }
    guard trimmed.count <= maxLength, trimmed.utf8.count <= maxBytes else {
      throw RouteError.badRequest("$.taker: a name is at most \(maxLength) characters (\(maxBytes) bytes of UTF-8)")
    }
    guard trimmed.unicodeScalars.contains(where: isSeen) else {
      throw RouteError.badRequest("$.taker: a name needs a letter, digit or sign that shows")
    }
    if let refused = trimmed.unicodeScalars.first(where: isRefused) {
      let code = String(refused.value, radix: 16, uppercase: true)
      let what = refused.properties.generalCategory == .control ? "control" : "invisible or direction"
      throw RouteError.badRequest(
        "$.taker: a name holds no \(what) characters (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
      )
    }
    return trimmed
  }

  /// A character that shows by itself: not a mark (which sits on another), not a format
  /// character, not white space, not one of the letters and symbols that draw nothing (Hangul
  /// fillers, the blank Braille pattern). One this runtime's Unicode tables do not know (a
  /// newer script) is taken to show.
  private static func isSeen(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.isDefaultIgnorableCodePoint || scalar == "\u{2800}" { return false }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .spaceSeparator, .lineSeparator,
      .paragraphSeparator:
      return false
    default: return true
    }
  }

  private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    // Joiners, and the tags of subdivision flags (🏴 + tags), are part of what is seen.
    case .format: return !(scalar == "\u{200C}" || scalar == "\u{200D}" || (0xE0020...0xE007F).contains(scalar.value))
    default: return false
    }
  }
}
