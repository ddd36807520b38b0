/// A form's fields: each name's value (the last one given), and the names given more than
/// once, which a form whose fields each hold one value can refuse as ambiguous.
public struct HTTPFormFields: Sendable {
  public var values: [String: String] = [:]
  public var repeatedNames: Set<String> = []
}

/// Decoding of application/x-www-form-urlencoded bytes (the WHATWG URL standard's parser).
enum FormDecoding {
  static func fields(of body: [UInt8]) -> HTTPFormFields {
    var fields = HTTPFormFields()
    for pair in body.split(separator: UInt8(ascii: "&")) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let name = decode(parts[0])
      let value = parts.count > 1 ? decode(parts[1]) : ""
      guard !name.isEmpty else { continue }
      if fields.values.updateValue(value, forKey: name) != nil { fields.repeatedNames.insert(name) }
    }
    return fields
  }

  /// '+' becomes a space and "%HH" its byte; a '%' not followed by two hex digits stays as is.
  /// Bytes that are not UTF-8 become U+FFFD.
  static func decode(_ encoded: ArraySlice<UInt8>) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(encoded.count)
    var index = encoded.startIndex
    while index < encoded.endIndex {
      let byte = encoded[index]
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), index + 2 < encoded.endIndex,
        let high = hexValue(encoded[index + 1]), let low = hexValue(encoded[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 2
      } else {
        bytes.append(byte)
      }
      index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
