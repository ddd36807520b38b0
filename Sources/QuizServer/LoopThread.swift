import Dispatch
import Foundation
import QuizDomain
import Synchronization

/// A thread of its own that runs `tick` every `interval` seconds until stopped: the monitor's
/// change poller and the deadline sweeper. `stop()` returns once the current tick has ended.
final class LoopThread: Sendable {
  private let flag = StopFlag()
  private let finished = DispatchSemaphore(value: 0)

  init(name: String, interval: Double, _ tick: @escaping @Sendable () -> Void) {
    let thread = Thread { [flag, finished] in
      defer { finished.signal() }
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
    }
    thread.name = name
    thread.start()
  }

  func stop() {
    guard !flag.stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    finished.wait()
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
