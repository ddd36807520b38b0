import Foundation
import QuizDomain
import QuizRepository
import Synchronization

/// The served saves' committer alone, without HTTP: a shared writer (as `quiz serve` has), and
/// THREADS threads submitting SAVES answer saves for TAKERS takers of one quiz with completions,
/// as the server's request threads do, never more than IN_FLIGHT at once (wrk's connections).
/// Prints saves/s and the CPU the committer thread ("quiz commits") spent per save: the figure
/// that bounds a server's saves, read from /proc, so that neither the HTTP server nor the load
/// generator moves it.
enum CommitterBench {
  static func run(path: String, quiz: String, takers: Int, saves: Int, threads: Int, inFlight: Int) throws {
    let writer = try QuizRepository.open(at: path)
    let attempts = try signIn(path: path, quiz: quiz, takers: takers)
    let targets = attempts.flatMap { attempt in
      attempt.questions.compactMap { question -> (String, Answer, Answer)? in
        let choices = question.question.choices
        guard choices.count >= 2 else { return nil }
        return (
          attempt.token, Answer(question: question.question.id, selected: [choices[0].id]),
          Answer(question: question.question.id, selected: [choices[1].id])
        )
      }
    }
    guard !targets.isEmpty else { throw CommitterBenchError("the quiz has no choice questions") }
    writer.shareServedWrites()
    defer { writer.stopSharingServedWrites() }
    let slots = DispatchSemaphore(value: inFlight)
    let done = DispatchGroup()
    let failures = Mutex<[String]>([])
    let before = committerSeconds()
    let started = Date()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      do {
        let repository = try QuizRepository.open(at: path)
        for index in stride(from: thread, to: saves, by: threads) {
          let (token, first, second) = targets[index % targets.count]
          slots.wait()
          done.enter()
          repository.saveServedAnswer(
            token: token, answer: (index / targets.count) % 2 == 0 ? first : second, lockAnswered: false,
            now: Timestamp(unixSeconds: Date().timeIntervalSince1970)
          ) { outcome in
            if case .failure(let error) = outcome { failures.withLock { $0.append("\(error)") } }
            slots.signal()
            done.leave()
          }
        }
      } catch {
        failures.withLock { $0.append("thread \(thread): \(error)") }
      }
    }
    done.wait()
    let elapsed = Date().timeIntervalSince(started)
    let committer = committerSeconds() - before
    for failure in failures.withLock({ $0 }).prefix(5) { print("failed: \(failure)") }
    print(
      String(
        format: "committer: %d saves in %.2f s on %d threads, %d in flight: %.0f saves/s, committer CPU %.1f us/save",
        saves, elapsed, threads, inFlight, Double(saves) / elapsed, committer / Double(saves) * 1e6))
  }

  private static func signIn(path: String, quiz: String, takers: Int) throws -> [ServedAttempt] {
    let repository = try QuizRepository.open(at: path)
    let now = Timestamp(unixSeconds: Date().timeIntervalSince1970)
    return try (0..<takers).map { number in
      try repository.signIn(quiz: quiz, taker: "committer-\(number)", timeLimit: nil, now: now).attempt
    }
  }

  /// CPU seconds of this process's "quiz commits" threads, from /proc.
  private static func committerSeconds() -> Double {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return tasks.reduce(0) { total, task in
      guard let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
        comm.trimmingCharacters(in: .whitespacesAndNewlines) == "quiz commits",
        let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return total }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return total }
      return total + (user + system) / ticks
    }
  }
}

struct CommitterBenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
