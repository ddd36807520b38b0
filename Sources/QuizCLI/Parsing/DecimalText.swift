/// A number as a person types it on the command line: decimal digits with an optional sign,
/// point and exponent (`3`, `-0.5`, `.5`, `2.`, `1e3`). Swift's `Double(_:)` also takes `0x1p3`,
/// `inf` and `nan`, which are not what anyone means by a score or a tolerance.
enum DecimalText {
  static func number<S: StringProtocol>(_ text: S) -> Double? {
    let bytes = Array(text.utf8)
    var index = 0
    func digits() -> Int {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
    var mantissa = digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
      guard digits() > 0 else { return nil }
    }
    guard index == bytes.count, let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else {
      return nil
    }
    return value
  }
}
