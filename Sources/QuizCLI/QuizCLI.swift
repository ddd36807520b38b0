import QuizDomain
import QuizRepository
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// The `quiz` program: parses the command line, runs one command, and returns the exit status.
public enum QuizCLI {
  public static let version = "0.1.0"
  /// The day `version` was released: the man page's date, fixed so that the committed
  /// `docs/quiz.1` stays equal to `quiz help --man`.
  public static let releaseDate = "2026-12-01"

  public static func main(_ argv: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Int32
  {
    signal(SIGPIPE, SIG_IGN)
    // A parent may have started us with signals blocked (threads of a dispatch pool do): a
    // long-running command must still stop on SIGINT and SIGTERM.
    var none = sigset_t()
    sigemptyset(&none)
    sigprocmask(SIG_SETMASK, &none, nil)
    let console = Console.current(environment: environment)
    do {
      try dispatch(Array(argv.dropFirst()), console: console)
      try Console.checkOutput()
      return ExitStatus.success.rawValue
    } catch let request as ExitRequest {
      return request.status.rawValue
    } catch  where Console.outputReaderWentAway {
      // Standard output's reader went away first: whatever failed after, the end is quiet.
      return ExitStatus.success.rawValue
    } catch {
      let error = CLIError(error)
      report(error, console: console)
      return error.status.rawValue
    }
  }

  static func dispatch(_ arguments: [String], console: Console) throws {
    var arguments = arguments
    var databasePath: String?
    // Options before the command name.
    while let first = arguments.first, first.hasPrefix("-") {
      arguments.removeFirst()
      switch first {
      case "-h", "--help":
        console.write(Commands.overview(width: console.width))
        return
      case "--verbose":
        CLIError.verbose.store(true, ordering: .relaxed)
      case "--version":
        console.write(
          "quiz \(version) (SQLite \(QuizRepository.sqliteVersion), schema version \(QuizRepository.newestSchemaVersion))\n"
        )
        return
      case "--db":
        guard let path = arguments.first else {
          throw CLIError.usage("Missing value for '--db <path>'", command: nil)
        }
        databasePath = path
        arguments.removeFirst()
      default:
        if first.hasPrefix("--db=") {
          databasePath = String(first.dropFirst(5))
        } else {
          throw CLIError.usage("Unknown option '\(first)'", command: nil)
        }
      }
    }
    guard let name = arguments.first else {
      console.write(Commands.overview(width: console.width))
      return
    }
    arguments.removeFirst()
    // The completion scripts' helper, hidden: looked for before the command list, so that help
    // and "did you mean" never name it.
    if name == CompletionValues.name {
      CompletionValues.run(arguments, console: console, globalDatabasePath: databasePath)
      return
    }
    if name == "help" {
      guard let topic = arguments.first else {
        console.write(Commands.overview(width: console.width))
        return
      }
      if topic == "--man" || topic == "--markdown" {
        // `quiz help --man import`: the page with that command's section only.
        let named = try arguments.dropFirst().map(Commands.named)
        let commands = named.isEmpty ? Commands.all : named
        console.write(
          topic == "--man" ? ManPage.render(commands: commands) : MarkdownReference.render(commands: commands))
        return
      }
      console.write(try Commands.named(topic).help(width: console.width))
      return
    }
    let command = try Commands.named(name)
    // `-h`/`--help` count only where an option may stand: `--prompt -h` is a prompt.
    let parsed = try ArgumentParser(command: command).parse(arguments)
    if parsed.flag("verbose") { CLIError.verbose.store(true, ordering: .relaxed) }
    if parsed.flag("help") {
      console.write(command.help(width: console.width))
      return
    }
    try command.run(
      Invocation(command: command, arguments: parsed, console: console, globalDatabasePath: databasePath))
  }

  static func report(_ error: CLIError, console: Console) {
    switch error {
    case .usage(let message, let command):
      console.error("Error: \(message.terminalSafe)\n")
      console.error("Usage: \(command?.usage(width: console.errorWidth - 7) ?? Commands.usage)\n")
      console.error("  See 'quiz \(command.map { "\($0.name) " } ?? "")--help' for more information.\n")
    case .data(let message, let details):
      console.error("Error: \(message.terminalSafe)\(details.isEmpty ? "" : ":")\n")
      for line in details { console.error("\(line.terminalSafe)\n") }
    case .noInput(let message), .failure(let message):
      console.error("Error: \(message.terminalSafe)\n")
    }
  }
}
