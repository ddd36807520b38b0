import QuizDomain
import QuizRepository
import Synchronization

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The exit statuses of `quiz` (sysexits.h).
public enum ExitStatus: Int32, Sendable {
  case success = 0
  case failure = 1
  case usage = 64
  case dataError = 65
  case noInput = 66
  case interrupted = 130
}

/// An error a command reports to its user: the message and the exit status.
enum CLIError: Error {
  /// Bad command line: printed with the usage line and a pointer to `--help`. Exit 64.
  case usage(String, command: Command?)
  /// Invalid input data. Exit 65. `details` are printed after the message, one per line.
  case data(String, details: [String] = [])
  /// An input file that cannot be opened. Exit 66.
  case noInput(String)
  /// Any other failure. Exit 1.
  case failure(String)

  /// Standard output could not be written (`errno`).
  static func outputFailed(_ code: Int32) -> CLIError {
    .failure("could not write the output: \(String(cString: strerror(code)).lowercased())")
  }

  /// The message, without its details.
  var message: String {
    switch self {
    case .usage(let message, _), .data(let message, _), .noInput(let message), .failure(let message): return message
    }
  }

  var status: ExitStatus {
    switch self {
    case .usage: return .usage
    case .data: return .dataError
    case .noInput: return .noInput
    case .failure: return .failure
    }
  }

  /// Maps errors from the layers below to what the user sees.
  init(_ error: any Error) {
    switch error {
    case let error as CLIError: self = error
    case let error as RepositoryError:
      switch error {
      case .cannotOpen: self = .noInput(error.description)
      case .noDatabase, .emptyDatabaseFile: self = .noInput(CLIError.advice(for: error))
      case .quizHasAttempts, .quizHasAttemptsInProgress, .backupTargetExists:
        self = .failure(CLIError.advice(for: error))
      case .conflict, .unplaceable: self = .data(error.description)
      case .notADatabase: self = .data(error.description)
      case .invalid(let problems, let total):
        self = .data(
          "invalid input, nothing was written (\(total == 1 ? "1 problem" : "\(total) problems"))",
          details: CLIError.limited(problems.map(\.description), total: total))
      case .storage(let failure) where failure.kind == .damaged: self = .data(CLIError.message(for: failure))
      case .storage(let failure): self = .failure(CLIError.message(for: failure))
      default: self = .failure(error.description)
      }
    default: self = .failure(String(describing: error))
    }
  }

  /// A repository's fact with what to do about it here: the command or option that helps.
  static func advice(for error: RepositoryError) -> String {
    switch error {
    case .noDatabase: return error.description + " (create it with 'quiz init' or 'quiz import')"
    case .emptyDatabaseFile: return error.description + " (create one with 'quiz init')"
    case .quizHasAttempts, .quizHasAttemptsInProgress:
      return error.description + "; give --force to delete it with them"
    case .backupTargetExists: return error.description + ": give --force to replace it"
    default: return error.description
    }
  }

  /// One line that says what went wrong with the database and what to do; SQLite's own words
  /// only when there is nothing better to say.
  static func message(for failure: StorageFailure) -> String {
    switch failure.kind {
    case .diskFull: return "the disk is full: nothing was written; free some space and run the command again"
    case .writeFailed:
      return "the database file could not be written (is the disk full, or the file at its size limit?): "
        + "nothing was written; free some space and run the command again" + verboseDetail(failure)
    case .readOnly: return "the database file is read-only: nothing was written"
    case .damaged:
      return "the database file is damaged (\(failure.message)): restore a backup; 'quiz init' lists what is wrong"
        + verboseDetail(failure)
    case .busy: return "the database is locked by another process: nothing was written; try again"
    case .constraint, .other:
      return "the database refused the change (SQLite: \(failure.message)); nothing was written"
        + verboseDetail(failure)
    }
  }

  /// With `--verbose`: SQLite's codes and the statement, on a line of their own.
  static func verboseDetail(_ failure: StorageFailure) -> String {
    verbose.load(ordering: .relaxed) ? "\n" + failure.detail : " (--verbose shows SQLite's details)"
  }

  /// Set by `--verbose`: errors carry SQLite's own words.
  static let verbose = Atomic<Bool>(false)

  /// At most 20 lines, then a count of the rest (of `total`, when more were found than kept).
  static func limited(_ lines: [String], total: Int? = nil, limit: Int = 20) -> [String] {
    let total = max(total ?? lines.count, lines.count)
    guard total > limit else { return lines }
    return Array(lines.prefix(limit)) + ["… and \(total - limit) more problem\(total - limit == 1 ? "" : "s")"]
  }
}
