import CSQLite

// MARK: - SQL functions of our own

extension Database {
  /// Registers `row_hash(a, b, …)`: a 63-bit FNV-1a hash of its arguments' types and bytes.
  /// `sum(row_hash(…) % m)` over a table is a cheap fingerprint of its content, for telling a
  /// real change from a commit that changed nothing (a rolled-back spill, a WAL restart).
  func addRowHashFunction() throws {
    let function: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
      context, count, values in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      func mix(_ byte: UInt8) {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
      for index in 0..<Int(count) {
        let value = values?[index]
        let type = sqlite3_value_type(value)
        mix(UInt8(truncatingIfNeeded: type))
        if type == SQLITE_NULL { continue }
        // Read as text (or blob) bytes: numbers hash by their text form, which is exact.
        let bytes = type == SQLITE_BLOB ? sqlite3_value_blob(value) : UnsafeRawPointer(sqlite3_value_text(value))
        let length = Int(sqlite3_value_bytes(value))
        if let bytes {
          for byte in UnsafeRawBufferPointer(start: bytes, count: length) { mix(byte) }
        }
        mix(0xFF)
      }
      sqlite3_result_int64(context, Int64(bitPattern: hash >> 1))
    }
    let code = sqlite3_create_function_v2(
      handle, "row_hash", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, function, nil, nil, nil)
    guard code == SQLITE_OK else { throw DatabaseError(connection: handle, code: code, sql: nil) }
  }
}
