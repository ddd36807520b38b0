import CMicroHTTPD
import Glibc
import Locking

/// What libmicrohttpd's callbacks reach through their context pointer: the handler, the
/// configuration and the counts `stop()` waits on. The server keeps it alive until the daemon
/// has stopped, so the callbacks take it unretained.
final class HTTPServerCore: Sendable {
  let configuration: HTTPServerConfiguration
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  private let state = Locked(State())

  private struct State {
    /// Requests from their first callback until libmicrohttpd reports them completed.
    var requestsInFlight = 0
    var stopping = false
    /// libmicrohttpd's messages while the daemon starts (why it did not), nil afterwards.
    var startMessages: [String]? = []
    var streams: [ObjectIdentifier: HTTPEventStream] = [:]
    /// Deferred replies not sent yet: their connections are suspended.
    var waitingReplies: [ObjectIdentifier: HTTPReplySlot] = [:]
    /// Set by `stop()` once it took the waiting replies: no connection is suspended after.
    var repliesClosed = false
    /// Every open connection's progress toward a request (`requestDeadlineSeconds`).
    var connections: [ObjectIdentifier: HTTPConnectionProgress] = [:]
  }

  init(configuration: HTTPServerConfiguration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
    self.configuration = configuration
    self.handler = handler
  }

  var unretained: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  static func from(_ pointer: UnsafeMutableRawPointer) -> HTTPServerCore {
    Unmanaged<HTTPServerCore>.fromOpaque(pointer).takeUnretainedValue()
  }
}

// MARK: - Requests in flight

extension HTTPServerCore {
  func requestBegan() { state.withLock { $0.requestsInFlight += 1 } }
  func requestEnded() { state.withLock { $0.requestsInFlight -= 1 } }

  /// True once `stop()` began: responses then ask the client to close the connection.
  var isStopping: Bool { state.withLock { $0.stopping } }

  /// Marks the server stopping and returns the event streams still open.
  func beginStopping() -> [HTTPEventStream] {
    state.withLock {
      $0.stopping = true
      return Array($0.streams.values)
    }
  }

  /// Waits until no request is in flight, or the deadline passes; returns how many still are.
  func waitForRequests(seconds: Double) -> Int {
    let deadline = MonotonicClock.now + seconds
    while true {
      let inFlight = state.withLock { $0.requestsInFlight }
      if inFlight == 0 || MonotonicClock.now >= deadline { return inFlight }
      usleep(5_000)
    }
  }
}

// MARK: - Event streams

extension HTTPServerCore {
  /// Keeps the stream for the watcher and `stop()`; false when stopping began (after `stop()`
  /// took its list of streams to close), so the caller closes it.
  func register(_ stream: HTTPEventStream) -> Bool {
    state.withLock {
      $0.streams[ObjectIdentifier(stream)] = stream
      return !$0.stopping
    }
  }

  /// The streams still attached to a connection; forgets the ones that ended.
  func openStreams() -> [HTTPEventStream] {
    state.withLock { state in
      state.streams = state.streams.filter { !$0.value.hasEnded }
      return Array(state.streams.values)
    }
  }
}

// MARK: - Deferred replies

extension HTTPServerCore {
  /// Suspends the connection for a deferred reply and keeps its slot for `stop()`; nil once
  /// `stop()` closed the replies (the connection is then answered at once). Suspending under
  /// the lock makes the two exclusive: `stop()` sees every slot suspended before it looked.
  func suspendForReply(_ connection: OpaquePointer) -> HTTPReplySlot? {
    state.withLock { state in
      guard !state.repliesClosed else { return nil }
      MHD_suspend_connection(connection)
      let slot = HTTPReplySlot(suspended: connection, core: self)
      state.waitingReplies[ObjectIdentifier(slot)] = slot
      return slot
    }
  }

  /// The slot's connection was resumed.
  func replySent(_ slot: HTTPReplySlot) {
    _ = state.withLock { $0.waitingReplies.removeValue(forKey: ObjectIdentifier(slot)) }
  }

  /// No reply is deferred from now on; the ones whose connections are still suspended.
  func closeReplies() -> [HTTPReplySlot] {
    state.withLock { state in
      state.repliesClosed = true
      return Array(state.waitingReplies.values)
    }
  }
}

// MARK: - Connections and the request deadline

extension HTTPServerCore {
  func connectionOpened(_ progress: HTTPConnectionProgress) {
    state.withLock { $0.connections[ObjectIdentifier(progress)] = progress }
  }

  func connectionClosed(_ progress: HTTPConnectionProgress) {
    _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(progress)) }
  }

  /// Cuts off the connections that waited past the deadline for a request or the rest of one.
  func cutOffStalledConnections(now: Double) {
    let deadline = configuration.requestDeadlineSeconds
    guard deadline > 0 else { return }
    for progress in state.withLock({ Array($0.connections.values) }) {
      _ = progress.cutOffIfPast(deadline, now: now)
    }
  }
}

// MARK: - Start-up messages

extension HTTPServerCore {
  func log(_ message: String) {
    state.withLock { $0.startMessages?.append(message) }
  }

  /// The messages logged while starting; later ones are dropped (the server does not print).
  func endStartMessages() -> [String] {
    state.withLock {
      let messages = $0.startMessages ?? []
      $0.startMessages = nil
      return messages
    }
  }
}

/// Seconds on the monotonic clock.
enum MonotonicClock {
  static var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
