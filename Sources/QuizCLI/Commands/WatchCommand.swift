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
    var seen = try repository.latestSequence()
    var last = since ?? seen
    if let since, let oldest = try repository.oldestSequence(), oldest > since + 1 {
      console.error("Note: changes \(since + 1) to \(oldest - 1) were compacted away; going on from \(oldest).\n")
    }
    var detector = try ExternalChangeDetector(repository)
    try printEntries(repository, after: &last, quiz: quiz, json: json, console: console)
    try ChangePoller.forever {
      guard try detector.somethingCommitted() else { return }
      let latest = try repository.latestSequence()
      guard latest != seen else {
        if try detector.contentChangedOutsideTheLog() {
          console.write(
            json
              ? #"{"kind":"external","message":"the database changed outside the change log"}"# + "\n"
              : "the database changed outside the change log\n")
        }
        return
      }
      seen = latest
      detector.logMoved()
      try printEntries(repository, after: &last, quiz: quiz, json: json, console: console)
    }
  }

  static func printEntries(
    _ repository: QuizRepository, after last: inout Int64, quiz: String?, json: Bool, console: Console
  )
    throws
  {
    while true {
      let entries = try repository.changeLogEntries(after: last, quiz: quiz, limit: 500)
      guard !entries.isEmpty else { return }
      var text = ""
      for change in entries { text += json ? jsonLine(change) : textLine(change) }
      console.write(text)
      last = entries.last?.sequence ?? last
    }
  }

  static func textLine(_ change: Change) -> String {
    var parts = ["#\(change.sequence)", change.time, change.entity, change.operation, change.quiz.terminalSafeLine]
    if let item = change.item { parts.append(item.terminalSafeLine) }
    if let detail = change.detail { parts.append(detail.terminalSafeLine) }
    return parts.joined(separator: " ") + "\n"
  }

  static func jsonLine(_ change: Change) -> String {
    var writer = JSONWriter(pretty: false)
    writer.beginObject()
    writer.field("seq", Int(change.sequence))
    writer.field("time", change.time)
    writer.field("kind", change.entity)
    writer.field("operation", change.operation)
    writer.field("quiz", change.quiz)
    writer.key("item")
    if let item = change.item { writer.string(item) } else { writer.null() }
    writer.key("detail")
    // The detail is a JSON object already (written by the repository): copied as it is.
    if let detail = change.detail { writer.raw(detail) } else { writer.null() }
    writer.endObject()
    return writer.string + "\n"
  }
}

/// Tells commits that changed content without writing the change log (the sqlite3 CLI, say)
/// from those that changed nothing. `data_version` moves for both, and also for a transaction
/// that spilled to the WAL and rolled back, or a WAL restart; a read-only connection sees it
/// move on every read. So a move with no new log entry is checked against a fingerprint of the
/// content, which reads every row: it is taken at the start, and again when the log has moved
/// and the database has then been quiet for two seconds.
struct ExternalChangeDetector {
  let repository: QuizRepository
  private var version: Int64
  private var fileStamp: [Int64]
  private var fingerprint: [Int64]
  /// The log moved since the fingerprint was taken: it no longer describes the content.
  private var fingerprintStale = false
  private var lastActivity = Monotonic.seconds

  init(_ repository: QuizRepository) throws {
    self.repository = repository
    version = try repository.dataVersion()
    fileStamp = repository.fileStamp()
    fingerprint = try repository.contentFingerprint()
  }

  /// Whether another connection may have committed since the last call.
  mutating func somethingCommitted() throws -> Bool {
    if repository.isReadOnly {
      // data_version is no signal here; the files' sizes and times are.
      let stamp = repository.fileStamp()
      guard stamp != fileStamp else { return try refreshWhenQuiet() }
      fileStamp = stamp
      lastActivity = Monotonic.seconds
      return true
    }
    let current = try repository.dataVersion()
    guard current != version else { return try refreshWhenQuiet() }
    version = current
    lastActivity = Monotonic.seconds
    return true
  }

  mutating func logMoved() { fingerprintStale = true }

  /// After a commit that wrote no log entry: whether the content changed.
  mutating func contentChangedOutsideTheLog() throws -> Bool {
    let now = try repository.contentFingerprint()
    defer {
      fingerprint = now
      fingerprintStale = false
    }
    // With logged writes since the fingerprint, a difference proves nothing.
    return !fingerprintStale && now != fingerprint
  }

  private mutating func refreshWhenQuiet() throws -> Bool {
    if fingerprintStale && Monotonic.seconds - lastActivity >= 2 {
      fingerprint = try repository.contentFingerprint()
      fingerprintStale = false
    }
    return false
  }
}

/// Seconds on a clock that only goes forward.
enum Monotonic {
  static var seconds: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// Waits for commits by polling SQLite's data version: a read of shared memory, no disk access,
/// 20 times a second — well under 1% of a core while nothing happens.
enum ChangePoller {
  static let interval: UInt32 = 50_000  // microseconds

  /// Calls `check` every interval until it throws (or the process is interrupted).
  static func forever(_ check: () throws -> Void) throws {
    while true {
      usleep(interval)
      try Console.checkOutput()
      if Console.outputReaderGone { exit(ExitStatus.success.rawValue) }
      try check()
    }
  }
}
