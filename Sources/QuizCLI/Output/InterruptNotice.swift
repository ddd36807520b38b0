#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Says what an interrupt (Ctrl-C, SIGTERM) did to a long command before the program ends:
/// "Interrupted: nothing was imported." SQLite rolls back the unfinished transaction when the
/// process ends, so nothing half-written remains. A signal handler may only do async-signal-
/// safe things: the message is prepared here, and the handler writes it and exits.
enum InterruptNotice {
  nonisolated(unsafe) private static var message: UnsafeMutablePointer<UInt8>?
  nonisolated(unsafe) private static var length = 0

  /// Runs `work`, a command's one transaction, with `before` as the notice; from the moment
  /// it commits, an interrupt says `after` instead. The signals wait (blocked) from just before
  /// the commit until the new notice is in place, so no interrupt can claim that nothing was
  /// written when it was.
  static func around<T>(
    before: String, after: String, _ work: (_ willCommit: () -> Void) throws -> T
  ) throws -> T {
    install(before)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    defer { sigprocmask(SIG_UNBLOCK, &signals, nil) }
    do {
      let result = try work { _ = sigprocmask(SIG_BLOCK, &signals, nil) }
      install(after)
      return result
    } catch {
      // Rolled back: "nothing was written" holds again.
      install(before)
      throw error
    }
  }

  static func install(_ text: String) {
    let bytes = Array(("\n" + text + "\n").utf8)
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    buffer.initialize(from: bytes, count: bytes.count)
    message = buffer
    length = bytes.count
    let handler: @convention(c) (Int32) -> Void = { signal in
      if let message = InterruptNotice.message { _ = POSIX.write(STDERR_FILENO, message, InterruptNotice.length) }
      _exit(128 + signal)
    }
    POSIX.setSignalHandler(SIGINT, handler)
    POSIX.setSignalHandler(SIGTERM, handler)
  }
}
