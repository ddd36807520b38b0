/// Escaping for writing XML 1.0 as text. Writers build their documents by hand rather than
/// through xmlTextWriter: the output is then byte-stable (one layout, one escaping) and the
/// writers stay pure functions.
public enum XMLText {
  /// Whether `scalar` may appear in an XML 1.0 document at all (the `Char` production): every
  /// character but the C0 controls other than tab, LF and CR, and U+FFFE and U+FFFF. Not even a
  /// character reference can carry the others.
  public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: return true
    case 0..<0x20, 0xFFFE, 0xFFFF: return false
    default: return true
    }
  }

  /// `text` with each character XML cannot hold replaced by U+FFFD, and whether one was.
  public static func replacingDisallowed(_ text: String) -> (text: String, replaced: Bool) {
    guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return (text, false) }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { result.append(isAllowed(scalar) ? scalar : "\u{FFFD}") }
    return (String(result), true)
  }

  /// Character data: `&`, `<` and `>` as entities, and CR as `&#13;`: a parser turns a raw CR
  /// (of CR LF too) into LF.
  public static func escaped(_ text: String) -> String {
    replacing(text) { byte in
      switch byte {
      case UInt8(ascii: "&"): return "&amp;"
      case UInt8(ascii: "<"): return "&lt;"
      case UInt8(ascii: ">"): return "&gt;"
      case 0x0D: return "&#13;"
      default: return nil
      }
    }
  }

  /// Text for an HTML page, in an element or a double-quoted attribute: `& < > "` as entities.
  /// (HTML keeps tabs, newlines and CRs as they are, unlike an XML attribute.)
  public static func html(_ text: String) -> String {
    replacing(text) { byte in
      switch byte {
      case UInt8(ascii: "&"): return "&amp;"
      case UInt8(ascii: "<"): return "&lt;"
      case UInt8(ascii: ">"): return "&gt;"
      case UInt8(ascii: "\""): return "&quot;"
      default: return nil
      }
    }
  }

  /// An attribute value to put between double quotes: `escaped` plus `"`, and tab and LF as
  /// references, which a parser would otherwise turn into spaces.
  public static func attribute(_ text: String) -> String {
    replacing(text) { byte in
      switch byte {
      case UInt8(ascii: "&"): return "&amp;"
      case UInt8(ascii: "<"): return "&lt;"
      case UInt8(ascii: ">"): return "&gt;"
      case UInt8(ascii: "\""): return "&quot;"
      case 0x09: return "&#9;"
      case 0x0A: return "&#10;"
      case 0x0D: return "&#13;"
      default: return nil
      }
    }
  }

  /// `text` in CDATA sections: one, or one more after each `]]>` it holds, split between `]]`
  /// and `>` as Moodle does (`]]]]><![CDATA[>`). Not for text with a CR, which a parser reads
  /// back as LF inside CDATA: use `escaped` for that.
  public static func cdata(_ text: String) -> String {
    // On the bytes: as Characters, a `>` followed by a combining mark would hide a `]]>`.
    let utf8 = Array(text.utf8)
    var bytes = Array("<![CDATA[".utf8)
    bytes.reserveCapacity(utf8.count + 12)
    let split = Array("]]]]><![CDATA[>".utf8)
    var index = 0
    while index < utf8.count {
      if index + 2 < utf8.count, utf8[index] == UInt8(ascii: "]"), utf8[index + 1] == UInt8(ascii: "]"),
        utf8[index + 2] == UInt8(ascii: ">")
      {
        bytes.append(contentsOf: split)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    bytes.append(contentsOf: "]]>".utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` with the ASCII bytes `replacement` maps replaced; the text itself when none is.
  private static func replacing(_ text: String, _ replacement: (UInt8) -> String?) -> String {
    let utf8 = text.utf8
    guard utf8.contains(where: { replacement($0) != nil }) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + 16)
    for byte in utf8 {
      if let escape = replacement(byte) { bytes.append(contentsOf: escape.utf8) } else { bytes.append(byte) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
