import CSQLite

/// What the authorizer reports while a statement is prepared: the tables it reads and writes,
/// and the transaction or savepoint it begins or ends. Observations use it to know what a
/// transaction changed, whichever way the transaction was written (`inTransaction`, a plain
/// `execute("BEGIN")`, a lone autocommit statement).
public struct TableAccessSet: Equatable, Sendable {
  public var read: Set<String> = []
  public var written: Set<String> = []
  /// `SAVEPOINT name`, `RELEASE name` or `ROLLBACK TO name`, when the statement is one.
  var savepoint: SavepointOperation?

  public init(read: Set<String> = [], written: Set<String> = []) {
    self.read = read
    self.written = written
  }
}

/// A savepoint statement, with its name folded to lower case (SQLite compares them so).
enum SavepointOperation: Equatable, Sendable {
  case begin(String)
  case release(String)
  case rollback(String)
}

// MARK: - Installing hooks

// Every hook goes through a `@convention(c)` function with the connection as its context:
// C cannot call Swift closures, and block-based callbacks crash on Linux. The context is
// unretained; the connection removes its hooks before it closes.
extension Database {
  private var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// The connection's hooks: the authorizer records what each statement reads and writes,
  /// the commit and rollback hooks say how its transaction ended. SQLite calls the last two in
  /// the middle of a step, when the connection must not be used; they only set a flag, and
  /// the statement acts on it when its step returns (`statementDidStep`).
  func installHooks() {
    let authorizer:
      @convention(c) (
        UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafePointer<CChar>?, UnsafePointer<CChar>?
      ) -> Int32 = { context, action, first, second, _, _ in
        guard let context else { return SQLITE_OK }
        let database = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue()
        database.record(
          action: action, first: first.map { String(cString: $0) }, second: second.map { String(cString: $0) })
        return SQLITE_OK
      }
    sqlite3_set_authorizer(handle, authorizer, context)
    let commit: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
      guard let context else { return 0 }
      Unmanaged<Database>.fromOpaque(context).takeUnretainedValue().observation.commitHookFired = true
      return 0
    }
    sqlite3_commit_hook(handle, commit, context)
    let rollback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
      guard let context else { return }
      Unmanaged<Database>.fromOpaque(context).takeUnretainedValue().observation.rollbackHookFired = true
    }
    sqlite3_rollback_hook(handle, rollback, context)
  }

  func uninstallHooks() {
    sqlite3_commit_hook(handle, nil, nil)
    sqlite3_rollback_hook(handle, nil, nil)
    sqlite3_set_authorizer(handle, nil, nil)
  }

  /// Called by the authorizer while a statement is prepared.
  private func record(action: Int32, first: String?, second: String?) {
    guard accessRecorder != nil else { return }
    switch action {
    case SQLITE_READ:
      if let first { accessRecorder?.read.insert(first) }
    case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
      if let first { accessRecorder?.written.insert(first) }
    case SQLITE_SAVEPOINT:
      guard let first, let name = second?.lowercased() else { return }
      switch first {
      case "BEGIN": accessRecorder?.savepoint = .begin(name)
      case "RELEASE": accessRecorder?.savepoint = .release(name)
      case "ROLLBACK": accessRecorder?.savepoint = .rollback(name)
      default: break
      }
    default:
      break
    }
  }
}
