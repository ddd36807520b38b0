import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

/// Migration 0012 on a database of schema 11 that holds a change log: every row and the
/// sequence are kept, the CHECKs still refuse what they refused, and inserting a row no longer
/// builds a temporary b-tree of the CHECK's list (what made every logged write slower).
@Suite struct ChangeLogChecksMigrationTests {
  @Test func theLogKeepsItsRowsAndSequenceAndItsInsertBuildsNoTemporaryTable() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("quiz.sqlite")
    let insert = "INSERT INTO change_log (changed_at, entity, operation, quiz, item, detail) VALUES (?, ?, ?, ?, ?, ?)"
    do {
      let database = try Database(path: path)
      try database.enableWAL()
      try Migrator(migrations: Array(QuizRepository.migrations.prefix(11))).migrate(database)
      #expect(try Self.opcodes(of: insert, in: database).contains("OpenEphemeral"))
      for index in 1...4 {
        try database.execute(insert, ["2026-01-01T00:00:0\(index)Z", "answer", "update", "geo", "q\(index)", "{}"])
      }
      try database.execute("DELETE FROM change_log WHERE seq = 4")
    }
    let repository = try QuizRepository.open(at: path)
    #expect(try repository.schemaVersion() == QuizRepository.migrations.count)
    #expect(try repository.changeLogEntries(after: 0).map(\.item) == ["q1", "q2", "q3"])
    let database = repository.database
    #expect(try !Self.opcodes(of: insert, in: database).contains("OpenEphemeral"))
    try database.execute(insert, ["2026-01-01T00:00:05Z", "taker", "insert", "geo", nil, nil])
    #expect(try repository.changeLogEntries(after: 3).map(\.sequence) == [5])
    for (entity, operation) in [("answer", "upsert"), ("answer", "INSERT"), ("nonsense", "insert"), ("answer", "")] {
      #expect(throws: DatabaseError.self, "\(entity) \(operation)") {
        try database.execute(insert, ["x", entity, operation, "geo", nil, nil])
      }
    }
  }

  static func opcodes(of sql: String, in database: Database) throws -> [String] {
    try database.fetchAll("EXPLAIN " + sql, ["", "answer", "update", "geo", "i", "d"]) { $0.string(1) }
  }
}
