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
