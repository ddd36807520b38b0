/// Where each start tag of a document begins, in document order: the line and column of its
/// `<`, for messages about an element ("skipped essay question" at the `<question` line).
///
/// libxml2 cannot say. Its reader parses ahead in chunks, so the parser's line is past the node
/// handed out; and the line it keeps in an element is that of the start tag's closing `>` (a
/// `<question` whose attributes are on the next line is reported there), capped at 65535. So the
/// reader scans the same bytes alongside libxml2: in well-formed XML a `<` is markup everywhere
/// except inside comments, CDATA sections, processing instructions and the DOCTYPE, which the
/// scan skips, and every other `<` not followed by `/` starts an element, in the order libxml2
/// reports elements (entity references, which could hold elements, are refused by the reader).
/// Lines count LF bytes and columns characters, as libxml2 does. This needs an encoding where
/// `<` and LF are single ASCII bytes (UTF-8, Latin-1…): a UTF-16 or UTF-32 document disables it.
struct StartTagLocator {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var line = 1
  /// Where the current line starts.
  private var lineStart = 0
  /// A column already counted on the current line: the character at `countedOffset` is at
  /// `countedColumn`. Counting on from there keeps a one-line document linear.
  private var countedOffset = 0
  private var countedColumn = 1
  /// False for a document in a wide encoding: `next()` then always gives nil.
  let isUsable: Bool

  /// How far the scan has gone: the bytes before it are not read again.
  var offset: Int { index }

  /// `bytes` must stay valid as long as the locator is used.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    isUsable = !Self.isWide(bytes)
    // A UTF-8 byte order mark is no character of the first line.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      index = 3
      lineStart = 3
      countedOffset = 3
    }
  }

  /// The position of the next start tag, nil when there is none (or the scan is unusable).
  mutating func next() -> (line: Int, column: Int)? {
    guard isUsable else { return nil }
    while index < bytes.count {
      guard bytes[index] == Self.lessThan else {
        advance()
        continue
      }
      let opening = index
      // NUL, which XML never holds, for a `<` at the very end.
      switch byte(at: opening + 1) ?? 0 {
      case UInt8(ascii: "/"):
        skip(past: [Self.greaterThan], from: opening + 2)
      case UInt8(ascii: "?"):
        skip(past: Self.piEnd, from: opening + 2)
      case UInt8(ascii: "!"):
        if matches(Self.commentStart, at: opening) {
          skip(past: Self.commentEnd, from: opening + Self.commentStart.count)
        } else if matches(Self.cdataStart, at: opening) {
          skip(past: Self.cdataEnd, from: opening + Self.cdataStart.count)
        } else if matches(Self.doctypeStart, at: opening) {
          skipDoctype()
        } else {
          skip(past: [Self.greaterThan], from: opening + 2)
        }
      default:
        let position = (line: line, column: column(of: opening))
        skipStartTag()
        return position
      }
    }
    return nil
  }

  // MARK: - Scanning

  private static let lessThan = UInt8(ascii: "<")
  private static let greaterThan = UInt8(ascii: ">")
  private static let newline = UInt8(ascii: "\n")
  private static let piEnd = Array("?>".utf8)
  private static let commentStart = Array("<!--".utf8)
  private static let commentEnd = Array("-->".utf8)
  private static let cdataStart = Array("<![CDATA[".utf8)
  private static let cdataEnd = Array("]]>".utf8)
  private static let doctypeStart = Array("<!DOCTYPE".utf8)

  private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
    guard offset + pattern.count <= bytes.count else { return false }
    for (position, byte) in pattern.enumerated() where bytes[offset + position] != byte { return false }
    return true
  }

  /// One byte on, counting lines.
  private mutating func advance() {
    if bytes[index] == Self.newline {
      line += 1
      lineStart = index + 1
    }
    index += 1
  }

  /// On to `offset` (or the end), counting lines.
  private mutating func advance(to offset: Int) {
    let end = min(offset, bytes.count)
    while index < end { advance() }
  }

  /// On past the first `pattern` from `start` (a pattern holds no LF), or to the end.
  private mutating func skip(past pattern: [UInt8], from start: Int) {
    advance(to: start)
    while index < bytes.count {
      if bytes[index] == pattern[0], matches(pattern, at: index) {
        index += pattern.count
        return
      }
      advance()
    }
  }

  /// On past a start tag's `>`: one inside a quoted attribute value does not end it.
  private mutating func skipStartTag() {
    advance()  // the `<`
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let opening = quote {
        if byte == opening { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == Self.greaterThan {
        advance()
        return
      }
      advance()
    }
  }

  /// On past `<!DOCTYPE …>`: its internal subset (`[…]`) holds declarations, quoted values,
  /// comments and processing instructions, any of which may hold `<` or `>`.
  private mutating func skipDoctype() {
    advance(to: index + Self.doctypeStart.count)
    var quote: UInt8?
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if let opening = quote {
        if byte == opening { quote = nil }
      } else if matches(Self.commentStart, at: index) {
        skip(past: Self.commentEnd, from: index + Self.commentStart.count)
        continue
      } else if byte == Self.lessThan && self.byte(at: index + 1) == UInt8(ascii: "?") {
        skip(past: Self.piEnd, from: index + 2)
        continue
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "]") {
        depth -= 1
      } else if byte == Self.greaterThan && depth <= 0 {
        advance()
        return
      }
      advance()
    }
  }

  /// The column of the character at `offset` on the current line: 1 + the characters (UTF-8
  /// lead bytes) before it.
  private mutating func column(of offset: Int) -> Int {
    if countedOffset < lineStart || countedOffset > offset {
      countedOffset = lineStart
      countedColumn = 1
    }
    while countedOffset < offset {
      if bytes[countedOffset] & 0xC0 != 0x80 { countedColumn += 1 }
      countedOffset += 1
    }
    return countedColumn
  }

  /// UTF-16 or UTF-32, by byte order mark or by a NUL among the first two bytes (`<` of a
  /// document without a mark).
  private static func isWide(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 2 else { return false }
    if (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) { return true }
    return bytes[0] == 0 || bytes[1] == 0
  }
}
