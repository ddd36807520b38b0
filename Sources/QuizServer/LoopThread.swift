import Glibc
import Locking
import QuizDomain
import Synchronization

/// A thread of its own that runs `tick` every `interval` seconds until stopped: the monitor's
/// change poller, the deadline sweeper, the checkpointer. `stop()` returns once the current
/// tick has ended.
final class LoopThread: Sendable {
  private let flag = StopFlag()
  private let thread: Locked<SystemThread?>

  init(name: String, interval: Double, _ tick: @escaping @Sendable () -> Void) {
    let flag = flag
    thread = Locked(
      SystemThread.start(name: name) {
        while !flag.stopped.load(ordering: .acquiring) {
          tick()
          // Slept in short steps, so that a stop is seen quickly whatever the interval.
          var slept = 0.0
          while slept < interval && !flag.stopped.load(ordering: .acquiring) {
            let step = min(0.05, interval - slept)
            usleep(UInt32(step * 1_000_000))
            slept += step
          }
        }
      })
  }

  func stop() {
    flag.stopped.store(true, ordering: .releasing)
    thread.withLock { $0.take() }?.join()
  }
}

/// A stop request, shared with the loop's thread (an atomic cannot be captured by itself).
final class StopFlag: Sendable {
  let stopped = Atomic<Bool>(false)
}

/// Time as the server needs it.
enum Clock {
  /// Now, as the repository records it.
  static var now: Timestamp { Timestamp(unixSeconds: unixSeconds) }

  static var unixSeconds: Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Seconds on a clock that only goes forward (for rate limits and heartbeats).
  static var monotonic: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
