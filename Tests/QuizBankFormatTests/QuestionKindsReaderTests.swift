import QuizBankFormat
import Testing

@testable import QuizDomain

/// quiz-bank/1's question types: what the reader makes of each, what it refuses and where it
/// says the problem is, and that the writer gives the same bytes back.
@Suite struct QuestionKindsReaderTests {
  func document(_ questions: String, attempts: String = "") -> [UInt8] {
    let tail = attempts.isEmpty ? "" : #", "attempts": [\#(attempts)]"#
    return Array(
      #"{"format": "quiz-bank/1", "quizzes": [{"id": "k", "title": "K", "sections": [{"questions": [\#(questions)]}]}]\#(tail)}"#
        .utf8)
  }

  func problems(_ questions: String, attempts: String = "") -> [String] {
    do {
      _ = try QuizBankReader.read(document(questions, attempts: attempts))
      return []
    } catch QuizBankError.invalid(let problems, _) {
      return problems.map { "\($0.path): \($0.message)" }
    } catch {
      return ["\(error)"]
    }
  }

  @Test func everyKindReadsAndWritesBackTheSameBytes() throws {
    let questions = """
      {"id": "s", "type": "short-answer", "prompt": "P", "answers": [{"text": "Paris"}, {"text": "Par*", "fraction": 0.5, "feedback": "close"}], "case_sensitive": true},
      {"id": "n", "type": "numerical", "prompt": "P", "points": 2, "answers": [{"value": 3.14, "tolerance": 0.01}, {"value": "*", "fraction": 0}], "units": [{"unit": "cm", "multiplier": 1}], "unit_grading": "max", "unit_penalty": 0.25, "unit_input": "choice", "units_left": false},
      {"id": "m", "type": "matching", "prompt": "P", "shuffle": true, "pairs": [{"stem": "A", "answer": "1"}, {"id": "z", "stem": "B", "answer": "2"}], "distractors": ["3"]},
      {"id": "e", "type": "essay", "prompt": "P", "response_format": "monospaced", "response_required": false, "response_lines": 5, "min_words": 1, "max_words": 9, "response_template": "T", "grader_info": "G"},
      {"id": "d", "type": "description", "prompt": "Read me"}
      """
    let attempts = """
      {"quiz": "k", "taker": "t", "answers": [{"question": "s", "response": " paris "}, {"question": "n", "response": "3.14", "unit": "cm"}, {"question": "m", "matched": {"z": "2", "a": "3"}}, {"question": "e", "response": "Words", "mark": {"score": 0.5, "comment": "ok"}}]}
      """
    let read = try QuizBankReader.read(document(questions, attempts: attempts))
    let quiz = try #require(read.quizzes.first)
    #expect(quiz.questions.map(\.kind) == [.shortAnswer, .numerical, .matching, .essay, .description])
    #expect(quiz.questions[4].points == 0)
    #expect(quiz.maxScore == 5)
    guard case .matching(let matching) = quiz.questions[2].body else { throw KindMismatch() }
    #expect(matching.pairs.map(\.id) == ["a", "z"])
    let attempt = try #require(read.attempts.first)
    #expect(attempt.answers[1].response == .text("3.14", unit: "cm"))
    #expect(
      attempt.answers[2].response == .matched([StemMatch(stem: "z", answer: "2"), StemMatch(stem: "a", answer: "3")]))
    #expect(attempt.answers[3].mark == Mark(score: 0.5, comment: "ok"))
    #expect(QuizBankValidator.attemptProblems(attempt, quiz: quiz, path: "$").isEmpty)
    let scored = Scoring.score(attempt, in: quiz)
    // Short answer case-sensitive: " paris " trims to "paris", which matches neither "Paris" nor "Par*".
    #expect(scored.answerScores == [0, 2, 0.5, 0.5])
    let written = QuizBankWriter.write(quizzes: read.quizzes, attempts: read.attempts)
    let again = try QuizBankReader.read(written)
    #expect(QuizBankWriter.write(quizzes: again.quizzes, attempts: again.attempts) == written)
    #expect(again.quizzes == read.quizzes)
    #expect(again.attempts == read.attempts)
  }

  struct KindMismatch: Error {}

  @Test func fieldsOfAnotherKindAreRefusedWhereTheyStand() {
    let path = "$.quizzes[0].sections[0].questions[0]"
    #expect(
      problems(#"{"id": "s", "type": "short-answer", "prompt": "P", "answers": [{"text": "x"}], "choices": []}"#)
        .contains("\(path).choices: a short-answer question has no \"choices\""))
    #expect(
      problems(#"{"id": "s", "type": "essay", "prompt": "P", "pairs": []}"#)
        .contains("\(path).pairs: an essay question has no \"pairs\""))
    #expect(
      problems(#"{"id": "s", "type": "quiz", "prompt": "P"}"#).first?.hasPrefix(
        "\(path).type: unknown question type \"quiz\"")
        == true)
    #expect(
      problems(#"{"id": "s", "type": "description", "prompt": "P", "points": 1}"#)
        == ["\(path).points: a description is worth nothing: its points must be 0 or absent"])
    #expect(problems(#"{"id": "s", "prompt": "P"}"#) == ["\(path): missing required field \"choices\""])
  }

  @Test func eachKindsRulesHold() {
    let path = "$.quizzes[0].sections[0].questions[0]"
    #expect(
      problems(#"{"id": "s", "type": "short-answer", "prompt": "P", "answers": [{"text": "x", "fraction": 0.5}]}"#)
        == ["\(path).answers: no answer is worth full marks (fraction 1)"])
    #expect(
      problems(#"{"id": "n", "type": "numerical", "prompt": "P", "answers": [{"text": "1"}]}"#).contains(
        "\(path).answers[0].text: a numerical answer has no \"text\" (its number is \"value\")"))
    #expect(
      problems(
        #"{"id": "n", "type": "numerical", "prompt": "P", "answers": [{"value": 1}], "units": [{"unit": "m", "multiplier": 100}]}"#
      ) == ["\(path).units[0].multiplier: the first unit (\"m\") must have multiplier 1, found 100"])
    #expect(
      problems(#"{"id": "n", "type": "numerical", "prompt": "P", "answers": [{"value": 1, "fraction": 2}]}"#)
        == ["\(path).answers[0].fraction: expected a number from 0 to 1, found 2"])
    #expect(
      problems(#"{"id": "m", "type": "matching", "prompt": "P", "pairs": [{"stem": "A", "answer": "1"}]}"#)
        == ["\(path).pairs: a matching question needs at least 2 pairs, found 1"])
    #expect(
      problems(#"{"id": "e", "type": "essay", "prompt": "P", "min_words": 5, "max_words": 2}"#)
        == ["\(path).min_words: min_words (5) is more than max_words (2)"])
  }

  @Test func answersMustFitTheirQuestionsKind() throws {
    let questions = """
      {"id": "s", "type": "short-answer", "prompt": "P", "answers": [{"text": "x"}]},
      {"id": "m", "type": "matching", "prompt": "P", "pairs": [{"stem": "A", "answer": "1"}, {"stem": "B", "answer": "2"}]},
      {"id": "c", "prompt": "P", "choices": [{"text": "a", "correct": true}, {"text": "b", "correct": false}]},
      {"id": "e", "type": "essay", "prompt": "P"}
      """
    let read = try QuizBankReader.read(document(questions))
    let quiz = try #require(read.quizzes.first)
    let attempt = Attempt(
      quiz: "k", taker: "t",
      answers: [
        Answer(question: "s", selected: ["a"]),
        Answer(question: "m", response: .matched([StemMatch(stem: "q", answer: "1")])),
        Answer(question: "c", response: .text("a")), Answer(question: "e", response: .text("w"), mark: Mark(score: 2)),
      ])
    let found = QuizBankValidator.attemptProblems(attempt, quiz: quiz, path: "$").map { "\($0.path): \($0.message)" }
    #expect(
      found == [
        #"$.answers[0]: question "s" is short-answer: it takes "response": TEXT"#,
        #"$.answers[1].matched.q: unknown stem "q" of question "m" (stems: a, b)"#,
        #"$.answers[2]: question "c" is choice: it takes "selected": [CHOICE, …]"#,
        #"$.answers[3].mark.score: a mark must be from 0 to the question's points (1)"#,
      ])
    #expect(
      problems(
        questions,
        attempts: #"{"quiz": "k", "taker": "t", "answers": [{"question": "s", "response": "x", "selected": []}]}"#)
        == [
          #"$.attempts[0].answers[0]: an answer has one of "selected", "response", "matched" and "parts", found response, selected"#
        ])
  }
}
