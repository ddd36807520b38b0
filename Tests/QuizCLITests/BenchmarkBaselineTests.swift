import Foundation
import Testing

/// The import benchmark's C baseline (`Benchmarks/c-baseline/insert_rows.c`) writes the rows
/// `quiz import` writes: a schema change it does not follow breaks the benchmark (it did, when
/// migration 0023 dropped `search_stale`), and the ratio it gives compares other work. Here a
/// small bank of the benchmark's generator goes through both, and every table holds as many rows.
@Suite struct BenchmarkBaselineTests {
  @Test func theCBaselineWritesTheRowsQuizImportWrites() throws {
    try QuizProcess.requireTool("cc")
    try QuizProcess.requireTool("python3")
    let workspace = try Workspace()
    let root = QuizProcess.packageRoot.path
    let migrations = try FileManager.default.contentsOfDirectory(atPath: root + "/migrations")
      .filter { $0.hasSuffix(".sql") }.sorted().map { "'\(root)/migrations/\($0)'" }.joined(separator: " ")
    let counts = """
      import sqlite3, sys
      tables = ["quizzes", "sections", "questions", "question_versions", "choices", "question_tags", "banks",
                "categories", "search_stale_banks"]
      for path in sys.argv[1:]:
          db = sqlite3.connect(path)
          print(" ".join(f"{t}={db.execute(f'SELECT count(*) FROM {t}').fetchone()[0]}" for t in tables))
      """
    let script = try workspace.write("counts.py", counts)
    let run = try QuizProcess.shell(
      """
      set -e
      python3 '\(root)/Benchmarks/make-bank.py' --quizzes 3 --questions 7 > bank.json
      python3 '\(root)/Benchmarks/bank_to_rows.py' bank.json > bank.rows
      cc -O2 -o insert_rows '\(root)/Benchmarks/c-baseline/insert_rows.c' -lsqlite3
      ./insert_rows bank.rows c.sqlite \(migrations) > /dev/null
      quiz --db q.sqlite import bank.json > /dev/null
      python3 counts.py c.sqlite q.sqlite
      """, in: workspace.directory)
    try #require(run.status == 0, "\(run)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 2 && lines.first == lines.last, "C baseline, then quiz import:\n\(run.stdout)")
    #expect(lines.first?.contains("questions=21 ") == true, "\(run.stdout)")
    _ = script
  }
}
