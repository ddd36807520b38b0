import Locking
import QuizDomain
import SQLite

/// One entry of the change log: what changed, in which quiz, in what order.
public struct Change: Equatable, Sendable {
  /// The entry's place in commit order; increases with every change, in every process.
  public var sequence: Int64
  public var time: String
  /// quiz, section, question, choice, attempt or regrade; taker (a sign-in to a served attempt)
  /// or answer (an answer it saved); bank (then `quiz` is the bank's id).
  public var entity: String
  /// insert, update or delete.
  public var operation: String
  public var quiz: String
  /// The question id or attempt id, when the change is about one; the taker's name for a sign-in.
  public var item: String?
  /// A JSON object of counts or facts, such as {"questions_changed":1}.
  public var detail: String?
}

/// The changes of one committed transaction.
public struct ChangeSet: Equatable, Sendable {
  public var changes: [Change]
}

// MARK: - Observing values

extension QuizRepository {
  /// Observes the value `fetch` reads: yields it now, then again after each committed
  /// transaction that changed a table `fetch` read, in commit order; consecutive equal values
  /// are dropped. Rolled-back transactions and savepoints emit nothing. Ending the iteration (or
  /// cancelling its task) ends the observation.
  ///
  /// ```swift
  /// for try await quizzes in repository.observe({ try $0.quizSummaries() }) {
  ///   render(quizzes)  // the list now, then after every change that touches it
  /// }
  /// ```
  ///
  /// `fetch` runs on the thread that uses the repository: now, and after each commit.
  public func observe<Value: Sendable & Equatable>(_ fetch: @escaping (QuizRepository) throws -> Value)
    -> AsyncThrowingStream<Value, any Error>
  {
    observe(fetch, isDuplicate: ==)
  }

  /// Like `observe(_:)`, for values that are not Equatable: every refetch is yielded.
  public func observe<Value: Sendable>(_ fetch: @escaping (QuizRepository) throws -> Value)
    -> AsyncThrowingStream<Value, any Error>
  {
    observe(fetch, isDuplicate: { _, _ in false })
  }

  private func observe<Value: Sendable>(
    _ fetch: @escaping (QuizRepository) throws -> Value, isDuplicate: @escaping (Value, Value) -> Bool
  ) -> AsyncThrowingStream<Value, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Value.self)
    let observer = ValueObserver(repository: self, fetch: fetch, isDuplicate: isDuplicate, continuation: continuation)
    observer.refresh()
    guard !observer.isFinished else { return stream }
    let center = observationCenter
    let id = center.add(observer)
    database.add(transactionObserver: center)
    continuation.onTermination = { _ in center.remove(id) }
    return stream
  }

  /// The change sets of the transactions this repository commits, one per transaction, from
  /// now on. A bulk import is one change set with a summary per quiz.
  public var changes: AsyncStream<ChangeSet> {
    let (stream, continuation) = AsyncStream.makeStream(of: ChangeSet.self)
    let center = observationCenter
    let id = center.add(continuation)
    database.add(transactionObserver: center)
    continuation.onTermination = { _ in center.remove(id) }
    return stream
  }

  /// True while observations are registered (they end when their iteration ends).
  public var hasObservers: Bool { observationCenter.isObserving || !database.transactionObservers.isEmpty }
}

/// A value observation: refetches after relevant commits and yields what changed.
final class ValueObserver<Value: Sendable>: AnyValueObserver, @unchecked Sendable {
  // Used only on the repository's thread; the center hands the observer to other threads
  // only to remove it.
  private unowned let repository: QuizRepository
  private let fetch: (QuizRepository) throws -> Value
  private let isDuplicate: (Value, Value) -> Bool
  private let continuation: AsyncThrowingStream<Value, any Error>.Continuation
  private var last: Value?
  private(set) var tables: Set<String> = []
  private(set) var isFinished = false

  init(
    repository: QuizRepository, fetch: @escaping (QuizRepository) throws -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool, continuation: AsyncThrowingStream<Value, any Error>.Continuation
  ) {
    self.repository = repository
    self.fetch = fetch
    self.isDuplicate = isDuplicate
    self.continuation = continuation
  }

