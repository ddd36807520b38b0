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
