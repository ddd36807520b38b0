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

  func write(_ text: String) { Console.write(Array(text.utf8), to: STDOUT_FILENO) }
  func writeBytes(_ bytes: [UInt8]) { Console.write(bytes, to: STDOUT_FILENO) }
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
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
  }
}
