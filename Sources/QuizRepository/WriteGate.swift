import Dispatch
import Locking

/// Makes this process's served-attempt writes to one database file take turns, and commits
/// the writes that queued up meanwhile together (group commit). SQLite makes a writer that
/// finds the file locked sleep and try again (1, 2, 5, … up to 100 ms at a time), so threads of
/// one server with a connection each, writing at once, waited far longer than the writes take:
/// with 8 threads the slowest sign-ins and submissions took 180–730 ms instead of 15 ms
/// (`quiz-bench served`). And a commit costs more than a save's own work: writes that arrive
/// while a transaction is open join the next one.
///
/// Each batch runs its writes each in its own SAVEPOINT inside one BEGIN IMMEDIATE
/// transaction, commits once, and hands each caller its own result or error: a write that
/// throws rolls back only its savepoint. Nobody's result is handed over before the COMMIT
/// returned, so an acknowledged write is committed. Writers in other processes still meet in
/// SQLite's lock.
///
/// Who commits a batch:
/// - With a shared writer (`shareServedWrites`, a server), a committer thread of the gate's own
///   commits every batch on that connection. Callers either wait (`run`) or are called back
///   (`submit`), so a server's request threads need not wait for the disk at all.
/// - Without one, the first caller to find the gate free leads: it commits the queued writes
///   on its own connection, then wakes the oldest waiting caller to lead the next batch.
final class WriteGate: Sendable {
  let queue = Locked(Queue())
  /// Signalled when a write is queued for an idle committer, or the committer should stop.
  let workQueued = DispatchSemaphore(value: 0)
  private static let gates = Locked<[String: WriteGate]>([:])
  /// Writes committed together at most, so that the first of a batch is not held for long.
  static let batchLimit = 64

  struct Queue {
    var waiting: [any GroupedWrite] = []
    var leading = false
    /// The waiting write a leader handed the next batch to (leaders only).
    var handedLead: ObjectIdentifier?
    var committer = CommitterState.none
  }

  enum CommitterState {
    case none
    /// Committing on the shared writer; idle: waiting for `workQueued`.
    case running(SharedWriter, idle: Bool)
    /// Commits what is queued, then ends.
    case stopping(SharedWriter, idle: Bool)
  }

  /// The gate of the database at `path` (as the repository was opened with it).
  static func of(_ path: String) -> WriteGate {
    gates.withLock { gates in
      if let gate = gates[path] { return gate }
      let gate = WriteGate()
      gates[path] = gate
      return gate
    }
  }
}

// MARK: - Writes whose callers wait

extension WriteGate {
  /// Runs `body` in a write transaction, perhaps with other callers' writes on another
  /// thread's connection: `body` must use the repository it is given.
  func run<T: Sendable>(on repository: QuizRepository, _ body: (QuizRepository) throws -> T) throws -> T {
    try withoutActuallyEscaping(body) { body in
      let write = PendingWrite(body, completion: nil)
      let role = queue.withLock { queue in Self.enqueue(write, &queue) }
      switch role {
      case .wakeCommitter:
        workQueued.signal()
        write.sleepUntilWoken()
      case .wait:
        write.sleepUntilWoken()
        // Woken to lead (the previous leader handed this caller the next batch), not with an
        // outcome; said under the lock, since a committer may be writing the outcome now.
        if takeLead(write) { lead(on: repository, own: write) }
      case .lead:
        lead(on: repository, own: write)
      }
      guard let outcome = write.outcome else { throw WriteGateError.notRun }
      return try outcome.get()
    }
  }

  enum Role { case lead, wait, wakeCommitter }

  /// Queues a write and says what its caller does next.
  static func enqueue(_ write: any GroupedWrite, _ queue: inout Queue) -> Role {
    queue.waiting.append(write)
    switch queue.committer {
    case .running(let writer, idle: true):
      queue.committer = .running(writer, idle: false)
      return .wakeCommitter
    case .stopping(let writer, idle: true):
      queue.committer = .stopping(writer, idle: false)
      return .wakeCommitter
    case .running, .stopping:
      return .wait
    case .none:
      defer { queue.leading = true }
      return queue.leading ? .wait : .lead
    }
  }

