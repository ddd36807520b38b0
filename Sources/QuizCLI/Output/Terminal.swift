import Locking
import Synchronization

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The terminal in full-screen mode: raw input, the alternate screen, a hidden cursor. Whatever
/// way the program ends — normally, Ctrl-C, a signal, a crash in our code — the terminal is
/// put back as it was.
enum Terminal {
  /// A key press, decoded from the bytes a terminal sends (by `KeyDecoder`); or a change of the
  /// window's size.
  enum Key: Equatable {
    case up, down, space, enter, escape, interrupt, suspend, endOfInput, resize
    case character(Character)
    /// (backTab is Shift-Tab, Esc [ Z.)
    /// The keys of a text field: moving the cursor and deleting (Ctrl-A/E are home/end,
    /// Ctrl-U/K clear to the start/end of the line, Ctrl-W deletes the word before the cursor).
    case left, right, home, end, backspace, delete, tab, backTab, clearToStart, clearToEnd, deleteWordBack
    /// Text pasted while bracketed paste is on: one key, so that a newline in it does not submit
    /// and a pasted "q" does not quit. Newlines in it are "\n".
    case paste(String)
  }

  /// Enters full-screen mode; false when standard input is not a terminal.
  static func enterFullScreen() -> Bool {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return false }
    TerminalState.saved = original
    installRestoringSignalHandlers()
    installResizeHandler()
    enterRawMode(from: original)
    return true
  }

  private static func enterRawMode(from original: termios) {
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    raw.c_oflag &= ~tcflag_t(OPOST)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    Console.write(Array(TerminalState.enterSequence.utf8), to: STDOUT_FILENO)
  }

  /// Ctrl-Z: gives the terminal back as it was, stops the program as the shell expects, and
  /// takes the screen again when the program is continued (`fg`).
  static func suspend() {
    guard let original = TerminalState.saved else { return }
    restoreTerminal()
    POSIX.restoreDefaultSignal(SIGTSTP)
    raise(SIGTSTP)
    // Continued.
    TerminalState.saved = original
    enterRawMode(from: original)
  }

  /// Leaves full-screen mode (safe to call twice).
  static func leaveFullScreen() { restoreTerminal() }

  /// Columns and rows of the terminal (80×24 when unknown).
  static var size: (columns: Int, rows: Int) { size(of: STDOUT_FILENO) }

  /// Columns and rows of the terminal behind `descriptor` (80×24 when unknown).
  static func size(of descriptor: Int32) -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Waits for the next key, or for the window to change size.
  static func readKey() -> Key {
    TerminalState.input.withLock { input in
      while input.keys.isEmpty {
        // A lone Esc is a key of its own; the Esc that starts a sequence is followed at once.
        if input.decoder.awaitsEscapeTimeout, !byteIsWaiting() {
          input.keys += input.decoder.flush()
          continue
        }
        guard let byte = readByte() else {
          if TerminalState.resized.exchange(false, ordering: .relaxed) { return .resize }
          input.keys += input.decoder.flush()
          if input.keys.isEmpty { return .endOfInput }
          continue
        }
        input.keys += input.decoder.feed(byte)
      }
      return input.keys.removeFirst()
    }
  }

  /// Whether another byte arrives within 30 ms.
  private static func byteIsWaiting() -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 30) == 1
  }

  /// The next byte; nil at the end of input, or when a resize interrupted the wait.
  private static func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 { return byte }
      if count < 0 && errno == EINTR {
        if TerminalState.resized.load(ordering: .relaxed) { return nil }
        continue
      }
      return nil
    }
  }

  /// SIGWINCH interrupts the wait for a key (no SA_RESTART), so that the screen is redrawn at
  /// once at the new size, not at the next key.
  private static func installResizeHandler() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in TerminalState.resized.store(true, ordering: .relaxed) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGWINCH, &action, nil)
  }

  private static func installRestoringSignalHandlers() {
    let handler: @convention(c) (Int32) -> Void = { signal in
      restoreTerminal()
      // Then die of the same signal, as the program would have.
      POSIX.restoreDefaultSignal(signal)
      raise(signal)
    }
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
      POSIX.setSignalHandler(signal, handler)
    }
  }
}

/// The terminal settings to restore. Global because a signal handler, which can capture
/// nothing, must reach them; written once before full-screen mode starts, read when it ends.
private enum TerminalState {
  nonisolated(unsafe) static var saved: termios?
  /// Set by the SIGWINCH handler.
  static let resized = Atomic<Bool>(false)
  /// The decoder between reads (a sequence can end in the next read) and the keys decoded but
  /// not yet returned (an Esc and the key after it come from one read).
  static let input = Locked(KeyInput())
  /// The alternate screen, the cursor hidden, bracketed paste on (a paste arrives as one key).
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H"
  static let leaveSequence = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
}

/// What `Terminal.readKey()` keeps from one call to the next.
private struct KeyInput {
  var decoder = KeyDecoder()
  var keys: [Terminal.Key] = []
}

/// Puts the terminal back: only async-signal-safe calls (write, tcsetattr).
private func restoreTerminal() {
  guard var saved = TerminalState.saved else { return }
  TerminalState.saved = nil
  TerminalState.leaveSequence.utf8CString.withUnsafeBufferPointer { bytes in
    _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count - 1)
  }
  tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
}
