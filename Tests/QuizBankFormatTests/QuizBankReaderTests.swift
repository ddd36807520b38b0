import QuizBankFormat
import Testing

@testable import QuizDomain

@Suite struct QuizBankReaderTests {
  static let example = """
    {
      "format": "quiz-bank/1",
      "quizzes": [
        {
          "id": "rxswift-basics",
          "title": "RxSwift basics",
          "description": "Two questions on reactive programming.",
          "scoring": "all-or-nothing",
          "sections": [
            {
              "title": "Concepts",
              "questions": [
                {
                  "id": "what-is-rxswift",
                  "prompt": "What is RxSwift?",
                  "explanation": "RxSwift is the Swift implementation of ReactiveX.",
                  "points": 1,
                  "multiple": true,
                  "shuffle": false,
                  "tags": ["rx", "basics"],
                  "choices": [
                    { "id": "a", "text": "A powerful library", "correct": true },
                    { "id": "b", "text": "A brush", "correct": false, "feedback": "Not that kind of Rx." },
                    { "id": "c", "text": "A swift implementation of ReactiveX", "correct": true },
                    { "id": "d", "text": "The Observer pattern on steroids", "correct": true }
                  ]
                }
              ]
            }
          ]
        }
      ],
      "attempts": [
        {
          "id": "0b9d3c1e-2f0a-4c53-9a53-4f1a3f8c2d10",
          "quiz": "rxswift-basics",
          "taker": "alice",
          "started_at": "2026-11-29T10:00:00Z",
          "submitted_at": "2026-11-29T10:04:12Z",
          "answers": [
            { "question": "what-is-rxswift", "selected": ["a", "c", "d"] }
          ]
        }
      ]
    }
    """

  func problems(_ json: String) -> [String] {
    do {
      _ = try QuizBankReader.read(Array(json.utf8))
      return []
    } catch QuizBankError.invalid(let problems, _) {
      return problems.map(\.description)
    } catch {
      return ["\(error)"]
    }
  }

  /// A one-question document with `question` spliced in.
  func document(question: String) -> String {
    """
    {"format": "quiz-bank/1", "quizzes": [{"id": "z", "title": "Z", "sections": [{"questions": [\(question)]}]}]}
    """
  }

