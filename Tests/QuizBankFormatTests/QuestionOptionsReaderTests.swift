import QuizBankFormat
import Testing

@testable import QuizDomain

/// Question options through quiz-bank/1 (docs/quiz-bank.md, "Question options"): read, checked
/// at their JSON paths, written back byte for byte, absent staying absent.
@Suite struct QuestionOptionsReaderTests {
  let reader = QuizBankReaderTests()
  let here = "$.quizzes[0].sections[0].questions[0]"

  static let withOptions = """
    {
      "format": "quiz-bank/1",
      "quizzes": [
        {
          "id": "z",
          "title": "Z",
          "sections": [
            {
              "questions": [
                {
                  "id": "q",
                  "prompt": "Which is even? 偶数はどれ?",
                  "points": 1,
                  "multiple": false,
                  "shuffle": false,
                  "numbering": "iii",
                  "choices": [
                    {
                      "id": "a",
                      "text": "2",
                      "correct": true
                    },
                    {
                      "id": "b",
                      "text": "3",
                      "correct": false
                    }
                  ],
                  "outcome_feedback": {
                    "correct": "Bien joué 🎉",
                    "partially_correct": "",
                    "incorrect": "لا",
                    "show_number_correct": true
                  },
                  "hints": [
                    {
                      "text": "Divide by two."
                    },
                    {
                      "text": "二で割る",
                      "show_number_correct": false,
                      "clear_wrong": true
                    }
                  ],
                  "penalty": 0.3333333
                }
              ]
            }
          ]
        }
      ]
    }

    """

