#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A thread of its own for a long-running loop (a committer, a poller), where a Dispatch
/// queue would hold one of its shared worker threads for as long as the loop runs.
public enum DetachedThread {
  /// Starts `body` on a new detached thread; false when the system refused one.
  public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    guard pthread_create(&thread, nil, entry, context) == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(context).release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    guard let context else { return nil }
    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
}

private final class ThreadBody: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
