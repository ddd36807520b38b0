import QuizRepository

/// The limits on signing in, each over the last minute:
/// - wrong codes (a roster code, a resume code) per client address and name: 5, so that a
///   guesser gets five tries at one taker a minute, while the rest of a class behind the same
///   NAT address signs in as usual (a right code of another name goes through);
/// - wrong codes per client address, whatever the names: 100, a cap on guessing across names;
/// - new attempts per client address: 600, so that a class of 500 behind one NAT address all
///   start within a minute, while a script making junk attempts is held to 10 a second.
/// Past a limit the sign-in is refused with 429 and `Retry-After`, right code or not: a limit
/// a right code passed would tell a guesser when they guessed right.
final class SignInLimits: Sendable {
  let wrongCodesPerName = RateLimiter(limit: 5)
  let wrongCodesPerAddress = RateLimiter(limit: 100)
  let newAttemptsPerAddress = RateLimiter(limit: 600)

  /// The key of one address guessing at one name (names compared as `TakerKey` compares them).
  static func key(_ client: String, _ taker: String) -> String { client + "\u{0}" + TakerKey(taker).folded }

  func checkCodes(client: String, guesser: String, now: Double) throws {
    if let wait = wrongCodesPerName.retryAfter(guesser, now: now) ?? wrongCodesPerAddress.retryAfter(client, now: now) {
      throw RouteError(
        status: 429, message: "too many wrong codes: try again in \(wait) s", headers: [("Retry-After", "\(wait)")])
    }
  }

  func recordWrongCode(client: String, guesser: String, now: Double) {
    wrongCodesPerName.record(guesser, now: now)
    wrongCodesPerAddress.record(client, now: now)
  }

  func checkNewAttempts(client: String, now: Double) throws {
    if let wait = newAttemptsPerAddress.retryAfter(client, now: now) {
      throw RouteError(
        status: 429, message: "too many sign-ins from this address: try again in \(wait) s",
        headers: [("Retry-After", "\(wait)")])
    }
  }

  func recordNewAttempt(client: String, now: Double) { newAttemptsPerAddress.record(client, now: now) }
}
