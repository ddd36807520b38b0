import Foundation
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

  @Test func openCreatesAMigratedPrivateWALDatabaseInNewFolders() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("nested/deeper/quiz.sqlite")
    let repository = try QuizRepository.open(at: path)
    #expect(try repository.schemaVersion() == QuizRepository.migrations.count)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try repository.database.fetchOne("PRAGMA journal_mode", [], { $0.string(0) }) == "wal")
    #expect(try repository.database.fetchOne("PRAGMA integrity_check", [], { $0.string(0) }) == "ok")
    // Opening again migrates nothing.
    _ = try QuizRepository.open(at: path)
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
