import QuizDomain

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// What a poll of the change feed found.
public enum ChangeFeedSignal: Equatable, Sendable {
  /// Nothing was committed.
  case quiet
  /// The change log moved: `nextEntries` hands out what was logged.
  case logged
  /// A commit changed the content without writing the change log (the sqlite3 CLI, say).
  case outsideChange
}

/// The changes every process commits, in commit order, for a watcher that polls: new change-log
/// entries, and a signal when the database changed outside the log. The storage reasoning —
/// `data_version`, WAL spills, file stamps, content fingerprints — stays here, behind it.
///
/// `data_version` moves for a logged commit, for an unlogged one, and also for a transaction
/// that spilled to the WAL and rolled back, or a WAL restart; a read-only connection sees it
/// move on every read, so there the files' sizes and times are the signal. A move with no new
/// log entry is checked against a fingerprint of the content, which reads every row: it is
/// taken at the start, and again when the log has moved and the database has then been quiet
/// for two seconds.
public struct ChangeFeed {
  let repository: QuizRepository
  let quiz: String?
  /// The last entry handed out (of `quiz`, when given).
  public private(set) var last: Int64
  /// The newest sequence in the log when last looked.
  private var seen: Int64
  private var version: Int64
  private var fileStamp: [Int64]
  private var fingerprint: [Int64]
  /// The log moved since the fingerprint was taken: it no longer describes the content.
  private var fingerprintStale = false
  private var lastActivity = ChangeFeed.monotonicSeconds

  init(_ repository: QuizRepository, after sequence: Int64?, quiz: String?) throws {
    self.repository = repository
    self.quiz = quiz
    seen = try repository.latestSequence()
    last = sequence ?? seen
    version = try repository.dataVersion()
    fileStamp = repository.fileStamp()
    fingerprint = try repository.contentFingerprint()
  }

  /// The next entries after the last handed out, at most `limit`; empty when there are none.
  public mutating func nextEntries(limit: Int = 500) throws -> [Change] {
    let entries = try repository.changeLogEntries(after: last, quiz: quiz, limit: limit)
    last = entries.last?.sequence ?? last
    return entries
  }

  /// Passes over the entries logged up to the last `poll`, unread: for a reader with nobody to
  /// hand them to.
  public mutating func skipToNewest() {
    last = max(last, seen)
  }

  /// Looks once for commits since the last poll.
  public mutating func poll() throws -> ChangeFeedSignal {
    guard try somethingCommitted() else { return .quiet }
    let latest = try repository.latestSequence()
    guard latest != seen else { return try contentChangedOutsideTheLog() ? .outsideChange : .quiet }
    seen = latest
    fingerprintStale = true
    return .logged
  }

  // MARK: - Telling commits apart

  /// Whether another connection may have committed since the last call.
  private mutating func somethingCommitted() throws -> Bool {
    if repository.isReadOnly {
      // data_version is no signal here; the files' sizes and times are.
      let stamp = repository.fileStamp()
      guard stamp != fileStamp else { return try refreshWhenQuiet() }
      fileStamp = stamp
      lastActivity = Self.monotonicSeconds
      return true
    }
    let current = try repository.dataVersion()
    guard current != version else { return try refreshWhenQuiet() }
    version = current
    lastActivity = Self.monotonicSeconds
    return true
  }

  /// After a commit that wrote no log entry: whether the content changed.
  private mutating func contentChangedOutsideTheLog() throws -> Bool {
    let now = try repository.contentFingerprint()
    defer {
      fingerprint = now
      fingerprintStale = false
    }
    // With logged writes since the fingerprint, a difference proves nothing.
    return !fingerprintStale && now != fingerprint
  }

  private mutating func refreshWhenQuiet() throws -> Bool {
    if fingerprintStale && Self.monotonicSeconds - lastActivity >= 2 {
      fingerprint = try repository.contentFingerprint()
      fingerprintStale = false
    }
    return false
  }

  /// Seconds on a clock that only goes forward.
  static var monotonicSeconds: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

extension QuizRepository {
  /// A feed of the changes committed after `sequence` (the newest when nil), of `quiz` when
  /// given: what `quiz watch` prints.
  public func changeFeed(after sequence: Int64? = nil, quiz: String? = nil) throws -> ChangeFeed {
    try ChangeFeed(self, after: sequence, quiz: quiz)
  }
}
