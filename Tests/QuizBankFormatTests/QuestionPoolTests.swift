import QuizBankFormat
import Testing

@testable import QuizDomain

@Suite struct QuestionPoolTests {
  /// Three sections: s1 picks 2 of 5, s2 picks 1 of 3, s3 gives both of its 2 questions.
  static func pooledQuiz(shuffle: Bool? = nil) -> Quiz {
    func questions(_ prefix: String, _ count: Int, points: Double = 1) -> [Question] {
      (1...count).map { index in
        Question(
          id: "\(prefix)-\(index)", prompt: "\(prefix) \(index)?", points: points,
          choices: [Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: false)])
      }
    }
    return Quiz(
      id: "pools", title: "Pools", shuffleQuestions: shuffle,
      sections: [
        Section(title: "One", pick: 2, questions: questions("s1", 5)),
        Section(title: "Two", pick: 1, questions: questions("s2", 3, points: 2)),
        Section(title: "Three", questions: questions("s3", 2)),
      ])
  }

  // MARK: - Drawing

  @Test func eachAttemptGetsPickQuestionsPerSectionInQuizOrder() {
    let quiz = Self.pooledQuiz()
    var draws = Set<[String]>()
    for seed in UInt64(0)..<200 {
      let ids = QuestionDraw.questions(of: quiz, seed: seed).map(\.id)
      #expect(ids.count == 5)
      #expect(ids.filter { $0.hasPrefix("s1-") }.count == 2)
      #expect(ids.filter { $0.hasPrefix("s2-") }.count == 1)
      #expect(ids.suffix(2) == ["s3-1", "s3-2"])
      // Without shuffle_questions the drawn questions keep the quiz's order.
      let order = quiz.questions.map(\.id)
      #expect(ids == ids.sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! })
      #expect(QuestionDraw.problems(given: ids, quiz: quiz, path: "$").isEmpty)
      draws.insert(ids)
    }
    // 10 × 3 possible draws: 200 seeds see most of them.
    #expect(draws.count > 20)
  }

  @Test func theSameSeedGivesTheSameDraw() {
    let quiz = Self.pooledQuiz(shuffle: true)
    for seed: UInt64 in [0, 1, 42, .max] {
      #expect(QuestionDraw.questions(of: quiz, seed: seed) == QuestionDraw.questions(of: quiz, seed: seed))
    }
    #expect(QuestionDraw.questions(of: quiz, seed: 1) != QuestionDraw.questions(of: quiz, seed: 2))
  }

  @Test func shuffleQuestionsReordersWithinEachSection() {
    let quiz = Self.pooledQuiz(shuffle: true)
    var lastSection = Set<[String]>()
    for seed in UInt64(0)..<50 {
      let ids = QuestionDraw.questions(of: quiz, seed: seed).map(\.id)
      // Sections stay in order; only the questions within each move.
      #expect(ids.map { $0.prefix(2) } == ["s1", "s1", "s2", "s3", "s3"])
      lastSection.insert(Array(ids.suffix(2)))
    }
    #expect(lastSection == [["s3-1", "s3-2"], ["s3-2", "s3-1"]])
  }

  @Test func aQuizWithoutPoolsGivesEveryQuestion() {
    var quiz = Self.pooledQuiz()
    for index in quiz.sections.indices { quiz.sections[index].pick = nil }
    #expect(!quiz.variesPerAttempt)
    #expect(QuestionDraw.questions(of: quiz, seed: 9) == quiz.questions)
    #expect(QuestionDraw.problems(given: nil, quiz: quiz, path: "$").isEmpty)
  }

  @Test func aSectionSmallerThanItsPickGivesAllItHas() {
    var quiz = Self.pooledQuiz()
    quiz.sections[1].pick = 7
    #expect(quiz.sections[1].drawCount == 3)
    #expect(QuestionDraw.questions(of: quiz, seed: 3).filter { $0.id.hasPrefix("s2-") }.count == 3)
  }

  // MARK: - What an attempt was given

  @Test func theGivenListIsChecked() {
    let quiz = Self.pooledQuiz()
    func messages(_ given: [String]?) -> [String] {
      QuestionDraw.problems(given: given, quiz: quiz, path: "$").map { "\($0.path): \($0.message)" }
    }
    #expect(
      messages(nil) == [
        "$: quiz \"pools\" draws questions per attempt (section 1 picks 2 of 5): the attempt must say which it was "
          + "given (\"given\")"
      ])
    #expect(
      messages(["s1-1", "s1-9", "s2-1", "s3-1", "s3-2"]).first?.hasPrefix("$.given[1]: unknown question \"s1-9\"")
        == true)
    #expect(
      messages(["s1-1", "s1-1", "s2-1", "s3-1", "s3-2"]) == [
        "$.given[1]: question \"s1-1\" is given twice (also given[0])"
      ])
    #expect(
      messages(["s1-1", "s2-1", "s2-2", "s3-1", "s3-2"]) == [
        "$.given: section 1 (\"One\") gives 2 questions per attempt, the list has 1",
        "$.given: section 2 (\"Two\") gives 1 question per attempt, the list has 2",
      ])
  }

  @Test func anAnswerToAQuestionNotGivenIsAProblemAndTheMaximumCountsOnlyTheGiven() {
    let quiz = Self.pooledQuiz()
    let given = ["s1-2", "s1-4", "s2-3", "s3-1", "s3-2"]
    let wrong = Attempt(
      quiz: "pools", taker: "t", given: given, answers: [Answer(question: "s1-1", selected: ["a"])])
    #expect(
      QuizBankValidator.attemptProblems(wrong, quiz: quiz, path: "$").map(\.message) == [
        "question \"s1-1\" was not given in this attempt"
      ])
    let right = Attempt(
      quiz: "pools", taker: "t", given: given,
      answers: [Answer(question: "s1-4", selected: ["a"]), Answer(question: "s2-3", selected: ["a"])])
    #expect(QuizBankValidator.attemptProblems(right, quiz: quiz, path: "$").isEmpty)
    let scored = Scoring.score(right, in: quiz)
    #expect(scored.score == 3)
    // 1 + 1 (section one) + 2 (section two) + 1 + 1 (section three), not the quiz's 13.
    #expect(scored.maxScore == 6)
    #expect(quiz.maxScore == 13)
  }

  // MARK: - quiz-bank/1

  @Test func pickShuffleQuestionsAndGivenRoundTrip() throws {
    let quiz = Self.pooledQuiz(shuffle: true)
    let attempt = Attempt(
      id: "x1", quiz: "pools", taker: "t", given: ["s1-5", "s1-1", "s2-2", "s3-2", "s3-1"],
      answers: [Answer(question: "s1-5", selected: ["b"])])
    let bytes = QuizBankWriter.write(quizzes: [quiz], attempts: [attempt])
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\"shuffle_questions\": true,\n      \"sections\""))
    #expect(text.contains("\"title\": \"One\",\n          \"pick\": 2,\n          \"questions\""))
    #expect(text.contains("\"given\": [\n        \"s1-5\",\n        \"s1-1\""))
    let document = try QuizBankReader.read(bytes)
    #expect(document.quizzes == [quiz])
    #expect(document.attempts == [attempt])
    #expect(QuizBankWriter.write(quizzes: document.quizzes, attempts: document.attempts) == bytes)
  }

  @Test func aBadPickIsAnErrorAtItsPath() {
    let text = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "z", "title": "Z", "sections": [
        {"pick": 0, "questions": [{"id": "q", "prompt": "Q?", "choices": [
          {"id": "a", "text": "A", "correct": true}, {"id": "b", "text": "B", "correct": false}]}]},
        {"pick": 1.5, "questions": []}]}]}
      """
    #expect(throws: QuizBankError.self) { try QuizBankReader.read(Array(text.utf8)) }
    do {
      _ = try QuizBankReader.read(Array(text.utf8))
    } catch let error as QuizBankError {
      let described = "\(error)"
      #expect(described.contains("$.quizzes[0].sections[0].pick"), "\(described)")
      #expect(described.contains("expected a whole number of at least 1, found 0"), "\(described)")
      #expect(described.contains("$.quizzes[0].sections[1].pick"), "\(described)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  // MARK: - Statistics

  @Test func eachQuestionsFiguresCountOnlyTheAttemptsGivenIt() throws {
    // Two questions of 1 point; three attempts were given q1, three were given q2, one both.
    let question = { (id: String) in
      Question(
        id: id, prompt: "\(id)?",
        choices: [Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: false)])
    }
    let quiz = Quiz(id: "z", title: "Z", sections: [Section(pick: 1, questions: [question("q1"), question("q2")])])
    let attempts = [
      RecordedAttempt(id: "1", taker: "a", submittedAt: 1, marks: [1, 0], given: [true, false]),
      RecordedAttempt(id: "2", taker: "b", submittedAt: 2, marks: [0, 0], given: [true, false]),
      RecordedAttempt(id: "3", taker: "c", submittedAt: 3, marks: [1, 0], given: [true, false]),
      RecordedAttempt(id: "4", taker: "d", submittedAt: 4, marks: [0, 1], given: [false, true]),
      RecordedAttempt(id: "5", taker: "e", submittedAt: 5, marks: [0, 1], given: [false, true]),
    ]
    let report = QuizStatistics.report(quiz: quiz, attempts: attempts)
    #expect(report.items.map(\.attempts) == [3, 2])
    // q1 over attempts 1–3: marks 1, 0, 1 → facility 2/3; q2 over 4–5: 1, 1 → 1.
    #expect(report.items[0].facility.map { abs($0 - 2.0 / 3) < 1e-12 } == true)
    #expect(report.items[1].facility == 1)
    // sd of q1's marks (1, 0, 1): sample variance 1/3.
    #expect(report.items[0].sd.map { abs($0 - (1.0 / 3).squareRoot()) < 1e-12 } == true)
    #expect(report.test.maxScore == 1)
    #expect(report.test.cic == nil)
    #expect(report.percents == [100, 0, 100, 100, 100])
  }
}
