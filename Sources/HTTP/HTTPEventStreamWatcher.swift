import Glibc
import Locking
import Synchronization

/// One thread that looks at the open event streams a few times a second: a client that left
/// while its connection was suspended is noticed, a quiet stream gets its keep-alive comment.
final class HTTPEventStreamWatcher: Sendable {
  private let core: HTTPServerCore
  private let stopping = Atomic<Bool>(false)
  private let thread = Locked<pthread_t?>(nil)
  static let tickMicroseconds: UInt32 = 100_000

  init(core: HTTPServerCore) { self.core = core }

  func start() {
    let context = Unmanaged.passRetained(self).toOpaque()
    var created = pthread_t()
    let status = pthread_create(
      &created, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<HTTPEventStreamWatcher>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    if status == 0 {
      thread.withLock { $0 = created }
    } else {
      Unmanaged<HTTPEventStreamWatcher>.fromOpaque(context).release()
    }
  }

  func stop() {
    stopping.store(true, ordering: .releasing)
    if let running = thread.withLock({ $0.take() }) { pthread_join(running, nil) }
  }

  private func run() {
    let keepAlive = core.configuration.eventStreamKeepAliveSeconds
    while !stopping.load(ordering: .acquiring) {
      usleep(Self.tickMicroseconds)
      for stream in core.openStreams() { stream.watch(keepAliveSeconds: keepAlive) }
    }
  }
}
