/// What a `.txt` file's first bytes say of its format. Read as bytes: in a Swift `String`
/// `"\r\n"` is one Character, so splitting text on `"\n"` would not split a CR LF file.
enum ContentSigns {
  private static let newline = UInt8(ascii: "\n")

  /// Whether the bytes hold `needle`.
  static func contains(_ needle: String, in bytes: ArraySlice<UInt8>) -> Bool {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first, bytes.count >= pattern.count else { return false }
    var index = bytes.startIndex
    while let found = bytes[index...].firstIndex(of: first) {
      if bytes[found...].starts(with: pattern) { return true }
      index = found + 1
    }
    return false
  }

  /// Whether a line (split on LF bytes; a CR before it belongs to the line's end) starts with
  /// `prefix`, after any spaces or tabs.
  static func hasLine(startingWith prefix: String, in bytes: ArraySlice<UInt8>) -> Bool {
    let pattern = Array(prefix.utf8)
    return bytes.split(separator: newline, omittingEmptySubsequences: true).contains { line in
      line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.starts(with: pattern)
    }
  }

  /// Whether the bytes open a JSON object: `{`, then `"` or `}` (after white space, and a BOM).
  /// GIFT's braces follow a question's text, so a file whose first sign is `{"` is JSON.
  static func isJSONObject(_ bytes: ArraySlice<UInt8>) -> Bool {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let body = bytes.starts(with: bom) ? bytes.dropFirst(3) : bytes
    let signs = body.lazy.filter { !isWhiteSpace($0) }.prefix(2)
    return Array(signs) == Array("{\"".utf8) || Array(signs) == Array("{}".utf8)
  }

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
