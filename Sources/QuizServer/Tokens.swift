/// Secrets the server makes: 128 random bits as 32 lowercase hex digits, from the system's
/// cryptographic generator (getrandom on Linux).
enum Tokens {
  static func random128() -> String {
    var generator = SystemRandomNumberGenerator()
    let hex = Array("0123456789abcdef")
    var text = ""
    for _ in 0..<2 {
      var word = generator.next() as UInt64
      for _ in 0..<16 {
        text.append(hex[Int(word & 0xF)])
        word >>= 4
      }
    }
    return text
  }

  /// Whether `text` has the shape of a token (so that anything else is refused before any
  /// database work).
  static func looksLikeToken(_ text: Substring) -> Bool {
    text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// `path` with every segment that has a token's shape replaced by "…": an attempt's token
  /// is the capability to it, and a log line must not hand it on.
  static func redacted(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map { looksLikeToken($0) ? "…" : String($0) }
      .joined(separator: "/")
  }

  /// Compares a presented secret with the real one in constant time.
  static func matches(_ presented: String, _ secret: String) -> Bool {
    ConstantTime.equal(Array(presented.utf8), Array(secret.utf8))
  }
}
