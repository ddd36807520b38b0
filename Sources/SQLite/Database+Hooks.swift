import CSQLite

/// What SQLite reports through the update hook: one changed row.
public struct RowChange: Equatable, Sendable {
  public enum Operation: String, Sendable {
    case insert, update, delete
  }
  public let operation: Operation
  public let table: String
  public let rowID: Int64
}

/// What the authorizer reports when a statement is prepared: the kind of access and the table.
public struct TableAccess: Equatable, Sendable {
  public enum Kind: Sendable {
    case read, insert, update, delete
  }
  public let kind: Kind
  public let table: String
}

/// The Swift closures behind the connection's C hooks.
struct Hooks {
  var commit: (() -> Bool)?
  var rollback: (() -> Void)?
  var update: ((RowChange) -> Void)?
  var authorizer: ((TableAccess) -> Void)?
}

// MARK: - Installing hooks

// Every hook goes through a `@convention(c)` function with the connection as its context:
// C cannot call Swift closures, and block-based callbacks crash on Linux. The context is
// unretained; the connection removes its hooks before it closes.
extension Database {
  private var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// Called before each commit; returning `true` turns the commit into a rollback.
  public func setCommitHook(_ hook: (() -> Bool)?) {
    hooks.commit = hook
    let callback: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
      guard let context else { return 0 }
      let database = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue()
      return database.hooks.commit?() == true ? 1 : 0
    }
    sqlite3_commit_hook(handle, hook == nil ? nil : callback, hook == nil ? nil : context)
  }

  /// Called after each rollback, explicit or not.
  public func setRollbackHook(_ hook: (() -> Void)?) {
    hooks.rollback = hook
    let callback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
      guard let context else { return }
      Unmanaged<Database>.fromOpaque(context).takeUnretainedValue().hooks.rollback?()
    }
    sqlite3_rollback_hook(handle, hook == nil ? nil : callback, hook == nil ? nil : context)
  }

  /// Called for each row inserted, updated or deleted in a rowid table.
  public func setUpdateHook(_ hook: ((RowChange) -> Void)?) {
    hooks.update = hook
    let callback:
      @convention(c) (
        UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, sqlite3_int64
      ) -> Void = { context, operation, _, table, rowID in
        guard let context, let table else { return }
        let database = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue()
        let kind: RowChange.Operation
        switch operation {
        case SQLITE_INSERT: kind = .insert
        case SQLITE_DELETE: kind = .delete
        default: kind = .update
        }
        database.hooks.update?(RowChange(operation: kind, table: String(cString: table), rowID: rowID))
      }
    sqlite3_update_hook(handle, hook == nil ? nil : callback, hook == nil ? nil : context)
  }

  /// Called while statements are prepared, for each table they read or write. The hook only
  /// observes: every access is allowed.
  public func setAuthorizer(_ hook: ((TableAccess) -> Void)?) {
    hooks.authorizer = hook
  }

  /// The connection's one authorizer: it records what each statement reads and writes (for
  /// observations) and passes the access on to `setAuthorizer`'s hook.
  func installAuthorizer() {
    let callback:
      @convention(c) (
        UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafePointer<CChar>?, UnsafePointer<CChar>?
      ) -> Int32 = { context, action, first, _, _, _ in
        guard let context, let first else { return SQLITE_OK }
        let database = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue()
        let kind: TableAccess.Kind
        switch action {
        case SQLITE_READ: kind = .read
        case SQLITE_INSERT: kind = .insert
        case SQLITE_UPDATE: kind = .update
        case SQLITE_DELETE: kind = .delete
        default: return SQLITE_OK
        }
        let access = TableAccess(kind: kind, table: String(cString: first))
        database.record(access)
        database.hooks.authorizer?(access)
        return SQLITE_OK
      }
    sqlite3_set_authorizer(handle, callback, context)
  }

  func uninstallHooks() {
    sqlite3_commit_hook(handle, nil, nil)
    sqlite3_rollback_hook(handle, nil, nil)
    sqlite3_update_hook(handle, nil, nil)
    sqlite3_set_authorizer(handle, nil, nil)
  }
}
