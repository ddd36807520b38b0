import CMicroHTTPD
import Glibc
import Locking

/// A response body written over time (Server-Sent Events). Thread-safe.
///
/// An open stream holds no thread: when it has nothing to send, its connection is suspended
/// (taken out of libmicrohttpd's event loop) and `send` or `close` resumes it, so the thread
/// serves other connections meanwhile. A suspended connection does not notice its client
/// leaving, so the server's watcher looks at its socket a few times a second.
public final class HTTPEventStream: Sendable {
  let state = Locked(State())

  struct State {
    var pending: [UInt8] = []
    var sent = 0  // bytes of `pending` already handed to libmicrohttpd
    var closedByServer = false
    var clientGone = false
    var ended = false  // libmicrohttpd is done with the response
    var connection: Connection?
    var wasAttached = false
    var phase = Phase.running
    var resumeWanted = false
    var lastActivity = MonotonicClock.now
    var closeActions: [@Sendable () -> Void] = []
    var closeActionsRan = false

    var isClosed: Bool { closedByServer || clientGone || ended }
    var unsent: Int { pending.count - sent }
  }

  /// Where the connection is in its suspend/resume cycle. Resuming a connection that is not
  /// suspended is undefined in libmicrohttpd, so exactly one caller resumes, and only after
  /// the suspension completed.
  enum Phase { case running, suspending, suspended }

  struct Connection: @unchecked Sendable { let pointer: OpaquePointer }

  /// More than this unsent (a client that stopped reading): the client is dropped.
  static let maxUnsentBytes = 4 << 20

  public init() {}

  /// Queues bytes, written when the client can take them; ignored once closed.
  public func send(_ bytes: [UInt8]) {
    let (resume, actions) = state.withLock { state -> (Connection?, [@Sendable () -> Void]) in
      guard !state.isClosed, !bytes.isEmpty else { return (nil, []) }
      state.pending += bytes
      if state.unsent > Self.maxUnsentBytes {
        state.clientGone = true
        return (Self.wake(&state), Self.takeCloseActions(&state))
      }
      return (Self.wake(&state), [])
    }
    finish(resume: resume, actions: actions)
  }

  /// Ends the response once what was sent is written.
  public func close() {
    let (resume, actions) = state.withLock { state -> (Connection?, [@Sendable () -> Void]) in
      guard !state.closedByServer else { return (nil, []) }
      state.closedByServer = true
      return (Self.wake(&state), Self.takeCloseActions(&state))
    }
    finish(resume: resume, actions: actions)
  }

  /// True once closed by either side: `close()` was called or the client went away.
  public var isClosed: Bool { state.withLock { $0.isClosed } }

  /// Runs `action` once when the stream closes (at once if it already has), on whichever
  /// thread closes it.
  public func onClose(_ action: @escaping @Sendable () -> Void) {
    let runNow = state.withLock { state -> Bool in
      if state.closeActionsRan { return true }
      state.closeActions.append(action)
      return false
    }
    if runNow { action() }
  }

  var hasEnded: Bool { state.withLock { $0.ended } }
}

// MARK: - Waking and closing

extension HTTPEventStream {
  /// The connection to resume if it is suspended; a connection being suspended right now is
  /// resumed by the reader as soon as the suspension completed.
  static func wake(_ state: inout State) -> Connection? {
    switch state.phase {
    case .running: return nil
    case .suspending:
      state.resumeWanted = true
      return nil
    case .suspended:
      state.phase = .running
      return state.connection
    }
  }

  static func takeCloseActions(_ state: inout State) -> [@Sendable () -> Void] {
    guard !state.closeActionsRan else { return [] }
    state.closeActionsRan = true
    defer { state.closeActions = [] }
    return state.closeActions
  }

  func finish(resume: Connection?, actions: [@Sendable () -> Void]) {
    if let resume { MHD_resume_connection(resume.pointer) }
    for action in actions { action() }
  }

  /// The client is treated as gone (stop() ran out of time): the response is aborted.
  func abandon() {
    let (resume, actions) = state.withLock { state -> (Connection?, [@Sendable () -> Void]) in
      guard !state.ended else { return (nil, []) }
      state.clientGone = true
      return (Self.wake(&state), Self.takeCloseActions(&state))
    }
    finish(resume: resume, actions: actions)
  }
}
