import CMicroHTTPD
import Glibc

// MARK: - libmicrohttpd's side: the content reader

extension HTTPEventStream {
  /// Ties the stream to its connection; the response holds the stream until it is freed.
  func makeResponse(connection: OpaquePointer) -> OpaquePointer? {
    state.withLock { $0.connection = Connection(pointer: connection) }
    let context = Unmanaged.passRetained(self).toOpaque()
    guard
      let response = MHD_create_response_from_callback(
        quiz_mhd_size_unknown, 16 * 1024, Self.reader, context, Self.freer)
    else {
      Unmanaged<HTTPEventStream>.fromOpaque(context).release()
      return nil
    }
    return response
  }

  private enum ReadStep {
    case copied(Int)
    case end
    case abort
    case suspend(Connection)
  }

  /// Copies what is unsent into libmicrohttpd's buffer, or suspends the connection until
  /// there is something (returning 0 without suspending would make libmicrohttpd spin).
  func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
    let step = state.withLock { state -> ReadStep in
      if state.clientGone { return .abort }
      if state.unsent > 0 {
        let count = min(max, state.unsent)
        let start = state.sent
        state.pending.withUnsafeBytes { bytes in
          UnsafeMutableRawBufferPointer(start: buffer, count: count).copyMemory(
            from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]))
        }
        state.sent += count
        if state.sent == state.pending.count {
          state.pending.removeAll(keepingCapacity: true)
          state.sent = 0
        }
        state.lastActivity = MonotonicClock.now
        return .copied(count)
      }
      if state.closedByServer { return .end }
      guard let connection = state.connection else { return .abort }
      state.phase = .suspending
      return .suspend(connection)
    }
    switch step {
    case .copied(let count): return count
    case .end: return quiz_mhd_content_end_of_stream
    case .abort: return quiz_mhd_content_end_with_error
    case .suspend(let connection):
      MHD_suspend_connection(connection.pointer)
      let resumeNow = state.withLock { state -> Bool in
        state.phase = state.resumeWanted ? .running : .suspended
        defer { state.resumeWanted = false }
        return state.resumeWanted
      }
      if resumeNow { MHD_resume_connection(connection.pointer) }
      return 0
    }
  }

  /// libmicrohttpd freed the response: the connection is gone or serves another request.
  func responseFreed() {
    let actions = state.withLock { state -> [@Sendable () -> Void] in
      state.ended = true
      state.connection = nil
      state.phase = .running
      return Self.takeCloseActions(&state)
    }
    finish(resume: nil, actions: actions)
  }

  static let reader: MHD_ContentReaderCallback = { context, _, buffer, max in
    guard let context, let buffer else { return quiz_mhd_content_end_with_error }
    return Unmanaged<HTTPEventStream>.fromOpaque(context).takeUnretainedValue().read(into: buffer, max: max)
  }

  static let freer: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let stream = Unmanaged<HTTPEventStream>.fromOpaque(context)
    stream.takeUnretainedValue().responseFreed()
    stream.release()
  }
}

// MARK: - The watcher's side: keep-alive comments and clients gone

extension HTTPEventStream {
  /// Called a few times a second for an open stream: notices a client that left while the
  /// connection was suspended, and sends a comment when quiet for `keepAliveSeconds`.
  func watch(keepAliveSeconds: Double) {
    let (resume, actions) = state.withLock { state -> (Connection?, [@Sendable () -> Void]) in
      guard state.phase == .suspended, let connection = state.connection, !state.isClosed else { return (nil, []) }
      if Self.peerHungUp(connection) {
        state.clientGone = true
        return (Self.wake(&state), Self.takeCloseActions(&state))
      }
      if keepAliveSeconds > 0, MonotonicClock.now - state.lastActivity >= keepAliveSeconds {
        state.pending += Array(":\n\n".utf8)
        return (Self.wake(&state), [])
      }
      return (nil, [])
    }
    finish(resume: resume, actions: actions)
  }

  /// Safe only while suspended: libmicrohttpd does not close a suspended connection's socket.
  private static func peerHungUp(_ connection: Connection) -> Bool {
    let socket = quiz_mhd_connection_socket(connection.pointer)
    guard socket >= 0 else { return true }
    var descriptor = pollfd(fd: socket, events: quiz_poll_peer_closed, revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & (quiz_poll_peer_closed | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0
  }
}
