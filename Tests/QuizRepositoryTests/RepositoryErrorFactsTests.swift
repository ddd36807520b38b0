import Foundation
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

  @Test func anExistingBackupTargetIsAFact() throws {
    let repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    let target = directory.path("copy.sqlite")
    try repository.backup(to: target)
    #expect(throws: RepositoryError.backupTargetExists(path: target)) { try repository.backup(to: target) }
  }

  @Test func anEmptyFileOrNoneForAReaderIsAFact() throws {
    let empty = directory.path("empty.sqlite")
    FileManager.default.createFile(atPath: empty, contents: Data())
    #expect(throws: RepositoryError.emptyDatabaseFile(path: empty)) {
      try QuizRepository.open(at: empty, access: .read)
    }
  }

  @Test func noDescriptionNamesAnOptionOrACommand() {
    let errors: [RepositoryError] = [
      .noDatabase(path: "x"), .emptyDatabaseFile(path: "x"), .quizHasAttempts(quiz: "q", attempts: 2),
      .backupTargetExists(path: "x"),
    ]
    for error in errors {
      #expect(!error.description.contains("--"), "\(error)")
      #expect(!error.description.contains("'quiz "), "\(error)")
    }
  }
}
