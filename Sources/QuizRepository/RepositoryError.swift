import QuizDomain
import SQLite

/// Why a repository call failed, in words a user can act on.
public enum RepositoryError: Error, Equatable, Sendable {
  /// The database file cannot be opened or created.
  case cannotOpen(path: String, reason: String)
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
  /// Content that breaks the rules; nothing was written. `total` counts every problem, of
  /// which `problems` holds the first ones.
  case invalid([Problem], total: Int)
  /// A request that conflicts with what is stored (say, a quiz id that exists).
  case conflict(String)
}

extension RepositoryError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): return "cannot open database \(path): \(reason)"
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
    case .invalid(let problems, _):
      return problems.map(\.description).joined(separator: "\n")
    case .conflict(let message): return message
    }
  }
}