  /// An attempt names another bank's question `BANK/QUESTION` in `given`, answers, `versions`
  /// and `points`; a name that is neither an id nor that, and points of 0, are refused at their
  /// paths.
  @Test func attemptsNameBankQuestionsAndTheirPoints() throws {
    let attempt = { (given: String, points: String) in
      """
      {"format": "quiz-bank/1", "quizzes": [], "attempts": [{"quiz": "z", "taker": "t", "given": [\(given)],
        "answers": [{"question": "a/q1", "selected": ["a"]}], "versions": {"a/q1": 2}, "points": {\(points)}}]}
      """
    }
    let read = try QuizBankReader.read(Array(attempt(#""a/q1", "q2""#, #""a/q1": 2.5"#).utf8))
    let first = try #require(read.attempts.first)
    #expect(first.given == ["a/q1", "q2"] && first.versions == ["a/q1": 2] && first.points == ["a/q1": 2.5])
    #expect(first.answers.map(\.question) == ["a/q1"])
    #expect(
      problems(attempt(#""a/q1/x""#, #""q1": 0"#)) == [
        #"$.attempts[0].given[0]: "a/q1/x" is not a valid id (\#(Slug.rule)) nor BANK/QUESTION"#,
        "$.attempts[0].points.q1: points must be a number more than 0",
      ])
  }

  @Test func readsTheSpecExample() throws {
    let document = try QuizBankReader.read(Array(Self.example.utf8))
    #expect(document.quizzes.count == 1)
    let question = try #require(document.quizzes.first?.questions.first)
    #expect(question.multiple)
    #expect(question.tags == ["rx", "basics"])
    #expect(question.choices[1].feedback == "Not that kind of Rx.")
    #expect(document.attempts.first?.submittedAt?.text == "2026-11-29T10:04:12Z")
    #expect(document.attempts.first?.answers.first?.selected == ["a", "c", "d"])
  }

  @Test func writerThenReaderGivesTheSameContent() throws {
    let document = try QuizBankReader.read(Array(Self.example.utf8))
    let written = QuizBankWriter.write(quizzes: document.quizzes, attempts: document.attempts)
    let reread = try QuizBankReader.read(written)
    #expect(reread == document)
    #expect(QuizBankWriter.write(quizzes: reread.quizzes, attempts: reread.attempts) == written)
  }

  @Test func defaultsFillAbsentFields() throws {
    let json = document(
      question:
        #"{"id": "q", "prompt": "P", "choices": [{"text": "x", "correct": true}, {"text": "y", "correct": true}]}"#)
    let question = try #require(try QuizBankReader.read(Array(json.utf8)).quizzes.first?.questions.first)
    #expect(question.choices.map(\.id) == ["a", "b"])
    #expect(question.points == 1)
    #expect(question.multiple)  // two correct choices
    #expect(!question.shuffle)
  }

  @Test func noCorrectChoiceIsReportedAtItsPath() {
    let json = document(
      question:
        #"{"id": "q", "prompt": "P", "choices": [{"text": "x", "correct": false}, {"text": "y", "correct": false}]}"#)
    #expect(problems(json) == ["$.quizzes[0].sections[0].questions[0].choices: no correct choice"])
  }

  /// As Moodle imports GIFT's `{=2 =4 ~3}`: one pick, either correct choice a full answer.
  @Test func singleAnswerWithTwoCorrectChoicesIsAccepted() {
    let json = document(
      question:
        #"{"id": "q", "prompt": "P", "multiple": false, "choices": [{"text": "x", "correct": true}, {"text": "y", "correct": true}, {"text": "z", "correct": false}]}"#
    )
    #expect(problems(json) == [])
  }

  @Test func singleAnswerWithoutACorrectChoiceIsStillAProblem() {
    let json = document(
      question:
        #"{"id": "q", "prompt": "P", "multiple": false, "choices": [{"text": "x", "correct": false}, {"text": "y", "correct": false}]}"#
    )
    #expect(problems(json) == ["$.quizzes[0].sections[0].questions[0].choices: no correct choice"])
  }

  @Test func unknownFieldsAreNamed() {
    let json = document(
      question:
        #"{"id": "q", "prompt": "P", "colour": {"r": [1, {"g": 2}]}, "size": 3, "choices": [{"text": "x", "correct": true}, {"text": "y", "correct": false}]}"#
    )
    #expect(
      problems(json) == [
        #"$.quizzes[0].sections[0].questions[0].colour: unknown field "colour""#,
        #"$.quizzes[0].sections[0].questions[0].size: unknown field "size""#,
      ])
  }

  @Test func duplicateKeysAreProblems() {
    let json = document(
      question:
        #"{"id": "q", "id": "r", "prompt": "P", "choices": [{"text": "x", "correct": true}, {"text": "y", "correct": false}]}"#
    )
    #expect(problems(json) == [#"$.quizzes[0].sections[0].questions[0].id: duplicate key "id""#])
  }

  @Test func everyProblemIsReportedNotJustTheFirst() {
    let json = """
      {"format": "quiz-bank/2", "quizzes": [
        {"id": "Bad Id", "title": "", "sections": [{"questions": [
          {"id": "q", "prompt": "P", "points": 0, "choices": [{"text": "x", "correct": true, "weight": 2}]},
          {"id": "q", "prompt": "", "choices": "none"}
        ]}]},
        {"id": "ok", "title": "T", "sections": []},
        {"id": "ok", "title": "T", "sections": [{"questions": []}]},
        {"id": "ok", "title": "T", "sections": [{"questions": []}]}
      ]}
      """
    let found = problems(json)
    #expect(
      found == [
        #"$.quizzes[0].id: "Bad Id" is not a valid id (1–100 characters of a-z 0-9 - _ ., starting with a letter or digit)"#,
        "$.quizzes[0].title: must not be empty",
        "$.quizzes[0].sections[0].questions[0].choices[0].weight: weight must be between -1 and 1, found 2",
        "$.quizzes[0].sections[0].questions[0].points: points must be greater than 0, found 0",
        "$.quizzes[0].sections[0].questions[1].prompt: must not be empty",
        "$.quizzes[0].sections[0].questions[1].choices: expected an array, found a string",
        "$.quizzes[1].sections: a quiz needs at least one section",
        #"$.quizzes[3].id: duplicate quiz id "ok" (also $.quizzes[2])"#,
        #"$.format: unsupported format "quiz-bank/2" (expected "quiz-bank/1")"#,
      ])
  }

  @Test func attemptFieldsAreChecked() {
    let json = """
      {"format": "quiz-bank/1", "quizzes": [], "attempts": [
        {"quiz": "z", "taker": "", "started_at": "yesterday", "answers": [{"question": "q", "selected": ["a", "a"]}]},
        {"quiz": "z", "taker": "t", "answers": [{"question": "q", "selected": []}, {"question": "q", "selected": ["b"]}]}
      ]}
      """
    #expect(
      problems(json) == [
        "$.attempts[0].taker: must not be empty",
        #"$.attempts[0].started_at: "yesterday" is not an RFC 3339 date-time (such as 2026-11-29T10:04:12Z)"#,
        "$.attempts[0].answers[0].selected: a choice is selected more than once",
        #"$.attempts[1].answers[1].question: question "q" is answered twice (also answers[0])"#,
      ])
  }

  @Test func syntaxErrorsCarryLineAndColumn() {
    do {
      _ = try QuizBankReader.read(Array("{\n  \"format\": \"quiz-bank/1\",\n  \"quizzes\": [\n".utf8))
      Issue.record("expected a syntax error")
    } catch QuizBankError.syntax(let error) {
      #expect(error.line == 4)
      #expect(error.message == "unexpected end of input inside an array")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func streamingHandsQuizzesOverInOrder() throws {
    var seen: [String] = []
    let bytes = Array(Self.example.utf8)
    try bytes.withUnsafeBufferPointer { buffer in
      try QuizBankReader.stream(buffer) { item in
        switch item {
        case .bank(let bank, let path): seen.append("bank \(bank.id) \(path)")
        case .quiz(let quiz, let path): seen.append("quiz \(quiz.id) \(path)")
        case .attempt(let attempt, let path): seen.append("attempt \(attempt.taker) \(path)")
        case .quizzesComplete: seen.append("quizzes complete")
        case .rejectedQuiz(let id): seen.append("rejected \(id)")
        case .history(let history, let path): seen.append("history \(history.quiz) \(path)")
        }
      }
    }
    #expect(seen == ["quiz rxswift-basics $.quizzes[0]", "quizzes complete", "attempt alice $.attempts[0]"])
  }
}

@Suite struct TimestampTests {
  @Test(arguments: [
    ("2026-11-29T10:04:12Z", 1_795_946_652.0), ("1970-01-01T00:00:00Z", 0),
    ("2026-11-29T11:04:12+01:00", 1_795_946_652),
    ("2024-02-29T00:00:00.5z", 1_709_164_800.5),
  ])
  func parsesRFC3339(_ text: String, _ seconds: Double) throws {
    #expect(try #require(Timestamp(text)).unixSeconds == seconds)
  }

  @Test(arguments: ["2026-11-29", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2026-11-29T10:04:12", "x"])
  func rejectsOthers(_ text: String) {
    #expect(Timestamp(text) == nil)
  }

  @Test func formatsUTC() {
    #expect(Timestamp(unixSeconds: 1_795_946_652).text == "2026-11-29T10:04:12Z")
    #expect(Timestamp(unixSeconds: 0).text == "1970-01-01T00:00:00Z")
    #expect(Timestamp(unixSeconds: 951_782_399.9).text == "2000-02-28T23:59:59Z")
    #expect(Timestamp(unixSeconds: 951_782_400).text == "2000-02-29T00:00:00Z")
    #expect(Timestamp(unixSeconds: -1).text == "1969-12-31T23:59:59Z")
    #expect(Timestamp(unixSeconds: 253_402_300_799).text == "9999-12-31T23:59:59Z")
    // Past the four-digit years, written as they come.
    #expect(Timestamp(unixSeconds: 253_402_300_800).text == "10000-01-01T00:00:00Z")
    #expect(Timestamp(unixSeconds: -62_167_219_200).text == "0000-01-01T00:00:00Z")
  }

  /// Every formatted instant reads back as itself, across four centuries of days and seconds.
  @Test func formattedInstantsReadBack() throws {
    var seconds: Int64 = -2_208_988_800  // 1900-01-01
    while seconds < 10_413_792_000 {  // 2300-01-01
      let text = Timestamp(unixSeconds: Double(seconds)).text
      #expect(try #require(Timestamp(text), "\(text)").unixSeconds == Double(seconds), "\(text)")
      seconds += 86_400 * 13 + 3_727
    }
  }
}
