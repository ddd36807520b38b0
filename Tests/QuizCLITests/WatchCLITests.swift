import Foundation
import Testing

@Suite struct WatchCLITests {
  /// A `quiz watch` running in the background, its standard output going to a file.
  final class Watcher {
    let process = Process()
    let output: URL

    init(_ workspace: Workspace, _ arguments: [String]) throws {
      output = workspace.directory.url.appendingPathComponent("watch-\(UUID().uuidString).out")
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      process.executableURL = QuizProcess.binary
      process.arguments = ["--db", workspace.database, "watch"] + arguments
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    var lines: [String] {
      (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    /// Waits (up to 10 s) until at least `count` lines came.
    func waitForLines(_ count: Int) -> [String] {
      for _ in 0..<200 where lines.count < count { Thread.sleep(forTimeInterval: 0.05) }
      return lines
    }

    func stop() {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  @Test func anotherProcessesCommitsReachTheWatchInOrder() throws {
    let workspace = try Workspace()
    try workspace.quiz("import", workspace.seeds)
    // --since 4 (the import wrote 1 to 4): the lines do not depend on how soon the watch starts.
    let watcher = try Watcher(workspace, ["--format", "json", "--since", "4"])
    defer { watcher.stop() }
    try workspace.quiz("grade", "reactive-swift", "--as", "zed", "--answer", "hot-or-cold=a")
    try workspace.quiz("grade", "world-languages", "--as", "zed", "--answer", "kanji-ten=a")
    let lines = watcher.waitForLines(2)
    #expect(lines.count == 2)
    let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(objects.map { $0["quiz"] as? String } == ["reactive-swift", "world-languages"])
    #expect(objects.map { $0["kind"] as? String } == ["attempt", "attempt"])
    #expect(objects.map { $0["seq"] as? Int } == [5, 6])
    #expect((objects.first?["detail"] as? [String: Any])?["count"] as? Int == 1)
  }

  @Test func sinceResumesWithoutGapOrRepeat() throws {
    let workspace = try Workspace()
    try workspace.quiz("import", workspace.seeds)  // changes 1 to 4
    let watcher = try Watcher(workspace, ["--since", "2"])
    defer { watcher.stop() }
    let first = watcher.waitForLines(2)
    #expect(first.map { $0.split(separator: " ").first.map(String.init) } == ["#3", "#4"])
    try workspace.quiz("grade", "reactive-swift", "--as", "zed", "--answer", "hot-or-cold=a")
    let lines = watcher.waitForLines(3)
    #expect(lines.map { $0.split(separator: " ").first.map(String.init) } == ["#3", "#4", "#5"])
  }

  @Test func aChangeOutsideQuizIsNoticed() throws {
    try QuizProcess.requireTool("sqlite3")
    let workspace = try Workspace()
    try workspace.quiz("import", workspace.seeds)  // changes 1 to 4
    // The watch prints change 4 once it has read the log, after taking its starting point.
    let watcher = try Watcher(workspace, ["--since", "3"])
    defer { watcher.stop() }
    #expect(watcher.waitForLines(1).first?.hasPrefix("#4 ") == true)
    let update = try QuizProcess.shell(
      "sqlite3 '\(workspace.database)' \"UPDATE quizzes SET title = 'Renamed' WHERE slug = 'reactive-swift'\"",
      in: workspace.directory)
    #expect(update.status == 0)
    #expect(watcher.waitForLines(2).dropFirst() == ["the database changed outside the change log"])
  }

  /// Every content table is watched, read from the schema: outside edits of question_files and
  /// attempt_questions used to go unnoticed (the table list was kept by hand).
  @Test(arguments: [
    "INSERT INTO question_files (version_id, position, field, name, data) SELECT id, 99, 'prompt', 'x.png', x'00' FROM question_versions LIMIT 1",
    "INSERT INTO attempt_questions (attempt_id, position, version_id) SELECT a.id, 99, v.id FROM attempts a, question_versions v LIMIT 1",
  ])
  func anOutsideChangeToAnyContentTableIsNoticed(_ sql: String) throws {
    try QuizProcess.requireTool("sqlite3")
    let workspace = try Workspace()
    try workspace.quiz("import", workspace.seeds)
    let watcher = try Watcher(workspace, ["--since", "3"])
    defer { watcher.stop() }
    #expect(watcher.waitForLines(1).first?.hasPrefix("#4 ") == true)
    let update = try QuizProcess.shell("sqlite3 '\(workspace.database)' \"\(sql)\"", in: workspace.directory)
    #expect(update.status == 0, "\(update.stderr)")
    #expect(watcher.waitForLines(2).dropFirst() == ["the database changed outside the change log"])
  }

  @Test func onlyOneQuizAndUnknownQuiz() throws {
    let workspace = try Workspace()
    try workspace.quiz("import", workspace.seeds)
    let watcher = try Watcher(workspace, ["--quiz", "world-languages", "--since", "0"])
    defer { watcher.stop() }
    let lines = watcher.waitForLines(2)
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.contains(" world-languages") })
    #expect(try workspace.quiz("watch", "--quiz", "nope").status == 1)
  }

  @Test func listWatchRedrawsWhenTheListChanges() throws {
    let workspace = try Workspace()
    try workspace.quiz("init")
    let output = workspace.directory.url.appendingPathComponent("list.out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let process = Process()
    process.executableURL = QuizProcess.binary
    process.arguments = ["--db", workspace.database, "list", "--watch"]
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    defer {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    // Wait for the first drawing before changing anything.
    for _ in 0..<200 {
      if ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("No quizzes yet.") { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    try workspace.quiz("import", workspace.seeds)
    var text = ""
    for _ in 0..<200 {
      text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      if text.contains("world-languages") { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(text.hasPrefix("No quizzes yet."))
    #expect(text.contains("reactive-swift"))
    #expect(text.contains("world-languages"))
  }

  @Test func compactLogKeepsTheNewest() throws {
    let workspace = try Workspace()
    try workspace.quiz("import", workspace.seeds)
    let run = try workspace.quiz("init", "--compact-log", "1")
    #expect(run.stdout.hasSuffix("Change log: removed 3 entries, kept the newest 1\n"))
    let watcher = try Watcher(workspace, ["--since", "0"])
    defer { watcher.stop() }
    #expect(watcher.waitForLines(1).first?.hasPrefix("#4 ") == true)
  }

  @Test func bigTransactionsThatChangeNothingAreNotCalledOutsideChanges() throws {
    try QuizProcess.requireTool("sqlite3")
    let workspace = try Workspace()
    let generator = QuizProcess.packageRoot.appendingPathComponent("Benchmarks/make-bank.py").path
    let made = try QuizProcess.shell(
      "python3 '\(generator)' --quizzes 150 --questions 100 > a.json && python3 '\(generator)' --quizzes 150 --questions 100 --seed 2 > b.json",
      in: workspace.directory)
    #expect(made.status == 0)
    try workspace.quiz("import", workspace.directory.path("a.json"))  // changes 1 to 150
    let watcher = try Watcher(workspace, ["--since", "149"])
    defer { watcher.stop() }
    #expect(watcher.waitForLines(1).first?.hasPrefix("#150 ") == true)
    // A real outside change is one.
    _ = try QuizProcess.shell(
      "sqlite3 quiz.sqlite \"UPDATE quizzes SET title = 'X' WHERE id = 1\"", in: workspace.directory)
    #expect(watcher.waitForLines(2).dropFirst() == ["the database changed outside the change log"])
    // A dry run writes pages to the WAL (a spill) and rolls back: data_version moves, nothing
    // changed. It used to print "changed outside the change log". A logged change after it: the
    // watch reaches that only after polling past the dry run, so a line for the dry run would
    // come first; no sleep needed to show it did not.
    #expect(try workspace.quiz("import", "--dry-run", workspace.directory.path("b.json")).status == 0)
    #expect(
      try workspace.quiz(
        "add", "question", "quiz-00000", "--id", "late", "--prompt", "Late?", "--right", "y", "--wrong", "n"
      )
      .status == 0)
    let lines = watcher.waitForLines(3)
    #expect(lines.count == 3 && lines[2].hasPrefix("#151 "), "\(lines)")
  }
}
