import Foundation
import Testing

@Suite struct GeneralCLITests {
  @Test func helpShowsOverviewUsageOptionsAndSubcommands() throws {
    let workspace = try Workspace()
    let run = try workspace.quiz("--help")
    #expect(run.status == 0)
    for heading in [
      "OVERVIEW:", "USAGE: quiz [--db <path>] [--verbose] <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "import", "export",
    ] {
      #expect(run.stdout.contains(heading))
    }
    let command = try workspace.quiz("show", "--help")
    #expect(command.status == 0)
    for heading in [
      "OVERVIEW:", "USAGE: quiz show", "ARGUMENTS:", "<quiz[/question]>", "OPTIONS:", "--answers", "--format <format>",
    ] {
      #expect(command.stdout.contains(heading))
    }
    #expect(try workspace.quiz("help", "import").stdout.contains("USAGE: quiz import"))
  }

  @Test func versionPrintsTheVersion() throws {
    let run = try Workspace().quiz("--version")
    #expect(run.status == 0)
    let migrations = try FileManager.default.contentsOfDirectory(
      atPath: QuizProcess.packageRoot.appendingPathComponent("migrations").path
    ).filter { $0.hasSuffix(".sql") }.count
    let match = try #require(
      run.stdout.wholeMatch(of: #/quiz \S+ \(SQLite \d+\.\d+\.\d+, schema version (\d+)\)\n/#))
    #expect(Int(match.1) == migrations)
  }

  @Test func unknownCommandIsAUsageError() throws {
    let run = try Workspace().quiz("lsit")
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.first == "Error: Unknown command 'lsit' (did you mean 'list'?)")
    #expect(lines.contains("Usage: quiz [--db <path>] [--verbose] <subcommand>"))
    #expect(lines.last == "  See 'quiz --help' for more information.")
  }

  @Test func unknownOptionAndMissingValueAreUsageErrors() throws {
    let workspace = try Workspace()
    let unknown = try workspace.quiz("list", "--fromat", "json")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.hasPrefix("Error: Unknown option '--fromat' (did you mean '--format'?)\nUsage: quiz list"))
    #expect(unknown.stderr.contains("See 'quiz list --help'"))
    let missing = try workspace.quiz("list", "--format")
    #expect(missing.status == 64)
    #expect(missing.stderr.hasPrefix("Error: Missing value for '--format <format>'"))
    let invalid = try workspace.quiz("list", "--format", "xml")
    #expect(invalid.status == 64)
    #expect(invalid.stderr.hasPrefix("Error: The value 'xml' is invalid for '--format' (expected one of: table, json)"))
    let argument = try workspace.quiz("show")
    #expect(argument.status == 64)
    #expect(argument.stderr.hasPrefix("Error: Missing expected argument '<quiz[/question]>'"))
  }

  @Test func initTwiceSucceedsAndTheFileChecksOut() throws {
    let workspace = try Workspace()
    let migrations = try FileManager.default.contentsOfDirectory(
      atPath: QuizProcess.packageRoot.appendingPathComponent("migrations").path
    ).filter { $0.hasSuffix(".sql") }
    for _ in 0..<2 {
      let run = try workspace.quiz("init")
      #expect(run.status == 0)
      #expect(run.stdout == "Database: \(workspace.database)\nSchema version: \(migrations.count)\n")
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: workspace.database)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    try QuizProcess.requireTool("sqlite3")
    let check = try QuizProcess.shell(
      "sqlite3 '\(workspace.database)' 'PRAGMA integrity_check; PRAGMA foreign_key_check; PRAGMA journal_mode;'",
      in: workspace.directory)
    #expect(check.stdout == "ok\nwal\n")
  }

  @Test func aCopiedBinaryStillCreatesAndMigratesADatabase() throws {
    let workspace = try Workspace()
    let copy = workspace.directory.path("bin/quiz")
    try FileManager.default.createDirectory(atPath: workspace.directory.path("bin"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: QuizProcess.binary.path, toPath: copy)
    let run = try QuizProcess.shell("cd / && '\(copy)' --db '\(workspace.database)' init", in: workspace.directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Schema version: "))
    #expect(try workspace.quiz("list", "--format", "json").stdout == "[]\n")
  }

  @Test func databaseLocationFollowsDbThenQUIZ_DBThenXDG() throws {
    let workspace = try Workspace()
    let xdg = try QuizProcess.run(
      ["init"], environment: ["XDG_DATA_HOME": workspace.directory.path("xdg")], in: workspace.directory)
    #expect(xdg.stdout.hasPrefix("Database: \(workspace.directory.path("xdg"))/quiz/quiz.sqlite\n"))
    let home = try QuizProcess.run(["init"], in: workspace.directory)
    #expect(home.stdout.hasPrefix("Database: \(workspace.directory.url.path)/.local/share/quiz/quiz.sqlite\n"))
    let env = try QuizProcess.run(
      ["init"], environment: ["QUIZ_DB": workspace.directory.path("env.sqlite")], in: workspace.directory)
    #expect(env.stdout.hasPrefix("Database: \(workspace.directory.path("env.sqlite"))\n"))
    let flag = try QuizProcess.run(
      ["init", "--db", workspace.directory.path("flag.sqlite")],
      environment: ["QUIZ_DB": workspace.directory.path("env.sqlite")],
      in: workspace.directory)
    #expect(flag.stdout.hasPrefix("Database: \(workspace.directory.path("flag.sqlite"))\n"))
  }

  @Test func aDirectoryAsDatabaseIsRefused() throws {
    let workspace = try Workspace()
    let run = try QuizProcess.run(["--db", workspace.directory.url.path, "list"], in: workspace.directory)
    #expect(run.status == 66)
    #expect(run.stderr == "Error: cannot open database \(workspace.directory.url.path): it is a directory\n")
  }

  @Test func aPathUnderAFileIsRefused() throws {
    let workspace = try Workspace()
    let file = try workspace.write("plain.txt", "text")
    let run = try QuizProcess.run(["--db", file + "/quiz.sqlite", "init"], in: workspace.directory)
    #expect(run.status == 66)
    #expect(run.stderr.hasPrefix("Error: cannot open database \(file)/quiz.sqlite"))
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndKept() throws {
    let workspace = try Workspace()
    let path = try workspace.write("quiz.sqlite", String(repeating: "just some notes\n", count: 100))
    let before = try workspace.databaseBytes()
    let run = try QuizProcess.run(["--db", path, "list"], in: workspace.directory)
    #expect(run.status == 65)
    #expect(run.stderr == "Error: \(path) is not a SQLite database\n")
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func aNewerSchemaIsRefusedAndTheFileKept() throws {
    let workspace = try Workspace()
    try workspace.quiz("init")
    try QuizProcess.requireTool("sqlite3")
    _ = try QuizProcess.shell(
      "sqlite3 '\(workspace.database)' \"INSERT INTO schema_migrations VALUES ('9999_future', 'x')\"",
      in: workspace.directory)
    let before = try workspace.databaseBytes()
    let run = try workspace.quiz("list")
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("Error: cannot use database \(workspace.database): the database schema is newer"))
    #expect(run.stderr.contains("9999_future"))
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func listIsEmptyJSONArrayOnANewDatabase() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("init").status == 0)
    let run = try workspace.quiz("list", "--format", "json")
    #expect(run.status == 0)
    #expect(run.stdout == "[]\n")
  }
}
