import Foundation
import Testing

@testable import QuizDomain

@Suite struct StatisticsTests {
  /// A quiz of `points.count` questions (a, b, c; a right), all-or-nothing unless `rule`.
  func quiz(points: [Double], multiple: Bool = false, rule: ScoringRule? = nil) -> Quiz {
    let questions = points.enumerated().map { index, points in
      Question(
        id: "q\(index + 1)", prompt: "Q\(index + 1)?", points: points, multiple: multiple,
        choices: [
          Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: multiple),
          Choice(id: "c", text: "C", correct: false),
        ])
    }
    return Quiz(id: "z", title: "Z", scoring: rule, sections: [Section(questions: questions)])
  }

  func attempts(_ marks: [[Double]], takers: [String]? = nil) -> [RecordedAttempt] {
    marks.enumerated().map { index, row in
      RecordedAttempt(id: "a\(index)", taker: takers?[index] ?? "t\(index)", submittedAt: Double(index), marks: row)
    }
  }

  func close(_ a: Double?, _ b: Double?, _ tolerance: Double = 1e-9) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return abs(a - b) <= tolerance * max(1, abs(b))
    default: return false
    }
  }

  @Test func figuresComputedByHand() throws {
    // Totals 0, 1, 2 over two questions of 1 point: marks (0,0), (1,0), (1,1).
    let report = QuizStatistics.report(quiz: quiz(points: [1, 1]), attempts: attempts([[0, 0], [1, 0], [1, 1]]))
    let test = report.test
    #expect(test.mean == 1)
    #expect(test.median == 1)
    #expect(test.sd == 1)  // variance (1 + 0 + 1) / 2
    #expect(test.skewness == 0)
    #expect(test.kurtosis == nil)  // needs 4 attempts
    // var q1 = 1/3, var q2 = 1/3, k2 = 1: cic = 100·2·(1 − 2/3) = 66.67
    #expect(close(test.cic, 200.0 / 3))
    #expect(close(test.errorRatio, 100 * (1.0 / 3).squareRoot()))
    #expect(close(test.standardError, (1.0 / 3).squareRoot()))
    let first = report.items[0]
    #expect(close(first.facility, 2.0 / 3))
    #expect(close(first.sd, (1.0 / 3).squareRoot()))
    #expect(first.randomGuessScore == 1.0 / 3)
    #expect(first.intendedWeight == 50)
    // q1 = (0,1,1), rest = q2 = (0,0,1): cov = 1/6, var = 1/3 each → 50.
    #expect(close(first.discriminationIndex, 50))
    // Sorted lists are the same here: efficiency 100.
    #expect(close(first.discriminativeEfficiency, 100))
    #expect(close(first.effectiveWeight, 50))
  }

  /// An attempt holding an answer on earlier choices and one on the current ones counts in the
  /// choice table with its current picks: numerator and denominator agree, whatever the order.
  @Test func anAttemptWithAnAnswerOnTheseChoicesCountsInTheTable() {
    for otherFirst in [true, false] {
      var recorded = ReportAttempts(quiz: quiz(points: [1]))
      let both = recorded.beginAttempt(id: "a", taker: "a", submittedAt: 0)
      let other = recorded.outcomeOnOtherChoices(question: 0, mark: 0)
      let current = recorded.outcome(question: 0, mark: 1, picks: [0])
      for code in otherFirst ? [other, current] : [current, other] {
        recorded.answer(attempt: both, question: 0, outcome: code)
      }
      let plain = recorded.beginAttempt(id: "b", taker: "b", submittedAt: 1)
      recorded.answer(attempt: plain, question: 0, outcome: recorded.outcome(question: 0, mark: 1, picks: [0]))
      let onlyOther = recorded.beginAttempt(id: "c", taker: "c", submittedAt: 2)
      recorded.answer(attempt: onlyOther, question: 0, outcome: recorded.outcomeOnOtherChoices(question: 0, mark: 0))
      recorded.finish()
      let item = QuizStatistics.report(recorded).items[0]
      #expect(item.attempts == 3 && item.attemptsOnOtherChoices == 1)
      #expect(item.choices[0].picked == 2 && item.choices[0].pickedFraction == 1, "\(item.choices)")
    }
  }

  @Test func aQuestionEveryoneGotRightHasNoDiscriminationAndNoNaN() throws {
    let report = QuizStatistics.report(quiz: quiz(points: [1, 2]), attempts: attempts([[1, 0], [1, 2], [1, 1]]))
    let easy = report.items[0]
    #expect(easy.facility == 1)
    #expect(easy.sd == 0)
    #expect(easy.discriminationIndex == nil)
    #expect(easy.discriminativeEfficiency == nil)
    #expect(easy.effectiveWeight == 0)
  }

  @Test func everyoneTheSameScoreLeavesTheTestFiguresUndefined() throws {
    let report = QuizStatistics.report(
      quiz: quiz(points: [1, 1]), attempts: attempts([[1, 1], [1, 1], [1, 1], [1, 1]]))
    #expect(report.test.sd == 0)
    #expect(report.test.skewness == nil)
    #expect(report.test.kurtosis == nil)
    #expect(report.test.cic == nil)
    #expect(report.test.errorRatio == nil)
    #expect(report.items.allSatisfy { $0.effectiveWeight == nil && $0.discriminationIndex == nil })
  }

  @Test func oneAndTwoAttempts() throws {
    let one = QuizStatistics.report(quiz: quiz(points: [1, 1]), attempts: attempts([[1, 0]]))
    #expect(one.test.mean == 1 && one.test.median == 1 && one.test.min == 1 && one.test.max == 1)
    #expect(one.test.sd == nil && one.test.cic == nil && one.test.skewness == nil)
    #expect(one.items[0].facility == 1 && one.items[0].sd == nil && one.items[0].discriminationIndex == nil)
    let two = QuizStatistics.report(quiz: quiz(points: [1, 1]), attempts: attempts([[1, 0], [0, 0]]))
    #expect(two.test.median == 0.5)
    #expect(close(two.test.sd, 0.5.squareRoot()))
    #expect(two.test.skewness == nil)
    let none = QuizStatistics.report(quiz: quiz(points: [1]), attempts: [])
    #expect(none.test.attempts == 0 && none.test.mean == nil && none.items[0].facility == nil)
  }

  @Test func attemptSelectionPerTaker() throws {
    let marks: [[Double]] = [[0, 0], [1, 1], [1, 0], [0, 1]]
    let recorded = attempts(marks, takers: ["ann", "ann", "bob", "bob"])
    let twoPoints = quiz(points: [1, 1])
    #expect(AttemptSelection.first.choose(from: recorded, quiz: twoPoints).map(\.id) == ["a0", "a2"])
    #expect(AttemptSelection.last.choose(from: recorded, quiz: twoPoints).map(\.id) == ["a1", "a3"])
    // bob's two attempts tie: the earlier one counts.
    #expect(AttemptSelection.best.choose(from: recorded, quiz: twoPoints).map(\.id) == ["a1", "a2"])
    #expect(AttemptSelection.all.choose(from: recorded, quiz: twoPoints).count == 4)
  }

  /// With pools each attempt has its own maximum: the best attempt is the best grade (1 of 1),
  /// not the most points (2 of 4), as Moodle's highest grade.
  @Test func bestIsTheHighestGradeNotTheMostPoints() throws {
    let one = Question(
      id: "q1", prompt: "Q1?", points: 1, multiple: false,
      choices: [Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: false)])
    var four = one
    four.id = "q2"
    four.points = 4
    let pooled = Quiz(id: "p", title: "P", sections: [Section(pick: 1, questions: [one, four])])
    let attempts = [
      RecordedAttempt(id: "full", taker: "ann", submittedAt: 0, marks: [1, 0], given: [true, false]),
      RecordedAttempt(id: "half", taker: "ann", submittedAt: 1, marks: [0, 2], given: [false, true]),
    ]
    #expect(AttemptSelection.best.choose(from: attempts, quiz: pooled).map(\.id) == ["full"])
    let report = QuizStatistics.report(quiz: pooled, attempts: attempts, selection: .best)
    #expect(report.test.attempts == 1 && report.percents == [100])
  }

  @Test func picksAreCountedPerChoice() throws {
    var recorded = attempts([[1, 0], [0, 0]])
    recorded[0].picks = [ChoicePick(question: 0, choice: 0), ChoicePick(question: 1, choice: 2)]
    recorded[1].picks = [ChoicePick(question: 0, choice: 0), ChoicePick(question: 0, choice: 1)]
    let report = QuizStatistics.report(quiz: quiz(points: [1, 1], multiple: true), attempts: recorded)
    #expect(report.items[0].choices.map(\.picked) == [2, 1, 0])
    #expect(report.items[0].choices.map(\.pickedFraction) == [1, 0.5, 0])
    #expect(report.items[1].choices.map(\.picked) == [0, 0, 1])
  }

  @Test func randomGuessScoreFollowsTheRule() throws {
    // per-choice on a single-answer question: picking a wrong choice alone earns (W − 1)/(C + W).
    let report = QuizStatistics.report(quiz: quiz(points: [1], rule: .perChoice), attempts: [])
    #expect(close(report.items[0].randomGuessScore, (1 + 1.0 / 3 + 1.0 / 3) / 3))
    let multiple = QuizStatistics.report(quiz: quiz(points: [1], multiple: true), attempts: [])
    #expect(multiple.items[0].randomGuessScore == nil)
  }

  @Test func partialMarksAgreeWithAnIndependentReference() throws {
    // 25 attempts, 6 questions of 1–3 points, marks in steps of a quarter, with ties.
    let points: [Double] = [1, 2, 1, 3, 1, 2]
    var generator = 12345 as UInt64
    func next() -> UInt64 {
      generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return generator >> 33
    }
    let marks = (0..<25).map { _ in points.map { Double(next() % 5) / 4 * $0 } }
    let report = QuizStatistics.report(quiz: quiz(points: points, multiple: true), attempts: attempts(marks))
    let input = try JSONSerialization.data(withJSONObject: ["marks": marks, "max": points])
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Reference/moodle_stats.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let reference = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    func value(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }
    let test = report.test
    for (name, mine) in [
      ("mean", test.mean), ("median", test.median), ("sd", test.sd), ("min", test.min), ("max", test.max),
      ("skewness", test.skewness), ("kurtosis", test.kurtosis), ("cic", test.cic), ("error_ratio", test.errorRatio),
      ("standard_error", test.standardError),
    ] {
      #expect(mine != nil, "\(name)")
      #expect(
        close(mine, value(reference[name])),
        "\(name): \(String(describing: mine)) vs \(String(describing: reference[name]))")
    }
    let items = try #require(reference["items"] as? [[String: Any]])
    for (item, expected) in zip(report.items, items) {
      for (name, mine) in [
        ("facility", item.facility), ("sd", item.sd), ("intended_weight", item.intendedWeight),
        ("effective_weight", item.effectiveWeight), ("discrimination_index", item.discriminationIndex),
        ("discriminative_efficiency", item.discriminativeEfficiency),
      ] {
        #expect(close(mine, value(expected[name])), "\(item.question) \(name)")
      }
    }
  }
}
