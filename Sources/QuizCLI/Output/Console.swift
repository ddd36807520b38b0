import Synchronization

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Where a command writes, and what kind of terminal (if any) it writes to.
struct Console {
  let environment: [String: String]
  let stdoutIsTerminal: Bool
  let stderrIsTerminal: Bool
  let stdinIsTerminal: Bool

  static func current(environment: [String: String]) -> Console {
    Console(
      environment: environment, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
      stderrIsTerminal: isatty(STDERR_FILENO) == 1, stdinIsTerminal: isatty(STDIN_FILENO) == 1)
  }

  /// A console for text that goes to a file: no terminal, no colors.
  static let plain = Console(environment: [:], stdoutIsTerminal: false, stderrIsTerminal: false, stdinIsTerminal: false)

  /// Columns to lay text out in: the terminal's width, 80 when stdout is not a terminal.
  var width: Int { stdoutIsTerminal ? Terminal.size(of: STDOUT_FILENO).columns : 80 }
  /// The same for standard error, where usage errors go.
  var errorWidth: Int { stderrIsTerminal ? Terminal.size(of: STDERR_FILENO).columns : 80 }

  /// Colors only on a terminal, and never when NO_COLOR is set (https://no-color.org).
  var colorsEnabled: Bool { stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty }

  func write(_ text: String) { Console.writeOutput(Array(text.utf8)) }
  func writeBytes(_ bytes: [UInt8]) { Console.writeOutput(bytes) }

  /// The errno of the first failed write to standard output; 0 while none failed. `main`
  /// reports it (exit 1) when the command is done; long-running commands stop on it.
  static let outputError = Atomic<Int32>(0)

  /// Writes to standard output. A reader that went away (`quiz export | head -1`) is no error:
  /// it is recorded, and the next `checkOutput` (or `main`) ends the program quietly with
  /// status 0, as SIGPIPE would, by throwing: `defer` blocks on the way still run. Any other
  /// failure (a full disk) is recorded, and reported.
  static func writeOutput(_ bytes: [UInt8]) {
    guard !write(bytes, to: STDOUT_FILENO) else { return }
    let code = errno
    _ = outputError.compareExchange(expected: 0, desired: code == 0 ? EIO : code, ordering: .relaxed)
  }

  /// Whether standard output's reader went away (a write failed with EPIPE): the program ends
  /// with status 0, whatever it was doing.
  static var outputReaderWentAway: Bool { outputError.load(ordering: .relaxed) == EPIPE }

  /// Whether standard output is a pipe whose reader went away: a command that waits (watch)
  /// would otherwise notice only at its next write.
  static var outputReaderGone: Bool {
    var descriptor = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
    return poll(&descriptor, 1, 0) == 1 && descriptor.revents & Int16(POLLERR) != 0
  }

  /// Throws once a write to standard output has failed: for loops that would go on writing.
  static func checkOutput() throws {
    let code = outputError.load(ordering: .relaxed)
    if code == EPIPE { throw ExitRequest(status: .success) }
    guard code == 0 else { throw CLIError.outputFailed(code) }
  }
  func error(_ text: String) { Console.write(Array(text.utf8), to: STDERR_FILENO) }

  /// Writes everything, retrying short writes; false when writing failed (a closed pipe, a
  /// full disk).
  @discardableResult
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        let written = POSIX.write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }

  /// `text` in ANSI `style` when colors are on.
  func styled(_ text: String, _ style: Style) -> String {
    colorsEnabled ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }

  enum Style: String {
    case bold = "1"
    case dim = "2"
    case underline = "4"
    case reverse = "7"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
  }
}
