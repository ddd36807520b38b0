import Foundation
import TestSupport
import Testing

@testable import SQLite

@Suite struct MigratorTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("migrations.sqlite")
  }

  let migrations = [
    Migration(name: "0001_people", sql: "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL) STRICT;"),
    Migration(
      name: "0002_pets",
      sql: "CREATE TABLE pets (id INTEGER PRIMARY KEY, owner INTEGER NOT NULL REFERENCES people (id)) STRICT;"),
  ]

  @Test func freshDatabaseGetsEveryMigrationInOrder() throws {
    let database = try Database(path: path)
    let applied = try Migrator(migrations: migrations.reversed()).migrate(database)
    #expect(applied == ["0001_people", "0002_pets"])
    #expect(try Migrator(migrations: migrations).schemaVersion(of: database) == 2)
    #expect(try database.fetchOne("PRAGMA user_version", [], { $0.int(0) }) == 2)
  }

  @Test func migratingTwiceAppliesNothingTheSecondTime() throws {
    let database = try Database(path: path)
    try Migrator(migrations: Array(migrations.prefix(1))).migrate(database)
    #expect(try Migrator(migrations: migrations).migrate(database) == ["0002_pets"])
    #expect(try Migrator(migrations: migrations).migrate(database) == [])
  }

  @Test func newerDatabaseIsRefusedAndLeftUntouched() throws {
    do {
      let database = try Database(path: path)
      try database.enableWAL()
      try Migrator(migrations: migrations).migrate(database)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let database = try Database(path: path)
    #expect(throws: MigrationError.newerSchema(unknown: ["0002_pets"], known: 1)) {
      try Migrator(migrations: Array(migrations.prefix(1))).migrate(database)
    }
    let after = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(before == after)
  }

  @Test func migrationThatBreaksAForeignKeyIsRolledBack() throws {
    let database = try Database(path: path)
    try Migrator(migrations: migrations).migrate(database)
    let broken = Migration(
      name: "0003_orphans",
      sql: "PRAGMA defer_foreign_keys = ON; INSERT INTO pets (owner) VALUES (99); CREATE TABLE kept (x INTEGER);")
    #expect(throws: MigrationError.self) { try Migrator(migrations: migrations + [broken]).migrate(database) }
    #expect(try database.fetchOne("SELECT count(*) FROM pets", [], { $0.int(0) }) == 0)
    #expect(try database.fetchOne("SELECT count(*) FROM sqlite_schema WHERE name = 'kept'", [], { $0.int(0) }) == 0)
    #expect(try Migrator(migrations: migrations).schemaVersion(of: database) == 2)
  }
}
