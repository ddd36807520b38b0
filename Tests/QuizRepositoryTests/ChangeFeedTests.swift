import Foundation
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

/// The change feed `quiz watch` reads: logged commits of other connections, in order, and a
/// signal for content changed outside the change log; nothing for commits that change nothing.
@Suite struct ChangeFeedTests {
  let directory: TemporaryDirectory
  var path: String { directory.path("quiz.sqlite") }

  init() throws { directory = try TemporaryDirectory() }

  @Test func anotherConnectionsLoggedCommitIsHandedOutOnce() throws {
    let watcher = try QuizRepository.open(at: path)
    var feed = try watcher.changeFeed()
    #expect(try feed.poll() == .quiet)
    let writer = try QuizRepository.open(at: path)
    try writer.saveQuiz(Fixtures.quiz())
    #expect(try feed.poll() == .logged)
    let entries = try feed.nextEntries()
    #expect(!entries.isEmpty)
    #expect(entries.allSatisfy { $0.quiz == "geo" })
    #expect(try feed.nextEntries().isEmpty)
    #expect(try feed.poll() == .quiet)
  }

  @Test func aCommitOutsideTheLogIsSignalled() throws {
    let watcher = try QuizRepository.open(at: path)
    try watcher.saveQuiz(Fixtures.quiz())
    var feed = try watcher.changeFeed()
    let outside = try Database(path: path)
    try outside.execute("UPDATE quizzes SET title = 'Renamed'")
    #expect(try feed.poll() == .outsideChange)
    #expect(try feed.nextEntries().isEmpty)
    // A commit that changes nothing is no change.
    try outside.execute("UPDATE quizzes SET title = title")
    #expect(try feed.poll() == .quiet)
  }

  @Test func theFeedResumesAfterASequenceAndFiltersByQuiz() throws {
    let repository = try QuizRepository.open(at: path)
    try repository.saveQuiz(Fixtures.quiz())
    var feed = try repository.changeFeed(after: 0, quiz: "nowhere")
    #expect(try feed.nextEntries().isEmpty)
    var all = try repository.changeFeed(after: 0)
    #expect(try all.nextEntries(limit: 1).count == 1)
    #expect(all.last == 1)
  }
}
