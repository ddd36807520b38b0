import Glibc
import Locking

extension HTTPResponse {
  /// The response a client gets for this one, when the handler is called in process (the
  /// server's tests, a tool): a deferred response is started with a reply whose response is
  /// waited for, up to `seconds` (then, and for a reply let go of unanswered, 500).
  public func resolved(waitingUpTo seconds: Double = 30) -> HTTPResponse {
    guard let start = deferredStart else { return self }
    let given = Locked<(@Sendable () -> HTTPResponse)?>(nil)
    start(HTTPReply(fill: { make in given.withLock { if $0 == nil { $0 = make } } }))
    let deadline = MonotonicClock.now + seconds
    while given.withLock({ $0 == nil }), MonotonicClock.now < deadline { usleep(200) }
    guard let make = given.withLock({ $0 }) else { return HTTPReply.unanswered }
    let response = make()
    return response.isDeferred ? HTTPReply.unanswered : response
  }
}
