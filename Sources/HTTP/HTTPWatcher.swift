import Glibc
import Locking
import Synchronization

/// One thread that looks at the connections a few times a second: a client that left an event
/// stream while its connection was suspended is noticed, a quiet stream gets its keep-alive
/// comment, and a connection that waited past `requestDeadlineSeconds` for a whole request is
/// cut off.
final class HTTPWatcher: Sendable {
  private let core: HTTPServerCore
  private let stopping = Atomic<Bool>(false)
  private let thread = Locked<SystemThread?>(nil)
  static let tickMicroseconds: UInt32 = 100_000

  init(core: HTTPServerCore) { self.core = core }

  func start() {
    let started = SystemThread.start(name: "http watcher") { [self] in run() }
    thread.withLock { $0 = started }
  }

  func stop() {
    stopping.store(true, ordering: .releasing)
    thread.withLock { $0.take() }?.join()
  }

  private func run() {
    let keepAlive = core.configuration.eventStreamKeepAliveSeconds
    while !stopping.load(ordering: .acquiring) {
      usleep(Self.tickMicroseconds)
      for stream in core.openStreams() { stream.watch(keepAliveSeconds: keepAlive) }
      core.cutOffStalledConnections(now: MonotonicClock.now)
    }
  }
}
