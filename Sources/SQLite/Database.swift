import CSQLite

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// One connection to a SQLite database file.
///
/// A connection is used from one thread at a time: it is not `Sendable`. Open it with
/// `Database(path:)`, run SQL with `execute(_:)` or prepared statements, and group statements
/// with `write { db in … }` (one `BEGIN IMMEDIATE` transaction) and `read { db in … }` (one
/// snapshot), so that what a write depends on is read under the same lock.
public final class Database {
  let handle: OpaquePointer
  public let path: String
  var statementCache: [String: Statement] = [:]
  /// The same statements, by the address of their literal SQL (`cachedStatement(literal:)`).
  var literalStatementCache: [UnsafeRawPointer: Statement] = [:]
  var savepointDepth = 0
  /// `SAVEPOINT` and `RELEASE` of each depth, prepared once: a server's committer opens one
  /// savepoint per write it commits, thousands a second.
  var savepointStatements: [(begin: Statement, release: Statement)] = []
  /// The transaction `read` or `write` opened, if any: a write cannot start inside a read.
  var transactionState = TransactionState.none
  var observation = ObservationState()
  /// Collects what the authorizer reports while a statement is prepared.
  var accessRecorder: TableAccessSet?

  /// Opens (and creates when missing) the database at `path`.
  ///
  /// A file created here is readable by its owner only: quiz databases hold personal data.
  /// The connection enforces foreign keys and waits up to `busyTimeout` for other writers;
  /// the journal mode is left for `enableWAL()`, so that a file can be inspected before
  /// anything is written to it.
  ///
  /// `immutable` (with `readOnly`) reads the file as one that nobody changes: no locks, no
  /// -shm file, for a database in a folder that cannot be written.
  public init(path: String, busyTimeout: Int32 = 5_000, readOnly: Bool = false, immutable: Bool = false) throws {
    if !readOnly && path != ":memory:" && !path.isEmpty {
      try Database.createPrivateFile(at: path)
    }
    var connection: OpaquePointer?
    var flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
      | SQLITE_OPEN_NOMUTEX
    var name = path
    if readOnly && immutable {
      flags |= SQLITE_OPEN_URI
      name = "file:" + Database.uriEscaped(path) + "?immutable=1"
    }
    let code = sqlite3_open_v2(name, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      let error = DatabaseError(connection: connection, code: code, sql: nil)
      sqlite3_close_v2(connection)
      throw error
    }
    self.handle = connection
    self.path = path
    sqlite3_extended_result_codes(connection, 1)
    sqlite3_busy_timeout(connection, busyTimeout)
    installHooks()
    try addRowHashFunction()
    try execute("PRAGMA foreign_keys = ON")
  }

  deinit {
    savepointStatements.removeAll()
    literalStatementCache.removeAll()
    statementCache.removeAll()
    uninstallHooks()
    sqlite3_close_v2(handle)
  }

  /// `path` with the characters a URI filename gives meaning to (`%`, `?`, `#`) escaped.
  static func uriEscaped(_ path: String) -> String {
    var text = ""
    for character in path.unicodeScalars {
      switch character {
      case "%": text += "%25"
      case "?": text += "%3f"
      case "#": text += "%23"
      default: text.unicodeScalars.append(character)
      }
    }
    return text
  }

  /// Creates an empty file with mode 0600; returns false when one exists (and `exclusive`),
  /// true when it was created or (not `exclusive`) was already there. SQLite treats an empty
  /// file as a new database and gives its -wal and -shm files the same permissions.
  @discardableResult
  public static func createPrivateFile(at path: String, exclusive: Bool = false) throws -> Bool {
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
      return true
    }
    if errno == EEXIST { return !exclusive }
    let reason = String(cString: strerror(errno))
    throw DatabaseError(
      extendedResultCode: SQLITE_CANTOPEN, message: "unable to create \(path): \(reason)")
  }
}

// MARK: - Settings

