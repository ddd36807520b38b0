import Glibc
import Locking

extension HTTPResponse {
  /// The response a client gets for this one, when the handler is called in process (the
  /// server's tests, a tool): a deferred response is started with a reply whose response is
  /// waited for, up to `seconds` (then, and for a reply let go of unanswered, 500).
  ///
  /// What the server checks before it sends a response holds here too: one it could not send
  /// (`isQueueable`) is a 500, as on a connection.
  public func resolved(waitingUpTo seconds: Double = 30) -> HTTPResponse {
    guard let start = deferredStart else { return isQueueable ? self : Self.invalid }
    let deadline = MonotonicClock.now + seconds
    let given = Locked<(@Sendable () -> HTTPResponse)?>(nil)
    start(HTTPReply(fill: { make in given.withLock { if $0 == nil { $0 = make } } }))
    while given.withLock({ $0 == nil }), MonotonicClock.now < deadline { usleep(200) }
    guard let make = given.withLock({ $0 }) else { return HTTPReply.unanswered }
    let response = make()
    return response.isQueueable ? response : response.isDeferred ? HTTPReply.unanswered : Self.invalid
  }

  static let invalid = HTTPResponse.text("invalid response from the handler", status: 500)
}
