import QuizRepository

enum CheckCommand {
  static let command = Command(
    name: "check",
    summary: "Check the database: SQLite's integrity and foreign keys, the schema, and quiz's own rules.",
    discussion: """
      Besides SQLite's checks: every question's current version is stored, every scoring rule \
      is one quiz knows, every answer points at a version of a question of its attempt's quiz, \
      every recorded score equals the score recomputed from the stored version and selection \
      under its rule, every attempt's maximum is what its last regrade set or the points of the \
      questions it was given (at least those it answered), the change log's numbers only grow, \
      and every attempt taken through 'quiz serve' keeps the progress its questions and saved \
      answers count. On a file too damaged to open, what SQLite's quick_check finds. Exit 1 when anything \
      is wrong, listing the violations (20 at most per check, then how many more).
      """,
    run: run)

  static func run(_ invocation: Invocation) throws {
    let results: [CheckResult]
    do {
      results = try invocation.repository().check()
    } catch RepositoryError.storage(let failure) where failure.kind == .damaged {
      // Too damaged to open: list what SQLite finds, as 'quiz init' does, here.
      let problems = try InitCommand.damageListing(at: invocation.databasePath)
      invocation.console.write(render([CheckResult(name: "integrity (PRAGMA quick_check)", violations: problems)]))
      throw CLIError.failure("the database file \(invocation.databasePath) is damaged: restore a backup")
    }
    invocation.console.write(render(results))
    let failed = results.filter { !$0.violations.isEmpty }.count
    if failed > 0 {
      throw CLIError.failure("\(failed) check\(failed == 1 ? "" : "s") failed")
    }
  }

  /// Each check on a line, its violations indented below it: at most 20, then how many more.
  static func render(_ results: [CheckResult]) -> String {
    var text = ""
    for result in results {
      text += (result.violations.isEmpty ? "ok      " : "FAILED  ") + result.name + "\n"
      for violation in CLIError.limited(result.violations, total: result.total) {
        text += "        \(violation.terminalSafeLine)\n"
      }
    }
    return text
  }
}
