import Foundation
import Locking
import SQLite
import Testing

/// Writers on the same quiz never undo each other: every read that a write depends on is made
/// in the write's own transaction (issue 19).
@Suite struct ConcurrentWritersTests {
  /// The issue's reproduction: twenty `add question` at the same moment used to keep as few as
  /// one question and retire the rest, all exiting 0.
  @Test func twentySimultaneousAddsKeepTwentyQuestions() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("add", "quiz", "cc", "--title", "CC").status == 0)
    let runs = Locked<[Int: Run]>([:])
    let group = DispatchGroup()
    // Read only: each thread starts one quiz process in the workspace's folder.
    nonisolated(unsafe) let shared = workspace
    for index in 0..<20 {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        let run = try? shared.quiz(
          "add", "question", "cc", "--id", "q\(index)", "--prompt", "Q \(index)?", "--right", "yes", "--wrong", "no")
        runs.withLock { $0[index] = run }
      }
    }
    #expect(group.wait(timeout: .now() + 120) == .success, "the adds did not finish within 2 minutes")
    let finished = runs.withLock { $0 }
    for index in 0..<20 {
      #expect(finished[index]?.status == 0, "add q\(index): \(finished[index]?.stderr ?? "did not run")")
    }
    let database = try Database(path: workspace.database, readOnly: true)
    let placed = try database.fetchAll(
      "SELECT slug FROM questions WHERE section_id IS NOT NULL AND retired_at IS NULL ORDER BY slug", []
    ) { $0.string(0) }
    #expect(placed == (0..<20).map { "q\($0)" }.sorted())
    let retired = try database.fetchOne("SELECT count(*) FROM questions WHERE retired_at IS NOT NULL", []) {
      $0.int(0)
    }
    #expect(retired == 0)
  }

  /// 4 processes × 200 mixed writes (add question, add section, mv, rm, edit, grade) on one
  /// quiz, checked by scripts/reliability/same-quiz.py against a model that applies the writes
  /// that exited 0 in change-log order.
  @Test func mixedWritersOnOneQuizLeaveWhatTheModelDoes() throws {
    try QuizProcess.requireTool("python3")
    let script = QuizProcess.packageRoot.appendingPathComponent("scripts/reliability/same-quiz.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, "--quiz", QuizProcess.binary.path, "--processes", "4", "--ops", "200"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read while it runs, so a full pipe cannot stall it; the deadline ends it.
    let collected = Locked(Data())
    let reader = Thread { collected.withLock { $0 = output.fileHandleForReading.readDataToEndOfFile() } }
    reader.start()
    let deadline = Date().addingTimeInterval(600)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning {
      process.terminate()
      Issue.record("same-quiz.py did not finish within 10 minutes")
    }
    process.waitUntilExit()
    while reader.isExecuting { Thread.sleep(forTimeInterval: 0.05) }
    let text = String(decoding: collected.withLock { $0 }, as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.contains("all 15 checks held"), "\(text)")
  }
}
