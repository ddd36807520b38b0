import Foundation
import Testing

/// What the reliability runs in scripts/reliability found, kept as regression tests.
@Suite struct ReliabilityCLITests {
  /// A reading command on an empty file used to write a fresh schema into it and report all well.
  @Test func anEmptyFileIsNotADatabaseForAReadingCommand() throws {
    let workspace = try Workspace()
    _ = FileManager.default.createFile(atPath: workspace.database, contents: Data())
    for command in [["list"], ["check"], ["export"], ["history"]] {
      let run = try workspace.quiz(arguments: command)
      #expect(run.status == 66, "\(command): \(run.stderr)")
      #expect(
        run.stderr
          == "Error: cannot open database \(workspace.database): the file is empty, not a quiz database "
          + "(create one with 'quiz init')\n", "\(command)")
    }
    #expect(try workspace.databaseBytes().isEmpty)
    // A writing command may make it one.
    #expect(try workspace.quiz("init").status == 0)
  }

  /// A write behind another process's long transaction waits for it instead of failing after
  /// five seconds with "database is locked".
  @Test func aWriterWaitsForAnotherProcesssLongWrite() throws {
    try QuizProcess.requireTool("sqlite3")
    let workspace = try Workspace.seeded()
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    // A handshake: the holder touches a file once it holds the write lock.
    let locked = workspace.directory.path("locked")
    holder.arguments = [
      workspace.database, "BEGIN IMMEDIATE;", "UPDATE quizzes SET title = title;", ".shell touch '\(locked)'",
      ".shell sleep 7", "COMMIT;",
    ]
    holder.standardOutput = FileHandle.nullDevice
    holder.standardError = FileHandle.nullDevice
    try holder.run()
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: locked) { Thread.sleep(forTimeInterval: 0.05) }
    #expect(FileManager.default.fileExists(atPath: locked), "sqlite3 did not take the write lock within 10 s")
    let run = try workspace.quiz(
      "add", "question", "reactive-swift", "--id", "late", "--prompt", "Late?", "--right", "yes", "--wrong", "no")
    holder.waitUntilExit()
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "Added question late to reactive-swift.\n")
  }

  static let small = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "small", "title": "Small", "sections": [{"questions": [
      {"id": "q", "prompt": "Q?", "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]}]}]}]}
    """

  /// A file that cannot grow is a full disk, said so, not a "disk I/O error"; nothing is written.
  @Test func aFileSizeLimitIsAFullDisk() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("init").status == 0)
    let before = try workspace.databaseBytes()
    var questions: [String] = []
    for index in 0..<6000 {
      questions.append(
        """
        {"id": "q\(index)", "prompt": "\(String(repeating: "Long prompt text. ", count: 40))",
         "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]}
        """)
    }
    let bank = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "big", "title": "Big", "sections": [{"questions": [
      \(questions.joined(separator: ",\n"))]}]}]}
      """
    let path = try workspace.write("big.json", bank)
    // 4,000 blocks of 512 bytes (2 MB, room enough for ThreadSanitizer's own files): the WAL
    // cannot hold the 5 MB import. SIGXFSZ ignored, so that the write fails with EFBIG
    // instead of killing the process.
    let run = try QuizProcess.shell(
      "trap '' XFSZ; ulimit -f 4000; quiz --db '\(workspace.database)' import '\(path)'", in: workspace.directory)
    #expect(run.status == 1, "\(run.stderr)")
    // SQLite keeps the errno (EFBIG) or not, depending on where the write failed.
    #expect(
      run.stderr.hasPrefix("Error: the disk is full: nothing was written")
        || run.stderr.hasPrefix(
          "Error: the database file could not be written (is the disk full, or the file at its size limit?): "
            + "nothing was written"),
      "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(try workspace.quiz("check").status == 0)
    #expect(try workspace.quiz("list").stdout.hasPrefix("No quizzes yet."))
    #expect(try workspace.quiz("import", try workspace.write("small.json", Self.small)).status == 0)
    _ = before
  }
}
