import QuizRepository

enum InitCommand {
  static let command = Command(
    name: "init",
    summary: "Create the database, or migrate it to this version's schema.",
    discussion: """
      Safe to run again: an up-to-date database is left as it is. The change log that 'quiz watch' reads keeps the newest 100,000 changes by itself; --compact-log KEEP keeps fewer.
      """,
    options: [
      .value(
        "compact-log", valueName: "keep", help: "Keep only the newest KEEP change-log entries.",
        type: .whole(0...Int.max, expected: "a number of entries"))
    ],
    access: .readWrite,
    run: run)

  static func damaged(_ path: String, problems: [String]) -> CLIError {
    CLIError.data(
      "the database file \(path) is damaged: restore a backup",
      details: CLIError.limited(problems.isEmpty ? ["SQLite reports no page in particular"] : problems))
  }

  /// What SQLite's quick_check finds in a file too damaged to open as a repository (never
  /// empty: a file that fails to open is damaged somewhere), for 'init' and 'check'.
  static func damageListing(at path: String) throws -> [String] {
    let problems: [String]
    do {
      problems = try QuizRepository.quickCheck(at: path)
    } catch RepositoryError.storage(let failure) where failure.kind == .damaged {
      // Not even the check can read it (page 1, the header): SQLite's own words, then.
      problems = [failure.message]
    }
    return problems.isEmpty ? ["SQLite reports no page in particular"] : problems
  }

  static func run(_ invocation: Invocation) throws {
    let keep = invocation.arguments.int("compact-log")
    let repository: QuizRepository
    do {
      repository = try invocation.repository()
    } catch RepositoryError.storage(let failure) where failure.kind == .damaged {
      throw damaged(invocation.databasePath, problems: try damageListing(at: invocation.databasePath))
    }
    let problems = try repository.quickCheck()
    guard problems.isEmpty else { throw damaged(repository.path, problems: problems) }
    let version = try repository.schemaVersion()
    invocation.console.write("Database: \(repository.path)\nSchema version: \(version)\n")
    if let keep {
      let removed = try repository.compactChangeLog(keep: keep)
      invocation.console.write("Change log: removed \(removed) entries, kept the newest \(keep)\n")
    }
  }
}