  func refresh() {
    guard !isFinished else { return }
    do {
      let (value, read) = try repository.database.trackingReads { try fetch(repository) }
      tables = read
      if let last, isDuplicate(last, value) { return }
      last = value
      continuation.yield(value)
    } catch {
      isFinished = true
      continuation.finish(throwing: error)
    }
  }
}

protocol AnyValueObserver: AnyObject, Sendable {
  var tables: Set<String> { get }
  func refresh()
}

/// The repository's observations. Registered with the connection as a transaction observer:
/// after each commit it refetches the observations whose tables changed and publishes the
/// transaction's change-log entries. Registration and removal may come from any thread (a
/// stream ends on its consumer's); everything else runs on the repository's thread.
final class ObservationCenter: TransactionObserver, @unchecked Sendable {
  private struct Registry {
    var values: [Int: any AnyValueObserver] = [:]
    var changes: [Int: AsyncStream<ChangeSet>.Continuation] = [:]
    var next = 0
  }
  private let registry = Locked(Registry())
  /// Change-log rows written by the open transaction (repository thread only).
  private var pendingSequences: [Int64] = []
  private unowned let repository: QuizRepository

  init(repository: QuizRepository) { self.repository = repository }

  func add(_ observer: any AnyValueObserver) -> Int {
    registry.withLock { registry in
      registry.next += 1
      registry.values[registry.next] = observer
      return registry.next
    }
  }

  func add(_ continuation: AsyncStream<ChangeSet>.Continuation) -> Int {
    registry.withLock { registry in
      registry.next += 1
      registry.changes[registry.next] = continuation
      return registry.next
    }
  }

  func remove(_ id: Int) {
    registry.withLock { registry in
      registry.values[id] = nil
      registry.changes[id] = nil
    }
  }

  var isObserving: Bool { registry.withLock { !$0.values.isEmpty || !$0.changes.isEmpty } }

  /// The repository wrote change-log row `sequence` in the open transaction.
  /// Kept only while someone observes: otherwise no commit notification empties the list.
  func didLog(_ sequence: Int64) { if isObserving { pendingSequences.append(sequence) } }

  func databaseDidCommit(_ database: Database, changedTables: Set<String>) {
    let sequences = pendingSequences
    pendingSequences = []
    let (values, changes) = registry.withLock { (Array($0.values.values), Array($0.changes.values)) }
    if values.isEmpty && changes.isEmpty {
      // Nobody is listening any more: let go of the connection's notifications.
      database.remove(transactionObserver: self)
      return
    }
    for observer in values where !observer.tables.isDisjoint(with: changedTables) { observer.refresh() }
    guard !changes.isEmpty, !sequences.isEmpty,
      let entries = try? repository.changeLogEntries(sequences: sequences), !entries.isEmpty
    else { return }
    for continuation in changes { continuation.yield(ChangeSet(changes: entries)) }
  }

  func databaseDidRollback(_ database: Database) { pendingSequences = [] }
}

// MARK: - Reading the change log (for other processes too)

extension QuizRepository {
  /// Change-log entries after `sequence` (of quiz `quiz` only, when given), in commit order.
  public func changeLogEntries(after sequence: Int64, quiz: String? = nil, limit: Int = 1000) throws -> [Change] {
    return try mappingStorageErrors {
      if let quiz {
        return try database.fetchAll(
          "SELECT seq, changed_at, entity, operation, quiz, item, detail FROM change_log WHERE seq > ? AND quiz = ? ORDER BY seq LIMIT ?",
          [sequence, quiz, limit], QuizRepository.change)
      }
      return try database.fetchAll(
        "SELECT seq, changed_at, entity, operation, quiz, item, detail FROM change_log WHERE seq > ? ORDER BY seq LIMIT ?",
        [sequence, limit], QuizRepository.change)
    }
  }

  func changeLogEntries(sequences: [Int64]) throws -> [Change] {
    let statement = try database.cachedStatement(
      "SELECT seq, changed_at, entity, operation, quiz, item, detail FROM change_log WHERE seq = ?")
    return try sequences.compactMap { try statement.fetchOne([$0], QuizRepository.change) }
  }

