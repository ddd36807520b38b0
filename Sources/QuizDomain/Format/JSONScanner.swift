/// A JSON syntax error, with the line and column (1-based, in characters) where it was found.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String
  public let line: Int
  public let column: Int

  public var description: String { "line \(line), column \(column): \(message)" }
}

/// A pull parser over UTF-8 bytes (RFC 8259). The caller walks the document — objects key by
/// key, arrays element by element — and builds its values as it goes, so no tree of the whole
/// document is ever made. Strings are checked to be valid UTF-8; numbers out of Double's range
/// and nesting deeper than `maxDepth` are errors.
public struct JSONScanner {
  public let bytes: UnsafeBufferPointer<UInt8>
  public private(set) var offset = 0
  public static let maxDepth = 512

  public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    // A UTF-8 byte order mark is tolerated.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
  }

  public enum Kind: String {
    case object, array, string, number, boolean, null
  }
}

// MARK: - Looking ahead

extension JSONScanner {
  public mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// The kind of the next value, after whitespace.
  public mutating func peekKind() throws -> Kind {
    skipWhitespace()
    guard offset < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
    case UInt8(ascii: "n"): return .null
    default: throw unexpectedByte(expected: "a value")
    }
  }

  /// Fails unless only whitespace is left.
  public mutating func expectEnd() throws {
    skipWhitespace()
    if offset < bytes.count { throw unexpectedByte(expected: "the end of the document") }
  }
}

// MARK: - Objects and arrays

extension JSONScanner {
  public mutating func beginObject() throws { try expect(UInt8(ascii: "{"), "'{'") }

  /// The next key of the object being read, with its colon consumed; nil after the closing
  /// brace. `first` is true before the first member.
  public mutating func nextKey(first: inout Bool) throws -> String? {
    skipWhitespace()
    guard offset < bytes.count else { throw error("unexpected end of input inside an object") }
    if bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      return nil
    }
    if !first {
      guard bytes[offset] == UInt8(ascii: ",") else { throw unexpectedByte(expected: "',' or '}'") }
      offset += 1
      skipWhitespace()
    }
    first = false
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw offset < bytes.count
        ? unexpectedByte(expected: "a key in double quotes")
        : error("unexpected end of input inside an object")
    }
    let key = try readString()
    skipWhitespace()
    try expect(UInt8(ascii: ":"), "':'")
    return key
  }

  public mutating func beginArray() throws { try expect(UInt8(ascii: "["), "'['") }

  /// True when another element follows (its comma consumed); false after the closing bracket.
  public mutating func nextElement(first: inout Bool) throws -> Bool {
    skipWhitespace()
    guard offset < bytes.count else { throw error("unexpected end of input inside an array") }
    if bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      return false
    }
    if !first {
      guard bytes[offset] == UInt8(ascii: ",") else { throw unexpectedByte(expected: "',' or ']'") }
      offset += 1
    }
    first = false
    return true
  }

  /// Reads past one value of any kind, checking its syntax. Iterative, so that deep nesting
  /// cannot overflow the stack.
  public mutating func skipValue(depth startDepth: Int = 0) throws {
    var closers: [UInt8] = []
    var firstInContainer = true
    repeat {
      if let closer = closers.last {
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of input") }
        if bytes[offset] == closer {
          offset += 1
          closers.removeLast()
          if closers.isEmpty { return }
          firstInContainer = false
          continue
        }
        if !firstInContainer {
          guard bytes[offset] == UInt8(ascii: ",") else {
            throw unexpectedByte(expected: closer == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'")
          }
          offset += 1
        }
        firstInContainer = false
        if closer == UInt8(ascii: "}") {
          skipWhitespace()
          guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw offset < bytes.count
              ? unexpectedByte(expected: "a key in double quotes") : error("unexpected end of input")
          }
          _ = try readString()
          skipWhitespace()
          try expect(UInt8(ascii: ":"), "':'")
        }
      }
      switch try peekKind() {
      case .object, .array:
        guard startDepth + closers.count < JSONScanner.maxDepth else {
          throw error("nesting deeper than \(JSONScanner.maxDepth) levels")
        }
        closers.append(bytes[offset] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        offset += 1
        firstInContainer = true
      case .string: _ = try readString()
      case .number: _ = try readNumber()
      case .boolean: _ = try readBool()
      case .null: try readNull()
      }
      if closers.isEmpty { return }
    } while true
  }
}

// MARK: - Scalars

extension JSONScanner {
  public mutating func readBool() throws -> Bool {
    skipWhitespace()
    if matches("true") {
      offset += 4
      return true
    }
    if matches("false") {
      offset += 5
      return false
    }
    throw unexpectedByte(expected: "true or false")
  }

  public mutating func readNull() throws {
    skipWhitespace()
    guard matches("null") else { throw unexpectedByte(expected: "null") }
    offset += 4
  }

