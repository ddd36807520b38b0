/// A one-line progress report on standard error, redrawn in place (only on a terminal).
final class ProgressLine {
  private let console: Console
  private let total: Int
  private var shown = -1

  init(console: Console, total: Int) {
    self.console = console
    self.total = max(total, 1)
  }

  func update(_ done: Int) {
    let percent = min(100, done * 100 / total)
    guard percent != shown else { return }
    shown = percent
    console.error("\rImporting… \(percent)%")
  }

  /// Clears the line.
  func finish() { console.error("\r\u{1B}[K") }
}
