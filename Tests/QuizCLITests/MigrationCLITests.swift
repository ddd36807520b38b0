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

@Suite struct QuestionKindsMigrationTests {
  /// A database at schema version 7 (before question kinds) holding the seeds with their
  /// attempts: the seeds are imported at the current version, and every row of the tables
  /// version 7 has is copied into a database migrated to 7, column by column.
  static func makeVersionSevenDatabase(at path: String, from current: String) throws -> [String: Int] {
    try makeDatabase(version: 7, at: path, from: current)
  }

  /// As `makeVersionSevenDatabase`, at schema `version`.
  static func makeDatabase(version: Int, at path: String, from current: String) throws -> [String: Int] {
    let old = try Database(path: path)
    try Migrator(migrations: Array(try MigrationCLITests.migrations().prefix(version))).migrate(old)
    try old.execute("PRAGMA foreign_keys = OFF")
    try old.execute("ATTACH DATABASE '\(current.replacingOccurrences(of: "'", with: "''"))' AS current")
    let tables = try old.fetchAll(
      "SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search_%'"
        + " AND name <> 'schema_migrations'", [], { $0.string(0) })
    var counts: [String: Int] = [:]
    for table in tables {
      let columns = try old.fetchAll("SELECT name FROM pragma_table_info(?)", [table], { "\"\($0.string(0))\"" })
      let list = columns.joined(separator: ", ")
      try old.execute("INSERT INTO main.\"\(table)\" (\(list)) SELECT \(list) FROM current.\"\(table)\"")
      counts[table] = try old.fetchOne("SELECT count(*) FROM main.\"\(table)\"", [], { $0.int(0) })
    }
    try old.execute("DETACH DATABASE current")
    return counts
  }

  @Test func aVersionSevenDatabaseMigratesWithEveryRowAndExportsTheSameBytes() throws {
    let current = try Workspace.seeded()
    let expected = try current.quiz("export", "--with-attempts")
    #expect(expected.status == 0)
    let workspace = try Workspace()
    let counts = try Self.makeVersionSevenDatabase(at: workspace.database, from: current.database)
    #expect((counts["answers"] ?? 0) > 0 && (counts["question_versions"] ?? 0) > 0, "\(counts)")
    let exported = try workspace.quiz("export", "--with-attempts")
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdout == expected.stdout)
    let database = try Database(path: workspace.database, readOnly: true)
    #expect(try database.fetchOne("PRAGMA user_version", [], { $0.int(0) }) == MigrationCLITests.migrations().count)
    for (table, count) in counts {
      #expect(try database.fetchOne("SELECT count(*) FROM \"\(table)\"", [], { $0.int(0) }) == count, "\(table)")
    }
    #expect(
      try database.fetchOne("SELECT count(*) FROM question_versions WHERE kind <> 'choice'", [], { $0.int(0) }) == 0)
    #expect(try workspace.quiz("check").status == 0)
  }
}