extension Database {
  /// Switches the file to write-ahead logging, so that readers never block the writer.
  public func enableWAL() throws {
    let mode = try fetchOne("PRAGMA journal_mode = WAL") { $0.string(0) }
    guard mode?.lowercased() == "wal" || path == ":memory:" else {
      throw DatabaseError(
        extendedResultCode: SQLITE_ERROR, message: "could not enable WAL (journal_mode is \(mode ?? "?"))",
        sql: "PRAGMA journal_mode = WAL")
    }
    try execute("PRAGMA synchronous = NORMAL")
  }

  /// Keeps the write-ahead log file at most `bytes` long once a checkpoint has copied it all
  /// back: the next transaction truncates it. SQLite otherwise keeps the file at the largest it
  /// grew to (a big import, a burst of saves) for as long as a connection stays open. A
  /// setting of this connection. (A PRAGMA takes no bound parameter; `bytes` is an integer.)
  public func limitWriteAheadLog(toBytes bytes: Int64) throws {
    try execute("PRAGMA journal_size_limit = \(bytes)")
  }

  /// How long a statement waits for another connection's lock before failing with
  /// SQLITE_BUSY.
  public func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

  /// The number of rows changed by the last INSERT, UPDATE or DELETE.
  public var changes: Int { Int(sqlite3_changes64(handle)) }

  /// The rowid of the last inserted row.
  public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// True while a transaction is open on this connection.
  public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// The version of the SQLite library in use, such as "3.40.1".
  public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}

// MARK: - Executing SQL

extension Database {
  /// Runs one or more SQL statements separated by semicolons, without arguments.
  public func execute(_ sql: String) throws {
    var remaining = sql
    while true {
      var tail: UnsafePointer<CChar>?
      var statement: OpaquePointer?
      accessRecorder = TableAccessSet()
      let (code, rest): (Int32, String) = remaining.withCString { start in
        let code = sqlite3_prepare_v2(handle, start, -1, &statement, &tail)
        return (code, tail.map { String(cString: $0) } ?? "")
      }
      let access = accessRecorder ?? TableAccessSet()
      accessRecorder = nil
      guard code == SQLITE_OK else {
        throw DatabaseError(connection: handle, code: code, sql: Database.firstStatement(of: remaining))
      }
      guard let statement else { return }  // only whitespace or comments left
      defer { sqlite3_finalize(statement) }
      willExecute(access)
      var step = sqlite3_step(statement)
      while step == SQLITE_ROW { step = sqlite3_step(statement) }
      guard step == SQLITE_DONE else {
        let text = sqlite3_sql(statement).map { String(cString: $0) }
        let error = DatabaseError(connection: handle, code: step, sql: text)
        statementDidStep(access)
        throw error
      }
      statementDidStep(access)
      remaining = rest
    }
  }

  /// Runs one statement with arguments.
  public func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible]) throws {
    try cachedStatement(sql).execute(arguments)
  }

  /// Prepares a statement that is finalized when it is released.
  public func makeStatement(_ sql: String) throws -> Statement {
    try Statement(database: self, sql: sql, persistent: false)
  }

  /// Returns the connection's prepared statement for `sql`, preparing it on first use.
  public func cachedStatement(_ sql: String) throws -> Statement {
    if let statement = statementCache[sql] { return statement }
    let statement = try Statement(database: self, sql: sql, persistent: true)
    statementCache[sql] = statement
    return statement
  }

  /// The connection's prepared statement for the literal `sql`, found by the literal's
  /// address rather than by hashing its text: for statements run once per row of a bulk write.
  public func cachedStatement(literal sql: StaticString) throws -> Statement {
    let key = UnsafeRawPointer(sql.utf8Start)
    if let statement = literalStatementCache[key] { return statement }
    let statement = try cachedStatement(sql.description)
    literalStatementCache[key] = statement
    return statement
  }

  /// Maps every row of `sql`.
  public func fetchAll<T>(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ transform: (Row) throws -> T
  ) throws -> [T] {
    try cachedStatement(sql).fetchAll(arguments, transform)
  }

  /// Maps the first row of `sql`, if any.
  public func fetchOne<T>(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ transform: (Row) throws -> T
  ) throws -> T? {
    try cachedStatement(sql).fetchOne(arguments, transform)
  }

  private static func firstStatement(of sql: String) -> String {
    let trimmed = String(sql.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard let end = trimmed.firstIndex(of: ";") else { return trimmed }
    return String(trimmed[...end])
  }
}

