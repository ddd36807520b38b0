import Dispatch
import Locking

// MARK: - The committer of a shared writer

extension WriteGate {
  /// Starts committing every batch on `writer`, on a thread of the gate's own.
  func adopt(_ writer: QuizRepository) {
    let started = queue.withLock { queue -> Bool in
      guard case .none = queue.committer else { return false }
      queue.committer = .running(SharedWriter(repository: writer), idle: false)
      return true
    }
    guard started else { return }
    // Detached: `release` waits for the committer's end signal, not for the thread.
    guard SystemThread.start(name: "quiz commits", { [self] in commitUntilStopped() }) == nil else { return }
    // Without a thread the gate goes back to leaders: a write queued meanwhile for the
    // committer that never ran gets a leader.
    let next = queue.withLock { queue -> (any GroupedWrite)? in
      queue.committer = .none
      guard !queue.leading, let first = queue.waiting.first else { return nil }
      queue.leading = true
      queue.handedLead = ObjectIdentifier(first)
      return first
    }
    next?.wakeToLead()
  }

  /// Commits what is queued, stops the committer and returns once it has: later writes are
  /// committed by their callers again.
  func release(_ writer: QuizRepository) {
    let wake = queue.withLock { queue -> (SharedWriter, Bool)? in
      guard case .running(let shared, let idle) = queue.committer, shared.repository === writer else { return nil }
      queue.committer = .stopping(shared, idle: false)
      return (shared, idle)
    }
    guard let (shared, wake) = wake else { return }
    if wake { workQueued.signal() }
    shared.ended.wait()
  }

  /// Queues a write whose caller does not wait: `completion` is called with its outcome once
  /// it is committed or failed, on the committer's thread. Without a committer, the write is
  /// made now, on the caller's thread.
  func submit<T: Sendable>(
    on repository: QuizRepository, _ body: @escaping @Sendable (QuizRepository) throws -> T,
    completion: @escaping @Sendable (Result<T, any Error>) -> Void
  ) {
    let write = PendingWrite(body, completion: completion)
    let role = queue.withLock { queue -> Role? in
      if case .none = queue.committer { return nil }
      return Self.enqueue(write, &queue)
    }
    switch role {
    case .wakeCommitter: workQueued.signal()
    case .wait, .lead: break
    case nil: completion(Result { try run(on: repository, body) })
    }
  }

  private func commitUntilStopped() {
    while true {
      switch nextBatch() {
      case .commit(let writes, let writer):
        Self.commit(writes, on: writer.repository)
        for write in writes { write.deliver() }
      case .wait:
        workQueued.wait()
      case .stop(let writer):
        writer?.ended.signal()
        return
      }
    }
  }

  private enum NextBatch {
    case commit([any GroupedWrite], SharedWriter)
    /// Nothing is queued: the committer is marked idle, and the next write queued wakes it.
    case wait
    /// Stopping, and nothing is left: the gate has no committer any more.
    case stop(SharedWriter?)
  }

  private func nextBatch() -> NextBatch {
    queue.withLock { queue in
      let writer: SharedWriter
      let stopping: Bool
      switch queue.committer {
      case .none: return .stop(nil)
      case .running(let shared, _): (writer, stopping) = (shared, false)
      case .stopping(let shared, _): (writer, stopping) = (shared, true)
      }
      guard queue.waiting.isEmpty else {
        let batch = Array(queue.waiting.prefix(Self.batchLimit))
        queue.waiting.removeFirst(batch.count)
        return .commit(batch, writer)
      }
      if stopping {
        queue.committer = .none
        return .stop(writer)
      }
      queue.committer = .running(writer, idle: true)
      return .wait
    }
  }
}

// MARK: - Queued writes

/// A caller's write queued in the gate, as whoever commits it sees it.
protocol GroupedWrite: AnyObject, Sendable {
  /// Runs the write in its own savepoint of the committing transaction, keeping its outcome.
  func perform(in repository: QuizRepository)
  /// The batch did not commit: a kept result becomes `error`.
  func commitFailed(_ error: any Error)
  /// Hands the outcome over: wakes the waiting caller, or calls the completion.
  func deliver()
  /// Wakes a waiting caller, without an outcome, to lead the next batch.
  func wakeToLead()
  /// Waits for `deliver` (a leader whose own write a committer took).
  func awaitDelivery()
}

/// Unchecked Sendable: from queueing until `deliver`, only whoever commits the batch touches
/// `body` and `outcome`, and the gate's lock and the semaphore order those hand-overs; a
/// waiting caller reads `outcome` only after it is woken.
final class PendingWrite<T: Sendable>: GroupedWrite, @unchecked Sendable {
  /// What a waiting caller sleeps on; a called-back write (a server's save) has none to make.
  private let waiting: DispatchSemaphore?
  /// Let go of once run: a waiting caller's closure must not outlive its call
  /// (`withoutActuallyEscaping`), and the committer may still hold this write when it returns.
  private var body: ((QuizRepository) throws -> T)?
  private let completion: (@Sendable (Result<T, any Error>) -> Void)?
  private(set) var outcome: Result<T, any Error>?

  init(_ body: @escaping (QuizRepository) throws -> T, completion: (@Sendable (Result<T, any Error>) -> Void)?) {
    self.body = body
    self.completion = completion
    waiting = completion == nil ? DispatchSemaphore(value: 0) : nil
  }

  /// The waiting caller sleeps until `deliver` or `wakeToLead`.
  func sleepUntilWoken() { waiting?.wait() }

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

  func deliver() {
    guard let completion else {
      waiting?.signal()
      return
    }
    completion(outcome ?? .failure(WriteGateError.notRun))
  }

  func wakeToLead() { waiting?.signal() }

  func awaitDelivery() {
    // A completion-based write is never led by its caller.
    if completion == nil { sleepUntilWoken() }
  }
}
