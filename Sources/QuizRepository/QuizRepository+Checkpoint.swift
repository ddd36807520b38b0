import SQLite

// MARK: - Checkpoints of the write-ahead log

extension QuizRepository {
  /// Copies what the write-ahead log holds back into the database file, as far as no reader
  /// still needs it, without waiting for or holding up writers (a PASSIVE checkpoint). A
  /// server's writer leaves its checkpoints to this, called on another connection and thread
  /// (`shareServedWrites`): SQLite otherwise runs them in the COMMIT that fills the log, and
  /// every reply of that batch would wait for the copy and its fsync.
  public func checkpointWriteAheadLog() throws {
    try mappingStorageErrors {
      _ = try database.fetchOne("PRAGMA wal_checkpoint(PASSIVE)", []) { $0.int(0) }
    }
  }

  /// Whether this connection's commits run checkpoints themselves (SQLite's default, when the
  /// log passes 1,000 pages).
  func setsAutomaticCheckpoints(_ automatic: Bool) {
    try? database.execute("PRAGMA wal_autocheckpoint = \(automatic ? 1000 : 0)")
  }
}