// MARK: - Transactions and savepoints

extension Database {
  public enum TransactionKind: String, Sendable {
    case deferred = "DEFERRED"
    case immediate = "IMMEDIATE"

    var beginSQL: String { "BEGIN \(rawValue) TRANSACTION" }
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  /// Writers take the lock up front (`IMMEDIATE`) so that two processes wait for each other
  /// on `BEGIN` instead of failing halfway.
  public func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
    // Cached: a server begins and commits thousands of these a second.
    try cachedStatement(kind.beginSQL).execute()
    let result: T
    do {
      result = try body()
    } catch {
      rollbackIgnoringErrors()
      throw error
    }
    do {
      try cachedStatement(literal: "COMMIT TRANSACTION").execute()
    } catch {
      rollbackIgnoringErrors()
      throw error
    }
    return result
  }

  /// Runs `body` in a savepoint, nested in the current transaction (or starting one): released
  /// when it returns, rolled back to its start when it throws.
  public func inSavepoint<T>(_ body: () throws -> T) throws -> T {
    savepointDepth += 1
    defer { savepointDepth -= 1 }
    let (begin, release) = try savepointStatements(depth: savepointDepth)
    try begin.execute()
    do {
      let result = try body()
      try release.execute()
      return result
    } catch {
      if isInTransaction {
        let name = Self.savepointName(depth: savepointDepth)
        try? execute("ROLLBACK TRANSACTION TO SAVEPOINT \(name)")
        try? execute("RELEASE SAVEPOINT \(name)")
      }
      throw error
    }
  }

  private static func savepointName(depth: Int) -> String { "quiz_savepoint_\(depth)" }

  private func savepointStatements(depth: Int) throws -> (begin: Statement, release: Statement) {
    while savepointStatements.count < depth {
      let name = Self.savepointName(depth: savepointStatements.count + 1)
      savepointStatements.append(
        (
          try Statement(database: self, sql: "SAVEPOINT \(name)", persistent: true),
          try Statement(database: self, sql: "RELEASE SAVEPOINT \(name)", persistent: true)
        ))
    }
    return savepointStatements[depth - 1]
  }

  func rollbackIgnoringErrors() {
    // SQLite may already have rolled back (after SQLITE_FULL, say); then there is nothing left.
    if isInTransaction { try? execute("ROLLBACK TRANSACTION") }
  }
}

// MARK: - Read and write transactions

extension Database {
  enum TransactionState {
    case none, reading, writing
  }

  /// Runs `body` in one write transaction, taken up front with `BEGIN IMMEDIATE`: everything it
  /// reads is what it writes over, since no other connection can commit in between. Committed
  /// when it returns, rolled back when it throws. Inside another `write` it runs in a savepoint
  /// of that transaction, so a write made of smaller writes is still one commit; inside a
  /// `read` it is refused, since upgrading a read snapshot can fail halfway with SQLITE_BUSY.
  public func write<T>(_ body: (Database) throws -> T) throws -> T {
    switch transactionState {
    case .writing:
      return try inSavepoint { try body(self) }
    case .reading:
      throw DatabaseError(
        extendedResultCode: SQLITE_MISUSE, message: "a write cannot start inside a read transaction")
    case .none:
      // A transaction begun with plain SQL (the migrator's, a test's) is joined as it is.
      if isInTransaction { return try inSavepoint { try body(self) } }
      transactionState = .writing
      defer { transactionState = .none }
      return try inTransaction(.immediate) { try body(self) }
    }
  }

  /// Runs `body` in one read transaction: every statement in it sees the same snapshot of the
  /// database, whatever other processes commit meanwhile. Inside another transaction it joins
  /// that one.
  public func read<T>(_ body: (Database) throws -> T) throws -> T {
    guard transactionState == .none, !isInTransaction else { return try body(self) }
    transactionState = .reading
    defer { transactionState = .none }
    return try inTransaction(.deferred) { try body(self) }
  }
}
