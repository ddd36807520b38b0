import CSQLite

/// An error reported by SQLite, with the extended result code, SQLite's message and the SQL
/// that was running, printed the way GRDB does:
/// `SQLite error 19: NOT NULL constraint failed: t.a - while executing `INSERT …``.
public struct DatabaseError: Error, Equatable, Sendable {
  /// The extended result code (`SQLITE_CONSTRAINT_NOTNULL` is 1299); its low byte is the primary code.
  public let extendedResultCode: Int32
  public let message: String
  public let sql: String?
  /// The operating system's error number behind an I/O error (`sqlite3_system_errno`), 0 when
  /// there was none: ENOSPC says that a "disk I/O error" is a full disk.
  public let systemErrno: Int32

  public init(extendedResultCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
    self.extendedResultCode = extendedResultCode
    self.message = message
    self.sql = sql
    self.systemErrno = systemErrno
  }

  /// The primary result code (`SQLITE_CONSTRAINT` is 19).
  public var resultCode: Int32 { extendedResultCode & 0xFF }
}

// MARK: - Reading the error of a connection

extension DatabaseError {
  /// The error SQLite recorded on `connection` for a call that returned `code`.
  init(connection: OpaquePointer?, code: Int32, sql: String?) {
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    // The connection's code can lag behind when the failing call did not set it.
    let useExtended = extended & 0xFF == code & 0xFF ? extended : code
    let message =
      connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
      ?? String(cString: sqlite3_errstr(code))
    let systemErrno = useExtended & 0xFF == SQLITE_IOERR ? connection.map { sqlite3_system_errno($0) } ?? 0 : 0
    self.init(extendedResultCode: useExtended, message: message, sql: sql, systemErrno: systemErrno)
  }
}

// MARK: - Well-known codes

extension DatabaseError {
  public static let constraint: Int32 = SQLITE_CONSTRAINT
  public static let notADatabase: Int32 = SQLITE_NOTADB
  public static let cannotOpen: Int32 = SQLITE_CANTOPEN
  public static let busy: Int32 = SQLITE_BUSY
  public static let readOnly: Int32 = SQLITE_READONLY
  public static let full: Int32 = SQLITE_FULL
  public static let genericError: Int32 = SQLITE_ERROR
  public static let corrupt: Int32 = SQLITE_CORRUPT
  public static let locked: Int32 = SQLITE_LOCKED
  public static let ioError: Int32 = SQLITE_IOERR

  // Extended I/O codes: Swift does not import their macros (`SQLITE_IOERR | (n << 8)`), so
  // they are spelled here once, with the numbers sqlite3.h gives them.
  /// SQLITE_IOERR_READ (266).
  public static let ioErrorRead: Int32 = ioExtended(1)
  /// SQLITE_IOERR_WRITE (778).
  public static let ioErrorWrite: Int32 = ioExtended(3)
  /// SQLITE_IOERR_FSYNC (1034).
  public static let ioErrorFsync: Int32 = ioExtended(4)
  /// SQLITE_IOERR_TRUNCATE (1546).
  public static let ioErrorTruncate: Int32 = ioExtended(6)
  /// SQLITE_IOERR_SHMSIZE (4874).
  public static let ioErrorShmSize: Int32 = ioExtended(19)
  /// SQLITE_IOERR_SHMMAP (5386).
  public static let ioErrorShmMap: Int32 = ioExtended(21)

  private static func ioExtended(_ number: Int32) -> Int32 { SQLITE_IOERR | (number << 8) }

  /// The extended codes that say the file (or its -wal or -shm beside it) could not be written
  /// or grown: what a full disk or a file size limit looks like.
  public static let writeFailureCodes: Set<Int32> = [
    ioErrorWrite, ioErrorFsync, ioErrorTruncate, ioErrorShmSize, ioErrorShmMap,
  ]

  /// Whether the file (or its -wal or -shm beside it) could not be written or grown.
  public var isWriteFailure: Bool { Self.writeFailureCodes.contains(extendedResultCode) }
}

// MARK: - Printing

extension DatabaseError: CustomStringConvertible {
  public var description: String {
    var text = "SQLite error \(resultCode)"
    if extendedResultCode != resultCode { text += " (extended \(extendedResultCode))" }
    text += ": \(message)"
    if systemErrno != 0 { text += " (errno \(systemErrno))" }
    if let sql { text += " - while executing `\(sql)`" }
    return text
  }
}