  public mutating func readNumber() throws -> Double {
    skipWhitespace()
    let start = offset
    var negative = false
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") {
      negative = true
      offset += 1
    }
    let integerStart = offset
    var integer: Int64 = 0
    while offset < bytes.count, let digit = digitValue(bytes[offset]) {
      if offset - integerStart < 18 { integer = integer * 10 + Int64(digit) }
      offset += 1
    }
    let integerDigits = offset - integerStart
    guard integerDigits > 0 else { throw unexpectedByte(expected: "a digit") }
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
      throw error("a number may not start with 0", at: integerStart)
    }
    var isPlainInteger = integerDigits < 16
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      isPlainInteger = false
      offset += 1
      let fractionStart = offset
      while offset < bytes.count, digitValue(bytes[offset]) != nil { offset += 1 }
      guard offset > fractionStart else { throw unexpectedByte(expected: "a digit after '.'") }
    }
    if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
      isPlainInteger = false
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
        offset += 1
      }
      let exponentStart = offset
      while offset < bytes.count, digitValue(bytes[offset]) != nil { offset += 1 }
      guard offset > exponentStart else { throw unexpectedByte(expected: "a digit in the exponent") }
    }
    if isPlainInteger { return negative ? -Double(integer) : Double(integer) }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error("number \(text) is out of range", at: start)
    }
    return value
  }

  /// Reads a string value or key, decoding escapes; the text must be valid UTF-8.
  public mutating func readString() throws -> String {
    skipWhitespace()
    let quote = offset
    try expect(UInt8(ascii: "\""), "'\"'")
    let start = offset
    // Fast path: no escapes.
    var allBits: UInt8 = 0
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        // ASCII is valid UTF-8 as it is, and most strings are ASCII: `String(decoding:)` skips
        // the generic `String(validating:as:)`, which looks up generic metadata on every call
        // (a fifth of the reading thread's instructions for a bank of ASCII text).
        if allBits < 0x80 { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw error("invalid UTF-8 in a string", at: quote)
        }
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("control character U+00\(hex(byte)) in a string must be escaped") }
      allBits |= byte
      offset += 1
    }
    guard offset < bytes.count else { throw error("unterminated string", at: quote) }
    // Slow path: copy with escapes decoded.
    var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        offset += 1
        guard let text = String(validating: buffer, as: UTF8.self) else {
          throw error("invalid UTF-8 in a string", at: quote)
        }
        return text
      }
      if byte < 0x20 { throw error("control character U+00\(hex(byte)) in a string must be escaped") }
      if byte != UInt8(ascii: "\\") {
        buffer.append(byte)
        offset += 1
        continue
      }
      offset += 1
      guard offset < bytes.count else { break }
      let escape = bytes[offset]
      offset += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
      case UInt8(ascii: "b"): buffer.append(0x08)
      case UInt8(ascii: "f"): buffer.append(0x0C)
      case UInt8(ascii: "n"): buffer.append(0x0A)
      case UInt8(ascii: "r"): buffer.append(0x0D)
      case UInt8(ascii: "t"): buffer.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try readHex4()
        if (0xD800...0xDBFF).contains(scalar) {
          guard matches("\\u") else { throw error("lone surrogate \\u\(String(scalar, radix: 16)) in a string") }
          offset += 2
          let low = try readHex4()
          guard (0xDC00...0xDFFF).contains(low) else {
            throw error("invalid surrogate pair in a string")
          }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
          throw error("lone surrogate \\u\(String(scalar, radix: 16)) in a string")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
        buffer.append(contentsOf: String(Character(unicode)).utf8)
      default:
        offset -= 1
        throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
      }
    }
    throw error("unterminated string", at: quote)
  }

  private mutating func readHex4() throws -> UInt32 {
    guard offset + 4 <= bytes.count else { throw error("unexpected end of input in a \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
      default: throw error("invalid hex digit in a \\u escape")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }
}

// MARK: - Helpers and errors

extension JSONScanner {
  private func digitValue(_ byte: UInt8) -> UInt8? {
    byte >= 48 && byte <= 57 ? byte - 48 : nil
  }

  private func matches(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    let pointer = literal.utf8Start
    for i in 0..<count where bytes[offset + i] != pointer[i] { return false }
    return true
  }

  private mutating func expect(_ byte: UInt8, _ description: String) throws {
    skipWhitespace()
    guard offset < bytes.count else { throw error("unexpected end of input, expected \(description)") }
    guard bytes[offset] == byte else { throw unexpectedByte(expected: description) }
    offset += 1
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }

  public func unexpectedByte(expected: String) -> JSONSyntaxError {
    guard offset < bytes.count else { return error("unexpected end of input, expected \(expected)") }
    let byte = bytes[offset]
    let found =
      (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte))"
    return error("unexpected \(found), expected \(expected)")
  }

  /// An error at `position` (default: the current offset), with its line and column.
  public func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
    let end = min(position ?? offset, bytes.count)
    var line = 1
    var column = 1
    for i in 0..<end {
      if bytes[i] == 0x0A {
        line += 1
        column = 1
      } else if bytes[i] & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONSyntaxError(message: message, line: line, column: column)
  }
}

// MARK: - Checking a document

/// Checks on JSON text that others copy into their own documents.
public enum JSONText {
  /// Whether `text` is exactly one well-formed JSON object (whitespace around it allowed).
  public static func isObject(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var scanner = JSONScanner(bytes)
      guard (try? scanner.peekKind()) == .object else { return false }
      return (try? scanner.skipValue()) != nil && (try? scanner.expectEnd()) != nil
    }
  }
}
