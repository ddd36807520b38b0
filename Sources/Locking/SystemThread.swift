#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A thread of its own (pthread) for a long-running loop — a committer, a poller, a reader —
/// where a Dispatch queue would hold one of its shared workers for as long as the loop runs.
/// The body reaches the C entry point through an `Unmanaged` box; the thread is named, so it
/// can be told apart in `perf`, `top -H` and debuggers. `join()` waits for it to end; a
/// thread let go of without a join is detached.
public final class SystemThread: @unchecked Sendable {
  /// Read and written by the owner only (the thread that started it).
  private var handle: pthread_t?

  /// Starts `body` on a new thread named `name` (15 bytes at most are kept); nil when the
  /// system refused one.
  public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> SystemThread? {
    let context = Unmanaged.passRetained(ThreadBody(name: name, body)).toOpaque()
    var handle = pthread_t()
    guard pthread_create(&handle, nil, entry, context) == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(context).release()
      return nil
    }
    return SystemThread(handle)
  }

  private init(_ handle: pthread_t) { self.handle = handle }

  /// Waits until the body returned; calling it again does nothing.
  public func join() {
    guard let running = handle.take() else { return }
    pthread_join(running, nil)
  }

  deinit {
    if let running = handle { pthread_detach(running) }
  }

  private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    guard let context else { return nil }
    let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
    name(currentThread: body.name)
    body.body()
    return nil
  }
}

/// Names the calling thread. `pthread_setname_np` is a GNU extension that Swift's Glibc
/// module leaves out; Linux takes the name written to the thread's `comm` file as well.
private func name(currentThread name: String) {
  let descriptor = open("/proc/thread-self/comm", O_WRONLY)
  guard descriptor >= 0 else { return }
  defer { close(descriptor) }
  let bytes = Array(name.utf8.prefix(15))
  _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

private final class ThreadBody: Sendable {
  let name: String
  let body: @Sendable () -> Void
  init(name: String, _ body: @escaping @Sendable () -> Void) {
    self.name = name
    self.body = body
  }
}
