import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A prepared statement. Bind its parameters, step through its rows, and read columns through
/// `Row`. Statements made by `Database.cachedStatement(_:)` live as long as their connection.
public final class Statement {
  let handle: OpaquePointer
  let connection: OpaquePointer
  unowned let database: Database
  public let sql: String
  /// The tables the statement reads and writes, as the authorizer reported them when it was
  /// prepared: what observations of the database need to know.
  public let access: TableAccessSet
  /// True between the first step and the reset.
  private var running = false
  /// The connection's `ObservationState.generation` when this statement's written tables were
  /// last merged into the transaction's innermost level (`Database.willExecute(_:)`).
  var mergedGeneration = -1

  init(database: Database, sql: String, persistent: Bool) throws {
    var statement: OpaquePointer?
    let flags: UInt32 = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    database.accessRecorder = TableAccessSet()
    let code = sqlite3_prepare_v3(database.handle, sql, -1, flags, &statement, nil)
    let access = database.accessRecorder ?? TableAccessSet()
    database.accessRecorder = nil
    guard code == SQLITE_OK, let statement else {
      throw DatabaseError(connection: database.handle, code: code, sql: sql)
    }
    self.handle = statement
    self.connection = database.handle
    self.database = database
    self.sql = sql
    self.access = access
  }

  deinit {
    sqlite3_finalize(handle)
  }
}

// MARK: - Binding

extension Statement {
  /// Resets the statement and binds `arguments` to its parameters, in order.
  public func bind(_ arguments: [any DatabaseValueConvertible]) throws {
    reset()
    sqlite3_clear_bindings(handle)
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard arguments.count == expected else {
      throw DatabaseError(
        extendedResultCode: SQLITE_RANGE,
        message: "wrong number of arguments: \(arguments.count) given, \(expected) expected",
        sql: sql)
    }
    for (offset, argument) in arguments.enumerated() {
      try bind(argument.databaseValue, at: Int32(offset + 1))
    }
  }

  /// Binds one value to the 1-based parameter `index`.
  public func bind(_ value: DatabaseValue, at index: Int32) throws {
    let code: Int32
    switch value {
    case .null: code = sqlite3_bind_null(handle, index)
    case .integer(let int): code = sqlite3_bind_int64(handle, index, int)
    case .real(let double): code = sqlite3_bind_double(handle, index, double)
    case .text(let string): code = bindText(string, at: index)
    case .blob(let data): code = bindBlob(data, at: index)
    }
    try check(code)
  }

  public func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  public func bind(_ value: String, at index: Int32) throws {
    try check(bindText(value, at: index))
  }

  public func bind(_ value: String?, at index: Int32) throws {
    if let value { try bind(value, at: index) } else { try check(sqlite3_bind_null(handle, index)) }
  }

  public func bind(_ value: Bool, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, value ? 1 : 0))
  }

  public func bind(_ value: Double, at index: Int32) throws {
    try check(sqlite3_bind_double(handle, index, value))
  }

  public func bind(_ value: Double?, at index: Int32) throws {
    if let value { try bind(value, at: index) } else { try check(sqlite3_bind_null(handle, index)) }
  }

  /// Resets the statement so that it can run again with new bindings.
  public func reset() {
    sqlite3_reset(handle)
    // A statement stopped before its last row (or one with RETURNING) may end its autocommit
    // transaction only now.
    if running {
      running = false
      database.statementDidStep(access)
    }
  }

  /// Binds `value` (NULL when nil) to the 1-based parameter `index` without copying it, for as
  /// long as `body` runs; `body` steps the statement. For the inserts run once per row of a
  /// bulk write: SQLite reads the string's own NUL-terminated bytes, as a C program binding
  /// `SQLITE_STATIC` does, so neither the bind nor a CHECK that calls `length()` copies them.
  /// The bytes are only valid inside `withCString`, so the parameter is NULL again on return.
  public func withText<T>(_ value: String?, at index: Int32, _ body: () throws -> T) throws -> T {
    guard let value else {
      try check(sqlite3_bind_null(handle, index))
      return try body()
    }
    return try value.withCString { text in
      defer { sqlite3_bind_null(handle, index) }
      try check(csqlite_bind_text_static(handle, index, text, Statement.cLength(of: value, at: text)))
      return try body()
    }
  }

  /// -1 (NUL-terminated: SQLite knows it needs no terminator added) unless `value` holds a NUL
  /// byte, which only an explicit length keeps.
  private static func cLength(of value: String, at text: UnsafePointer<CChar>) -> Int32 {
    let count = value.utf8.count
    return strlen(text) == count ? -1 : Int32(count)
  }

  // Text goes in by length, not as a C string, so embedded NUL bytes survive.
  private func bindText(_ string: String, at index: Int32) -> Int32 {
    var string = string
    return string.withUTF8 { bytes in
      guard let base = bytes.baseAddress, bytes.count > 0 else {
        return csqlite_bind_text_transient(handle, index, "", 0)
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        csqlite_bind_text_transient(handle, index, $0, Int32(bytes.count))
      }
    }
  }

  private func bindBlob(_ data: Data, at index: Int32) -> Int32 {
    if data.isEmpty { return sqlite3_bind_zeroblob(handle, index, 0) }
    return data.withUnsafeBytes { bytes in
      csqlite_bind_blob_transient(handle, index, bytes.baseAddress, Int32(bytes.count))
    }
  }

  private func check(_ code: Int32) throws {
    guard code == SQLITE_OK else { throw DatabaseError(connection: connection, code: code, sql: sql) }
  }
}

