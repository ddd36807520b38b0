import QuizDomain
import SQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// The quiz bank on disk: the only code that speaks SQL. It maps domain values to tables and
/// back, keeps question versions and retirement, writes the change log in the same transaction
/// as each change, and runs every multi-row write in one transaction.
///
/// A repository owns one connection and is used from one thread at a time.
public final class QuizRepository {
  let database: Database
  public let path: String
  /// True when the file (or its folder) could not be written, so it was opened read-only.
  public let isReadOnly: Bool
  /// The copy of the database kept before this open migrated it, if it did.
  public private(set) var migrationBackup: String?
  /// Observations of this repository's commits (see `observe(_:)`).
  lazy var observationCenter = ObservationCenter(repository: self)
  /// Change-log rows held back while a batch of writes runs (`bufferingChangeLog`), written
  /// together before it commits.
  var changeLogBuffer: [ChangeLogRow]?
  /// The gate of this file's served writes, found once (by path, under a process-wide lock).
  lazy var writeGate = WriteGate.of(path)

  /// The migrations compiled into this binary from `migrations/*.sql`.
  static let migrations: [Migration] = embeddedMigrations.map {
    Migration(name: String($0.name.dropLast(".sql".count)), sql: $0.text)
  }
  static let migrator = Migrator(migrations: migrations)
  /// The newest schema version this binary knows: the number of its migrations.
  public static var newestSchemaVersion: Int { migrations.count }
  /// The version of the SQLite library in use, such as "3.40.1".
  public static var sqliteVersion: String { Database.libraryVersion }

  private init(database: Database, path: String, isReadOnly: Bool = false) {
    self.database = database
    self.path = path
    self.isReadOnly = isReadOnly
  }

  /// What a command does with the database: reading never creates one, and works on a file
  /// it cannot write to.
  public enum Access: Sendable {
    /// Create the database (and its folder) when missing; migrate it.
    case readWrite
    /// The database must exist. Opened read-only when the file or its folder cannot be
    /// written; otherwise migrated like `readWrite`, since this binary reads only its schema.
    case read
  }

  /// Opens the database at `path`, creating it (and its folder) when missing and `access` is
  /// `readWrite`, and migrating it to this binary's schema. A file that is not a database, or
  /// whose schema is newer, is refused before anything is written to it. Before migrating a
  /// database that holds data, a copy of it is kept next to it (`migrationBackup` names it).
  public static func open(at path: String, access: Access = .readWrite) throws -> QuizRepository {
    try mappingStorageErrors { try openAndMigrate(at: path, access: access) }
  }

  private static func openAndMigrate(at path: String, access: Access) throws -> QuizRepository {
    let readOnly = try checkPath(path, access: access)
    let database = try openConnection(at: path, readOnly: readOnly)
    let pending: [Migration]
    do {
      pending = try migrator.pendingMigrations(in: database)
    } catch let error as MigrationError {
      throw RepositoryError.newerSchema(path: path, detail: error.description)
    } catch let error as DatabaseError where error.resultCode == DatabaseError.notADatabase {
      throw RepositoryError.notADatabase(path: path)
    } catch let error as DatabaseError where error.resultCode == DatabaseError.cannotOpen {
      throw RepositoryError.cannotOpen(path: path, reason: error.message)
    }
    let repository = QuizRepository(database: database, path: path, isReadOnly: readOnly)
    if readOnly {
      guard pending.isEmpty else {
        throw RepositoryError.cannotOpen(
          path: path, reason: "it was made by an older quiz and must be migrated, but it is read-only")
      }
      return repository
    }
    do {
      // WAL is a property of the file, set when it was created or migrated; a database that is
      // up to date needs only this connection's settings.
      if pending.isEmpty {
        try database.execute("PRAGMA synchronous = NORMAL")
      } else {
        try database.enableWAL()
        try migrator.migrate(database) { fromVersion in
          if fromVersion > 0 { try repository.keepCopyBeforeMigrating(to: migrations.count) }
        }
      }
      try database.limitWriteAheadLog(toBytes: writeAheadLogLimit)
    } catch let error as DatabaseError where error.resultCode == DatabaseError.readOnly {
      throw RepositoryError.cannotOpen(path: path, reason: "the file is read-only")
    } catch let error as MigrationError {
      throw RepositoryError.migrationFailed(path: path, detail: error.description)
    }
    return repository
  }

  /// How long the write-ahead log is kept once checkpointed: a server running for a day keeps
  /// no more than this on disk after a burst.
  static let writeAheadLogLimit: Int64 = 64 << 20

  /// Refuses what cannot be a database file, and says whether it must be opened read-only.
  private static func checkPath(_ path: String, access: Access) throws -> Bool {
    guard !path.isEmpty else { throw RepositoryError.cannotOpen(path: path, reason: "the path is empty") }
    switch FileSystem.kind(atPath: path) {
    case .directory: throw RepositoryError.cannotOpen(path: path, reason: "it is a directory")
    case .other: throw RepositoryError.cannotOpen(path: path, reason: "it is not a regular file")
    case .missing:
      if access == .read { throw RepositoryError.noDatabase(path: path) }
      return false
    case .file:
      // SQLite takes an empty file for a new database and would write a schema into it: only
      // a command that creates databases may do that.
      if access == .read && FileSystem.stamp(of: path)[0] == 0 {
        throw RepositoryError.emptyDatabaseFile(path: path)
      }
      // A command that writes says so before it starts (before an editor opens, before a taker
      // answers a question), not when it comes to write. SQLite would open the file read-only
      // without a word.
      if access == .readWrite && !FileSystem.isWritable(path) {
        throw DatabaseError(
          extendedResultCode: DatabaseError.readOnly, message: "attempt to write a readonly database")
      }
      // Writing needs the file, and the folder for the -wal and -shm files beside it.
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      return access == .read && !(FileSystem.isWritable(path) && FileSystem.isWritable(folder))
    }
  }

