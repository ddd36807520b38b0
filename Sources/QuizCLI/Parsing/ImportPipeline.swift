import Foundation
import QuizDomain

/// Reads a quiz-bank document on a second thread while the caller writes what was read, so
/// that JSON parsing and SQLite inserts use both cores. A bounded queue between the two keeps
/// memory flat however large the document.
enum ImportPipeline {
  enum Message: Sendable {
    case item(QuizBankItem)
    /// The reader got this far into the bytes.
    case progress(Int)
    case finished
    case failed(QuizBankError)
  }

  /// Streams `input` to `consume` on the calling thread. If `consume` throws, the reader is
  /// stopped and waited for before the error goes on.
  static func run(_ input: InputBytes, consume: (Message) throws -> Void) throws {
    let queue = BoundedQueue<Message>(capacity: 64)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      defer { done.signal() }
      var lastReported = 0
      do {
        try QuizBankReader.stream(
          input.buffer,
          progress: { offset in
            guard offset - lastReported >= 1 << 20 else { return }
            lastReported = offset
            input.release(before: offset)
            _ = queue.put(.progress(offset))
          }
        ) { item in
          guard queue.put(.item(item)) else { throw CancellationError() }
        }
        _ = queue.put(.finished)
      } catch let error as QuizBankError {
        _ = queue.put(.failed(error))
      } catch {
        // Cancelled: the consumer is gone.
      }
    }
    defer {
      queue.cancel()
      done.wait()
    }
    while true {
      let message = queue.take()
      try consume(message)
      switch message {
      case .finished, .failed: return
      case .item, .progress: continue
      }
    }
  }
}

/// A first-in first-out queue of at most `capacity` elements between two threads.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var elements: [Element] = []
  private var head = 0
  private var cancelled = false
  private let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  /// Waits for room, then appends; false when the queue was cancelled.
  func put(_ element: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while elements.count - head >= capacity && !cancelled { condition.wait() }
    guard !cancelled else { return false }
    elements.append(element)
    condition.broadcast()
    return true
  }

  /// Waits for an element and removes it.
  func take() -> Element {
    condition.lock()
    defer { condition.unlock() }
    while elements.count == head { condition.wait() }
    let element = elements[head]
    head += 1
    if head >= 32 {
      elements.removeFirst(head)
      head = 0
    }
    condition.broadcast()
    return element
  }

  /// Wakes and refuses every further `put`.
  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }
}
