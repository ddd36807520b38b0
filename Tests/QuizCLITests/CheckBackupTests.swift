import Foundation
import Testing

@Suite struct CheckBackupTests {
  @Test func checkPassesOnASoundDatabaseAndFindsAScoreChangedBehindItsBack() throws {
    try QuizProcess.requireTool("sqlite3")
    let workspace = try Workspace.seeded()
    let sound = try workspace.quiz("check")
    #expect(sound.status == 0, "\(sound.stdout)\(sound.stderr)")
    #expect(sound.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("ok ") })
    #expect(sound.stdout.contains("recorded scores"))
    let tamper = try QuizProcess.shell(
      "sqlite3 quiz.sqlite \"UPDATE answers SET score = score + 1 WHERE (attempt_id, version_id) = (SELECT attempt_id, version_id FROM answers LIMIT 1)\"",
      in: workspace.directory)
    #expect(tamper.status == 0, "\(tamper.stdout)")
    let broken = try workspace.quiz("check")
    #expect(broken.status == 1)
    #expect(broken.stdout.contains("FAILED  recorded scores"))
    #expect(broken.stdout.contains("recomputed"))
    #expect(broken.stderr == "Error: 1 check failed\n")
  }

  @Test func backupMakesAPrivateCopyThatPassesCheckAndRefusesToOverwrite() throws {
    let workspace = try Workspace.seeded()
    let copy = workspace.directory.path("copy.sqlite")
    let made = try workspace.quiz("backup", copy)
    #expect(made.status == 0, "\(made.stderr)")
    let attributes = try FileManager.default.attributesOfItem(atPath: copy)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let checked = try QuizProcess.run(["--db", copy, "check"], in: workspace.directory)
    #expect(checked.status == 0, "\(checked.stdout)")
    #expect(
      try QuizProcess.run(["--db", copy, "export", "--with-attempts"], in: workspace.directory).stdout
        == (try workspace.quiz("export", "--with-attempts").stdout))
    let again = try workspace.quiz("backup", copy)
    #expect(again.status == 1)
    #expect(again.stderr.contains("give --force"))
    #expect(try workspace.quiz("backup", copy, "--force").status == 0)
  }

  // MARK: - What check finds

  /// Runs `sql` on the workspace's database with the sqlite3 tool, CHECK constraints ignored,
  /// as a tamperer can.
  static func tamper(_ workspace: Workspace, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let run = try QuizProcess.shell(
      "sqlite3 quiz.sqlite "
        + CompletionTests.quoted("PRAGMA ignore_check_constraints = 1; PRAGMA foreign_keys = 0; " + sql),
      in: workspace.directory)
    #expect(run.status == 0 && run.stderr.isEmpty, "sqlite3: \(run.stderr)", sourceLocation: sourceLocation)
  }

  /// `quiz check` after `sql`: exit 1, the check `name` FAILED with a line containing `words`.
  static func expectCheckFinds(
    _ sql: String, failing name: String, saying words: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let workspace = try Workspace.seeded()
    try tamper(workspace, sql, sourceLocation: sourceLocation)
    let run = try workspace.quiz("check")
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stdout.contains("FAILED  \(name)\n"), "\(run.stdout)", sourceLocation: sourceLocation)
    #expect(run.stdout.contains(words), "\(run.stdout)", sourceLocation: sourceLocation)
  }

  @Test func checkFindsATamperedMaximumAnUnknownRuleAndAMissingCurrentVersion() throws {
    try QuizProcess.requireTool("sqlite3")
    try Self.expectCheckFinds(
      "UPDATE attempts SET max_score = 0.5 WHERE uid = 'seed-reactive-alice-1'", failing: "recorded maximum scores",
      saying: "attempt seed-reactive-alice-1: recorded maximum 0.5, below the 11.0 points of the questions it answered")
    try Self.expectCheckFinds(
      "UPDATE attempts SET scoring = 'bogus' WHERE uid = 'seed-reactive-alice-1'", failing: "scoring rules known",
      saying: #"attempt seed-reactive-alice-1: unknown scoring rule "bogus""#)
    try Self.expectCheckFinds(
      "UPDATE question_versions SET scoring = 'made-up' WHERE id = (SELECT min(id) FROM question_versions)",
      failing: "scoring rules known", saying: #"version 1: unknown scoring rule "made-up""#)
    try Self.expectCheckFinds(
      "UPDATE questions SET current_version = 9 WHERE slug = 'what-is-rxswift'",
      failing: "every question's current version stored",
      saying: "question reactive-swift/what-is-rxswift: its current version 9 is not stored")
  }

  /// A slot an attempt could not start from: its question retired or its pinned version gone
  /// behind the repository's back, or its bank removed.
  @Test func checkFindsSlotsToRetiredQuestionsMissingVersionsAndRemovedBanks() throws {
    try QuizProcess.requireTool("sqlite3")
    let name = "slots name questions and categories in use"
    for (sql, words) in [
      (
        "UPDATE questions SET retired_at = '2026-01-01T00:00:00Z' WHERE slug = 'c1'",
        "quiz fin: the slot at position 2 of its section places bio/c1, which is retired"
      ),
      (
        "UPDATE slots SET version = 9 WHERE question_id IS NOT NULL",
        "quiz fin: the slot at position 2 of its section pins version 9 of bio/c1, which is not stored"
      ),
      (
        "UPDATE banks SET removed_at = '2026-01-01T00:00:00Z' WHERE slug = 'bio'",
        "quiz fin: the slot at position 3 of its section names removed bank bio"
      ),
    ] {
      let workspace = try RandomSlotsCLITests.final()
      #expect(try workspace.quiz("check").status == 0)
      try Self.tamper(workspace, sql)
      let run = try workspace.quiz("check")
      #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
      #expect(run.stdout.contains("FAILED  \(name)\n"), "\(run.stdout)")
      #expect(run.stdout.contains(words), "\(words)\n\(run.stdout)")
    }
  }

  @Test func checkListsAtMost20LinesAndNamesWithoutRowidTablesWithoutARow() throws {
    try QuizProcess.requireTool("sqlite3")
    // 25 tags of questions that do not exist: question_tags is a WITHOUT ROWID table.
    let rows = (1...25).map { "(\(100_000 + $0), 0, 'x')" }.joined(separator: ", ")
    try Self.expectCheckFinds(
      "INSERT INTO question_tags (question_id, position, tag) VALUES \(rows)",
      failing: "foreign keys (PRAGMA foreign_key_check)",
      saying: "        a row of question_tags points at a missing row of questions\n")
    let workspace = try Workspace.seeded()
    try Self.tamper(workspace, "INSERT INTO question_tags (question_id, position, tag) VALUES \(rows)")
    let run = try workspace.quiz("check")
    let listed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("        ") }
    #expect(listed.count == 21, "\(run.stdout)")
    #expect(listed.last == "        … and 5 more problems")
    #expect(!run.stdout.contains("row 0"))
  }

  @Test func checkListsTheDamageOfAFileItCannotOpen() throws {
    let workspace = try Workspace.seeded()
    // Page 1 holds the root of the schema, after the 100-byte file header: the file no longer opens.
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: workspace.database))
    try handle.seek(toOffset: 100)
    try handle.write(contentsOf: Data(repeating: 0x55, count: 2000))
    try handle.close()
    let run = try workspace.quiz("check")
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.hasPrefix("FAILED  integrity (PRAGMA quick_check)\n        "), "\(run.stdout)")
    #expect(run.stderr == "Error: the database file \(workspace.database) is damaged: restore a backup\n")
    #expect(!run.stderr.contains("quiz init"))
  }

  // MARK: - What backup refuses to replace

  /// The file type of `path` (not following a symbolic link), or nil when nothing is there.
  static func fileType(_ path: String) -> FileAttributeType? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
  }

  /// `quiz backup TARGET --force` for a target that must be refused: exit 1, one error line
  /// naming the target and containing `words`.
  static func expectRefused(
    _ workspace: Workspace, _ target: String, saying words: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let run = try workspace.quiz("backup", target, "--force")
    #expect(run.status == 1, "backup \(target): \(run.stdout)\(run.stderr)", sourceLocation: sourceLocation)
    #expect(
      run.stderr.hasPrefix("Error: ") && run.stderr.contains(target), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr.contains(words), "backup \(target): \(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
  }

  @Test func backupRefusesATargetThatIsNotARegularFile() throws {
    let workspace = try Workspace.seeded()
    let fifo = workspace.directory.path("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    try Self.expectRefused(workspace, fifo, saying: "is a FIFO")
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    // Without --force too: not "give --force", which could not help.
    let plain = try workspace.quiz("backup", fifo)
    #expect(plain.status == 1 && plain.stderr.contains("is a FIFO") && !plain.stderr.contains("--force"))
    let folder = workspace.directory.path("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Self.expectRefused(workspace, folder, saying: "is a folder")
    // A character device of our own first (as root, where mknod is allowed): only once it was
    // refused is the machine's /dev/null tried, so that a regression cannot destroy it.
    let device = workspace.directory.path("null")
    // Device 1:3 is /dev/null's (glibc's makedev, a macro Swift cannot call, for small numbers).
    if mknod(device, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0 {
      try Self.expectRefused(workspace, device, saying: "is a character device")
      #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
      guard status.st_mode & S_IFMT == S_IFCHR else { return }
    }
    try Self.expectRefused(workspace, "/dev/null", saying: "is a character device")
    #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/null was replaced")
  }

  @Test func backupRefusesTheDatabaseItsCompanionFilesAndLinksToThem() throws {
    let workspace = try Workspace.seeded()
    let before = try workspace.quiz("export", "--with-attempts").stdout
    let database = workspace.database
    let hard = workspace.directory.path("hard.sqlite")
    #expect(link(database, hard) == 0)
    let symbolic = workspace.directory.path("symbolic.sqlite")
    #expect(symlink(database, symbolic) == 0)
    let toWAL = workspace.directory.path("wal-link")
    #expect(symlink(database + "-wal", toWAL) == 0)
    _ = try workspace.write("quiz.sqlite-shm", "")
    for (target, words) in [
      (database, "is the database itself"), ("./quiz.sqlite", "is the database itself"),
      (hard, "is the database itself"), (symbolic, "is the database itself"),
      (database + "-wal", "is the database's -wal file"), (database + "-shm", "is the database's -shm file"),
      (database + "-journal", "is the database's -journal file"), (toWAL, "is the database's -wal file"),
    ] {
      try Self.expectRefused(workspace, target, saying: words)
    }
    // Nothing was replaced: the links are still links, the database still whole.
    #expect(Self.fileType(symbolic) == .typeSymbolicLink)
    #expect(Self.fileType(toWAL) == .typeSymbolicLink)
    #expect(!FileManager.default.fileExists(atPath: database + "-journal"))
    #expect(try workspace.quiz("check").status == 0)
    #expect(try workspace.quiz("export", "--with-attempts").stdout == before)
  }

  @Test func backupSaysWhyItCannotCreateTheTarget() throws {
    let workspace = try Workspace.seeded()
    let missing = workspace.directory.path("no-such-folder/copy.sqlite")
    try Self.expectRefused(
      workspace, missing,
      saying: "cannot create \(missing): the folder \(workspace.directory.path("no-such-folder")) does not exist")
    let file = try workspace.write("notes.txt", "notes\n")
    try Self.expectRefused(
      workspace, file + "/copy.sqlite", saying: "cannot create \(file)/copy.sqlite: \(file) is not a folder")
    let dangling = workspace.directory.path("dangling.sqlite")
    #expect(symlink(workspace.directory.path("gone.sqlite"), dangling) == 0)
    try Self.expectRefused(
      workspace, dangling,
      saying: "is a symbolic link to \(workspace.directory.path("gone.sqlite")), which does not exist")
    #expect(Self.fileType(dangling) == .typeSymbolicLink)
    #expect(!FileManager.default.fileExists(atPath: workspace.directory.path("gone.sqlite")))
    let empty = try workspace.quiz("backup", "")
    #expect(empty.status == 64)
    #expect(empty.stderr.hasPrefix("Error: Invalid FILE '': expected the path of the copy"), "\(empty.stderr)")
    // As another user than root, a folder without write permission.
    if geteuid() != 0 {
      let locked = workspace.directory.path("locked")
      try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
      #expect(chmod(locked, 0o500) == 0)
      defer { chmod(locked, 0o700) }
      try Self.expectRefused(
        workspace, locked + "/copy.sqlite", saying: "cannot create \(locked)/copy.sqlite: permission denied")
    }
  }
}
