import Locking
import QuizBankFormat
import QuizDomain
import QuizFormats

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Reads a quiz-bank document on a second thread while the caller writes what was read, so
/// that JSON parsing and SQLite inserts use both cores. A bounded queue between the two keeps
/// memory flat however large the document.
enum ImportPipeline {
  enum Message: Sendable {
    case item(QuizBankItem)
    /// A quiz, with what `QuizBankValidator.quizProblems` found in it: checked on the reading
    /// thread, so that the writing thread (the slower of the two) only writes.
    case quiz(Quiz, path: String, problems: [Problem])
    /// One line of newline-delimited JSON attempts (numbered from 1), read or refused.
    case line(Int, Result<Attempt, QuizBankError>)
    /// The reader got this far into the bytes.
    case progress(Int)
    case finished
    case failed(QuizBankError)
  }

  /// Streams a quiz-bank document to `consume` on the calling thread.
  static func run(_ input: InputBytes, consume: (Message) throws -> Void) throws {
    try run(
      input,
      produce: { input, send in
        var lastReported = 0
        do {
          try QuizBankReader.stream(
            input.buffer,
            progress: { offset in
              guard offset - lastReported >= 1 << 20 else { return }
              lastReported = offset
              input.release(before: offset)
              _ = send(.progress(offset))
            }
          ) { item in
            let message: Message
            if case .quiz(let quiz, let path) = item {
              message = .quiz(quiz, path: path, problems: QuizBankValidator.quizProblems(quiz, path: path))
            } else {
              message = .item(item)
            }
            guard send(message) else { throw CancellationError() }
          }
          _ = send(.finished)
        } catch let error as QuizBankError {
          _ = send(.failed(error))
        } catch {
          // Cancelled: the consumer is gone.
        }
      }, consume: consume)
  }

  /// Streams newline-delimited JSON attempts, one `.line` message per non-blank line.
  static func runLines(_ input: InputBytes, consume: (Message) throws -> Void) throws {
    try run(
      input,
      produce: { input, send in
        var number = 0
        var start = 0
        let buffer = input.buffer
        for index in 0...buffer.count where index == buffer.count || buffer[index] == 0x0A {
          number += 1
          let line = UnsafeBufferPointer(rebasing: buffer[start..<index])
          start = index + 1
          guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
          let result: Result<Attempt, QuizBankError>
          do {
            result = .success(try QuizBankReader.readAttempt(line))
          } catch let error as QuizBankError {
            result = .failure(error)
          } catch {
            continue
          }
          guard send(.line(number, result)) else { return }
        }
        _ = send(.finished)
      }, consume: consume)
  }

  /// Runs `produce` on a second thread, handing its messages to `consume` on this one through
  /// a bounded queue. If `consume` throws, the producer is stopped (its `send` returns false)
  /// and waited for before the error goes on.
  private static func run(
    _ input: InputBytes, produce: @escaping @Sendable (InputBytes, @escaping (Message) -> Bool) -> Void,
    consume: (Message) throws -> Void
  ) throws {
    let queue = BoundedQueue<Message>(capacity: 64)
    let reader = try ReaderThread { produce(input) { queue.put($0) } }
    defer {
      queue.cancel()
      reader.join()
    }
    while true {
      let message = queue.take()
      try consume(message)
      switch message {
      case .finished, .failed: return
      case .item, .quiz, .line, .progress: continue
      }
    }
  }
}

/// The reading side of the pipeline: one closure on a thread of its own, joined when done.
final class ReaderThread {
  private let thread: SystemThread

  init(_ body: @escaping @Sendable () -> Void) throws {
    guard let thread = SystemThread.start(name: "quiz reader", body) else {
      throw CLIError.failure("cannot start a thread")
    }
    self.thread = thread
  }

  func join() { thread.join() }

  deinit { join() }
}

/// A first-in first-out queue of at most `capacity` elements between two threads.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  private var condition = pthread_cond_t()
  private var elements: [Element] = []
  private var head = 0
  private var cancelled = false
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&condition, nil)
  }

  deinit {
    pthread_cond_destroy(&condition)
    pthread_mutex_destroy(&mutex)
  }

  /// Waits for room, then appends; false when the queue was cancelled.
  func put(_ element: Element) -> Bool {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    while elements.count - head >= capacity && !cancelled { pthread_cond_wait(&condition, &mutex) }
    guard !cancelled else { return false }
    elements.append(element)
    pthread_cond_broadcast(&condition)
    return true
  }

  /// Waits for an element and removes it.
  func take() -> Element {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    while elements.count == head { pthread_cond_wait(&condition, &mutex) }
    let element = elements[head]
    head += 1
    if head >= 32 {
      elements.removeFirst(head)
      head = 0
    }
    pthread_cond_broadcast(&condition)
    return element
  }

  /// Wakes and refuses every further `put`.
  func cancel() {
    pthread_mutex_lock(&mutex)
    cancelled = true
    pthread_cond_broadcast(&condition)
    pthread_mutex_unlock(&mutex)
  }
}

/// Reads the files of question formats (GIFT, Aiken, Moodle XML) on two threads of their own,
/// alternately and a few files ahead of the caller, who writes what each gave in order: reading
/// XML costs more than writing, so a folder of many files keeps both cores busy.
final class ReadAhead {
  typealias Job = (
    bytes: InputBytes, read: @Sendable (UnsafeBufferPointer<UInt8>, _ release: @escaping (Int) -> Void) -> FormatReading
  )
  /// Reader `i` reads jobs i, i + n, i + 2n… into `queues[i]`.
  private var queues: [BoundedQueue<FormatReading>] = []
  private var threads: [ReaderThread] = []
  private var taken = 0

  init(_ jobs: [Job]) throws {
    let readers = min(2, jobs.count)
    queues = (0..<readers).map { _ in BoundedQueue<FormatReading>(capacity: 4) }
    for reader in 0..<readers {
      let queue = queues[reader]
      let mine = Array(stride(from: reader, to: jobs.count, by: readers).map { jobs[$0] })
      threads.append(
        try ReaderThread {
          for job in mine {
            let bytes = job.bytes
            let reading = bytes.withBuffer { job.read($0) { offset in bytes.release(before: offset) } }
            // Read whole: its pages are not needed again (an error message reads its line anew).
            bytes.release(before: bytes.count)
            guard queue.put(reading) else { return }
          }
        })
    }
  }

  /// The next file's reading, in the order of the jobs.
  func next() -> FormatReading {
    guard !queues.isEmpty else { return FormatReading() }
    defer { taken += 1 }
    return queues[taken % queues.count].take()
  }

  deinit {
    for queue in queues { queue.cancel() }
    for thread in threads { thread.join() }
  }
}
