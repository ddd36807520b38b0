import QuizDomain
import SQLite

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Why a repository call failed: the facts, with data. The descriptions are the repository's
/// own words; a command line says what to do about them (the CLI's `CLIError` phrases them
/// with its options and commands).
public enum RepositoryError: Error, Equatable, Sendable {
  /// The database file cannot be opened or created.
  case cannotOpen(path: String, reason: String)
  /// A command that only reads found no database at `path`.
  case noDatabase(path: String)
  /// A command that only reads found an empty file at `path`: no quiz database yet.
  case emptyDatabaseFile(path: String)
  /// The file exists but is not a SQLite database.
  case notADatabase(path: String)
  /// The database was migrated by a newer quiz.
  case newerSchema(path: String, detail: String)
  /// A migration could not be applied; the database is as it was before it.
  case migrationFailed(path: String, detail: String)
  case unknownQuiz(String, suggestion: String?)
  case unknownQuestion(quiz: String, question: String, suggestion: String?)
  case unknownSection(quiz: String, section: String, suggestion: String?)
  case unknownAttempt(String, suggestion: String?)
  case unknownBank(String, suggestion: String?)
  case unknownCategory(bank: String, category: String, suggestion: String?)
  /// Content that breaks the rules; nothing was written. `total` counts every problem, of
  /// which `problems` holds the first ones.
  case invalid([Problem], total: Int)
  /// Input that conflicts with what is stored (say, a quiz id that exists).
  case conflict(String)
  /// A slot that cannot be placed: it names a bank, question, version or category that does
  /// not exist, or draws more questions than its filter matches. Nothing was written.
  case unplaceable(String)
  /// A request refused to protect what is stored (say, removing a quiz with attempts without
  /// `--force`), or one the stored data cannot satisfy.
  case refused(String)
  /// Quiz `quiz` has `attempts` attempts: deleting it needs `force`.
  case quizHasAttempts(quiz: String, attempts: Int)
  /// Quiz `quiz` has `count` attempts in progress through `quiz serve` (signed in, not
  /// submitted): deleting it, which deletes their saved answers, needs `force`.
  case quizHasAttemptsInProgress(quiz: String, count: Int)
  /// A backup would replace the file at `path`: that needs `replacing`.
  case backupTargetExists(path: String)
  /// The quiz was changed (or removed: nil) by someone else since the caller read it.
  case changedSinceRead(current: Quiz?)
  /// The database itself failed (a full disk, a read-only or damaged file, a lock held too
  /// long); nothing of the call was written.
  case storage(StorageFailure)
}

extension RepositoryError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): return "cannot open database \(path): \(reason)"
    case .noDatabase(let path): return "no database at \(path)"
    case .emptyDatabaseFile(let path): return "cannot open database \(path): the file is empty, not a quiz database"
    case .quizHasAttempts(let quiz, let attempts):
      return "quiz \"\(quiz)\" has \(attempts) attempt\(attempts == 1 ? "" : "s")"
    case .quizHasAttemptsInProgress(let quiz, let count):
      return
        "quiz \"\(quiz)\" has \(count) attempt\(count == 1 ? "" : "s") in progress (taken through quiz serve, not submitted)"
    case .backupTargetExists(let path): return "\(path) exists"
    case .notADatabase(let path): return "\(path) is not a SQLite database"
    case .newerSchema(let path, let detail): return "cannot use database \(path): \(detail)"
    case .migrationFailed(let path, let detail): return "cannot migrate database \(path): \(detail)"
    case .unknownQuiz(let id, let suggestion):
      return "unknown quiz \"\(id)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    case .unknownQuestion(let quiz, let question, let suggestion):
      return "unknown question \"\(question)\" in quiz \"\(quiz)\""
        + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    case .unknownSection(let quiz, let section, let suggestion):
      return "unknown section \"\(section)\" in quiz \"\(quiz)\""
        + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    case .unknownAttempt(let id, let suggestion):
      return "unknown attempt \"\(id)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    case .unknownBank(let id, let suggestion):
      return "unknown bank \"\(id)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    case .unknownCategory(let bank, let category, let suggestion):
      return "no category \"\(category)\" in bank \"\(bank)\""
        + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    case .invalid(let problems, _):
      return problems.map(\.description).joined(separator: "\n")
    case .conflict(let message), .refused(let message), .unplaceable(let message): return message
    case .storage(let failure): return failure.detail
    case .changedSinceRead(let current):
      return current == nil ? "the quiz was removed in the meantime" : "the quiz was changed in the meantime"
    }
  }
}

// MARK: - SQLite's errors, in the repository's terms

/// Why the database could not do what was asked, as the storage layer reported it. Above the
/// repository nobody sees SQLite: this is the seam a second backend would fill.
public struct StorageFailure: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case diskFull, writeFailed, readOnly, damaged, busy, constraint, other
  }
  public var kind: Kind
  /// SQLite's primary and extended result codes.
  public var code: Int32
  public var extendedCode: Int32
  /// SQLite's message.
  public var message: String
  /// The statement that failed, when there was one.
  public var sql: String?
  /// What SQLite said, with the codes and the statement: for `--verbose` and bug reports.
  public var detail: String

  init(_ error: DatabaseError) {
    code = error.resultCode
    extendedCode = error.extendedResultCode
    message = error.message
    sql = error.sql
    detail = error.description
    switch error.resultCode {
    case DatabaseError.full: kind = .diskFull
    // Growing the file or its -wal or -shm beside it failed for want of space (or past the
    // process's file size limit): SQLite calls it an I/O error.
    case DatabaseError.ioError where error.systemErrno == ENOSPC || error.systemErrno == EFBIG: kind = .diskFull
    // SQLite does not always keep the errno: a failed write is most likely space, but say so.
    case DatabaseError.ioError where error.isWriteFailure: kind = .writeFailed
    case DatabaseError.readOnly: kind = .readOnly
    case DatabaseError.corrupt, DatabaseError.notADatabase: kind = .damaged
    case DatabaseError.busy, DatabaseError.locked: kind = .busy
    case DatabaseError.constraint: kind = .constraint
    default: kind = .other
    }
  }
}

/// Runs `body`, turning SQLite's errors into `RepositoryError.storage`; every other error
/// (the caller's own, thrown from a closure it passed in) goes through unchanged.
func mappingStorageErrors<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as DatabaseError {
    throw RepositoryError.storage(StorageFailure(error))
  }
}