  @Test func optionsAreReadAndWrittenBackByteForByte() throws {
    let document = try QuizBankReader.read(Array(Self.withOptions.utf8))
    let question = try #require(document.quizzes.first?.questions.first)
    #expect(question.body.numbering == .lowerRoman)
    #expect(
      question.outcomeFeedback
        == OutcomeFeedback(correct: "Bien joué 🎉", partiallyCorrect: "", incorrect: "لا", showNumberCorrect: true))
    #expect(
      question.hints == [Hint(text: "Divide by two."), Hint(text: "二で割る", showNumberCorrect: false, clearWrong: true)])
    #expect(question.penalty == 0.3333333)
    let written = QuizBankWriter.write(quizzes: document.quizzes)
    #expect(String(decoding: written, as: UTF8.self) == Self.withOptions)
  }

  @Test func absentOptionsStayAbsent() throws {
    let json = reader.document(
      question:
        #"{"id": "q", "prompt": "P", "choices": [{"text": "x", "correct": true}, {"text": "y", "correct": false}]}"#
    )
    let document = try QuizBankReader.read(Array(json.utf8))
    let question = try #require(document.quizzes.first?.questions.first)
    #expect(question.outcomeFeedback == nil && question.hints.isEmpty && question.penalty == nil)
    #expect(question.body.numbering == nil)
    let written = String(decoding: QuizBankWriter.write(quizzes: document.quizzes), as: UTF8.self)
    for key in ["numbering", "outcome_feedback", "hints", "penalty"] { #expect(!written.contains(key)) }
  }

  @Test func outcomeFeedbackIsLeftOutWithoutTheAnswers() throws {
    let document = try QuizBankReader.read(Array(Self.withOptions.utf8))
    let question = try #require(document.quizzes.first?.questions.first)
    var writer = JSONWriter(pretty: true)
    QuizBankWriter.write(question, to: &writer, withAnswers: false)
    let text = String(decoding: writer.bytes, as: UTF8.self)
    #expect(!text.contains("outcome_feedback") && text.contains("hints") && text.contains("numbering"))
  }

  func problems(_ fields: String, kind: String = "") -> [String] {
    let choices = #""choices": [{"text": "x", "correct": true}, {"text": "y", "correct": false}]"#
    return reader.problems(
      reader.document(
        question: #"{"id": "q", "prompt": "P", "# + (kind.isEmpty ? choices : kind) + ", " + fields + "}"))
  }

  @Test func penaltyIsFromZeroToOne() {
    #expect(problems(#""penalty": 1.5"#) == ["\(here).penalty: expected a number from 0 to 1, found 1.5"])
    #expect(problems(#""penalty": -0.1"#) == ["\(here).penalty: expected a number from 0 to 1, found -0.1"])
    #expect(problems(#""penalty": "x""#) == ["\(here).penalty: expected a number, found a string"])
    #expect(problems(#""penalty": 0"#) == [])
    #expect(problems(#""penalty": 1"#) == [])
  }

  @Test func numberingIsOneOfTheNames() {
    #expect(
      problems(#""numbering": "a.""#)
        == [#"\#(here).numbering: unknown numbering "a." (expected one of: abc, ABCD, 123, iii, IIII, none)"#])
    for name in AnswerNumbering.allCases { #expect(problems(#""numbering": "\#(name.rawValue)""#) == []) }
    #expect(
      problems(#""numbering": "abc""#, kind: #""type": "essay""#)
        == [#"\#(here).numbering: an essay question has no "numbering""#])
  }

  @Test func hintsNeedText() {
    #expect(problems(#""hints": [{"text": ""}]"#) == ["\(here).hints[0].text: must not be empty"])
    #expect(
      problems(#""hints": [{"text": "ok"}, {"clear_wrong": true}]"#)
        == [#"\#(here).hints[1]: missing required field "text""#])
    #expect(
      problems(#""hints": [{"text": "ok", "shown": 1}]"#) == [#"\#(here).hints[0].shown: unknown field "shown""#])
    #expect(
      problems(#""hints": [{"text": "ok", "clear_wrong": 1}]"#)
        == ["\(here).hints[0].clear_wrong: expected true or false, found a number"])
  }

  @Test func outcomeFeedbackIsAnObjectOfKnownFields() {
    #expect(
      problems(#""outcome_feedback": {}"#)
        == [
          "\(here).outcome_feedback: outcome_feedback is empty: give correct, partially_correct, incorrect or "
            + "show_number_correct, or leave it out"
        ])
    #expect(
      problems(#""outcome_feedback": {"right": "x"}"#)
        == [#"\#(here).outcome_feedback.right: unknown field "right""#])
    #expect(
      problems(#""outcome_feedback": {"correct": 1}"#)
        == ["\(here).outcome_feedback.correct: expected a string, found a number"])
    #expect(problems(#""outcome_feedback": "x""#) == ["\(here).outcome_feedback: expected an object, found a string"])
    // Every kind has them.
    #expect(
      problems(
        #""outcome_feedback": {"incorrect": "no"}, "hints": [{"text": "h"}], "penalty": 0.1"#,
        kind: #""type": "short-answer", "answers": [{"text": "x"}]"#) == [])
  }

  @Test func theValidatorChecksOptionsOfQuestionsMadeElsewhere() {
    var question = Question(
      id: "q", prompt: "P",
      choices: [Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: false)])
    question.penalty = 2
    question.hints = [Hint(text: "")]
    question.outcomeFeedback = OutcomeFeedback()
    #expect(
      QuestionRules.optionProblems(question) == [
        "penalty must be a number from 0 to 1, found 2", "hint 1: text must not be empty",
        "the outcome feedback is empty",
      ])
    #expect(QuestionRules.questionProblems(question).contains("penalty must be a number from 0 to 1, found 2"))
  }

  @Test func labelsAndOutcomeFeedbackAsMoodleShowsThem() {
    #expect((0..<4).map { AnswerNumbering.lowercase.label(at: $0) } == ["a", "b", "c", "d"])
    #expect((0..<3).map { AnswerNumbering.uppercase.label(at: $0) } == ["A", "B", "C"])
    #expect((0..<3).map { AnswerNumbering.decimal.label(at: $0) } == ["1", "2", "3"])
    #expect((0..<10).map { AnswerNumbering.lowerRoman.label(at: $0) }.last == "x")
    #expect((0..<4).map { AnswerNumbering.upperRoman.label(at: $0) } == ["I", "II", "III", "IV"])
    #expect(AnswerNumbering.upperRoman.label(at: 1993) == "MCMXCIV")
    #expect(AnswerNumbering.none.label(at: 0) == nil)
    let feedback = OutcomeFeedback(correct: "yes", partiallyCorrect: "", incorrect: "no")
    #expect(feedback.text(forFraction: 1) == "yes")
    #expect(feedback.text(forFraction: 0.995) == "yes")  // Moodle's maxgrade / 1.01
    #expect(feedback.text(forFraction: 0.5) == nil)  // empty: nothing to show
    #expect(feedback.text(forFraction: 0) == "no")
    #expect(feedback.text(forFraction: -0.2) == "no")
  }

  @Test func aChangeToAnOptionIsNamed() throws {
    let document = try QuizBankReader.read(Array(Self.withOptions.utf8))
    let question = try #require(document.quizzes.first?.questions.first)
    var changed = question
    changed.penalty = 0.1
    changed.hints.removeLast()
    if case .choice(var body) = changed.body {
      body.numbering = .none
      changed.body = .choice(body)
    }
    changed.outcomeFeedback = nil
    #expect(
      changed.content.changedFields(since: question.content) == [
        "outcome feedback", "hints", "penalty", "numbering",
      ])
  }
}
