import Foundation
import QuizBankFormat
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

@Suite struct MigrationsTests {
  /// The package's migrations/ folder, found from this file.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("migrations")

  @Test func embeddedMigrationsAreExactlyTheFilesInMigrations() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".sql") }
      .sorted()
    let onDisk = try files.map { name in
      Migration(
        name: String(name.dropLast(4)),
        sql: try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8))
    }
    #expect(!onDisk.isEmpty)
    #expect(QuizRepository.migrations == onDisk)
  }

  /// The kinds a version may have are the rows of question_kinds (migrations/0019): every
  /// QuestionKind has its row, and a kind the database does not know is refused by it. A kind
  /// added to the enum without its migration fails here, naming it.
  @Test func theKindsTableHoldsEveryKindAndOnlyThem() throws {
    let directory = try TemporaryDirectory()
    let repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    let stored = try repository.database.fetchAll("SELECT name FROM question_kinds ORDER BY name") { $0.string(0) }
    #expect(stored == QuestionKind.allCases.map(\.rawValue).sorted())
    try repository.saveQuiz(Fixtures.quiz("q", questions: [Fixtures.question("a")]))
    #expect(throws: (any Error).self) {
      try repository.database.execute("UPDATE question_versions SET kind = 'drag-and-drop'")
    }
    #expect(
      try repository.database.fetchOne("SELECT count(*) FROM question_versions WHERE kind = 'choice'") { $0.int(0) }
        == 1)
  }

  @Test func openCreatesAMigratedPrivateWALDatabaseInNewFolders() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("nested/deeper/quiz.sqlite")
    let repository = try QuizRepository.open(at: path)
    #expect(try repository.schemaVersion() == QuizRepository.migrations.count)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try repository.database.fetchOne("PRAGMA journal_mode", [], { $0.string(0) }) == "wal")
    #expect(try repository.database.fetchOne("PRAGMA integrity_check", [], { $0.string(0) }) == "ok")
    // Opening again migrates nothing; every connection keeps the log to its limit.
    let again = try QuizRepository.open(at: path)
    for opened in [repository, again] {
      #expect(
        try opened.database.fetchOne("PRAGMA journal_size_limit", [], { $0.int64(0) })
          == QuizRepository.writeAheadLogLimit)
    }
  }

  @Test func aFileThatIsNotADatabaseIsRefusedUntouched() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("notes.sqlite")
    let text = Data(String(repeating: "not a database. ", count: 64).utf8)
    try text.write(to: URL(fileURLWithPath: path))
    #expect(throws: RepositoryError.notADatabase(path: path)) { try QuizRepository.open(at: path) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
  }

  @Test func aDirectoryIsRefused() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: RepositoryError.cannotOpen(path: directory.url.path, reason: "it is a directory")) {
      try QuizRepository.open(at: directory.url.path)
    }
  }

  @Test func theSchemaEnforcesItsInvariants() throws {
    let directory = try TemporaryDirectory()
    let repository = try QuizRepository.open(at: directory.path("q.sqlite"))
    try repository.saveQuiz(Fixtures.quiz())
    let database = repository.database
    let version = try #require(try database.fetchOne("SELECT id FROM question_versions LIMIT 1", [], { $0.int64(0) }))
    // No correct choice, points ≤ 0, a repeated choice position: each refused by SQLite itself.
    #expect(throws: DatabaseError.self) {
      try database.execute("UPDATE question_versions SET correct_count = 0 WHERE id = ?", [version])
    }
    #expect(throws: DatabaseError.self) {
      try database.execute("UPDATE question_versions SET points = 0 WHERE id = ?", [version])
    }
    #expect(throws: DatabaseError.self) {
      try database.execute(
        "INSERT INTO choices (version_id, position, slug, text, correct) VALUES (?, 0, 'z', 'Z', 0)", [version])
    }
    #expect(throws: DatabaseError.self) { try database.execute("UPDATE quizzes SET slug = 'Not A Slug'") }
  }
}

