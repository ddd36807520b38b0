import QuizRepository

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// One run of a command: its parsed arguments, the console, and the database it names.
final class Invocation {
  let command: Command
  let arguments: ParsedArguments
  let console: Console
  /// `--db` given before the command name.
  let globalDatabasePath: String?
  private var openedRepository: QuizRepository?

  init(command: Command, arguments: ParsedArguments, console: Console, globalDatabasePath: String?) {
    self.command = command
    self.arguments = arguments
    self.console = console
    self.globalDatabasePath = globalDatabasePath
  }

  /// `--db` > `$QUIZ_DB` > `$XDG_DATA_HOME/quiz/quiz.sqlite` > `~/.local/share/quiz/quiz.sqlite`.
  var databasePath: String {
    if let path = arguments.value("db") ?? globalDatabasePath { return path }
    let environment = console.environment
    if let path = environment["QUIZ_DB"], !path.isEmpty { return path }
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? POSIX.homeDirectory) + "/.local/share")
    return dataHome + "/quiz/quiz.sqlite"
  }

  /// The repository, opened (and created or migrated) on first use.
  func repository() throws -> QuizRepository {
    if let openedRepository { return openedRepository }
    let repository = try QuizRepository.open(at: databasePath, access: command.access)
    openedRepository = repository
    if let copy = repository.migrationBackup {
      console.error("note: the database was migrated to this version of quiz; a copy of it as it was is at \(copy)\n")
    }
    return repository
  }

  /// The `--format` value.
  var format: String { arguments.value("format") ?? "table" }
}
