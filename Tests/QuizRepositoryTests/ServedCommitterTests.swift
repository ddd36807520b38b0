import Dispatch
import Foundation
import Locking
import QuizDomain
import Synchronization
import TestSupport
import Testing

@testable import QuizRepository

/// Saves whose callers do not wait (a server's PUTs): queued from many threads on the same
/// quiz, committed in batches by the write gate's committer thread. Each completion comes after
/// its save is committed (another connection already reads it), a refused save fails alone,
/// and stopping the sharing commits what is queued before it returns.
@Suite struct ServedCommitterTests {
  struct Fixture {
    let directory: TemporaryDirectory
    let path: String
    let setup: QuizRepository
    let attempts: [ServedAttempt]

    init(takers: Int) throws {
      directory = try TemporaryDirectory()
      path = directory.path("quiz.sqlite")
      let setup = try QuizRepository.open(at: path)
      try setup.saveQuiz(ServedAttemptTests.exam)
      attempts = try (0..<takers).map { index in
        try setup.signIn(quiz: "exam", taker: "taker-\(index)", timeLimit: nil, now: ServedAttemptTests.t0).attempt
      }
      self.setup = setup
    }
  }

  @Test func completionsComeAfterTheCommitAndRefusedSavesFailAlone() throws {
    let fixture = try Fixture(takers: 8)
    let writer = try QuizRepository.open(at: fixture.path)
    writer.shareServedWrites()
    let outcomes = Locked<[String]>([])
    let done = DispatchGroup()
    let (attempts, path) = (fixture.attempts, fixture.path)
    DispatchQueue.concurrentPerform(iterations: attempts.count) { index in
      let attempt = attempts[index]
      do {
        let repository = try QuizRepository.open(at: path)
        let reader = try QuizRepository.open(at: path, access: .read)
        let readerBox = Locked(reader)
        for question in attempt.questions {
          for answer in [
            ServedAttemptTests.rightAnswer(to: question),
            Answer(question: question.question.id, response: .choices(["no-such-choice"])),
          ] {
            done.enter()
            repository.saveServedAnswer(
              token: attempt.token, answer: answer, lockAnswered: false, now: ServedAttemptTests.at(1)
            ) { result in
              defer { done.leave() }
              let visible = readerBox.withLock { reader in
                (try? reader.servedAttempt(token: attempt.token)?.answers[answer.question]) != nil
              }
              let outcome: String
              switch result {
              case .success: outcome = visible ? "saved" : "saved but not yet committed"
              case .failure(ServedAttemptError.invalidAnswer): outcome = "refused"
              case .failure(let error): outcome = "failed: \(error)"
              }
              outcomes.withLock { $0.append(outcome) }
            }
          }
        }
      } catch {
        outcomes.withLock { $0.append("set-up failed: \(error)") }
      }
    }
    #expect(done.wait(timeout: .now() + 30) == .success)
    writer.stopSharingServedWrites()
    let counted = Dictionary(grouping: outcomes.withLock { $0 }, by: { $0 }).mapValues(\.count)
    #expect(counted == ["saved": 8 * 4, "refused": 8 * 4])
    let summaries = try fixture.setup.servedAttemptSummaries(quizzes: ["exam"])
    #expect(summaries.count == 8 && summaries.allSatisfy { $0.answered == 4 && $0.score == 5 })
    let logged = try fixture.setup.changeLogEntries(after: 0).filter { $0.entity == "answer" }
    #expect(logged.count == 8 * 4)
    #expect(try fixture.setup.check().allSatisfy { $0.violations.isEmpty })
  }

