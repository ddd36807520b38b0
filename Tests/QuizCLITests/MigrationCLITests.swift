import Foundation
import SQLite
import Testing

@Suite struct MigrationCLITests {
  /// The package's migrations, read from migrations/ (what the binary embeds).
  static func migrations() throws -> [Migration] {
    let folder = QuizProcess.packageRoot.appendingPathComponent("migrations")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
      .map { name in
        Migration(
          name: String(name.dropLast(4)),
          sql: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
      }
  }

  /// A database at schema version 1 holding one quiz, as the first release of quiz left it.
  static func makeVersionOneDatabase(at path: String) throws {
    let database = try Database(path: path)
    try database.enableWAL()
    try Migrator(migrations: Array(try migrations().prefix(1))).migrate(database)
    try database.execute(
      "INSERT INTO quizzes (slug, title, created_at, updated_at) VALUES ('old', 'Old quiz', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')"
    )
  }

  @Test func twoProcessesOpeningAnOldDatabaseAtOnceMigrateItOnce() throws {
    let workspace = try Workspace()
    try Self.makeVersionOneDatabase(at: workspace.database)
    // Two processes started together, as two terminals would.
    let processes = try ["one", "two"].map { name in
      let process = Process()
      process.executableURL = QuizProcess.binary
      process.arguments = ["--db", workspace.database, "list", "--format", "json"]
      process.currentDirectoryURL = workspace.directory.url
      process.environment = ["HOME": workspace.directory.url.path, "LANG": "C.UTF-8"]
      process.standardInput = FileHandle.nullDevice
      for (suffix, isOut) in [("out", true), ("err", false)] {
        let path = workspace.directory.path("\(name).\(suffix)")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        if isOut { process.standardOutput = handle } else { process.standardError = handle }
      }
      return process
    }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    #expect(processes.map(\.terminationStatus) == [0, 0])
    for name in ["one.out", "two.out"] {
      let output = try String(contentsOfFile: workspace.directory.path(name), encoding: .utf8)
      #expect(output.contains("\"Old quiz\""))
    }
    let database = try Database(path: workspace.database, readOnly: true)
    let applied = try database.fetchAll("SELECT name FROM schema_migrations ORDER BY rowid", [], { $0.string(0) })
    #expect(applied == (try Self.migrations().map(\.name)))
    #expect(try database.fetchOne("PRAGMA user_version", [], { $0.int(0) }) == applied.count)
    // One process migrated, kept one copy and said so; the other found the work done.
    let notes = try ["one.err", "two.err"].map {
      try String(contentsOfFile: workspace.directory.path($0), encoding: .utf8)
    }
    let backup = "quiz.sqlite.before-v\(applied.count)"
    #expect(notes.filter { $0.contains(backup) }.count == 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.url.path)
    #expect(files.filter { $0.contains(".before-v") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") } == [backup])
  }
}
