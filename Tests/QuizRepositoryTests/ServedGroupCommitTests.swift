import Foundation
import Locking
import QuizDomain
import Synchronization
import TestSupport
import Testing

@testable import QuizRepository

/// The write gate's group commit: saves of many threads on the same quiz, some of them refused,
/// committed together on one shared connection. Each caller gets its own result: every
/// accepted save is committed with its change-log row, and a refused one leaves nothing.
@Suite struct ServedGroupCommitTests {
  @Test(arguments: [false, true]) func refusedSavesRollBackAloneAndTheOthersAreAllCommitted(sharedWriter: Bool)
    throws
  {
    let directory = try TemporaryDirectory()
    let path = directory.path("quiz.sqlite")
    let setup = try QuizRepository.open(at: path)
    try setup.saveQuiz(ServedAttemptTests.exam)
    let writer = try QuizRepository.open(at: path)
    if sharedWriter { writer.shareServedWrites() }
    defer { writer.stopSharingServedWrites() }
    let takers = 8
    let rounds = 5
    let failures = Locked<[String]>([])
    let refused = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: takers) { index in
      do {
        let repository = try QuizRepository.open(at: path)
        let attempt = try repository.signIn(
          quiz: "exam", taker: "taker-\(index)", timeLimit: nil, now: ServedAttemptTests.t0
        ).attempt
        for round in 0..<rounds {
          for question in attempt.questions {
            _ = try repository.saveServedAnswer(
              token: attempt.token, answer: ServedAttemptTests.rightAnswer(to: question), lockAnswered: false,
              now: ServedAttemptTests.at(Double(round)))
            // Between two good saves, a refused one of the same taker: a choice that does not exist,
            // a question not in the attempt.
            let bad =
              round.isMultiple(of: 2)
              ? Answer(question: question.question.id, response: .choices(["no-such-choice"]))
              : Answer(question: "no-such-question", response: .choices(["a"]))
            do {
              _ = try repository.saveServedAnswer(
                token: attempt.token, answer: bad, lockAnswered: false, now: ServedAttemptTests.at(Double(round)))
              failures.withLock { $0.append("taker \(index): a bad answer was saved") }
            } catch ServedAttemptError.invalidAnswer, ServedAttemptError.unknownQuestion {
              refused.add(1, ordering: .relaxed)
            }
          }
        }
      } catch {
        failures.withLock { $0.append("taker \(index): \(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    #expect(refused.load(ordering: .relaxed) == takers * rounds * 4)
    let summaries = try setup.servedAttemptSummaries(quizzes: ["exam"])
    #expect(summaries.count == takers)
    #expect(summaries.allSatisfy { $0.answered == 4 && $0.score == 5 })
    let answers = try setup.changeLogEntries(after: 0).filter { $0.entity == "answer" }
    #expect(answers.count == takers * rounds * 4)
    #expect(answers.filter { $0.operation == "insert" }.count == takers * 4)
    #expect(try setup.check().allSatisfy { $0.violations.isEmpty })
  }
}
