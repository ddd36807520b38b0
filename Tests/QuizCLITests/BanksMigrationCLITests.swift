import Foundation
import SQLite
import Testing

/// A database written by the release before banks (schema 19, made by
/// `Reference/before-banks/make.sh` with that release's binary) opens with today's `quiz`,
/// which migrates it, and every output is what that release printed (issue 36).
@Suite struct BanksMigrationCLITests {
  static let reference = QuizProcess.packageRoot.appendingPathComponent("Tests/QuizCLITests/Reference/before-banks")

  static func expected(_ name: String) throws -> String {
    try String(contentsOf: reference.appendingPathComponent(name), encoding: .utf8)
  }

  /// A copy of the old database in a fresh workspace.
  static func oldDatabase() throws -> Workspace {
    let workspace = try Workspace()
    try FileManager.default.copyItem(
      atPath: reference.appendingPathComponent("quiz.sqlite").path, toPath: workspace.database)
    let old = try Database(path: workspace.database, readOnly: true)
    #expect(try old.fetchOne("PRAGMA user_version", [], { $0.int(0) }) == 19)
    return workspace
  }

  @Test func everyOutputIsWhatTheReleaseBeforePrinted() throws {
    let workspace = try Self.oldDatabase()
    let runs: [([String], String)] = [
      (["export", "--with-attempts"], "export.json"),
      (["export", "extra", "--format", "moodle-xml"], "extra.xml"),
      (["export", "extra", "--format", "gift"], "extra.gift"),
      (["report", "extra", "reactive-swift", "world-languages"], "report.txt"),
      (["report", "extra", "--format", "json"], "report-extra.json"),
      (["history", "--limit", "0"], "history.txt"),
      (["list"], "list.txt"),
      (["regrade", "extra", "--dry-run"], "regrade-extra.txt"),
      (["regrade", "reactive-swift", "--dry-run"], "regrade-reactive-swift.txt"),
      (["regrade", "world-languages", "--dry-run"], "regrade-world-languages.txt"),
    ]
    for (arguments, file) in runs {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.stdout == (try Self.expected(file)), "quiz \(arguments.joined(separator: " ")): \(run.stderr)")
    }
    // `check` as before, but for the schema version it reports.
    let check = try workspace.quiz("check")
    #expect(check.status == 0)
    let schema = try Database(path: workspace.database, readOnly: true).fetchOne(
      "PRAGMA user_version", [], { $0.int(0) })
    #expect(
      check.stdout
        == (try Self.expected("check.txt")).replacing("schema version 19", with: "schema version \(schema ?? 0)"))
  }

  @Test func eachQuizGetsABankAndEachSectionTitleACategory() throws {
    let workspace = try Self.oldDatabase()
    #expect(try workspace.quiz("list").status == 0)
    let list = try workspace.quiz("bank", "list")
    #expect(
      list.stdout == """
        ID               TITLE                                            QUESTIONS  CATEGORIES  QUIZZES
        extra            Extra: sections and history                              3           1  extra
        reactive-swift   Reactive programming in Swift                            8           3  reactive-swift
        world-languages  Languages and scripts of the world · 世界の言語          6           3  world-languages

        """, "\(list.stdout)")
    let show = try workspace.quiz("bank", "show", "extra")
    #expect(
      show.stdout == """
        extra: Extra: sections and history
        CATEGORY / QUESTION  KIND       VERSION  TAGS  QUIZZES
        (top)
          why                essay      v1             extra
          Part 1\\/2/
            capital          choice     v2       geo   extra
            pi               numerical  v1             extra

        """, "\(show.stdout)")
    // The retired question stays in the bank, out of use.
    let database = try Database(path: workspace.database, readOnly: true)
    #expect(
      try database.fetchOne(
        "SELECT c.parent_id IS NULL FROM questions q JOIN categories c ON c.id = q.category_id WHERE q.slug = 'gone'",
        [], { $0.bool(0) }) == true)
    // The quizzes keep writing where they did, into their own banks.
    #expect(
      try workspace.quiz("add", "question", "extra", "--id", "new", "--prompt", "New?", "--right", "y", "--wrong", "n")
        .status == 0)
    // In the quiz's last section, untitled: the bank's top.
    #expect(try workspace.quiz("bank", "show", "extra").stdout.contains("(top)\n  new  "))
  }
}
