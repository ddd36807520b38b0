import QuizDomain
import SQLite

/// What a change-log row is about. `taker` is a sign-in to a served attempt (insert: started,
/// update: resumed), `answer` an answer it saved (insert: first, update: changed); its
/// submission is an `attempt` insert.
enum ChangeEntity: String {
  case quiz, section, question, choice, attempt, regrade, taker, answer
  /// A bank's own change (made, removed, a question written, moved or removed in it): the
  /// row's `quiz` is the bank's id.
  case bank
}

enum ChangeOperation: String {
  case insert, update, delete
}

/// One change-log row as `logChange` writes it.
struct ChangeLogRow {
  let changedAt: String
  let entity: ChangeEntity
  let operation: ChangeOperation
  let quiz: String
  let item: String?
  let detail: String?
}

extension QuizRepository {
  /// Records one change in the change log. Called inside the transaction that makes the change,
  /// so that a rollback leaves no trace and other processes see changes in commit order.
  func logChange(
    _ entity: ChangeEntity, _ operation: ChangeOperation, quiz: String, item: String? = nil,
    detail: String? = nil, at time: Timestamp
  ) throws {
    let row = ChangeLogRow(
      changedAt: time.text, entity: entity, operation: operation, quiz: quiz, item: item, detail: detail)
    if changeLogBuffer != nil {
      changeLogBuffer?.append(row)
      return
    }
    try insertChangeLog([row])
  }

  /// Runs `body` (inside a write transaction) holding back its change-log rows, then writes
  /// them in as few statements as it can, in the order they were logged: a server's committer
  /// logs one row per save, and a statement each cost a save more than its own answer did
  /// (`AUTOINCREMENT` updates `sqlite_sequence` once a statement, whatever its rows).
  func bufferingChangeLog<T>(_ body: () throws -> T) throws -> T {
    guard changeLogBuffer == nil else { return try body() }
    changeLogBuffer = []
    defer { changeLogBuffer = nil }
    let result = try body()
    guard let rows = changeLogBuffer, !rows.isEmpty else { return result }
    // SQLite rolls a whole transaction back on some errors (a full disk, an I/O error): the
    // rows of the writes before it must go with them, not be written on their own.
    guard database.isInTransaction else { throw WriteGateError.transactionLost }
    try insertChangeLog(rows)
    return result
  }

  /// Rows inserted by one statement at most.
  private static let rowsPerInsert = 16

  private func insertChangeLog(_ rows: [ChangeLogRow]) throws {
    var start = 0
    while start < rows.count {
      let chunk = rows[start..<min(start + Self.rowsPerInsert, rows.count)]
      let statement = try changeLogInsert(rows: chunk.count)
      var index: Int32 = 1
      for row in chunk {
        try statement.bind(row.changedAt, at: index)
        try statement.bind(row.entity.rawValue, at: index + 1)
        try statement.bind(row.operation.rawValue, at: index + 2)
        try statement.bind(row.quiz, at: index + 3)
        try statement.bind(row.item, at: index + 4)
        try statement.bind(row.detail, at: index + 5)
        index += 6
      }
      try statement.executeBound()
      // One statement's rows take consecutive numbers, the last one's is the last inserted.
      let last = database.lastInsertedRowID
      let first = last - Int64(chunk.count) + 1
      for sequence in first...last { observationCenter.didLog(sequence) }
      try capChangeLog(from: first, to: last)
      start += chunk.count
    }
  }

  /// The insert of `rows` rows, from the connection's statement cache (one per row count).
  private func changeLogInsert(rows: Int) throws -> Statement {
    let values = Array(repeating: "(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    return try database.cachedStatement(
      "INSERT INTO change_log (changed_at, entity, operation, quiz, item, detail) VALUES \(values)")
  }

  /// The change log keeps at most `changeLogCap` entries: every 1,000th entry, older ones go.
  static let changeLogCap: Int64 = 100_000

  private func capChangeLog(from first: Int64, to last: Int64) throws {
    let thousandth = last - last % 1000
    guard thousandth >= first, thousandth > QuizRepository.changeLogCap else { return }
    try database.execute("DELETE FROM change_log WHERE seq <= ?", [thousandth - QuizRepository.changeLogCap])
  }

  /// A compact JSON object of counts, for the detail of a summary row.
  /// `{"key":"text"}`, written by the one JSON writer.
  static func textDetail(_ key: String, _ text: String) -> String {
    var writer = JSONWriter(pretty: false)
    writer.beginObject()
    writer.field(key, text)
    writer.endObject()
    return writer.string
  }

  static func countsDetail(_ counts: KeyValuePairs<String, Int>) -> String {
    var writer = JSONWriter(pretty: false)
    writer.beginObject()
    for (key, value) in counts where value != 0 { writer.field(key, value) }
    writer.endObject()
    return writer.string
  }
}