  private static func change(_ row: Row) -> Change {
    Change(
      sequence: row.int64(0), time: row.string(1), entity: row.string(2), operation: row.string(3), quiz: row.string(4),
      item: row.optionalString(5), detail: row.optionalString(6))
  }

  /// The newest change-log sequence (0 when the log is empty and was never written).
  public func latestSequence() throws -> Int64 {
    return try mappingStorageErrors {
      let logged = try database.fetchOne("SELECT max(seq) FROM change_log", [], { $0.optionalInt(0) }) ?? nil
      let counter = try database.fetchOne(
        "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'", [], { $0.int64(0) })
      return max(Int64(logged ?? 0), counter ?? 0)
    }
  }

  /// The oldest sequence still in the log, if any.
  public func oldestSequence() throws -> Int64? {
    return try mappingStorageErrors {
      try database.fetchOne("SELECT min(seq) FROM change_log", [], { $0.optionalInt(0) }).flatMap { $0 }.map(Int64.init)
    }
  }

  /// SQLite's count of commits made by other connections: it changes when another process
  /// (a `quiz`, the sqlite3 CLI, anything) commits. Cheap enough to poll.
  public func dataVersion() throws -> Int64 {
    return try mappingStorageErrors {
      try database.fetchOne("PRAGMA data_version", [], { $0.int64(0) }) ?? 0
    }
  }

  /// A fingerprint of everything stored but the change log and the search index: equal
  /// fingerprints mean equal content. `data_version` also moves for commits that change
  /// nothing (a big transaction that spilled to the WAL and rolled back, a WAL restart), so a
  /// watcher asks this before calling a commit without change-log rows a change. It reads
  /// every row: call it only then.
  public func contentFingerprint() throws -> [Int64] {
    return try mappingStorageErrors {
      try database.read { _ in
        var fingerprint: [Int64] = []
        for table in try contentTables() {
          let columns = try database.fetchAll("SELECT name FROM pragma_table_info(?)", [table]) { $0.string(0) }
          guard !columns.isEmpty else { continue }
          let hash = "row_hash(" + columns.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
          let row = try database.fetchOne(
            "SELECT count(*), coalesce(sum(\(hash) % 1000000007), 0) FROM \(table)", []
          ) { ($0.int64(0), $0.int64(1)) }
          fingerprint += [row?.0 ?? 0, row?.1 ?? 0]
        }
        return fingerprint
      }
    }
  }

  /// The sizes and modification times of the database file and its WAL: they move when
  /// another connection commits, whatever this connection can see of SQLite's shared memory.
  public func fileStamp() -> [Int64] {
    FileSystem.stamp(of: path) + FileSystem.stamp(of: path + "-wal")
  }

  /// Tables that are bookkeeping rather than content: the change log itself, the search index
  /// (rebuilt from the content), the migrations' record and SQLite's own.
  static let bookkeepingTables: Set<String> = [
    "change_log", "search_stale_banks", "schema_migrations", "sqlite_sequence",
  ]

  /// Every table that holds content, read from the schema itself so that a table a migration
  /// adds is watched without anyone remembering to list it (a list kept by hand had missed
  /// question_files and attempt_questions).
  func contentTables() throws -> [String] {
    try database.fetchAll(
      """
      SELECT name FROM sqlite_schema
      WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'search\\_index%' ESCAPE '\\'
      ORDER BY name
      """
    ) { $0.string(0) }.filter { !QuizRepository.bookkeepingTables.contains($0) }
  }

  /// Deletes all but the newest `keep` change-log entries; returns how many went. Sequence
  /// numbers are never reused.
  @discardableResult
  public func compactChangeLog(keep: Int) throws -> Int {
    return try mappingStorageErrors {
      try database.write { _ in
        try database.execute(
          "DELETE FROM change_log WHERE seq <= (SELECT max(seq) FROM change_log) - ?", [max(0, keep)])
        return database.changes
      }
    }
  }
}