  /// Copies the database, as committed, to `PATH.before-vN` (or `PATH.before-vN-2`, … when
  /// that exists), created owner-only. Runs under the migration's write lock, so the copy is
  /// the state the migration starts from; a second connection reads it, since `VACUUM INTO`
  /// cannot run inside a transaction.
  private func keepCopyBeforeMigrating(to version: Int) throws {
    var copy = "\(path).before-v\(version)"
    var suffix = 1
    while !(try Database.createPrivateFile(at: copy, exclusive: true)) {
      suffix += 1
      copy = "\(path).before-v\(version)-\(suffix)"
    }
    do {
      let reader = try Database(path: path, readOnly: true)
      try reader.execute("VACUUM INTO ?", [copy])
    } catch {
      unlink(copy)
      throw error
    }
    migrationBackup = copy
  }

  private static func openConnection(at path: String, readOnly: Bool) throws -> Database {
    if readOnly { return try openReadOnly(at: path) }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    if FileSystem.kind(atPath: folder) == .missing {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw RepositoryError.cannotOpen(path: path, reason: "cannot create folder \(folder)")
      }
    }
    do {
      return try Database(path: path, busyTimeout: QuizRepository.busyTimeout)
    } catch let error as DatabaseError {
      throw RepositoryError.cannotOpen(path: path, reason: error.message)
    }
  }

  /// A read-only connection. In a folder that cannot be written the -shm file of a WAL
  /// database may be missing and cannot be made; nobody can write the database then, so it is
  /// read as immutable.
  private static func openReadOnly(at path: String) throws -> Database {
    do {
      let database = try Database(path: path, busyTimeout: QuizRepository.busyTimeout, readOnly: true)
      _ = try database.fetchOne("SELECT count(*) FROM sqlite_schema") { $0.int(0) }
      return database
    } catch let error as DatabaseError
      where error.resultCode == DatabaseError.cannotOpen || error.resultCode == DatabaseError.readOnly
    {
      // SQLITE_READONLY_CANTINIT or _DIRECTORY: the -shm file cannot be made here.
      return try Database(path: path, readOnly: true, immutable: true)
    }
  }

  /// What SQLite's `PRAGMA quick_check` finds wrong with the file (damaged pages, broken
  /// indexes); empty when it is sound.
  public func quickCheck() throws -> [String] {
    try mappingStorageErrors { try QuizRepository.quickCheck(database) }
  }

  /// The same for a file too damaged to open as a repository: read-only, nothing migrated.
  public static func quickCheck(at path: String) throws -> [String] {
    try mappingStorageErrors { try quickCheck(Database(path: path, readOnly: true)) }
  }

  private static func quickCheck(_ database: Database) throws -> [String] {
    do {
      let lines = try database.fetchAll("PRAGMA quick_check", []) { $0.string(0) }
      return lines == ["ok"] ? [] : lines
    } catch let error as DatabaseError where error.resultCode == DatabaseError.corrupt {
      return [error.message]
    }
  }

  /// How long a command waits for another process's write (a large import takes seconds)
  /// before it gives up with "the database is locked", in milliseconds.
  static let busyTimeout: Int32 = 60_000

  /// Waits up to `seconds` for other writers from now on (a minute by default): for a write a person
  /// is waiting on, such as a finished attempt, which must not be lost behind a long import.
  public func waitForOtherWriters(upTo seconds: Double) {
    database.setBusyTimeout(milliseconds: Int32(min(max(seconds, 0), 86_400) * 1000))
  }

  /// The number of migrations applied: the schema version.
  public func schemaVersion() throws -> Int {
    try QuizRepository.migrator.schemaVersion(of: database)
  }

  /// The current time, for `created_at` and friends.
  func now() -> Timestamp { Timestamp(unixSeconds: Date().timeIntervalSince1970) }
}

// MARK: - Transactions

extension QuizRepository {
  /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`): the repository calls it makes
  /// read what they then write over, and commit together or not at all. Every public method
  /// that writes runs in one of these; called inside `body`, it joins it.
  ///
  /// ```swift
  /// try repository.write { repository in
  ///   let quiz = try repository.requireQuiz("geography")
  ///   try repository.saveQuiz(quiz.quiz.renamed("Geography"))
  /// }
  /// ```
  public func write<T>(_ body: (QuizRepository) throws -> T) throws -> T {
    // A write that fails is rolled back to its start, and so are the log rows it buffered.
    let buffered = changeLogBuffer?.count
    do {
      return try mappingStorageErrors { try database.write { _ in try body(self) } }
    } catch {
      if let buffered, let count = changeLogBuffer?.count, count > buffered {
        changeLogBuffer?.removeLast(count - buffered)
      }
      throw error
    }
  }

  /// Runs `body` in one read transaction: every read in it sees the same committed state, even
  /// while other processes write. A write inside it is refused.
  public func read<T>(_ body: (QuizRepository) throws -> T) throws -> T {
    try mappingStorageErrors { try database.read { _ in try body(self) } }
  }
}
