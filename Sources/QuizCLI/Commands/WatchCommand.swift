import QuizDomain
import QuizRepository

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

enum WatchCommand {
  static let command = Command(
    name: "watch",
    summary: "Print every committed change, by any process, as it happens, until interrupted.",
    discussion: """
      Reads the change log that every write of quiz records in the same transaction, so lines \
      come in commit order, whichever process committed. --since SEQ resumes after the change \
      numbered SEQ, without gaps or repeats. A change made without quiz (the sqlite3 CLI, say) \
      shows as a line saying that the database changed outside the change log.
      """,
    options: [
      .value("since", valueName: "seq", help: "Start after this change number (default: the newest)."),
      .value("quiz", help: "Only changes to this quiz."),
      .format(["text", "json"]),
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    var since: Int64?
    if let text = invocation.arguments.value("since") {
      guard let value = Int64(text), value >= 0 else {
        throw CLIError.usage("Invalid '--since \(text)': expected a change number", command: invocation.command)
      }
      since = value
    }
    let repository = try invocation.repository()
    let quiz = invocation.arguments.value("quiz")
    if let quiz { _ = try repository.requireQuiz(quiz) }
    let json = invocation.format == "json"
    let console = invocation.console
    if let since, let oldest = try repository.oldestSequence(), oldest > since + 1 {
      console.error("Note: changes \(since + 1) to \(oldest - 1) were compacted away; going on from \(oldest).\n")
    }
    var feed = try repository.changeFeed(after: since, quiz: quiz)
    try printEntries(&feed, json: json, console: console)
    try ChangePoller.forever {
      switch try feed.poll() {
      case .quiet: return
      case .logged: try printEntries(&feed, json: json, console: console)
      case .outsideChange:
        console.write(
          json
            ? #"{"kind":"external","message":"the database changed outside the change log"}"# + "\n"
            : "the database changed outside the change log\n")
      }
    }
  }

  /// Everything the feed has logged, 500 entries to a write.
  static func printEntries(_ feed: inout ChangeFeed, json: Bool, console: Console) throws {
    while true {
      let entries = try feed.nextEntries(limit: 500)
      guard !entries.isEmpty else { return }
      var text = ""
      for change in entries { text += json ? jsonLine(change) : textLine(change) }
      console.write(text)
    }
  }

  static func textLine(_ change: Change) -> String {
    var parts = ["#\(change.sequence)", change.time, change.entity, change.operation, change.quiz.terminalSafeLine]
    if let item = change.item { parts.append(item.terminalSafeLine) }
    if let detail = change.detail { parts.append(detail.terminalSafeLine) }
    return parts.joined(separator: " ") + "\n"
  }

  static func jsonLine(_ change: Change) -> String {
    String(decoding: JSONWriter.document(ChangeJSON(change, includingDetail: true), pretty: false), as: UTF8.self)
  }
}

/// Polls the repository's change feed 20 times a second (a read of shared memory, no disk
/// access, while nothing happens: well under 1% of a core), until it throws or the output's
/// reader goes away.
enum ChangePoller {
  static let interval: UInt32 = 50_000  // microseconds

  /// Calls `check` every interval until it throws (or the process is interrupted).
  static func forever(_ check: () throws -> Void) throws {
    while true {
      usleep(interval)
      try Console.checkOutput()
      // The reader went away: end as SIGPIPE would, by throwing, so that `defer`s still run.
      if Console.outputReaderGone { throw ExitRequest(status: .success) }
      try check()
    }
  }
}
