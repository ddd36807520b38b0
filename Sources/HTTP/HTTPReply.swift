import CMicroHTTPD
import Glibc
import Locking

/// A reply given later, from any thread: a handler that answers `HTTPResponse.deferred` gets
/// one, and its connection is suspended (taken out of libmicrohttpd's event loop) until
/// `send`, so the thread serves other connections meanwhile. A reply let go of without a
/// `send` answers 500, so that no connection stays suspended for ever.
public final class HTTPReply: Sendable {
  /// Where the response goes: the suspended connection's slot, or, for a handler called in
  /// process (`HTTPResponse.resolved`), the caller waiting for it. The first call counts.
  private let fill: @Sendable (@escaping @Sendable () -> HTTPResponse) -> Void

  init(_ slot: HTTPReplySlot) { fill = { slot.fill($0) } }

  init(fill: @escaping @Sendable (@escaping @Sendable () -> HTTPResponse) -> Void) { self.fill = fill }

  /// Answers the request; only the first call counts. A deferred response cannot be sent (500).
  public func send(_ response: HTTPResponse) {
    fill { response }
  }

  /// Answers the request with what `make` returns, called on the connection's own thread: the
  /// sender's thread is spared the work of building the response.
  public func send(making make: @escaping @Sendable () -> HTTPResponse) {
    fill(make)
  }

  deinit { fill { HTTPReply.unanswered } }

  static let unanswered = HTTPResponse.text("the server gave no reply", status: 500)
}

/// Where a deferred reply's response waits for the connection's thread: shared by the
/// `HTTPReply` the handler holds and the request's builder, which takes the response when
/// libmicrohttpd calls again after the resume.
final class HTTPReplySlot: Sendable {
  private let state = Locked<State>(State())
  private let connection: SuspendedConnection
  /// Unowned: the server keeps its core until the daemon stopped, and no slot outlives that.
  private unowned let core: HTTPServerCore

  private struct State {
    var make: (@Sendable () -> HTTPResponse)?
    var filled = false
    /// `MHD_resume_connection` returned: libmicrohttpd may stop.
    var resumed = false
  }

  struct SuspendedConnection: @unchecked Sendable { let pointer: OpaquePointer }

  /// Made after the connection was suspended: resuming one that is not is undefined.
  init(suspended connection: OpaquePointer, core: HTTPServerCore) {
    self.connection = SuspendedConnection(pointer: connection)
    self.core = core
  }

  /// Keeps the first response given and resumes the connection.
  func fill(_ make: @escaping @Sendable () -> HTTPResponse) {
    let first = state.withLock { state -> Bool in
      guard !state.filled else { return false }
      state.filled = true
      state.make = make
      return true
    }
    guard first else { return }
    MHD_resume_connection(connection.pointer)
    state.withLock { $0.resumed = true }
    // Forgotten only once resumed: `stop()` waits for the slots it still finds.
    core.replySent(self)
  }

  /// Waits (a little at a time) until the connection was resumed, or `seconds` passed.
  func waitUntilResumed(seconds: Double) {
    let deadline = MonotonicClock.now + seconds
    while !state.withLock({ $0.resumed }), MonotonicClock.now < deadline { usleep(1_000) }
  }

  /// The response, once given (nil before: libmicrohttpd called early).
  func take() -> HTTPResponse? {
    guard let make = state.withLock({ $0.make.take() }) else { return nil }
    let response = make()
    return response.isDeferred ? HTTPReply.unanswered : response
  }
}
