import Foundation
import Testing

/// Options that used to do nothing, and messages that now say what happened in the user's terms.
@Suite struct OptionsAndWordsTests {

  /// Waits (up to 10 s) until the file at `path` holds `text`; returns what it holds.
  static func waitFor(_ text: String, in path: String) -> String {
    var content = ""
    for _ in 0..<200 {
      content = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      if content.contains(text) { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return content
  }

  @Test func showQuestionWatchRedrawsWhenTheQuestionChanges() throws {
    try QuizProcess.requireTool("sqlite3")
    let workspace = try Workspace.seeded()
    let process = Process()
    process.executableURL = QuizProcess.binary
    process.arguments = ["--db", workspace.database, "show", "reactive-swift/debounce", "--watch"]
    let output = workspace.directory.path("watch.out")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    #expect(Self.waitFor("debounce", in: output).contains("version 1"))
    let update = try QuizProcess.shell(
      "sqlite3 quiz.sqlite \"UPDATE question_versions SET prompt = 'Changed behind its back?' WHERE id = (SELECT v.id FROM question_versions v JOIN questions q ON q.id = v.question_id WHERE q.slug = 'debounce')\"",
      in: workspace.directory)
    #expect(update.status == 0)
    #expect(Self.waitFor("Changed behind its back?", in: output).contains("Changed behind its back?"))
  }

  @Test func historyAndSearchSayHowManyMoreThereAre() throws {
    let workspace = try Workspace.seeded()
    let limited = try workspace.quiz("history", "--limit", "2")
    #expect(limited.stdout.split(separator: "\n").count == 4)
    #expect(limited.stdout.hasSuffix("… and 5 older (7 in all; --limit 0 shows every one)\n"))
    let all = try workspace.quiz("history", "--limit", "0")
    #expect(all.stdout.split(separator: "\n").count == 8)
    #expect(
      try workspace.quiz("history", "--format", "json", "--limit", "3").stdout.components(separatedBy: "\"id\"").count
        == 4)
    let search = try workspace.quiz("search", "a*", "--limit", "1")
    #expect(search.status == 0)
    #expect(search.stdout.split(separator: "\n").count == 3)
    #expect(search.stdout.contains("more ("))
    #expect(try workspace.quiz("search", "a*", "--limit", "x").status == 64)
  }

  @Test func reportForATakerTakesQuizzesAndRefusesAttempts() throws {
    let workspace = try Workspace.seeded()
    let takers = try workspace.quiz("history", "--format", "json", "--limit", "0")
    let objects = try JSONSerialization.jsonObject(with: takers.stdoutBytes) as? [[String: Any]] ?? []
    let taker = try #require(objects.first?["taker"] as? String)
    let one = try workspace.quiz("report", "--taker", taker, "reactive-swift", "--format", "json")
    let both = try workspace.quiz("report", "--taker", taker, "reactive-swift", "world-languages", "--format", "json")
    #expect(one.status == 0 && both.status == 0)
    #expect(!one.stdout.contains("\"world-languages\""))
    #expect(both.stdout.contains("\"reactive-swift\"") || both.stdout.contains("\"world-languages\""))
    let attempts = try workspace.quiz("report", "--taker", taker, "--attempts", "best")
    #expect(attempts.status == 64)
    #expect(attempts.stderr.hasPrefix("Error: '--attempts' chooses the attempts of a quiz report"))
    let history = try workspace.quiz("show", "reactive-swift", "--history")
    #expect(history.status == 64)
  }

  @Test func messagesSayWhatHappened() throws {
    let workspace = try Workspace.seeded()
    // A dry run records nothing.
    let line = #"{"id": "w1", "quiz": "reactive-swift", "taker": "wanda", "answers": []}"#
    let dry = try workspace.quiz("grade", "--attempts", "-", "--dry-run", input: Data((line + "\n").utf8))
    #expect(dry.stdout == "Dry run: nothing was saved.\nAttempts: 1 would be recorded, 0 already recorded\n")
    // The same attempt id twice in one input is a mistake in the input.
    let twice = try workspace.quiz("grade", "--attempts", "-", input: Data((line + "\n" + line + "\n").utf8))
    #expect(twice.status == 65)
    #expect(twice.stderr.contains(#"attempt id "w1" is given twice in this import (first at"#))
    // add quiz names what the user wrote, not a JSON path.
    let bad = try workspace.quiz("add", "quiz", "Bad ID", "--title", "T")
    #expect(bad.status == 65)
    #expect(bad.stderr.hasPrefix(#"Error: "Bad ID" is not a valid quiz id"#))
    #expect(!bad.stderr.contains("$."))
    // An empty search is a usage error, not an FTS5 message.
    let empty = try workspace.quiz("search", "")
    #expect(empty.status == 64)
    #expect(empty.stderr.hasPrefix("Error: Nothing to search for"))
  }

  @Test func anInterruptedImportSaysSoAndWritesNothing() throws {
    let workspace = try Workspace()
    try workspace.quiz("init")
    let bank = workspace.directory.path("bank.json")
    let generator = QuizProcess.packageRoot.appendingPathComponent("Benchmarks/make-bank.py").path
    let made = try QuizProcess.shell(
      "python3 '\(generator)' --quizzes 300 --questions 100 > '\(bank)'", in: workspace.directory)
    #expect(made.status == 0)
    let process = Process()
    process.executableURL = QuizProcess.binary
    process.arguments = ["--db", workspace.database, "import", bank]
    let errors = workspace.directory.path("err")
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // Interrupt once the import is writing: its WAL grows.
    for _ in 0..<400 {
      let size = (try? FileManager.default.attributesOfItem(atPath: workspace.database + "-wal")[.size] as? Int) ?? 0
      if size > 1 << 20 || !process.isRunning { break }
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(process.isRunning, "the import finished before it could be interrupted")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(try String(contentsOfFile: errors, encoding: .utf8).hasSuffix("Interrupted: nothing was imported.\n"))
    #expect(try workspace.quiz("list", "--format", "json").stdout == "[]\n")
  }
}
