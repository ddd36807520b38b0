import Foundation
import QuizDomain
import QuizRepository
import Synchronization

/// Served attempts under concurrent writers: each thread has its own connection, as the
/// server's threads (or processes) do, and every call is its own BEGIN IMMEDIATE transaction.
enum ServedBench {
  /// Seconds each call took, by call.
  final class Timings: Sendable {
    let calls = Mutex<[String: [Double]]>([:])
    let failures = Mutex<[String]>([])

    func add(_ call: String, _ seconds: Double) { calls.withLock { $0[call, default: []].append(seconds) } }
  }

  /// With QUIZ_BENCH_SERIALIZE=1 every call holds one process-wide lock: the writers queue here
  /// instead of in SQLite's busy handler, which sleeps (1, 2, 5, … 100 ms) between tries.
  static let serialized = ProcessInfo.processInfo.environment["QUIZ_BENCH_SERIALIZE"] == "1"
  static let writeLock = Mutex<Void>(())

  static func run(path: String, quiz: String, takers: Int, threads: Int) {
    let timings = Timings()
    let started = Date()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      do {
        let repository = try QuizRepository.open(at: path)
        for taker in stride(from: thread, to: takers, by: threads) {
          try take(as: "bench-\(taker)-\(UUID().uuidString.prefix(8))", quiz: quiz, in: repository, timings: timings)
        }
      } catch {
        timings.failures.withLock { $0.append("thread \(thread): \(error)") }
      }
    }
    let elapsed = Date().timeIntervalSince(started)
    for failure in timings.failures.withLock({ $0 }) { print("failed: \(failure)") }
    let calls = timings.calls.withLock { $0 }
    var total = 0
    for (call, seconds) in calls.sorted(by: { $0.key < $1.key }) {
      total += seconds.count
      let sorted = seconds.sorted()
      func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000 }
      print(
        String(
          format: "%-8@ %6d calls  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms", call as NSString, seconds.count,
          percentile(0.5), percentile(0.99), sorted.last.map { $0 * 1000 } ?? 0))
    }
    print(
      String(format: "%d calls in %.2f s on %d threads: %.0f calls/s", total, elapsed, threads, Double(total) / elapsed)
    )
  }

  private static func take(as taker: String, quiz: String, in repository: QuizRepository, timings: Timings) throws {
    func timed<T>(_ call: String, _ body: () throws -> T) rethrows -> T {
      let start = Date()
      defer { timings.add(call, Date().timeIntervalSince(start)) }
      guard serialized else { return try body() }
      return try writeLock.withLock { _ in try body() }
    }
    let now = { Timestamp(unixSeconds: Date().timeIntervalSince1970) }
    let attempt = try timed("signIn") {
      try repository.signIn(quiz: quiz, taker: taker, timeLimit: 3600, now: now()).attempt
    }
    for served in attempt.questions {
      guard let answer = someAnswer(to: served) else { continue }
      _ = try timed("save") {
        try repository.saveServedAnswer(token: attempt.token, answer: answer, lockAnswered: false, now: now())
      }
    }
    _ = try timed("read") { try repository.servedAttempt(token: attempt.token) }
    _ = try timed("submit") { try repository.submitServedAttempt(token: attempt.token, now: now()) }
  }

  /// An answer of the question's kind that validation accepts (not necessarily right).
  private static func someAnswer(to served: ServedQuestion) -> Answer? {
    let id = served.question.id
    switch served.question.body {
    case .choice: return served.question.choices.first.map { Answer(question: id, selected: [$0.id]) }
    case .matching(let matching):
      guard let pair = matching.pairs.first, let text = served.answerChoices.first else { return nil }
      return Answer(question: id, response: .matched([StemMatch(stem: pair.id, answer: text)]))
    case .shortAnswer, .essay: return Answer(question: id, response: .text("answer"))
    case .numerical: return Answer(question: id, response: .text("1"))
    case .cloze(let cloze):
      return Answer(
        question: id,
        response: .parts(
          cloze.parts.map { part in
            if case .choice(let gap) = part.body, let first = gap.choices.first { return .choices([first.id]) }
            return .text("1")
          }))
    case .description: return nil
    }
  }
}
