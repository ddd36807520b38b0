/// What an HTML text is turned into before libxml2 reads it.
enum HTMLSource {
  /// `html` with each `<` that does not start a tag written as `&lt;`, so that it stays text.
  /// A tag is `<` or `</` and a name (a letter, then letters, digits, `-`, `_`, `:` or `.`)
  /// that ends at white space, `/` or `>`; `<!` (comments, CDATA) and `<?` are left to libxml2.
  /// libxml2 2.9 would read `a<b) { x = a >> 1; }` as a `<b>` element and lose the code;
  /// the `&lt;` decodes back to `<`, so the text round-trips (in attribute values too).
  static func escapingStrayOpeners(_ html: String) -> String {
    let bytes = Array(html.utf8)
    guard bytes.contains(UInt8(ascii: "<")) else { return html }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 16)
    for index in bytes.indices {
      if bytes[index] == UInt8(ascii: "<") && !startsMarkup(bytes, at: index) {
        result.append(contentsOf: "&lt;".utf8)
      } else {
        result.append(bytes[index])
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether the `<` at `index` opens a tag, an end tag, a comment or a processing instruction.
  private static func startsMarkup(_ bytes: [UInt8], at index: Int) -> Bool {
    var next = index + 1
    guard next < bytes.count else { return false }
    if bytes[next] == UInt8(ascii: "!") || bytes[next] == UInt8(ascii: "?") { return true }
    if bytes[next] == UInt8(ascii: "/") { next += 1 }
    guard next < bytes.count, isLetter(bytes[next]) else { return false }
    while next < bytes.count, isNameByte(bytes[next]) { next += 1 }
    guard next < bytes.count else { return false }
    return isSpace(bytes[next]) || bytes[next] == UInt8(ascii: "/") || bytes[next] == UInt8(ascii: ">")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-_:.".utf8.contains(byte)
  }

  /// HTML's white space: space, tab, LF, FF, CR.
  private static func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(byte) }
}
