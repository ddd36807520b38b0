import HTTP
import Locking
import QuizDomain
import QuizRepository

/// The monitor's event stream: one poller thread reads the repository's change feed (so
/// writes of every process show: this server's takers, `quiz grade` in a shell) and sends
/// each open stream a snapshot when it connects, then an event per change and a heartbeat.
/// Only the poller writes to the streams, so each sees its events in order.
final class MonitorFeed: Sendable {
  let quizzes: [String]?
  let log: @Sendable (String) -> Void
  private let subscribers = Locked<[Subscriber]>([])
  private let state: Locked<PollerState>
  static let pollInterval = 0.1
  static let heartbeatInterval = 15.0

  struct Subscriber: Sendable {
    let stream: HTTPEventStream
    var needsSnapshot = true
  }

  /// What only the poller thread touches; behind a lock all the same, so that the type is
  /// honestly Sendable.
  struct PollerState {
    let repository: PooledConnection
    var feed: ChangeFeed
    var summaries: [SummaryKey: ServedAttemptSummary] = [:]
    var lastHeartbeat = Clock.monotonic
    /// Changes were passed over while no stream was open: the summaries are read again whole
    /// before the next snapshot.
    var summariesStale = false
  }

  struct SummaryKey: Hashable, Sendable {
    let quiz: String
    let taker: String
  }

  init(databasePath: String, quizzes: [String]?, log: @escaping @Sendable (String) -> Void) throws {
    self.quizzes = quizzes
    self.log = log
    let repository = try QuizRepository.open(at: databasePath, access: .read)
    let feed = try repository.changeFeed()
    var summaries: [SummaryKey: ServedAttemptSummary] = [:]
    for summary in try repository.servedAttemptSummaries(quizzes: quizzes) {
      summaries[SummaryKey(quiz: summary.quiz, taker: summary.taker)] = summary
    }
    state = Locked(PollerState(repository: PooledConnection(repository: repository), feed: feed, summaries: summaries))
  }

  /// A new stream for a monitor page; its snapshot goes out on the next poll.
  func subscribe() -> HTTPEventStream {
    let stream = HTTPEventStream()
    subscribers.withLock { $0.append(Subscriber(stream: stream)) }
    return stream
  }

  /// Ends every stream (at stop).
  func closeAll() {
    let streams = subscribers.withLock { list in
      defer { list.removeAll() }
      return list.map(\.stream)
    }
    for stream in streams { stream.close() }
  }

  /// One tick of the poller thread.
  func poll() {
    do {
      try state.withLock { state in try pollOnce(&state) }
    } catch {
      log("monitor: the change feed could not be read: \(error)")
    }
  }

  private func pollOnce(_ state: inout PollerState) throws {
    var events: [[UInt8]] = []
    let signal = try state.feed.poll()
    guard hasSubscribers else {
      // Nobody to tell: no entry is read nor encoded (under load, thousands a second).
      if signal != .quiet {
        state.feed.skipToNewest()
        state.summariesStale = true
      }
      return
    }
    if state.summariesStale {
      _ = try refreshedSummaries(&state)
      state.summariesStale = false
    }
    switch signal {
    case .quiet: break
    case .logged:
      let first = state.feed.last
      var quizRemoved = false
      while true {
        let entries = try state.feed.nextEntries(limit: 500)
        guard !entries.isEmpty else { break }
        events += entries.filter(isWatched).map(MonitorEvents.change)
        quizRemoved = quizRemoved || entries.contains { $0.entity == "quiz" && $0.operation == "delete" }
      }
      // A deleted quiz takes its served attempts with it: only a full read drops them.
      events += try quizRemoved ? refreshedSummaries(&state) : changedSummaries(&state, after: first)
    case .outsideChange:
      events.append(MonitorEvents.outsideChange)
      events += try refreshedSummaries(&state)
    }
    let now = Clock.monotonic
    if now - state.lastHeartbeat >= Self.heartbeatInterval {
      state.lastHeartbeat = now
      events.append(Array(": heartbeat\n\n".utf8))
    }
    broadcast(events, snapshot: MonitorEvents.snapshot(Array(state.summaries.values)))
  }

  private var hasSubscribers: Bool { subscribers.withLock { !$0.isEmpty } }

  /// The event streams subscribed and not yet dropped.
  var subscriberCount: Int { subscribers.withLock { $0.count } }

  private func isWatched(_ change: Change) -> Bool {
    quizzes.map { $0.contains(change.quiz) } ?? true
  }

  /// Reads the summaries of the takers the new log entries are about (not every taker's, which
  /// would cost a read of every served attempt per poll under load); an event for each that
  /// changed.
  private func changedSummaries(_ state: inout PollerState, after first: Int64) throws -> [[UInt8]] {
    let fresh = try state.repository.repository.servedAttemptSummaries(
      changedAfter: first, through: state.feed.last, quizzes: quizzes)
    var changed: [ServedAttemptSummary] = []
    for summary in fresh {
      let key = SummaryKey(quiz: summary.quiz, taker: summary.taker)
      if state.summaries[key].map({ !$0.sameProgress(as: summary) }) ?? true { changed.append(summary) }
      state.summaries[key] = summary
    }
    return changed.sorted { ($0.quiz, $0.taker) < ($1.quiz, $1.taker) }.map(MonitorEvents.attempt)
  }

  /// Reads the summaries again; an event for each that changed.
  private func refreshedSummaries(_ state: inout PollerState) throws -> [[UInt8]] {
    var fresh: [SummaryKey: ServedAttemptSummary] = [:]
    for summary in try state.repository.repository.servedAttemptSummaries(quizzes: quizzes) {
      fresh[SummaryKey(quiz: summary.quiz, taker: summary.taker)] = summary
    }
    let changed = fresh.filter { key, summary in state.summaries[key].map { !$0.sameProgress(as: summary) } ?? true }
    state.summaries = fresh
    return changed.values.sorted { ($0.quiz, $0.taker) < ($1.quiz, $1.taker) }.map(MonitorEvents.attempt)
  }

  /// Sends the events to every stream, a snapshot first to those that just connected; drops the
  /// streams whose clients went away.
  private func broadcast(_ events: [[UInt8]], snapshot: @autoclosure () -> [UInt8]) {
    let targets = subscribers.withLock { list -> [Subscriber] in
      list.removeAll { $0.stream.isClosed }
      defer { for index in list.indices { list[index].needsSnapshot = false } }
      return list
    }
    guard !targets.isEmpty else { return }
    let joined = events.flatMap { $0 }
    let snapshotBytes = targets.contains(where: \.needsSnapshot) ? snapshot() : []
    for target in targets {
      if target.needsSnapshot { target.stream.send(snapshotBytes) }
      if !joined.isEmpty { target.stream.send(joined) }
    }
  }
}

extension ServedAttemptSummary {
  func sameProgress(as other: ServedAttemptSummary) -> Bool {
    answered == other.answered && questions == other.questions && score == other.score
      && maxScore == other.maxScore && deadline == other.deadline && submitted == other.submitted
      && attemptID == other.attemptID
  }
}
