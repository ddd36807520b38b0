import Foundation
import Testing

/// What `-o FILE` does to what is there, who may read what quiz writes, and how quiz treats
/// databases it may only read, or paths that are not databases at all.
@Suite struct FilesAndDatabasesTests {

  static func mode(_ path: String) throws -> Int {
    try ((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue).unwrap()
  }

  static func isSymbolicLink(_ path: String) throws -> Bool {
    try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeSymbolicLink
  }

  // MARK: - Output files

  @Test func outputThroughASymbolicLinkWritesItsTargetAndKeepsTheLink() throws {
    let workspace = try Workspace.seeded()
    let target = try workspace.write("target.json", "old")
    try FileManager.default.createSymbolicLink(
      atPath: workspace.directory.path("link.json"), withDestinationPath: "target.json")
    let run = try workspace.quiz("export", "-o", workspace.directory.path("link.json"))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Self.isSymbolicLink(workspace.directory.path("link.json")))
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("{\n  \"format\": \"quiz-bank/1\""))
  }

  @Test func anExistingFileKeepsItsModeAndANewPersonalFileIsPrivate() throws {
    let workspace = try Workspace.seeded()
    let existing = try workspace.write("shared.json", "old")
    chmod(existing, 0o640)
    chown(existing, 65534, 65534)
    #expect(try workspace.quiz("export", "-o", existing).status == 0)
    #expect(try Self.mode(existing) == 0o640)
    var status = stat()
    #expect(stat(existing, &status) == 0 && status.st_uid == 65534 && status.st_gid == 65534)
    // Names and answers: owner only, whatever the umask.
    for arguments in [
      ["export", "--with-attempts", "-o", workspace.directory.path("attempts.json")],
      ["report", "reactive-swift", "-o", workspace.directory.path("report.txt")],
      ["report", "--taker", "alice", "-o", workspace.directory.path("taker.txt")],
    ] {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      #expect(try Self.mode(arguments.last ?? "") == 0o600, "\(arguments)")
    }
    // No temporary file is left behind.
    let names = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.url.path)
    #expect(names.filter { $0.hasSuffix(".tmp") }.isEmpty)
  }

  @Test func aFIFOOrADeviceIsWrittenStraightInto() throws {
    let workspace = try Workspace.seeded()
    let fifo = workspace.directory.path("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let run = try QuizProcess.shell(
      "cat pipe > from-pipe & quiz --db quiz.sqlite export -o pipe; status=$?; wait; echo $status",
      in: workspace.directory)
    #expect(run.stdout == "0\n")
    var status = stat()
    #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(try String(contentsOfFile: workspace.directory.path("from-pipe"), encoding: .utf8).contains("quiz-bank/1"))
    // /dev/full stays a device, and the failure is reported.
    let full = try workspace.quiz("export", "-o", "/dev/full")
    #expect(full.status == 1)
    #expect(full.stderr.contains("cannot write /dev/full: no space left on device"))
    #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
  }

  @Test func editWorksOnAPrivateFileInAPrivateFolder() throws {
    let workspace = try Workspace.seeded()
    // The "editor" records the file's and its folder's modes, and saves nothing.
    let editor = try workspace.write(
      "editor.sh",
      "#!/bin/sh\nstat -c %a \"$1\" > \"$HOME/modes\"\nstat -c %a \"$(dirname \"$1\")\" >> \"$HOME/modes\"\n")
    chmod(editor, 0o755)
    let run = try workspace.quiz("edit", "reactive-swift", environment: ["EDITOR": editor])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try String(contentsOfFile: workspace.directory.path("modes"), encoding: .utf8) == "600\n700\n")
  }

  // MARK: - Standard output

  @Test func aFailedWriteIsAnErrorAndAClosedPipeIsNot() throws {
    let workspace = try Workspace.seeded()
    for command in ["list", "show reactive-swift", "report reactive-swift", "search cold", "history", "export"] {
      let full = try QuizProcess.shell("quiz --db quiz.sqlite \(command) > /dev/full", in: workspace.directory)
      #expect(full.status == 1, "\(command)")
      #expect(full.stderr == "Error: could not write the output: no space left on device\n", "\(command)")
    }
    let piped = try QuizProcess.shell(
      "quiz --db quiz.sqlite export | head -c 1 > /dev/null; echo \"${PIPESTATUS:-x}\"", in: workspace.directory)
    #expect(piped.stderr.isEmpty)
    let status = try QuizProcess.shell(
      "quiz --db quiz.sqlite export --with-attempts > fifo-free.json; (quiz --db quiz.sqlite export | head -c 1 > /dev/null) 2> err; cat err",
      in: workspace.directory)
    #expect(status.stdout.isEmpty, "a closed pipe printed: \(status.stdout)")
  }

  // MARK: - Databases

  @Test func readingCommandsNeverCreateADatabase() throws {
    let workspace = try Workspace()
    let missing = workspace.directory.path("nowhere/q.sqlite")
    for command in ["list", "show x", "export", "history", "report x", "search x"] {
      let run = try QuizProcess.shell("quiz --db '\(missing)' \(command)", in: workspace.directory)
      #expect(run.status == 66, "\(command)")
      #expect(run.stderr == "Error: no database at \(missing) (create it with 'quiz init' or 'quiz import')\n")
    }
    #expect(!FileManager.default.fileExists(atPath: workspace.directory.path("nowhere")))
    // Writing commands create it.
    #expect(try QuizProcess.run(["--db", missing, "init"], in: workspace.directory).status == 0)
  }

  @Test func pathsThatCannotBeADatabaseAreRefusedInOneLine() throws {
    let workspace = try Workspace()
    for (path, reason) in [
      ("/dev/null", "it is not a regular file"), ("", "the path is empty"), ("/tmp", "it is a directory"),
    ] {
      let run = try QuizProcess.run(["--db", path, "init"], in: workspace.directory)
      #expect(run.status == 66, "\(path)")
      #expect(run.stderr == "Error: cannot open database \(path): \(reason)\n")
    }
    #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
  }

  /// Runs `quiz` as the unprivileged user `nobody` (root can write anything), in a shell.
  static func asNobody(_ command: String, in workspace: Workspace) throws -> Run {
    try QuizProcess.requireTool("setpriv")
    return try QuizProcess.shell(
      "setpriv --reuid=nobody --regid=nogroup --clear-groups \(QuizProcess.binary.path) \(command)",
      in: workspace.directory)
  }

  @Test func readingCommandsWorkOnAReadOnlyFileAndInAReadOnlyFolder() throws {
    let workspace = try Workspace.seeded()
    try workspace.quiz(
      "add", "question", "reactive-swift", "--id", "late", "--prompt", "Added late?", "--right", "y", "--wrong", "n")
    chmod(workspace.database, 0o644)
    // A folder nobody may write to, and one it may (with a file it may not).
    let writable = workspace.directory.path("writable")
    try FileManager.default.createDirectory(atPath: writable, withIntermediateDirectories: false)
    chown(writable, 65534, 65534)
    try FileManager.default.copyItem(atPath: workspace.database, toPath: writable + "/q.sqlite")
    chmod(writable + "/q.sqlite", 0o444)
    for database in [workspace.database, writable + "/q.sqlite"] {
      for command in ["list", "show reactive-swift", "history", "report reactive-swift", "export"] {
        let run = try Self.asNobody("--db '\(database)' \(command)", in: workspace)
        #expect(run.status == 0, "\(database) \(command): \(run.stderr)")
        #expect(run.stderr.isEmpty)
      }
      let search = try Self.asNobody("--db '\(database)' search late", in: workspace)
      #expect(search.status == 0)
      #expect(search.stderr.contains("read-only") && search.stderr.contains("may be missing"))
      let write = try Self.asNobody("--db '\(database)' add section reactive-swift More", in: workspace)
      #expect(write.status == 1)
      #expect(write.stderr.contains("read-only"))
    }
  }

  /// A writing command on a file it may not write says so before it starts: `take` before the
  /// first question, `edit` before the editor opens, `init` as `add` does.
  @Test func writingCommandsRefuseAReadOnlyFileBeforeTheyStart() throws {
    let workspace = try Workspace.seeded()
    let writable = workspace.directory.path("writable")
    try FileManager.default.createDirectory(atPath: writable, withIntermediateDirectories: false)
    chown(writable, 65534, 65534)
    try FileManager.default.copyItem(atPath: workspace.database, toPath: writable + "/q.sqlite")
    chmod(writable + "/q.sqlite", 0o444)
    let database = writable + "/q.sqlite"
    for command in ["take reactive-swift --as ana < /dev/null", "edit reactive-swift", "init"] {
      let run = try Self.asNobody("--db '\(database)' \(command)", in: workspace)
      #expect(run.status == 1, "\(command): \(run.stderr)")
      #expect(run.stderr == "Error: the database file is read-only: nothing was written\n", "\(command)")
      #expect(!run.stderr.contains("Question 1"))
    }
  }

  @Test func watchOnAReadOnlyFileStaysQuiet() throws {
    let workspace = try Workspace.seeded()
    let writable = workspace.directory.path("writable")
    try FileManager.default.createDirectory(atPath: writable, withIntermediateDirectories: false)
    chown(writable, 65534, 65534)
    try FileManager.default.copyItem(atPath: workspace.database, toPath: writable + "/q.sqlite")
    chmod(writable + "/q.sqlite", 0o444)
    // A reader of a read-only file sees data_version move on every read: that must not read as
    // outside changes. The watch starts after the newest entry, a real change made meanwhile (by
    // root, who may write the file) must appear once, and nothing else.
    let database = writable + "/q.sqlite"
    let latest = try QuizProcess.shell(
      "sqlite3 '\(database)' 'SELECT max(seq) FROM change_log'", in: workspace.directory)
    let since = latest.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(Int(since) != nil, "\(latest.stderr)")
    let run = try QuizProcess.shell(
      """
      setpriv --reuid=nobody --regid=nogroup --clear-groups quiz --db '\(database)' watch --since \(since) >watch.out 2>watch.err &
      pid=$!
      quiz --db '\(database)' add question reactive-swift --id ro-late --prompt 'Late?' --right y --wrong n >/dev/null
      for i in $(seq 1 100); do grep -q ro-late watch.out && break; sleep 0.1; done
      sleep 0.5
      kill -TERM $pid; wait $pid; echo "exit $?"
      cat watch.out
      """, in: workspace.directory)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "exit 0" || lines.first == "exit 143", "\(run.stdout)\(run.stderr)")
    #expect(lines.dropFirst().count == 1, "watch printed: \(lines.dropFirst())")
    #expect(lines.last?.contains("question insert reactive-swift ro-late") == true, "\(lines)")
  }
}

extension Optional {
  struct Missing: Error {}
  func unwrap() throws -> Wrapped {
    guard let self else { throw Missing() }
    return self
  }
}
