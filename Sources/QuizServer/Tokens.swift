import QuizDomain

/// The server's secrets (made by `RandomToken`): their shape and their comparison.
enum Tokens {
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
