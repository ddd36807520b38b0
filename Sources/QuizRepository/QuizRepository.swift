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
  public let database: Database
  public let path: String
  /// Observations of this repository's commits (see `observe(_:)`).
  lazy var observationCenter = ObservationCenter(repository: self)

  /// The migrations compiled into this binary from `migrations/*.sql`.
  public static let migrations: [Migration] = embeddedMigrations.map { Migration(name: $0.name, sql: $0.sql) }
  static let migrator = Migrator(migrations: migrations)

  private init(database: Database, path: String) {
    self.database = database
    self.path = path
  }

  /// Opens the database at `path`, creating it (and its folder) when missing and migrating it
  /// to this binary's schema. A file that is not a database, or whose schema is newer, is
  /// refused before anything is written to it.
  public static func open(at path: String) throws -> QuizRepository {
    let database = try openConnection(at: path)
    let upToDate: Bool
    do {
      upToDate = try migrator.isUpToDate(database)
    } catch let error as MigrationError {
      throw RepositoryError.newerSchema(path: path, detail: error.description)
    } catch let error as DatabaseError where error.resultCode == DatabaseError.notADatabase {
      throw RepositoryError.notADatabase(path: path)
    } catch let error as DatabaseError where error.resultCode == DatabaseError.cannotOpen {
      throw RepositoryError.cannotOpen(path: path, reason: error.message)
    }
    do {
      // WAL is a property of the file, set when it was created or migrated; a database that is
      // up to date needs only this connection's settings.
      if upToDate {
        try database.execute("PRAGMA synchronous = NORMAL")
      } else {
        try database.enableWAL()
        try migrator.migrate(database)
      }
    } catch let error as DatabaseError where error.resultCode == DatabaseError.readOnly {
      throw RepositoryError.cannotOpen(path: path, reason: "the file is read-only")
    }
    return QuizRepository(database: database, path: path)
  }

  private static func openConnection(at path: String) throws -> Database {
    if FileSystem.kind(atPath: path) == .directory {
      throw RepositoryError.cannotOpen(path: path, reason: "it is a directory")
    }
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
      return try Database(path: path)
    } catch let error as DatabaseError {
      throw RepositoryError.cannotOpen(path: path, reason: error.message)
    }
  }

  /// The number of migrations applied: the schema version.
  public func schemaVersion() throws -> Int {
    try QuizRepository.migrator.schemaVersion(of: database)
  }

  /// The current time, for `created_at` and friends.
  func now() -> Timestamp { Timestamp(unixSeconds: Date().timeIntervalSince1970) }
}