/// Migrations that rebuild tables (the only way to change a CHECK in SQLite) must keep every
/// row that refers to the rebuilt table, and a database that holds data is copied first.
@Suite struct TableRebuildMigrationTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("quiz.sqlite")
  }

  /// A migration that rebuilds `table` with one more scoring rule in its CHECK lists, as SQLite
  /// documents: new table, copy, drop, rename.
  static func rebuild(_ table: String, in database: Database) throws -> String {
    let create = try #require(
      try database.fetchOne("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", [table]) {
        $0.string(0)
      })
    // A table renamed by an earlier rebuild is stored as CREATE TABLE "name".
    let widened = create.replacingOccurrences(
      of: "OR scoring = 'weighted')", with: "OR scoring = 'weighted' OR scoring = 'test-rule')"
    )
    .replacingOccurrences(of: "CREATE TABLE \"\(table)\" (", with: "CREATE TABLE \(table)_rebuilt (")
    .replacingOccurrences(of: "CREATE TABLE \(table) (", with: "CREATE TABLE \(table)_rebuilt (")
    #expect(widened.contains("'test-rule'") && widened.contains("\(table)_rebuilt"))
    return """
      \(widened);
      INSERT INTO \(table)_rebuilt SELECT * FROM \(table);
      DROP TABLE \(table);
      ALTER TABLE \(table)_rebuilt RENAME TO \(table);
      """
  }

  /// Every row of every table, in a stable order: what a migration must not lose.
  static func dump(_ database: Database) throws -> [String: [String]] {
    let tables = try database.fetchAll(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search_index%' AND name != 'schema_migrations'",
      [], { $0.string(0) })
    var dump: [String: [String]] = [:]
    for table in tables {
      dump[table] = try database.fetchAll("SELECT * FROM \(table)", []) { row in
        (0..<row.columnCount).map { "\(row.value($0))" }.joined(separator: "|")
      }.sorted()
    }
    return dump
  }

  @Test func rebuildingReferencedTablesKeepsEveryRowAndCopiesTheDatabaseFirst() throws {
    let before: [String: [String]]
    do {
      let repository = try QuizRepository.open(at: path)
      try repository.saveQuiz(Fixtures.quiz("geo"))
      try repository.saveQuiz(Fixtures.quiz("art"))
      _ = try repository.importDocuments([
        ImportSource(
          name: "attempts.json",
          document: QuizBankDocument(
            quizzes: [],
            attempts: [
              Fixtures.attempt("a1", ["q1": ["a"], "q2": ["a", "b"]]),
              Fixtures.attempt("a2", quiz: "art", taker: "bob", ["q1": ["b"]]),
            ]))
      ])
      before = try Self.dump(repository.database)
      #expect(before["answers"]?.count == 3)
    }
    let database = try Database(path: path)
    let extra = [
      Migration(name: "9998_rebuild_quizzes", sql: try Self.rebuild("quizzes", in: database)),
      Migration(name: "9999_rebuild_versions", sql: try Self.rebuild("question_versions", in: database)),
    ]
    var copiedFrom: Int?
    let applied = try Migrator(migrations: QuizRepository.migrations + extra).migrate(database) { copiedFrom = $0 }
    #expect(applied == extra.map(\.name))
    #expect(copiedFrom == QuizRepository.migrations.count)
    #expect(try Self.dump(database) == before)
    #expect(try database.fetchOne("PRAGMA foreign_keys", [], { $0.int(0) }) == 1)
    #expect(try database.fetchAll("PRAGMA foreign_key_check", [], { $0.string(0) }).isEmpty)
    #expect(try database.fetchOne("PRAGMA integrity_check", [], { $0.string(0) }) == "ok")
    // The widened CHECK is in force.
    try database.execute("UPDATE quizzes SET scoring = 'test-rule' WHERE slug = 'geo'")
  }

  @Test func openingAnOlderDatabaseThatHoldsDataKeepsAPrivateCopy() throws {
    let first = Migrator(migrations: Array(QuizRepository.migrations.prefix(1)))
    do {
      let database = try Database(path: path)
      try database.enableWAL()
      try first.migrate(database)
      try database.execute(
        "INSERT INTO quizzes (slug, title, created_at, updated_at) VALUES ('old', 'Old quiz', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')"
      )
    }
    let repository = try QuizRepository.open(at: path)
    let copy = try #require(repository.migrationBackup)
    #expect(copy == path + ".before-v\(QuizRepository.migrations.count)")
    let attributes = try FileManager.default.attributesOfItem(atPath: copy)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let old = try Database(path: copy, readOnly: true)
    #expect(try first.schemaVersion(of: old) == 1)
    #expect(try old.fetchOne("SELECT title FROM quizzes", [], { $0.string(0) }) == "Old quiz")
    #expect(try repository.schemaVersion() == QuizRepository.migrations.count)
    // Up to date now: no second copy.
    #expect(try QuizRepository.open(at: path).migrationBackup == nil)
    // A new database has nothing to keep.
    #expect(try QuizRepository.open(at: directory.path("new.sqlite")).migrationBackup == nil)
  }
}

extension MigrationsTests {
  /// Proof that the procedure matters: the same rebuild with foreign keys on, as the migrator
  /// used to run it, cascades into every section and question.
  @Test func aRebuildWithForeignKeysOnWouldCascade() throws {
    let directory = try TemporaryDirectory()
    let repository = try QuizRepository.open(at: directory.path("q.sqlite"))
    try repository.saveQuiz(Fixtures.quiz())
    let database = repository.database
    let sql = try TableRebuildMigrationTests.rebuild("quizzes", in: database)
    try database.inTransaction { try database.execute(sql) }
    #expect(try database.fetchOne("SELECT count(*) FROM questions", [], { $0.int(0) }) == 0)
  }
}
