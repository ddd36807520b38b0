/// Base64 (RFC 4648, standard alphabet, `=` padding), as quiz-bank/1 and Moodle XML carry
/// files. Pure Swift: the domain needs no Foundation.
public enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The value of each byte of the alphabet; 0xFF for any other byte.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
    return table
  }()

  public static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= bytes.count {
      let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      for shift in [18, 12, 6, 0] { out.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
      index += 3
    }
    let rest = bytes.count - index
    if rest > 0 {
      let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
      out.append(alphabet[Int(chunk >> 18 & 63)])
      out.append(alphabet[Int(chunk >> 12 & 63)])
      out.append(rest == 2 ? alphabet[Int(chunk >> 6 & 63)] : UInt8(ascii: "="))
      out.append(UInt8(ascii: "="))
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes of `text`, ignoring ASCII whitespace (Moodle breaks its base64 into lines); nil
  /// when it is not base64 (a foreign byte, a wrong length, padding in the middle).
  public static func decode(_ text: String) -> [UInt8]? {
    var sextets: [UInt8] = []
    sextets.reserveCapacity(text.utf8.count)
    var padding = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
      case UInt8(ascii: "="): padding += 1
      default:
        let value = values[Int(byte)]
        guard value != 0xFF, padding == 0 else { return nil }
        sextets.append(value)
      }
    }
    guard padding <= 2, (sextets.count + padding) % 4 == 0, sextets.count % 4 != 1 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(sextets.count * 3 / 4)
    var index = 0
    while index < sextets.count {
      let count = min(4, sextets.count - index)
      var chunk: UInt32 = 0
      for offset in 0..<4 { chunk = chunk << 6 | (offset < count ? UInt32(sextets[index + offset]) : 0) }
      out.append(UInt8(chunk >> 16 & 0xFF))
      if count > 2 { out.append(UInt8(chunk >> 8 & 0xFF)) }
      if count > 3 { out.append(UInt8(chunk & 0xFF)) }
      index += 4
    }
    return out
  }
}
