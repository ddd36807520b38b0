import Foundation
import QuizBankFormat
import QuizDomain
import TestSupport
import Testing

@testable import QuizRepository

/// A cloze response holds one part per gap, by position: once gaps are added, removed or change
/// kind, a regrade cannot score it against the new version (it paired parts with the wrong
/// gaps: 2 of 2 became 1 of 3). Moodle refuses such a regrade; quiz keeps the old score and
/// says which attempt and why.
@Suite struct ClozeRegradeTests {
  static func question(_ parts: [ClozePart]) -> Question {
    Question(
      id: "gaps", prompt: (1...parts.count).map { "{#\($0)}" }.joined(separator: " "), points: Double(parts.count),
      body: .cloze(Cloze(parts: parts)))
  }

  static let paris = ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "Paris")])))
  static let tokyo = ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "Tokyo")])))
  static let number = ClozePart(body: .numerical(Numerical(answers: [NumericAnswer(value: 42)])))

  @Test func anAnswerWhoseGapsChangedKeepsItsScoreAndIsNamed() throws {
    let directory = try TemporaryDirectory()
    let repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    let quiz = { (parts: [ClozePart]) in
      Quiz(id: "c", title: "C", sections: [Section(questions: [Self.question(parts)])])
    }
    try repository.saveQuiz(quiz([Self.paris, Self.tokyo]))
    let attempt = Attempt(
      id: "a1", quiz: "c", taker: "t",
      answers: [Answer(question: "gaps", response: .parts([.text("Paris"), .text("Tokyo")]))])
    _ = try repository.importDocuments([
      ImportSource(name: "a.json", document: QuizBankDocument(quizzes: [], attempts: [attempt]))
    ])
    #expect(try repository.attemptDetail("a1").summary.score == 2)
    for (parts, reason) in [
      ([Self.number, Self.paris, Self.tokyo], "it has 3 gaps now, 2 when answered"),
      ([Self.paris, Self.number], "gap 2 is numerical now, short-answer when answered"),
    ] {
      try repository.saveQuiz(quiz(parts))
      let result = try repository.regrade(quiz: "c")
      #expect(result.kept.map(\.reason) == [reason], "\(result)")
      #expect(result.kept.first?.attempt == "a1")
      let summary = try repository.attemptDetail("a1").summary
      // Kept out of the points it was scored against: the attempt stays 2 of 2.
      #expect(summary.score == 2 && summary.maxScore == 2, "\(summary)")
      let checked = try repository.check()
      #expect(checked.allSatisfy { $0.violations.isEmpty }, "\(checked)")
    }
    // Gaps that fit again (a wider answer) are regraded as usual.
    let wider = ClozePart(
      body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "Tokyo"), TextAnswer(text: "Paris")])))
    try repository.saveQuiz(quiz([Self.paris, wider]))
    #expect(try repository.regrade(quiz: "c").kept.isEmpty)
  }
}
