import Foundation
import Testing

@testable import QuizCLI

@Suite struct TakeCLITests {

  @Test func lineModeAsksRevealsAndSaves() throws {
    let workspace = try Workspace.seeded()
    // The first answer is refused (unknown choice), then every question gets "a".
    let input = "z\n" + String(repeating: "a\n", count: 8)
    let run = try workspace.quiz("take", "reactive-swift", "--as", "scripted", "--seed", "7", input: Data(input.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    // Standard output is a file here: the questions go to the terminal (standard error), the
    // result to the file.
    #expect(run.stderr.contains("Question 1 of 8"))
    #expect(run.stderr.contains("There is no choice \"z\""))
    #expect(run.stderr.contains("[x] a) A Swift implementation of ReactiveX  ✓"))
    #expect(run.stderr.contains("✓ missed"))
    #expect(run.stderr.contains("Not that kind of Rx.") == false)
    #expect(!run.stdout.contains("Question"))
    #expect(run.stdout.contains("Saved attempt "))
    let history = try workspace.quiz("history", "--taker", "scripted", "--format", "json")
    #expect(history.stdout.contains(#""quiz": "reactive-swift""#))
  }

  @Test func shuffleIsReproducibleWithASeed() throws {
    let workspace = try Workspace.seeded()
    let input = Data(String(repeating: "a\n", count: 8).utf8)
    let first = try workspace.quiz("take", "reactive-swift", "--as", "s", "--seed", "42", input: input)
    let second = try workspace.quiz("take", "reactive-swift", "--as", "s", "--seed", "42", input: input)
    func question2(_ text: String) -> String {
      text.components(separatedBy: "Question 2 of 8").dropFirst().first?.components(separatedBy: "Your answer").first
        ?? ""
    }
    #expect(!question2(first.stderr).isEmpty)
    #expect(question2(first.stderr) == question2(second.stderr))
  }

  @Test func inputEndingEarlySavesNothing() throws {
    let workspace = try Workspace.seeded()
    let run = try workspace.quiz("take", "reactive-swift", "--as", "quitter", input: Data("a\n".utf8))
    #expect(run.status == 1)
    #expect(run.stderr.hasSuffix("Error: the input ended before question 2 of 8 was answered: nothing was saved\n"))
    #expect(try workspace.quiz("history", "--taker", "quitter").stdout == "No attempts.\n")
  }

  @Test func takeNeedsATaker() throws {
    let workspace = try Workspace.seeded()
    let run = try workspace.quiz("take", "reactive-swift")
    #expect(run.status == 64)
    // A seed is unsigned: the range is named, not "a whole number" that -3 already is.
    let seed = try workspace.quiz("take", "reactive-swift", "--as", "x", "--seed", "-3")
    #expect(seed.status == 64)
    #expect(
      seed.stderr.hasPrefix("Error: Invalid '--seed -3': expected a whole number from 0 to 18446744073709551615\n"))
  }

  // MARK: - Full screen, driven in tmux

  /// A tmux server of its own, running `quiz take` in a 90×30 pane.
  struct TmuxSession {
    let socket = "quiz-test-\(UUID().uuidString.prefix(8))"
    let workspace: Workspace

    func start(_ arguments: String, columns: Int = 90, rows: Int = 30) throws {
      let command =
        "'\(QuizProcess.binary.path)' --db '\(workspace.database)' \(arguments); echo EXIT=$? > '\(workspace.directory.path("exit"))'; sleep 60"
      _ = try tmux(
        ["new-session", "-d", "-s", "take", "-x", "\(columns)", "-y", "\(rows)", command], capture: false)
    }

    /// Waits until `condition` holds for the screen (up to 10 s); returns the screen.
    /// The screen once `condition` holds; throws, with the screen, when it does not within 10 s.
    func waitUntil(_ what: String = "the awaited screen", _ condition: (String) -> Bool) throws -> String {
      for _ in 0..<200 {
        let screen = try screen()
        if condition(screen) { return screen }
        Thread.sleep(forTimeInterval: 0.05)
      }
      throw ScreenTimeout(waitingFor: what, screen: try screen())
    }

    struct ScreenTimeout: Error, CustomStringConvertible {
      let waitingFor: String
      let screen: String
      var description: String { "\(waitingFor) did not appear within 10 s; the screen:\n\(screen)" }
    }

    /// Runs tmux with posix_spawn and waitpid: Foundation's Process waits on pipes and
    /// descriptors that the tmux server, a daemon, inherits and never closes.
    @discardableResult
    func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
      let output = workspace.directory.path("tmux-\(UUID().uuidString)")
      let quoted = (["/usr/bin/tmux", "-L", socket] + arguments).map {
        "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
      }
      let line = quoted.joined(separator: " ") + " > '\(output)' 2>/dev/null < /dev/null"
      let argv = ["/bin/sh", "-c", line]
      var cArguments = argv.map { strdup($0) } + [nil]
      defer { for pointer in cArguments { free(pointer) } }
      let environment = [
        "PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(workspace.directory.url.path)",
      ]
      var cEnvironment = environment.map { strdup($0) } + [nil]
      defer { for pointer in cEnvironment { free(pointer) } }
      var pid: pid_t = 0
      guard posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, &cEnvironment) == 0 else { return "" }
      var status: Int32 = 0
      waitpid(pid, &status, 0)
      defer { unlink(output) }
      guard capture else { return "" }
      return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", "take"] + keys) }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "take"]) }

    /// Waits until the screen shows `text` (up to 10 s); returns the screen.
    func waitFor(_ text: String) throws -> String {
      try waitUntil("\"\(text)\"") { $0.contains(text) }
    }

    func exitStatus() -> String? {
      for _ in 0..<200 {
        // The shell creates the file before it writes the status: wait for the status.
        if let text = try? String(contentsOfFile: workspace.directory.path("exit"), encoding: .utf8),
          !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
          return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return nil
    }

    func stop() { _ = try? tmux(["kill-server"], capture: false) }
  }

  @Test func fullScreenTakesTheQuizAndSaves() throws {
    try QuizProcess.requireTool("tmux")
    let workspace = try Workspace.seeded()
    let session = TmuxSession(workspace: workspace)
    defer { session.stop() }
    try session.start("take reactive-swift --as tmuxer --seed 1")
    var screen = try session.waitFor("Question 1 of 8")
    #expect(screen.contains("Reactive programming in Swift"))
    #expect(screen.contains("› [ ] a) A Swift implementation of ReactiveX"))
    // Submitting nothing is refused with a hint.
    try session.keys("Enter")
    screen = try session.waitFor("Select at least one choice")
    #expect(screen.contains("Select at least one choice"))
    // j moves down; space selects b; enter reveals.
    try session.keys("j", "Space", "Enter")
    screen = try session.waitFor("Points:")
    #expect(screen.contains("[x] b) A brush for Swift code  ✗"))
    #expect(screen.contains("Not that kind of Rx."))
    #expect(screen.contains("✓ missed"))
    #expect(screen.contains("Points: 0 / 1"))
    try session.keys("Enter")
    for number in 2...8 {
      screen = try session.waitFor("Question \(number) of 8")
      #expect(screen.contains("Question \(number) of 8"))
      try session.keys("Space", "Enter")
      _ = try session.waitFor("Points:")
      try session.keys("n")
    }
    #expect(session.exitStatus() == "EXIT=0")
    screen = try session.screen()
    #expect(screen.contains("Saved attempt"))
    #expect(!screen.contains("Question 8 of 8"))  // the alternate screen is gone
    let history = try workspace.quiz("history", "--taker", "tmuxer", "--format", "json")
    #expect(history.stdout.contains(#""quiz": "reactive-swift""#))
  }

  @Test func ctrlCRestoresTheTerminalAndSavesNothing() throws {
    try QuizProcess.requireTool("tmux")
    let workspace = try Workspace.seeded()
    let session = TmuxSession(workspace: workspace)
    defer { session.stop() }
    try session.start("take reactive-swift --as interrupted")
    _ = try session.waitFor("Question 1 of 8")
    try session.keys("Space", "Enter")
    _ = try session.waitFor("Points:")
    try session.keys("C-c")
    #expect(session.exitStatus() == "EXIT=130")
    let screen = try session.screen()
    #expect(screen.contains("Interrupted: nothing was saved."))
    #expect(!screen.contains("Question 1 of 8"))
    #expect(try workspace.quiz("history", "--taker", "interrupted").stdout == "No attempts.\n")
  }

  // MARK: - Narrow and short windows

  static func widest(_ screen: String) -> Int {
    screen.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
  }

  @Test(arguments: [40, 60, 100])
  func theScreenFitsTheWindowAndTheCursorStaysInView(columns: Int) throws {
    try QuizProcess.requireTool("tmux")
    let workspace = try Workspace.seeded()
    let session = TmuxSession(workspace: workspace)
    defer { session.stop() }
    try session.start("take reactive-swift --as narrow --seed 1", columns: columns, rows: 10)
    var screen = try session.waitFor("Question 1 of 8")
    #expect(Self.widest(screen) <= columns, "\(columns) columns:\n\(screen)")
    #expect(screen.split(separator: "\n").count <= 10)
    #expect(screen.contains("space"), "the footer is cut off:\n\(screen)")
    // Choice text wraps at word boundaries with a hanging indent: no line of a choice starts
    // at the left edge, and words stay whole.
    if columns == 40 {
      #expect(screen.contains("A Swift implementation of"))
      #expect(screen.contains("\n          ReactiveX"))
    }
    // Moving down through every choice keeps the pointer on screen.
    for _ in 0..<4 {
      try session.keys("j")
      screen = try session.waitUntil { $0.contains("›") }
      #expect(screen.contains("›"), "the cursor scrolled out of view:\n\(screen)")
      #expect(Self.widest(screen) <= columns)
    }
  }

  @Test func aResizeRedrawsAtOnce() throws {
    try QuizProcess.requireTool("tmux")
    let workspace = try Workspace.seeded()
    let session = TmuxSession(workspace: workspace)
    defer { session.stop() }
    try session.start("take reactive-swift --as resized --seed 1", columns: 100, rows: 20)
    _ = try session.waitFor("Question 1 of 8")
    try session.tmux(["resize-window", "-t", "take", "-x", "45", "-y", "12"], capture: false)
    let screen = try session.waitUntil { Self.widest($0) <= 45 && $0.contains("Question 1 of 8") }
    #expect(Self.widest(screen) <= 45, "not redrawn without a key:\n\(screen)")
  }

  @Test func qAsksBeforeQuitting() throws {
    try QuizProcess.requireTool("tmux")
    let workspace = try Workspace.seeded()
    let session = TmuxSession(workspace: workspace)
    defer { session.stop() }
    try session.start("take reactive-swift --as quitter --seed 1")
    _ = try session.waitFor("Question 1 of 8")
    try session.keys("q")
    #expect(try session.waitFor("Quit without saving?").contains("Quit without saving?"))
    try session.keys("n")
    let back = try session.waitUntil { !$0.contains("Quit without saving?") }
    #expect(back.contains("Question 1 of 8"))
    try session.keys("Escape")
    _ = try session.waitFor("Quit without saving?")
    try session.keys("y")
    #expect(session.exitStatus() == "EXIT=130")
    #expect(try workspace.quiz("history", "--taker", "quitter").stdout == "No attempts.\n")
  }

  @Test func ctrlZGivesTheTerminalBackAndContinuingRedraws() throws {
    try QuizProcess.requireTool("tmux")
    let workspace = try Workspace.seeded()
    let session = TmuxSession(workspace: workspace)
    defer { session.stop() }
    // An interactive shell with job control, as a user has: Ctrl-Z stops the job, fg goes on.
    _ = try session.tmux(
      ["new-session", "-d", "-s", "take", "-x", "90", "-y", "30", "bash --norc --noprofile -i"], capture: false)
    try session.keys(
      "'\(QuizProcess.binary.path)' --db '\(workspace.database)' take reactive-swift --as stopper --seed 1", "Enter")
    _ = try session.waitFor("Question 1 of 8")
    try session.keys("C-z")
    let stopped = try session.waitFor("Stopped")
    #expect(!stopped.contains("Question 1 of 8"), "the screen was not given back:\n\(stopped)")
    try session.keys("fg", "Enter")
    #expect(try session.waitFor("Question 1 of 8").contains("Question 1 of 8"))
    try session.keys("C-c")
    let end = try session.waitFor("Interrupted")
    #expect(end.contains("Interrupted: nothing was saved."))
  }
}

/// A finished attempt is never lost: the save waits for other writers, and what still cannot be
/// written is kept in a recovery file.
@Suite struct TakeSaveTests {
  /// Starts a process that holds the database's write lock for `seconds`; returns once it holds it.
  static func holdWriteLock(_ workspace: Workspace, seconds: Double) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c",
      "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
        + "c.execute('BEGIN IMMEDIATE'); open(sys.argv[2], 'w').close(); time.sleep(float(sys.argv[3])); c.execute('ROLLBACK')",
      workspace.database, workspace.directory.path("locked"), String(seconds),
    ]
    try process.run()
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: workspace.directory.path("locked")) {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(FileManager.default.fileExists(atPath: workspace.directory.path("locked")), "the lock was never taken")
    return process
  }

  @Test func anAttemptThatCannotBeSavedIsKeptAndCanBeRecordedLater() throws {
    let workspace = try Workspace.seeded()
    let locker = try Self.holdWriteLock(workspace, seconds: 4)
    let input = Data(String(repeating: "a\n", count: 8).utf8)
    let run = try workspace.quiz(
      "take", "reactive-swift", "--as", "patient", "--seed", "3", input: input, environment: ["QUIZ_SAVE_WAIT": "0.5"])
    #expect(run.status == 1)
    let line = try #require(run.stderr.split(separator: "\n").last.map(String.init))
    #expect(line.hasPrefix("Error: the attempt could not be saved (the database is locked by another process"))
    let file = try #require(line.firstMatch(of: #/kept in (\S+\.ndjson):/#).map { String($0.1) })
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    locker.waitUntilExit()
    // An author edits every question meanwhile: the kept attempt names the versions it was
    // shown, and is recorded against them, not the new ones (a hostile test saw it rescored).
    let kept = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      kept.contains("\"versions\":{") && kept.contains("\"scoring\":") && kept.contains("\"max_score\":"), "\(kept)")
    let editor = try workspace.write(
      "reword.sh", "#!/bin/sh\nsed -i 's/\"prompt\": \"/\"prompt\": \"Reworded: /' \"$1\"\n")
    _ = try QuizProcess.shell("chmod +x \(editor)", in: workspace.directory)
    let edited = try QuizProcess.run(
      ["--db", workspace.database, "edit", "reactive-swift"], environment: ["EDITOR": editor], in: workspace.directory)
    #expect(edited.status == 0 && edited.stdout.contains("version 1 → 2"), "\(edited.stdout)\(edited.stderr)")
    let recorded = try workspace.quiz("grade", "--attempts", file)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    #expect(try workspace.quiz("history", "--taker", "patient").stdout.contains("reactive-swift"))
    let exported = try workspace.quiz("export", "reactive-swift", "--with-attempts").stdout
    let document = try #require(try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [String: Any])
    let attempts = try #require(document["attempts"] as? [[String: Any]])
    let versions = try #require(attempts.first { $0["taker"] as? String == "patient" }?["versions"] as? [String: Int])
    #expect(!versions.isEmpty && versions.values.allSatisfy { $0 == 1 }, "\(versions)")
  }

  @Test func theSaveWaitsForAnotherWriterToFinish() throws {
    let workspace = try Workspace.seeded()
    let locker = try Self.holdWriteLock(workspace, seconds: 1.5)
    defer { locker.waitUntilExit() }
    let input = Data(String(repeating: "a\n", count: 8).utf8)
    let run = try workspace.quiz(
      "take", "reactive-swift", "--as", "waiter", "--seed", "3", input: input, environment: ["QUIZ_SAVE_WAIT": "20"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Saved attempt"))
  }
}

extension TakeSaveTests {
  static func bank(_ choicesOfQ1: [String]) -> String {
    let choices = choicesOfQ1.enumerated().map { index, text in
      #"{"text": "\#(text)", "correct": \#(index == choicesOfQ1.count - 1)}"#
    }.joined(separator: ", ")
    return #"""
      {"format": "quiz-bank/1", "quizzes": [{"id": "z", "title": "Z", "sections": [{"questions": [
        {"id": "q1", "prompt": "Pick the last?", "choices": [\#(choices)]},
        {"id": "q2", "prompt": "Yes?", "choices": [{"text": "yes", "correct": true}, {"text": "no", "correct": false}]}]}]}]}
      """#
  }

  @Test func anAttemptIsRecordedAgainstTheVersionsTheTakerSaw() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("import", try workspace.write("v1.json", Self.bank(["w", "x", "y", "d"]))).status == 0)
    let process = Process()
    process.executableURL = QuizProcess.binary
    process.arguments = ["--db", workspace.database, "take", "z", "--as", "steady"]
    let input = Pipe()
    process.standardInput = input
    let errors = workspace.directory.path("take.err")
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: workspace.write("take.out", "")))
    try process.run()
    #expect(OptionsAndWordsTests.waitFor("Question 1 of 2", in: errors).contains("Question 1 of 2"))
    // While the taker reads question 1, its author removes the choice the taker will pick.
    let edit = try workspace.quiz("import", try workspace.write("v2.json", Self.bank(["w", "x", "y"])))
    #expect(edit.status == 0, "\(edit.stderr)")
    input.fileHandleForWriting.write(Data("d\na\n".utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let stderr = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(process.terminationStatus == 0, "\(stderr)")
    let history = try workspace.quiz("history", "--taker", "steady", "--format", "json")
    let attempts = try JSONSerialization.jsonObject(with: history.stdoutBytes) as? [[String: Any]] ?? []
    let id = try #require(attempts.first?["id"] as? String)
    let detail = try workspace.quiz("history", id, "--format", "json").stdout
    #expect(detail.contains(#""version": 1"#))
    #expect(detail.contains(#""current_version": 2"#))
    #expect(attempts.first?["score"] as? Double == 2)
  }
}
