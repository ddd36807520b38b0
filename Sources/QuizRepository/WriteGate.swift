import Dispatch
import Locking

/// Makes this process's served-attempt writes to one database file take turns, and commits
/// the writes that queued up meanwhile together (group commit). SQLite makes a writer that
/// finds the file locked sleep and try again (1, 2, 5, … up to 100 ms at a time), so threads of
/// one server with a connection each, writing at once, waited far longer than the writes take:
/// with 8 threads the slowest sign-ins and submissions took 180–730 ms instead of 15 ms
/// (`quiz-bench served`). And a commit costs more than a save's own work: writers that arrive
/// while a transaction is open join the next one.
///
/// The first writer to find the gate free leads: it takes the queued writes (its own first),
/// runs each in its own SAVEPOINT inside one BEGIN IMMEDIATE transaction on its connection,
/// commits once, and hands each caller its own result or error — a write that throws rolls
/// back only its savepoint. Nobody's result is handed over before the COMMIT returned, so an
/// acknowledged write is committed. Then the oldest waiting writer leads the next batch.
/// Writers in other processes still meet in SQLite's lock, as before.
final class WriteGate: Sendable {
  private let queue = Locked(Queue())
  private static let gates = Locked<[String: WriteGate]>([:])
  /// Writes committed together at most, so that one leader's caller is not held for long.
  static let batchLimit = 32

  private struct Queue {
    var waiting: [any GroupedWrite] = []
    var leading = false
    /// The connection batches are committed on, when a server gave one (`shareServedWrites`):
    /// only it writes, so its page cache stays valid from one batch to the next, where a
    /// leader's own connection must read again every page another connection changed.
    var writer: SharedWriter?
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

  /// Runs `body` in a write transaction, perhaps with other callers' writes on another
  /// thread's connection: `body` must use the repository it is given.
  func run<T: Sendable>(on repository: QuizRepository, _ body: (QuizRepository) throws -> T) throws -> T {
    try withoutActuallyEscaping(body) { body in
      let write = PendingWrite(body)
      let leads = queue.withLock { queue in
        queue.waiting.append(write)
        defer { queue.leading = true }
        return !queue.leading
      }
      if !leads { write.wakeUp.wait() }
      if write.outcome == nil { lead(on: repository) }
      guard let outcome = write.outcome else { throw WriteGateError.notRun }
      return try outcome.get()
    }
  }

  /// Commits the oldest queued writes together, then wakes their callers and the next leader.
  private func lead(on own: QuizRepository) {
    let (batch, writer) = queue.withLock { queue in
      let batch = Array(queue.waiting.prefix(Self.batchLimit))
      queue.waiting.removeFirst(batch.count)
      return (batch, queue.writer)
    }
    let repository = writer?.repository ?? own
    do {
      try repository.write { repository in
        for write in batch { write.perform(in: repository) }
      }
    } catch {
      for write in batch { write.commitFailed(error) }
    }
    let next = queue.withLock { queue -> (any GroupedWrite)? in
      if let first = queue.waiting.first { return first }
      queue.leading = false
      return nil
    }
    // The leader's own write is first in its batch, and its thread is this one.
    for write in batch.dropFirst() { write.wakeUp.signal() }
    next?.wakeUp.signal()
  }

  func adopt(_ writer: QuizRepository) {
    queue.withLock { $0.writer = SharedWriter(repository: writer) }
  }

  func release(_ writer: QuizRepository) {
    queue.withLock { queue in
      if queue.writer?.repository === writer { queue.writer = nil }
    }
  }
}

/// The connection a gate commits on. Unchecked Sendable: only the gate's current leader uses
/// it, and leadership passes from thread to thread through the gate's lock and semaphores.
private final class SharedWriter: @unchecked Sendable {
  let repository: QuizRepository
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

/// A caller's write queued in the gate, as the leader sees it.
private protocol GroupedWrite: AnyObject, Sendable {
  var wakeUp: DispatchSemaphore { get }
  /// Runs the write in its own savepoint of the leader's transaction, keeping its outcome.
  func perform(in repository: QuizRepository)
  /// The batch did not commit: a kept result becomes `error`.
  func commitFailed(_ error: any Error)
}

/// Unchecked Sendable: the caller blocks on `wakeUp` from queueing it until the leader has set
/// its outcome, and the gate's lock and the semaphore order those hand-overs, so `body` and
/// `outcome` are touched by one thread at a time.
private final class PendingWrite<T: Sendable>: GroupedWrite, @unchecked Sendable {
  let wakeUp = DispatchSemaphore(value: 0)
  /// Let go of once run: the caller's closure must not outlive its call
  /// (`withoutActuallyEscaping`), and the leader may still hold this write when the caller returns.
  private var body: ((QuizRepository) throws -> T)?
  private(set) var outcome: Result<T, any Error>?

  init(_ body: @escaping (QuizRepository) throws -> T) { self.body = body }

  func perform(in repository: QuizRepository) {
    guard let body else { return }
    defer { self.body = nil }
    guard repository.database.isInTransaction else {
      outcome = .failure(WriteGateError.transactionLost)
      return
    }
    outcome = Result { try repository.write(body) }
  }

  func commitFailed(_ error: any Error) {
    body = nil
    if case .failure = outcome { return }
    outcome = .failure(error)
  }
}

extension QuizRepository {
  /// Makes this connection the one this process commits its served-attempt writes to the file
  /// on (see `WriteGate`), until `stopSharingServedWrites()`: a server with many connections
  /// gives one, and uses it for nothing else meanwhile.
  public func shareServedWrites() {
    WriteGate.of(path).adopt(self)
  }

  /// Served-attempt writes are committed on their callers' connections again.
  public func stopSharingServedWrites() {
    WriteGate.of(path).release(self)
  }

  /// `write`, after or together with this process's other served-attempt writes to the file
  /// (see `WriteGate`): `body` must use the repository it is given, which may be another
  /// thread's. Inside a caller's transaction it joins it without waiting: the caller holds
  /// SQLite's lock already, and a gate holder waiting for that lock would wait for it in turn.
  func servedWrite<T: Sendable>(_ body: (QuizRepository) throws -> T) throws -> T {
    guard !database.isInTransaction else { return try write(body) }
    return try WriteGate.of(path).run(on: self, body)
  }
}
