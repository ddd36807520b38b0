import Foundation
import QuizBankFormat
import QuizDomain
import TestSupport
import Testing

@testable import QuizRepository

/// Repository errors carry facts; the command line's words ("give --force", "quiz init") are
/// the CLI's to add.
@Suite struct RepositoryErrorFactsTests {
  let directory: TemporaryDirectory
  init() throws { directory = try TemporaryDirectory() }

  @Test func aQuizWithAttemptsIsAFactWithItsCount() throws {
    let repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    try repository.saveQuiz(Fixtures.quiz())
    _ = try repository.importDocuments([
      ImportSource(
        name: "a", document: QuizBankDocument(quizzes: [], attempts: [Fixtures.attempt("a1", ["q1": ["a"]])]))
    ])
    #expect(throws: RepositoryError.quizHasAttempts(quiz: "geo", attempts: 1)) { try repository.deleteQuiz("geo") }
  }

  /// A taker answering through `quiz serve` would lose what they saved: the quiz is kept
  /// unless forced, and a submitted one counts as the attempt it is.
  @Test func aQuizWithAnAttemptInProgressIsKeptUnlessForced() throws {
    let repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    try repository.saveQuiz(ServedAttemptTests.exam)
    let open = try repository.signIn(quiz: "exam", taker: "ann", timeLimit: nil, now: ServedAttemptTests.t0).attempt
    #expect(throws: RepositoryError.quizHasAttemptsInProgress(quiz: "exam", count: 1)) {
      try repository.deleteQuiz("exam")
    }
    _ = try repository.submitServedAttempt(token: open.token, now: ServedAttemptTests.at(5))
    #expect(throws: RepositoryError.quizHasAttempts(quiz: "exam", attempts: 1)) { try repository.deleteQuiz("exam") }
    _ = try repository.signIn(quiz: "exam", taker: "bo", timeLimit: nil, now: ServedAttemptTests.t0)
    #expect(try repository.deleteQuiz("exam", force: true) == 1)
    #expect(try repository.changeLogEntries(after: 0).last?.detail == #"{"attempts":1,"in_progress":1}"#)
  }

  @Test func anExistingBackupTargetIsAFact() throws {
    let repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    let target = directory.path("copy.sqlite")
    try repository.backup(to: target)
    #expect(throws: RepositoryError.backupTargetExists(path: target)) { try repository.backup(to: target) }
  }

  @Test func anEmptyFileOrNoneForAReaderIsAFact() throws {
    let empty = directory.path("empty.sqlite")
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    #expect(throws: RepositoryError.emptyDatabaseFile(path: empty)) {
      try QuizRepository.open(at: empty, access: .read)
    }
  }

  @Test func noDescriptionNamesAnOptionOrACommand() {
    let errors: [RepositoryError] = [
      .noDatabase(path: "x"), .emptyDatabaseFile(path: "x"), .quizHasAttempts(quiz: "q", attempts: 2),
      .quizHasAttemptsInProgress(quiz: "q", count: 1), .backupTargetExists(path: "x"),
    ]
    for error in errors {
      #expect(!error.description.contains("--"), "\(error)")
      #expect(!error.description.contains("'quiz "), "\(error)")
    }
  }
}
