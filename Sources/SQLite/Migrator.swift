import CSQLite

/// One step of the schema: a name that sorts in order ("0001_initial") and its SQL.
public struct Migration: Equatable, Sendable {
  public let name: String
  public let sql: String

  public init(name: String, sql: String) {
    self.name = name
    self.sql = sql
  }
}

/// Why a database cannot be migrated.
public enum MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file was migrated by a newer program: it has migrations this one does not know.
  case newerSchema(unknown: [String], known: Int)
  /// A migration left rows that break a foreign key; it was rolled back.
  case foreignKeyViolation(migration: String, table: String, rowID: Int64, parent: String)

  public var description: String {
    switch self {
    case .newerSchema(let unknown, let known):
      return "the database schema is newer than this program (it has migration "
        + "\(unknown.joined(separator: ", ")); this program knows \(known)); upgrade quiz"
    case .foreignKeyViolation(let migration, let table, let rowID, let parent):
      return "migration \(migration) was rolled back: it left row \(rowID) of \(table) pointing at "
        + "a missing row of \(parent)"
    }
  }
}

/// Applies ordered, named migrations, each in its own transaction, and records them in
/// `schema_migrations`. `PRAGMA user_version` mirrors the count so that the plain sqlite3 CLI
/// shows the schema version too.
///
/// Each migration follows SQLite's procedure for schema changes that rebuild tables
/// (<https://sqlite.org/lang_altertable.html#otheralter>): foreign keys are switched off
/// *before* the transaction (SQLite ignores the pragma inside one, and a `DROP TABLE` with them
/// on would cascade-delete every row that refers to the table), `PRAGMA foreign_key_check` runs
/// before the commit, and they are switched back on afterwards.
public struct Migrator: Sendable {
  public let migrations: [Migration]

  public init(migrations: [Migration]) {
    self.migrations = migrations.sorted { $0.name < $1.name }
  }

  /// The names already applied to `database`, in order. Reading them writes nothing, and fails
  /// with `SQLITE_NOTADB` when the file is not a database.
  public func appliedMigrations(in database: Database) throws -> [String] {
    let hasTable =
      try database.fetchOne(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'"
      ) { $0.int(0) } ?? 0
    guard hasTable > 0 else { return [] }
    return try database.fetchAll("SELECT name FROM schema_migrations ORDER BY name") { $0.string(0) }
  }

  /// The migrations `database` lacks, without writing anything; throws `newerSchema` when it
  /// has one this program does not know.
  public func pendingMigrations(in database: Database) throws -> [Migration] {
    let applied = try appliedMigrations(in: database)
    let known = Set(migrations.map(\.name))
    let unknown = applied.filter { !known.contains($0) }
    if !unknown.isEmpty { throw MigrationError.newerSchema(unknown: unknown, known: migrations.count) }
    let done = Set(applied)
    return migrations.filter { !done.contains($0.name) }
  }

  /// Applies the migrations that `database` lacks and returns their names.
  ///
  /// What is applied is decided again under the write lock (`BEGIN IMMEDIATE`) before each
  /// migration, so that two processes opening an old database at once migrate it once: the
  /// second finds the work done. `willMigrate` runs once, under that lock and before the first
  /// change, with the schema version the database has then (for a backup, say); not at all
  /// when another process started migrating after this one looked.
  @discardableResult
  public func migrate(_ database: Database, willMigrate: ((_ fromVersion: Int) throws -> Void)? = nil) throws
    -> [String]
  {
    let pendingAtStart = try pendingMigrations(in: database)
    guard !pendingAtStart.isEmpty else { return [] }
    var newlyApplied: [String] = []
    for migration in migrations {
      try database.execute("PRAGMA foreign_keys = OFF")
      defer { try? database.execute("PRAGMA foreign_keys = ON") }
      let applied: Bool = try database.inTransaction(.immediate) {
        let pending = try pendingMigrations(in: database)
        guard pending.contains(migration) else { return false }
        // Fewer pending than at the start: another process is migrating the same file, one
        // transaction after another, and took its own `willMigrate` step from where it began.
        if newlyApplied.isEmpty && pending.count == pendingAtStart.count {
          try willMigrate?(migrations.count - pending.count)
        }
        try apply(migration, to: database, version: migrations.count - pending.count + 1)
        return true
      }
      if applied { newlyApplied.append(migration.name) }
    }
    return newlyApplied
  }

  /// Runs one migration inside the open transaction and records it; throws (and so rolls
  /// back) when it leaves a broken foreign key.
  private func apply(_ migration: Migration, to database: Database, version: Int) throws {
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS schema_migrations (
        name TEXT PRIMARY KEY NOT NULL,
        applied_at TEXT NOT NULL
      ) STRICT
      """)
    try database.execute(migration.sql)
    if let violation = try database.fetchOne(
      "PRAGMA foreign_key_check", [], { ($0.string(0), $0.int64(1), $0.string(2)) })
    {
      throw MigrationError.foreignKeyViolation(
        migration: migration.name, table: violation.0, rowID: violation.1, parent: violation.2)
    }
    try database.execute(
      "INSERT INTO schema_migrations (name, applied_at) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
      [migration.name])
    try database.execute("PRAGMA user_version = \(version)")
  }

  /// The number of migrations applied to `database`: its schema version.
  public func schemaVersion(of database: Database) throws -> Int {
    try appliedMigrations(in: database).count
  }
}
