import Testing

@testable import QuizDomain

/// The scoring rules of docs/quiz-bank.md, one expectation per row and edge case.
@Suite struct ScoringTests {
  // P = 2 points; correct a, b, c (C = 3); wrong d, e (W = 2).
  let question = Question(
    id: "q", prompt: "?", points: 2,
    choices: [
      Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: true),
      Choice(id: "c", text: "C", correct: true), Choice(id: "d", text: "D", correct: false),
      Choice(id: "e", text: "E", correct: false),
    ])

  func score(_ selected: [String], _ rule: ScoringRule, _ question: Question? = nil) -> Double {
    Scoring.score(question ?? self.question, selected: selected, rule: rule)
  }

  @Test func allOrNothingNeedsExactlyTheCorrectSet() {
    #expect(score(["a", "b", "c"], .allOrNothing) == 2)
    #expect(score(["c", "a", "b"], .allOrNothing) == 2)
    #expect(score(["a", "b"], .allOrNothing) == 0)
    #expect(score(["a", "b", "c", "d"], .allOrNothing) == 0)
    #expect(score([], .allOrNothing) == 0)
  }

  @Test func partialIsCorrectMinusWrongOverCorrectFloorZero() {
    // P × max(0, (c − w) / C)
    #expect(score(["a", "b", "c"], .partial) == 2)
    #expect(abs(score(["a", "b"], .partial) - 2 * 2 / 3) < 1e-12)
    #expect(abs(score(["a", "b", "d"], .partial) - 2 * 1 / 3) < 1e-12)
    #expect(score(["a", "d", "e"], .partial) == 0)
    #expect(score(["d"], .partial) == 0)
    #expect(score([], .partial) == 0)
  }

  @Test func perChoiceJudgesEveryChoice() {
    // P × (c + (W − w)) / (C + W)
    #expect(score(["a", "b", "c"], .perChoice) == 2)
    #expect(abs(score(["a"], .perChoice) - 2 * 3 / 5) < 1e-12)
    #expect(abs(score(["a", "d"], .perChoice) - 2 * 2 / 5) < 1e-12)
    #expect(score(["d", "e"], .perChoice) == 0)
    // An empty selection earns the wrong choices left alone.
    #expect(abs(score([], .perChoice) - 2 * 2 / 5) < 1e-12)
  }

  @Test func perChoiceWithNoWrongChoices() {
    let allCorrect = Question(
      id: "q", prompt: "?",
      choices: [Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: true)])
    #expect(score(["a", "b"], .perChoice, allCorrect) == 1)
    #expect(score(["a"], .perChoice, allCorrect) == 0.5)
    #expect(score([], .perChoice, allCorrect) == 0)
    #expect(score(["a"], .partial, allCorrect) == 0.5)
  }

  @Test func weightedDefaultsToOneOverCAndMinusOneOverW() {
    #expect(abs(score(["a", "b", "c"], .weighted) - 2) < 1e-12)
    #expect(abs(score(["a"], .weighted) - 2 / 3) < 1e-12)
    // 1/3 − 1/2 < 0 → clamped to 0.
    #expect(score(["a", "d"], .weighted) == 0)
    #expect(abs(score(["a", "b", "d"], .weighted) - 2 * (2.0 / 3 - 0.5)) < 1e-12)
    #expect(score([], .weighted) == 0)
  }

  @Test func weightedUsesGivenWeightsAndClampsPastOne() {
    let weighted = Question(
      id: "q", prompt: "?", points: 4,
      choices: [
        Choice(id: "a", text: "A", correct: true, weight: 0.8), Choice(id: "b", text: "B", correct: true, weight: 0.7),
        Choice(id: "c", text: "C", correct: false, weight: -1),
      ])
    #expect(score(["a", "b"], .weighted, weighted) == 4)  // 1.5 → 1
    #expect(abs(score(["a"], .weighted, weighted) - 3.2) < 1e-12)
    #expect(score(["c"], .weighted, weighted) == 0)  // −1 → 0
    #expect(abs(score(["a", "b", "c"], .weighted, weighted) - 4 * 0.5) < 1e-12)
  }

  @Test func attemptScoresEachAnswerWithTheQuestionsRule() {
    let single = Question(
      id: "s", prompt: "?", scoring: .perChoice,
      choices: [Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: false)])
    let quiz = Quiz(id: "z", title: "Z", scoring: .partial, sections: [Section(questions: [question, single])])
    let attempt = Attempt(
      quiz: "z", taker: "t", answers: [Answer(question: "q", selected: ["a"]), Answer(question: "s", selected: [])])
    let scored = Scoring.score(attempt, in: quiz)
    #expect(abs(scored.answerScores[0] - 2.0 / 3) < 1e-12)  // partial
    #expect(scored.answerScores[1] == 0.5)  // per-choice: b left alone
    #expect(scored.maxScore == 3)
    #expect(abs(scored.score - (2.0 / 3 + 0.5)) < 1e-12)
  }
}
