import Foundation
import TestSupport
import Testing

@testable import SQLite

@Suite struct DatabaseTests {
  let directory: TemporaryDirectory
  let database: Database

  init() throws {
    directory = try TemporaryDirectory()
    database = try Database(path: directory.path("test.sqlite"))
    try database.enableWAL()
    try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, value ANY, label TEXT NOT NULL DEFAULT '') STRICT")
  }

  // MARK: - Binding and reading

  @Test(arguments: [
    DatabaseValue.null, .integer(0), .integer(Int64.max), .integer(Int64.min), .real(-0.0), .real(1e300),
    .real(0.1), .text(""), .text("plain"), .text("a\u{0}b\u{0}"), .text("Crème brûlée — 日本語の質問 🎉👩‍👩‍👧"),
    .blob(Data()), .blob(Data([0, 1, 0, 255])),
  ])
  func valuesRoundTripByteForByte(_ value: DatabaseValue) throws {
    try database.execute("INSERT INTO t (value) VALUES (?)", [value])
    let read = try database.fetchOne("SELECT value FROM t", [], { $0.value(0) })
    #expect(read == value)
    if case .text(let text) = value {
      let bytes = try database.fetchOne("SELECT length(CAST(value AS BLOB)) FROM t", [], { $0.int(0) })
      #expect(bytes == text.utf8.count)
    }
  }

  @Test func typedBindingsReadBack() throws {
    let statement = try database.makeStatement("INSERT INTO t (value, label) VALUES (?, ?)")
    try statement.bind(Int64(42), at: 1)
    try statement.bind("é\u{0}", at: 2)
    try statement.executeBound()
    let row = try database.fetchOne("SELECT value, label FROM t", [], { ($0.int64(0), $0.string(1)) })
    #expect(row?.0 == 42)
    #expect(row?.1 == "é\u{0}")
  }

  @Test func wrongArgumentCountIsAnError() throws {
    #expect(throws: DatabaseError.self) { try database.execute("INSERT INTO t (value) VALUES (?)", [1, 2]) }
  }

  // MARK: - Errors

  @Test func constraintErrorCarriesExtendedCodeMessageAndSQL() throws {
    let sql = "INSERT INTO t (label) VALUES (?)"
    do {
      try database.execute(sql, [String?.none])
      Issue.record("expected a NOT NULL failure")
    } catch let error as DatabaseError {
      #expect(error.resultCode == 19)
      #expect(error.extendedResultCode == 1299)  // SQLITE_CONSTRAINT_NOTNULL
      #expect(error.message == "NOT NULL constraint failed: t.label")
      #expect(error.sql == sql)
      #expect(
        error.description
          == "SQLite error 19 (extended 1299): NOT NULL constraint failed: t.label - while executing `\(sql)`")
    }
  }

  @Test func syntaxErrorNamesTheStatement() throws {
    do {
      try database.execute("SELECT * FROM t; SELEC oops")
      Issue.record("expected a syntax error")
    } catch let error as DatabaseError {
      #expect(error.resultCode == 1)
      #expect(error.message.contains("syntax error"))
      #expect(error.sql == "SELEC oops")
    }
  }

  @Test func notADatabaseIsReportedOnFirstRead() throws {
    let path = directory.path("text.sqlite")
    try Data("this is not a database, it is text, long enough to be a header".utf8).write(
      to: URL(fileURLWithPath: path))
    let database = try Database(path: path)
    do {
      _ = try database.fetchOne("SELECT count(*) FROM sqlite_schema", [], { $0.int(0) })
      Issue.record("expected SQLITE_NOTADB")
    } catch let error as DatabaseError {
      #expect(error.resultCode == DatabaseError.notADatabase)
    }
  }

  @Test func newFilesAreReadableByTheirOwnerOnly() throws {
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path("test.sqlite"))
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let journal = try database.fetchOne("PRAGMA journal_mode", [], { $0.string(0) })
    #expect(journal == "wal")
  }

  // MARK: - Transactions and savepoints

  private func count() throws -> Int { try database.fetchOne("SELECT count(*) FROM t", [], { $0.int(0) }) ?? -1 }

  @Test func transactionCommitsWhenBodyReturns() throws {
    try database.inTransaction { try database.execute("INSERT INTO t (value) VALUES (1)") }
    #expect(try count() == 1)
  }

  @Test func transactionRollsBackWhenBodyThrows() throws {
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try database.inTransaction {
        try database.execute("INSERT INTO t (value) VALUES (1)")
        throw Failure()
      }
    }
    #expect(try count() == 0)
    #expect(!database.isInTransaction)
  }

  @Test func failedSavepointRollsBackOnlyItsPart() throws {
    struct Failure: Error {}
    try database.inTransaction {
      try database.execute("INSERT INTO t (value) VALUES ('outer')")
      #expect(throws: Failure.self) {
        try database.inSavepoint {
          try database.execute("INSERT INTO t (value) VALUES ('inner')")
          try database.inSavepoint { try database.execute("INSERT INTO t (value) VALUES ('innermost')") }
          throw Failure()
        }
      }
      try database.inSavepoint { try database.execute("INSERT INTO t (value) VALUES ('kept')") }
    }
    let values = try database.fetchAll("SELECT value FROM t ORDER BY id", [], { $0.string(0) })
    #expect(values == ["outer", "kept"])
  }

  @Test func cachedStatementsAreReused() throws {
    let first = try database.cachedStatement("SELECT 1")
    let second = try database.cachedStatement("SELECT 1")
    #expect(first === second)
  }

  // MARK: - Hooks

  @Test func commitRollbackAndUpdateHooksReportWhatHappened() throws {
    final class Log { var events: [String] = [] }
    let log = Log()
    database.setCommitHook {
      log.events.append("commit")
      return false
    }
    database.setRollbackHook { log.events.append("rollback") }
    database.setUpdateHook { change in log.events.append("\(change.operation.rawValue) \(change.table) \(change.rowID)")
    }
    try database.inTransaction {
      try database.execute("INSERT INTO t (id, value) VALUES (7, 1)")
      try database.execute("UPDATE t SET value = 2 WHERE id = 7")
    }
    struct Failure: Error {}
    _ = try? database.inTransaction {
      try database.execute("DELETE FROM t WHERE id = 7")
      throw Failure()
    }
    #expect(log.events == ["insert t 7", "update t 7", "commit", "delete t 7", "rollback"])
    database.setCommitHook(nil)
    database.setRollbackHook(nil)
    database.setUpdateHook(nil)
    try database.execute("INSERT INTO t (value) VALUES (3)")
    #expect(log.events.count == 5)
  }

  @Test func commitHookCanVetoACommit() throws {
    database.setCommitHook { true }
    #expect(throws: DatabaseError.self) {
      try database.inTransaction { try database.execute("INSERT INTO t (value) VALUES (1)") }
    }
    database.setCommitHook(nil)
    #expect(try count() == 0)
  }

  @Test func authorizerReportsTablesReadAndWritten() throws {
    final class Log { var accesses: [TableAccess] = [] }
    let log = Log()
    try database.execute("CREATE TABLE other (x INTEGER) STRICT")
    database.setAuthorizer { log.accesses.append($0) }
    _ = try database.makeStatement("SELECT t.value FROM t JOIN other ON other.x = t.id")
    _ = try database.makeStatement("INSERT INTO other (x) VALUES (1)")
    database.setAuthorizer(nil)
    #expect(log.accesses.contains(TableAccess(kind: .read, table: "t")))
    #expect(log.accesses.contains(TableAccess(kind: .read, table: "other")))
    #expect(log.accesses.contains(TableAccess(kind: .insert, table: "other")))
  }
}
