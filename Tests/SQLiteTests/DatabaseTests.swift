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

  // MARK: - read { } and write { }

  @Test func aWriteInsideAWriteIsOneCommitAndAFailedInnerWriteUndoesOnlyItself() throws {
    struct Failure: Error {}
    try database.write { db in
      try db.execute("INSERT INTO t (value) VALUES ('outer')")
      #expect(throws: Failure.self) {
        try db.write { inner in
          try inner.execute("INSERT INTO t (value) VALUES ('inner')")
          throw Failure()
        }
      }
      try db.write { inner in try inner.execute("INSERT INTO t (value) VALUES ('kept')") }
      #expect(db.isInTransaction)
    }
    #expect(!database.isInTransaction)
    #expect(try database.fetchAll("SELECT value FROM t ORDER BY id", [], { $0.string(0) }) == ["outer", "kept"])
  }

  @Test func aWriteCannotStartInsideARead() throws {
    let error = #expect(throws: DatabaseError.self) {
      try database.read { db in try db.write { inner in try inner.execute("INSERT INTO t (value) VALUES (1)") } }
    }
    #expect(error?.description.contains("a write cannot start inside a read transaction") == true)
    #expect(try count() == 0)
    #expect(!database.isInTransaction)
  }

  /// The write-ahead log grows past its limit within a transaction, and once checkpointed the
  /// next transaction cuts the file back to the limit (without it the file stays at 1 MB).
  @Test func theWriteAheadLogIsCutBackToItsLimitAfterACheckpoint() throws {
    let wal = directory.path("test.sqlite-wal")
    func walSize() -> Int { (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? -1 }
    try database.limitWriteAheadLog(toBytes: 32 << 10)
    try database.write { db in
      for _ in 0..<1000 { try db.execute("INSERT INTO t (value) VALUES (randomblob(1000))") }
    }
    #expect(walSize() > 1_000_000)
    _ = try database.fetchOne("PRAGMA wal_checkpoint(PASSIVE)", []) { $0.int(0) }
    try database.execute("INSERT INTO t (value) VALUES ('small')")
    #expect(walSize() <= 32 << 10, "\(walSize())")
    #expect(try database.fetchOne("SELECT count(*) FROM t", []) { $0.int(0) } == 1001)
  }

  /// A read sees one snapshot: a commit by another connection in the middle of it is not seen
  /// until the read ends.
  @Test func aReadSeesOneSnapshot() throws {
    let path = directory.path("snapshot.sqlite")
    let first = try Database(path: path)
    try first.enableWAL()
    try first.execute("CREATE TABLE t (value TEXT)")
    let second = try Database(path: path)
    let counts = try first.read { db -> [Int] in
      let before = try db.fetchOne("SELECT count(*) FROM t", []) { $0.int(0) } ?? -1
      try second.write { other in try other.execute("INSERT INTO t (value) VALUES ('x')") }
      let after = try db.fetchOne("SELECT count(*) FROM t", []) { $0.int(0) } ?? -1
      return [before, after]
    }
    #expect(counts == [0, 0])
    #expect(try first.fetchOne("SELECT count(*) FROM t", []) { $0.int(0) } == 1)
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

  // MARK: - Transaction observers

  /// Records what the connection tells its observers.
  final class Recorder: TransactionObserver {
    var events: [String] = []
    func databaseDidCommit(_ database: Database, changedTables: Set<String>) {
      events.append("commit " + changedTables.sorted().joined(separator: ","))
    }
    func databaseDidRollback(_ database: Database) { events.append("rollback") }
  }

  private func observing(_ body: () throws -> Void) throws -> [String] {
    let recorder = Recorder()
    try database.execute("CREATE TABLE IF NOT EXISTS other (x INTEGER) STRICT")
    database.add(transactionObserver: recorder)
    defer { database.remove(transactionObserver: recorder) }
    try body()
    return recorder.events
  }

  @Test func commitsThroughInTransactionAreSeen() throws {
    let events = try observing {
      try database.inTransaction { try database.execute("INSERT INTO t (value) VALUES (1)") }
    }
    #expect(events == ["commit t"])
  }

  @Test func commitsOfTransactionsOpenedWithPlainSQLAreSeen() throws {
    let events = try observing {
      try database.execute("BEGIN")
      try database.execute("INSERT INTO t (value) VALUES (?)", [1])
      try database.execute("INSERT INTO other (x) VALUES (2)")
      try database.execute("COMMIT")
      try database.execute("BEGIN IMMEDIATE; UPDATE t SET value = 3; END")
    }
    #expect(events == ["commit other,t", "commit t"])
  }

  @Test func autocommitStatementsAreSeenOneCommitEach() throws {
    let events = try observing {
      try database.execute("INSERT INTO t (value) VALUES (?)", [1])
      try database.execute("DELETE FROM other")
      _ = try database.fetchOne("INSERT INTO other (x) VALUES (5) RETURNING x", [], { $0.int(0) })
      _ = try database.fetchAll("SELECT * FROM t", [], { $0.int(0) })
    }
    #expect(events == ["commit t", "commit other", "commit other"])
  }

  struct Failure: Error {}

  @Test func rollbacksEmitNothingButTheRollback() throws {
    var failedInsertThrew = false
    let events = try observing {
      try database.execute("BEGIN; INSERT INTO t (value) VALUES (1); ROLLBACK")
      _ = try? database.inTransaction {
        try database.execute("INSERT INTO other (x) VALUES (1)")
        throw Failure()
      }
      // A failing autocommit statement leaves nothing behind for the next commit.
      do {
        try database.execute("INSERT INTO t (value, label) VALUES (?, NULL)", [1])
      } catch is DatabaseError {
        failedInsertThrew = true
      }
      try database.execute("INSERT INTO other (x) VALUES (9)")
    }
    #expect(failedInsertThrew)
    #expect(events.filter { $0 != "rollback" } == ["commit other"])
    #expect(events.prefix(2) == ["rollback", "rollback"])
    #expect(try count() == 0)
  }

  @Test func savepointsRolledBackWithPlainSQLDoNotCount() throws {
    let events = try observing {
      try database.execute("BEGIN")
      try database.execute("INSERT INTO t (value) VALUES (1)")
      try database.execute("SAVEPOINT inner_part")
      try database.execute("INSERT INTO other (x) VALUES (1)")
      try database.execute("ROLLBACK TO inner_part")
      try database.execute("RELEASE inner_part")
      try database.execute("COMMIT")
      // A savepoint that starts the transaction commits it when released.
      try database.execute("SAVEPOINT outer_part; INSERT INTO other (x) VALUES (2); SAVEPOINT nested;")
      try database.execute("UPDATE t SET value = 2; RELEASE outer_part")
    }
    #expect(events == ["commit t", "commit other,t"])
  }

  @Test func statementsRecordTheTablesTheyReadAndWrite() throws {
    try database.execute("CREATE TABLE other (x INTEGER) STRICT")
    let join = try database.makeStatement("SELECT t.value FROM t JOIN other ON other.x = t.id")
    let insert = try database.makeStatement("INSERT INTO other (x) VALUES (1)")
    #expect(join.access == TableAccessSet(read: ["t", "other"], written: []))
    #expect(insert.access.written == ["other"])
  }
}
