#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A value behind a lock: what `Synchronization.Mutex` gives, on a `pthread_mutex_t`.
///
/// Why not `Mutex`: on Linux it locks with raw futex system calls, which ThreadSanitizer cannot
/// see, so every contended `withLock` is reported as a data race and `.ci/run`'s sanitised run
/// fails on correct code. ThreadSanitizer intercepts `pthread_mutex_lock`, so a lock made of
/// one lets it check what the lock really orders.
///
/// Unchecked Sendable, as `Mutex` is: the value is reached only inside `withLock`, one thread
/// at a time.
public final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  public init(_ value: Value) {
    self.value = value
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
