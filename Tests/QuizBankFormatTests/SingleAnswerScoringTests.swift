import QuizBankFormat
import Testing

@testable import QuizDomain

/// A single-answer question with several correct choices (GIFT's `{=2 =4 ~3}`, Moodle XML's two
/// answers at fraction 100 in a one-answer question): one pick, any correct one a full answer
/// (docs/quiz-bank.md, "Scoring rules").
@Suite struct SingleAnswerScoringTests {
  // {=2 =4 ~3}, worth 2 points: a and b correct (C = 2), c wrong (W = 1).
  let evens = Question(
    id: "even", prompt: "An even number?", points: 2, multiple: false,
    choices: [
      Choice(id: "a", text: "2", correct: true), Choice(id: "b", text: "4", correct: true),
      Choice(id: "c", text: "3", correct: false),
    ])

  func score(_ selected: [String], _ rule: ScoringRule, _ question: Question? = nil) -> Double {
    Scoring.score(question ?? evens, selected: selected, rule: rule)
  }

  @Test func eitherCorrectChoiceIsAFullAnswerUnderEveryRule() {
    for rule in ScoringRule.allCases {
      #expect(score(["a"], rule) == 2, "\(rule)")
      #expect(score(["b"], rule) == 2, "\(rule)")
    }
  }

  @Test func aWrongPickOrNoneScoresAsTheRulesSayWithTheQuestionsCAndW() {
    for rule in [ScoringRule.allOrNothing, .partial, .weighted] {
      #expect(score(["c"], rule) == 0, "\(rule)")
      #expect(score([], rule) == 0, "\(rule)")
    }
    // per-choice: P × (c + W − w) / (C + W).
    #expect(score(["c"], .perChoice) == 0)
    #expect(abs(score([], .perChoice) - 2.0 / 3) < 1e-12)
  }

  @Test func theSameChoicesAsAMultipleAnswerQuestionAreScoredAsBefore() {
    var both = evens
    both.multiple = true
    #expect(score(["a"], .allOrNothing, both) == 0)
    #expect(score(["a"], .partial, both) == 1)
    #expect(abs(score(["a"], .perChoice, both) - 2 * 2.0 / 3) < 1e-12)
    #expect(score(["a"], .weighted, both) == 1)
    #expect(score(["a", "b"], .allOrNothing, both) == 2)
  }

  @Test func weightedTakesThePicksOwnWeight() {
    var weighted = evens
    weighted.choices[1].weight = 0.5
    #expect(score(["a"], .weighted, weighted) == 2)
    #expect(score(["b"], .weighted, weighted) == 1)
    #expect(Scoring.weightedCorrectTotal(weighted) == 1)
    #expect(Scoring.weightedCorrectTotal(Question(id: "m", prompt: "?", multiple: true, choices: evens.choices)) == 2)
  }

  /// Moodle's get_random_guess_score for a single-answer multichoice: the mean of the choices'
  /// fractions, here (1 + 1 + 0) / 3.
  @Test func randomGuessIsTheMeanFractionOfTheChoices() {
    for rule in ScoringRule.allCases {
      let guess = QuizStatistics.randomGuessScore(evens, rule: rule)
      #expect(guess.map { abs($0 - 2.0 / 3) < 1e-12 } == true, "\(rule)")
    }
  }

  @Test func anAttemptThatPicksEitherIsScoredFull() {
    let quiz = Quiz(id: "z", title: "Z", sections: [Section(questions: [evens])])
    let attempt = Attempt(quiz: "z", taker: "t", answers: [Answer(question: "even", selected: ["b"])])
    #expect(QuizBankValidator.attemptProblems(attempt, quiz: quiz, path: "$.attempts[0]").isEmpty)
    #expect(Scoring.score(attempt, in: quiz).score == 2)
    let twoPicks = Attempt(quiz: "z", taker: "t", answers: [Answer(question: "even", selected: ["a", "b"])])
    #expect(!QuizBankValidator.attemptProblems(twoPicks, quiz: quiz, path: "$.attempts[0]").isEmpty)
  }
}

/// Transcribed from Moodle's question/type/multichoice/tests/question_single_test.php.
@Suite struct MoodleMultichoiceSingleTests {
  /// test_question_maker::make_a_multichoice_single_question: A at fraction 1, B and C at
  /// −0.3333333; quiz writes the fractions as weights, scored `weighted`.
  let question = Question(
    id: "mc", prompt: "The answer is A.", points: 1, multiple: false,
    choices: [
      Choice(id: "a", text: "A", correct: true, weight: 1, feedback: "A is right"),
      Choice(id: "b", text: "B", correct: false, weight: -0.3333333, feedback: "B is wrong"),
      Choice(id: "c", text: "C", correct: false, weight: -0.3333333, feedback: "C is wrong"),
    ])

  /// test_grading: A gives 1 (graded right); B and C give Moodle −0.3333333 (graded wrong),
  /// which quiz's `weighted` rule raises to 0 (docs/quiz-bank.md: a score never goes below 0).
  @Test func grading() {
    #expect(Scoring.score(question, selected: ["a"], rule: .weighted) == 1)
    #expect(Scoring.score(question, selected: ["b"], rule: .weighted) == 0)
    #expect(Scoring.score(question, selected: ["c"], rule: .weighted) == 0)
    // The same one answer under the other rules: A right, B and C wrong.
    for rule in [ScoringRule.allOrNothing, .partial] {
      #expect(Scoring.score(question, selected: ["a"], rule: rule) == 1)
      #expect(Scoring.score(question, selected: ["b"], rule: rule) == 0)
    }
  }

  /// test_grading with a second answer at fraction 1 (as Moodle XML imports two answers at
  /// fraction 100): the one chosen answer's fraction, so either right one gives 1.
  @Test func gradingWithTwoAnswersAtFullFraction() {
    var two = question
    two.choices[1] = Choice(id: "b", text: "B", correct: true, weight: 1)
    #expect(QuestionRules.questionProblems(two).isEmpty && QuestionRules.choiceProblems(two).isEmpty)
    for rule in ScoringRule.allCases {
      #expect(Scoring.score(two, selected: ["a"], rule: rule) == 1, "\(rule)")
      #expect(Scoring.score(two, selected: ["b"], rule: rule) == 1, "\(rule)")
    }
    #expect(Scoring.score(two, selected: ["c"], rule: .weighted) == 0)
  }

  /// test_get_correct_response: A, the answer at fraction 1.
  @Test func correctResponse() {
    #expect(question.correctChoiceIDs == ["a"])
  }
}
