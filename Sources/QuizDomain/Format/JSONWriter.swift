/// Writes JSON straight into UTF-8 bytes, pretty (2-space indents, `"key": value`) or compact.
/// Text is written as is (only `"`, `\` and control characters are escaped), so non-ASCII text
/// leaves byte for byte as it came.
public struct JSONWriter {
  public private(set) var bytes: [UInt8] = []
  public let pretty: Bool
  private var depth = 0
  private var containerIsEmpty = true
  private var afterKey = false

  public init(pretty: Bool = true, reservingCapacity capacity: Int = 0) {
    self.pretty = pretty
    bytes.reserveCapacity(capacity)
  }

  /// Hands over the bytes written so far and starts an empty buffer, keeping the nesting
  /// state: for writing a large document in pieces.
  public mutating func takeBytes() -> [UInt8] {
    let taken = bytes
    bytes = []
    bytes.reserveCapacity(taken.count)
    return taken
  }

  /// The document as a string.
  public var string: String { String(decoding: bytes, as: UTF8.self) }
}

// MARK: - Containers

extension JSONWriter {
  public mutating func beginObject() {
    prefixValue()
    bytes.append(UInt8(ascii: "{"))
    depth += 1
    containerIsEmpty = true
  }

  public mutating func endObject() { close(UInt8(ascii: "}")) }

  public mutating func beginArray() {
    prefixValue()
    bytes.append(UInt8(ascii: "["))
    depth += 1
    containerIsEmpty = true
  }

  public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Writes a key; the next call writes its value.
  public mutating func key(_ name: String) {
    if !containerIsEmpty { bytes.append(UInt8(ascii: ",")) }
    newline()
    appendString(name)
    bytes.append(UInt8(ascii: ":"))
    if pretty { bytes.append(UInt8(ascii: " ")) }
    containerIsEmpty = false
    afterKey = true
  }

  /// Appends a newline, for newline-delimited JSON.
  public mutating func endLine() { bytes.append(UInt8(ascii: "\n")) }

  private mutating func close(_ byte: UInt8) {
    depth -= 1
    if !containerIsEmpty { newline() }
    bytes.append(byte)
    containerIsEmpty = false
  }

  private mutating func prefixValue() {
    if afterKey {
      afterKey = false
      return
    }
    guard depth > 0 else { return }
    if !containerIsEmpty { bytes.append(UInt8(ascii: ",")) }
    newline()
    containerIsEmpty = false
  }

  private mutating func newline() {
    guard pretty else { return }
    bytes.append(UInt8(ascii: "\n"))
    for _ in 0..<(depth * 2) { bytes.append(UInt8(ascii: " ")) }
  }
}

// MARK: - Values

extension JSONWriter {
  public mutating func string(_ value: String) {
    prefixValue()
    appendString(value)
  }

  /// A number; `null` for NaN and the infinities, which JSON cannot carry.
  public mutating func number(_ value: Double) {
    prefixValue()
    bytes.append(contentsOf: (value.isFinite ? JSONWriter.numberText(value) : "null").utf8)
  }

  public mutating func number(_ value: Int) {
    prefixValue()
    bytes.append(contentsOf: String(value).utf8)
  }

  public mutating func bool(_ value: Bool) {
    prefixValue()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `json`, already serialized JSON, as the next value.
  public mutating func raw(_ json: String) {
    prefixValue()
    bytes.append(contentsOf: json.utf8)
  }

  public mutating func null() {
    prefixValue()
    bytes.append(contentsOf: "null".utf8)
  }

  /// A number or `null` (for NaN and infinities, which JSON cannot carry, and for nil).
  public mutating func number(_ value: Double?) {
    if let value, value.isFinite { number(value) } else { null() }
  }

  // Convenience for `"key": value` pairs.
  public mutating func field(_ name: String, _ value: String) {
    key(name)
    string(value)
  }

  public mutating func field(_ name: String, _ value: Double) {
    key(name)
    number(value)
  }

  public mutating func field(_ name: String, _ value: Int) {
    key(name)
    number(value)
  }

  public mutating func field(_ name: String, _ value: Bool) {
    key(name)
    bool(value)
  }

  /// Writes the pair only when `value` is present.
  public mutating func optionalField(_ name: String, _ value: String?) {
    if let value { field(name, value) }
  }

  public mutating func optionalField(_ name: String, _ value: Double?) {
    if let value { field(name, value) }
  }

  /// Integers without a fraction (`1`, not `1.0`); others in the shortest form that reads back
  /// as the same Double.
  public static func numberText(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  private mutating func appendString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      // Most text needs no escape: copy it whole.
      var clean = true
      for byte in utf8 where byte < 0x20 || byte == 34 || byte == 92 {
        clean = false
        break
      }
      if clean {
        bytes.append(contentsOf: utf8)
        return
      }
      let hex = Array("0123456789abcdef".utf8)
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
        case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
        case 0..<0x20:
          bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
