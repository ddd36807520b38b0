import QuizRepository

/// A view that follows the database: printed once, or — watching — printed again each time a
/// commit by any process changes what it shows. On a terminal the screen is redrawn in place;
/// otherwise each new version follows the last, after a blank line.
enum LiveView {
  static func show(watching: Bool, repository: QuizRepository, console: Console, render: () throws -> String) throws {
    var shown = try render()
    console.write(watching && console.stdoutIsTerminal ? "\u{1B}[H\u{1B}[2J" + shown : shown)
    guard watching else { return }
    var version = try repository.dataVersion()
    try ChangePoller.forever {
      let current = try repository.dataVersion()
      guard current != version else { return }
      version = current
      let next = try render()
      guard next != shown else { return }
      shown = next
      console.write(console.stdoutIsTerminal ? "\u{1B}[H\u{1B}[2J" + next : "\n" + next)
    }
  }
}
