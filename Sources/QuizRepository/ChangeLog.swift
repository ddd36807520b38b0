import QuizDomain
import SQLite

/// What a change-log row is about. `taker` is a sign-in to a served attempt (insert: started,
/// update: resumed), `answer` an answer it saved (insert: first, update: changed); its
/// submission is an `attempt` insert.
enum ChangeEntity: String {
  case quiz, section, question, choice, attempt, regrade, taker, answer
}

enum ChangeOperation: String {
  case insert, update, delete
}

extension QuizRepository {
  /// Records one change in the change log. Called inside the transaction that makes the change,
  /// so that a rollback leaves no trace and other processes see changes in commit order.
  func logChange(
    _ entity: ChangeEntity, _ operation: ChangeOperation, quiz: String, item: String? = nil,
    detail: String? = nil, at time: Timestamp
  ) throws {
    let statement = try database.cachedStatement(
      literal: "INSERT INTO change_log (changed_at, entity, operation, quiz, item, detail) VALUES (?, ?, ?, ?, ?, ?)")
    try statement.bind([time.text, entity.rawValue, operation.rawValue, quiz, item, detail])
    try statement.executeBound()
    observationCenter.didLog(database.lastInsertedRowID)
    try capChangeLog()
  }

  /// The change log keeps at most `changeLogCap` entries: every 1,000th entry, older ones go.
  static let changeLogCap: Int64 = 100_000

  private func capChangeLog() throws {
    let sequence = database.lastInsertedRowID
    guard sequence % 1000 == 0, sequence > QuizRepository.changeLogCap else { return }
    try database.execute("DELETE FROM change_log WHERE seq <= ?", [sequence - QuizRepository.changeLogCap])
  }

  /// A compact JSON object of counts, for the detail of a summary row.
  static func countsDetail(_ counts: KeyValuePairs<String, Int>) -> String {
    var writer = JSONWriter(pretty: false)
    writer.beginObject()
    for (key, value) in counts where value != 0 { writer.field(key, value) }
    writer.endObject()
    return writer.string
  }
}
