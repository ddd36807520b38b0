import CMicroHTTPD
import Glibc
import Locking

/// One connection's way toward a whole request, for `requestDeadlineSeconds`.
/// libmicrohttpd's timeout counts from the last byte received, so a client that sends a byte of
/// a request's head now and then holds its connection for ever; a thousand such clients hold
/// every connection the server has (slowloris). The watcher cuts a connection off once it has
/// waited for a request, or for the rest of one, longer than the deadline.
final class HTTPConnectionProgress: Sendable {
  private let state: Locked<State>

  private struct State {
    var phase: Phase
    /// When the phase began, on the monotonic clock.
    var since: Double
    /// The connection's socket while libmicrohttpd has it open; -1 once it closed it.
    var socket: Int32
  }

  enum Phase {
    /// Connected, or between requests of a kept-alive connection: a request's head may be on its way.
    case awaitingRequest
    /// The head was read; the body may be on its way.
    case receivingBody
    /// The request is whole: the handler answers (it may take its time, a stream for ever).
    case answering
    /// Shut down by the watcher: closing.
    case cutOff
  }

  init(socket: Int32, now: Double) {
    state = Locked(State(phase: .awaitingRequest, since: now, socket: socket))
  }

  func enter(_ phase: Phase, now: Double) {
    state.withLock { state in
      // The head and the body share one deadline, from the connection's opening or the
      // previous request's end.
      if !(state.phase == .awaitingRequest && phase == .receivingBody) { state.since = now }
      state.phase = phase
    }
  }

  /// libmicrohttpd is about to close the socket: it is no longer this connection's.
  func closed() { state.withLock { $0.socket = -1 } }

  /// Shuts the socket down if the connection has waited past `deadline` seconds for a request,
  /// or for the rest of one; libmicrohttpd then reads its end and closes it. Under the lock, so
  /// that the socket cannot have been closed (and its number given to another) meanwhile.
  /// True when it did.
  func cutOffIfPast(_ deadline: Double, now: Double) -> Bool {
    state.withLock { state in
      guard state.socket >= 0, state.phase == .awaitingRequest || state.phase == .receivingBody,
        now - state.since > deadline
      else { return false }
      _ = shutdown(state.socket, Int32(SHUT_RDWR))
      state.phase = .cutOff
      return true
    }
  }

  /// The progress of `connection`, kept as its socket context; nil before it was made.
  static func of(_ connection: OpaquePointer) -> HTTPConnectionProgress? {
    guard let context = quiz_mhd_socket_context(connection) else { return nil }
    return Unmanaged<HTTPConnectionProgress>.fromOpaque(context).takeUnretainedValue()
  }
}