  @Test func stoppingTheSharingCommitsWhatIsQueuedFirst() throws {
    let fixture = try Fixture(takers: 1)
    let writer = try QuizRepository.open(at: fixture.path)
    writer.shareServedWrites()
    let attempt = fixture.attempts[0]
    let completed = Atomic<Int>(0)
    let repository = try QuizRepository.open(at: fixture.path)
    for round in 0..<50 {
      for question in attempt.questions {
        repository.saveServedAnswer(
          token: attempt.token, answer: ServedAttemptTests.rightAnswer(to: question), lockAnswered: false,
          now: ServedAttemptTests.at(Double(round))
        ) { result in
          if case .success = result { completed.add(1, ordering: .relaxed) }
        }
      }
    }
    writer.stopSharingServedWrites()
    #expect(completed.load(ordering: .relaxed) == 50 * attempt.questions.count)
    let logged = try fixture.setup.changeLogEntries(after: 0).filter { $0.entity == "answer" }
    #expect(logged.count == 50 * attempt.questions.count)
  }

  @Test func withoutASharedWriterTheSaveIsMadeBeforeTheCallReturns() throws {
    let fixture = try Fixture(takers: 1)
    let attempt = fixture.attempts[0]
    let repository = try QuizRepository.open(at: fixture.path)
    let outcome = Locked<String?>(nil)
    repository.saveServedAnswer(
      token: attempt.token, answer: ServedAttemptTests.rightAnswer(to: attempt.questions[0]), lockAnswered: false,
      now: ServedAttemptTests.at(1)
    ) { result in
      outcome.withLock { $0 = (try? result.get()).map { "score \($0.score)" } ?? "failed" }
    }
    #expect(outcome.withLock { $0 } != nil && outcome.withLock { $0 } != "failed")
    repository.saveServedAnswer(
      token: "0123456789abcdef0123456789abcdef", answer: ServedAttemptTests.rightAnswer(to: attempt.questions[0]),
      lockAnswered: false, now: ServedAttemptTests.at(1)
    ) { result in
      if case .failure(ServedAttemptError.unknownAttempt) = result { outcome.withLock { $0 = "unknown" } }
    }
    #expect(outcome.withLock { $0 } == "unknown")
  }

  /// Sharing started and stopped again and again while waiting and called-back saves of four
  /// threads on the same quiz come and go: the gate passes from leaders to a committer and
  /// back without losing a write, delivering one twice or leaving a caller waiting.
  @Test func sharingStartedAndStoppedUnderLoadLosesAndHangsNothing() throws {
    let fixture = try Fixture(takers: 4)
    let (attempts, path) = (fixture.attempts, fixture.path)
    let writer = try QuizRepository.open(at: path)
    let finished = DispatchGroup()
    let waited = Atomic<Int>(0)
    let calledBack = Atomic<Int>(0)
    let failures = Locked<[String]>([])
    let rounds = 60
    for attempt in attempts {
      finished.enter()
      Thread {
        defer { finished.leave() }
        do {
          let repository = try QuizRepository.open(at: path)
          for round in 0..<rounds {
            let answer = ServedAttemptTests.rightAnswer(to: attempt.questions[round % attempt.questions.count])
            _ = try repository.saveServedAnswer(
              token: attempt.token, answer: answer, lockAnswered: false, now: ServedAttemptTests.at(Double(round)))
            waited.add(1, ordering: .relaxed)
            finished.enter()
            repository.saveServedAnswer(
              token: attempt.token, answer: answer, lockAnswered: false, now: ServedAttemptTests.at(Double(round))
            ) { result in
              defer { finished.leave() }
              if case .failure(let error) = result { failures.withLock { $0.append("\(error)") } }
              calledBack.add(1, ordering: .relaxed)
            }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }.start()
    }
    for _ in 0..<40 {
      writer.shareServedWrites()
      usleep(2_000)
      writer.stopSharingServedWrites()
      usleep(1_000)
    }
    #expect(finished.wait(timeout: .now() + 60) == .success, "a caller was left waiting")
    #expect(failures.withLock { $0 } == [])
    #expect(waited.load(ordering: .relaxed) == 4 * rounds)
    #expect(calledBack.load(ordering: .relaxed) == 4 * rounds)
    let logged = try fixture.setup.changeLogEntries(after: 0).filter { $0.entity == "answer" }
    #expect(logged.count == 2 * 4 * rounds)
  }
}
