import CSQLite

// MARK: - Online backup

extension Database {
  /// Copies the database, as of one consistent moment, into the (new, empty) file at `path`
  /// with SQLite's backup API: other connections may go on writing, and a copy that another
  /// writer interrupted starts again. The copy has this connection's page size and journal
  /// mode, and leaves no -wal file behind.
  public func backup(to path: String) throws {
    let destination = try Database(path: path)
    guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
      throw DatabaseError(connection: destination.handle, code: sqlite3_errcode(destination.handle), sql: nil)
    }
    var code: Int32
    repeat {
      // All pages in one step while holding a read lock: a consistent snapshot.
      code = sqlite3_backup_step(backup, -1)
      if code == SQLITE_BUSY || code == SQLITE_LOCKED { sqlite3_sleep(20) }
    } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
    let finished = sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE, finished == SQLITE_OK else {
      throw DatabaseError(connection: destination.handle, code: code == SQLITE_DONE ? finished : code, sql: nil)
    }
  }
}
