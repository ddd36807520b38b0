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
  /// A migration left rows that break a foreign key.
  case foreignKeyViolation(migration: String, table: String, rowID: Int64)

  public var description: String {
    switch self {
    case .newerSchema(let unknown, let known):
      return "the database schema is newer than this program (it has migration "
        + "\(unknown.joined(separator: ", ")); this program knows \(known)); upgrade quiz"
    case .foreignKeyViolation(let migration, let table, let rowID):
      return "migration \(migration) broke a foreign key in \(table) (rowid \(rowID))"
    }
  }
}

/// Applies ordered, named migrations, each in its own transaction, and records them in
/// `schema_migrations`. `PRAGMA user_version` mirrors the count so that the plain sqlite3 CLI
/// shows the schema version too.
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

  /// Throws `MigrationError.newerSchema` when `database` has migrations this program lacks.
  public func checkCompatible(_ database: Database) throws {
    _ = try knownAppliedMigrations(in: database)
  }

  /// True when every migration is applied (and no unknown one): nothing to do. Writes nothing.
  public func isUpToDate(_ database: Database) throws -> Bool {
    try knownAppliedMigrations(in: database) == migrations.map(\.name)
  }

  /// The applied migrations, read once; throws `newerSchema` when one is unknown here.
  private func knownAppliedMigrations(in database: Database) throws -> [String] {
    let applied = try appliedMigrations(in: database)
    let known = Set(migrations.map(\.name))
    let unknown = applied.filter { !known.contains($0) }
    if !unknown.isEmpty { throw MigrationError.newerSchema(unknown: unknown, known: migrations.count) }
    return applied
  }

  /// Applies the migrations that `database` lacks and returns their names.
  @discardableResult
  public func migrate(_ database: Database) throws -> [String] {
    let applied = Set(try knownAppliedMigrations(in: database))
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS schema_migrations (
        name TEXT PRIMARY KEY NOT NULL,
        applied_at TEXT NOT NULL
      ) STRICT
      """)
    var newlyApplied: [String] = []
    for migration in migrations where !applied.contains(migration.name) {
      try database.inTransaction(.immediate) {
        try database.execute(migration.sql)
        try database.execute(
          "INSERT INTO schema_migrations (name, applied_at) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
          [migration.name])
        if let violation = try database.fetchOne("PRAGMA foreign_key_check", [], { ($0.string(0), $0.int64(1)) }) {
          throw MigrationError.foreignKeyViolation(
            migration: migration.name, table: violation.0, rowID: violation.1)
        }
        try database.execute("PRAGMA user_version = \(applied.count + newlyApplied.count + 1)")
      }
      newlyApplied.append(migration.name)
    }
    return newlyApplied
  }

  /// The number of migrations applied to `database`: its schema version.
  public func schemaVersion(of database: Database) throws -> Int {
    try appliedMigrations(in: database).count
  }
}
