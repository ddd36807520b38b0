/// A secret: 128 bits from the system's cryptographic generator (getrandom on Linux), as 32
/// lowercase hex digits. The served attempts' tokens and CSRF values, the monitor's token and
/// the sign-in form's CSRF cookie are all made here.
public enum RandomToken {
  public static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(32)
    for _ in 0..<2 {
      var bits: UInt64 = generator.next()
      for _ in 0..<16 {
        text.append(digits[Int(bits & 0xF)])
        bits >>= 4
      }
    }
    return String(decoding: text, as: UTF8.self)
  }
}
