import QuizRepository

enum BackupCommand {
  static let command = Command(
    name: "backup",
    summary: "Copy the database, consistent and online, to a new file readable by its owner only.",
    discussion: """
      Other processes may go on writing: the copy is the database at one moment (SQLite's backup \
      API). An existing FILE is refused unless --force. Refused even with --force: a FILE that \
      is not a regular file (a FIFO, a device such as /dev/null, a folder, a symbolic link to \
      nothing), and the database itself or its -wal, -shm or -journal file under any name or link.
      """,
    arguments: [ArgumentSpec(name: "file", help: "Where to put the copy.")],
    options: [.flag("force", help: "Replace FILE if it exists.")],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let path = invocation.arguments.positionals[0]
    guard !path.isEmpty else {
      throw CLIError.usage("Invalid FILE '': expected the path of the copy", command: invocation.command)
    }
    try invocation.repository().backup(to: path, replacing: invocation.arguments.flag("force"))
    invocation.console.write("Copied \(invocation.databasePath) to \(path)\n")
  }
}

enum CheckCommand {
  static let command = Command(
    name: "check",
    summary: "Check the database: SQLite's integrity and foreign keys, the schema, and quiz's own rules.",
    discussion: """
      Besides SQLite's checks: every answer points at a version of a question of its attempt's \
      quiz, every recorded score equals the score recomputed from the stored version and \
      selection under its rule, and the change log's numbers only grow. Exit 1 when anything is \
      wrong, listing every violation (20 at most per check).
      """,
    run: run)

  static func run(_ invocation: Invocation) throws {
    let results = try invocation.repository().check()
    var text = ""
    for result in results {
      text += (result.violations.isEmpty ? "ok      " : "FAILED  ") + result.name + "\n"
      for violation in result.violations { text += "        \(violation.terminalSafeLine)\n" }
    }
    invocation.console.write(text)
    let failed = results.filter { !$0.violations.isEmpty }.count
    if failed > 0 {
      throw CLIError.failure("\(failed) check\(failed == 1 ? "" : "s") failed")
    }
  }
}