// MARK: - Running

extension Statement {
  /// Steps once: `true` when a row is available, `false` when the statement is done.
  public func step() throws -> Bool {
    if !running {
      running = true
      database.willExecute(self)
    }
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE:
      running = false
      database.statementDidStep(access)
      return false
    default:
      let error = DatabaseError(connection: connection, code: code, sql: sql)
      sqlite3_reset(handle)
      running = false
      database.statementDidStep(access)
      throw error
    }
  }

  /// Runs the statement with `arguments` to completion, ignoring rows.
  public func execute(_ arguments: [any DatabaseValueConvertible] = []) throws {
    try bind(arguments)
    while try step() {}
    reset()
  }

  /// Runs the already bound statement to completion, ignoring rows.
  public func executeBound() throws {
    defer { reset() }
    while try step() {}
  }

  /// Runs the statement with `arguments` and maps every row.
  public func fetchAll<T>(_ arguments: [any DatabaseValueConvertible] = [], _ transform: (Row) throws -> T)
    throws -> [T]
  {
    try bind(arguments)
    defer { reset() }
    var results: [T] = []
    let row = Row(statement: self)
    while try step() { results.append(try transform(row)) }
    return results
  }

  /// Runs the statement with `arguments` and maps the first row, if any.
  public func fetchOne<T>(_ arguments: [any DatabaseValueConvertible] = [], _ transform: (Row) throws -> T)
    throws -> T?
  {
    try bind(arguments)
    defer { reset() }
    guard try step() else { return nil }
    return try transform(Row(statement: self))
  }

  /// Visits every row of the already bound statement, without collecting them.
  public func forEachRow(_ body: (Row) throws -> Void) throws {
    defer { reset() }
    let row = Row(statement: self)
    while try step() { try body(row) }
  }
}

// MARK: - Row

/// The current row of a statement. Valid only inside the closure it is handed to.
public struct Row {
  let statement: Statement

  public var columnCount: Int32 { sqlite3_column_count(statement.handle) }

  public func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(statement.handle, index) == SQLITE_NULL
  }

  public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(statement.handle, index) }

  public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(statement.handle, index)) }

  public func bool(_ index: Int32) -> Bool { sqlite3_column_int64(statement.handle, index) != 0 }

  public func double(_ index: Int32) -> Double { sqlite3_column_double(statement.handle, index) }

  public func optionalDouble(_ index: Int32) -> Double? { isNull(index) ? nil : double(index) }

  public func optionalInt(_ index: Int32) -> Int? { isNull(index) ? nil : int(index) }

  /// The column as text, read by length so that NUL bytes survive; "" for NULL.
  public func string(_ index: Int32) -> String {
    guard let text = sqlite3_column_text(statement.handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(statement.handle, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  public func optionalString(_ index: Int32) -> String? { isNull(index) ? nil : string(index) }

  /// The column's text as UTF-8 bytes, valid only inside `body`: for reading without making a
  /// String.
  public func withUTF8<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
    guard let text = sqlite3_column_text(statement.handle, index) else {
      return try body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return try body(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement.handle, index))))
  }

  /// The column as bytes (a blob's, or text's UTF-8); empty for NULL.
  public func bytes(_ index: Int32) -> [UInt8] {
    guard let bytes = sqlite3_column_blob(statement.handle, index) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement.handle, index))))
  }

  public func data(_ index: Int32) -> Data {
    guard let bytes = sqlite3_column_blob(statement.handle, index) else { return Data() }
    return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement.handle, index)))
  }

  /// The column with its storage class.
  public func value(_ index: Int32) -> DatabaseValue {
    switch sqlite3_column_type(statement.handle, index) {
    case SQLITE_INTEGER: return .integer(int64(index))
    case SQLITE_FLOAT: return .real(double(index))
    case SQLITE_TEXT: return .text(string(index))
    case SQLITE_BLOB: return .blob(data(index))
    default: return .null
    }
  }
}