  /// Whether `write`'s caller was woken to lead the next batch (and now does).
  private func takeLead(_ write: any GroupedWrite) -> Bool {
    queue.withLock { queue in
      guard queue.handedLead == ObjectIdentifier(write) else { return false }
      queue.handedLead = nil
      return true
    }
  }

  /// Commits the oldest queued writes together on the caller's connection, then hands each
  /// its outcome and the lead to the oldest write still waiting. A committer adopted
  /// meanwhile takes over instead: it delivers every queued write, waiting callers' too. Then
  /// the caller's own write may be the committer's (it was queued when the committer took a
  /// batch): its caller waits for that delivery.
  private func lead(on repository: QuizRepository, own: any GroupedWrite) {
    let batch = queue.withLock { queue in
      let batch = Array(queue.waiting.prefix(Self.batchLimit))
      queue.waiting.removeFirst(batch.count)
      return batch
    }
    Self.commit(batch, on: repository)
    let next = queue.withLock { queue -> (any GroupedWrite)? in
      guard case .none = queue.committer, let first = queue.waiting.first else {
        queue.leading = false
        return nil
      }
      queue.handedLead = ObjectIdentifier(first)
      return first
    }
    for write in batch where write !== own { write.deliver() }
    next?.wakeToLead()
    if !batch.contains(where: { $0 === own }) { own.awaitDelivery() }
  }

  /// Runs each write in its savepoint, in one transaction, their change-log rows written
  /// together at its end.
  static func commit(_ batch: [any GroupedWrite], on repository: QuizRepository) {
    guard !batch.isEmpty else { return }
    do {
      try repository.write { repository in
        try repository.bufferingChangeLog {
          for write in batch { write.perform(in: repository) }
        }
      }
    } catch {
      for write in batch { write.commitFailed(error) }
    }
  }
}

/// The connection a gate's committer commits on. Unchecked Sendable: only the committer thread
/// uses it while it runs.
final class SharedWriter: @unchecked Sendable {
  let repository: QuizRepository
  /// Signalled when this writer's committer ended (each committer has its own, so that a
  /// release never takes an earlier committer's end for its own).
  let ended = DispatchSemaphore(value: 0)
  init(repository: QuizRepository) { self.repository = repository }
}

enum WriteGateError: Error, CustomStringConvertible {
  /// The batch's transaction ended before this write ran (SQLite rolled it back after an
  /// I/O error or a full disk): nothing of it was written.
  case transactionLost
  case notRun

  var description: String {
    switch self {
    case .transactionLost: "the write was not made: its transaction was rolled back (an I/O error or a full disk)"
    case .notRun: "the write was not run (internal error in the write gate)"
    }
  }
}

// MARK: - The repository's served writes

extension QuizRepository {
  /// Makes this connection the one this process commits its served-attempt writes to the file
  /// on, by a committer thread (see `WriteGate`), until `stopSharingServedWrites()`: a server
  /// with many connections gives one, and uses it for nothing else meanwhile. Its commits run
  /// no checkpoint: the server calls `checkpointWriteAheadLog()` on another connection.
  public func shareServedWrites() {
    setsAutomaticCheckpoints(false)
    writeGate.adopt(self)
  }

  /// Commits the served-attempt writes queued for this connection, then lets their callers
  /// commit them on their own connections again.
  public func stopSharingServedWrites() {
    writeGate.release(self)
    setsAutomaticCheckpoints(true)
  }

  /// `write`, after or together with this process's other served-attempt writes to the file
  /// (see `WriteGate`): `body` must use the repository it is given, which may be another
  /// thread's. Inside a caller's transaction it joins it without waiting: the caller holds
  /// SQLite's lock already, and a gate holder waiting for that lock would wait for it in turn.
  func servedWrite<T: Sendable>(_ body: (QuizRepository) throws -> T) throws -> T {
    guard !database.isInTransaction else { return try write(body) }
    return try writeGate.run(on: self, body)
  }

  /// `servedWrite` whose caller does not wait: `completion` gets the outcome once committed,
  /// on the thread that committed it (at once, on this thread, when no connection is shared).
  func servedWriteLater<T: Sendable>(
    _ body: @escaping @Sendable (QuizRepository) throws -> T,
    completion: @escaping @Sendable (Result<T, any Error>) -> Void
  ) {
    guard !database.isInTransaction else { return completion(Result { try write(body) }) }
    writeGate.submit(on: self, body, completion: completion)
  }
}
