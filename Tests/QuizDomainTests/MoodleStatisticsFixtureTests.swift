// Moodle's own quiz statistics test, quiz 00, transcribed (data and expected figures only) from moodle/moodle:
// - mod/quiz/report/statistics/tests/stats_from_steps_walkthrough_test.php at d23c0e0f1e0b1d37f9329b30969d97a109579f26
//   (as at 038014c415f04583e3abf000533e9c2ffaf86441): check_quiz_stats_for_quiz_00 (delta |expected|·1.5e-5),
//   check_variants_count_for_quiz_00, assert_stat_equals (delta |expected|·1e-5 for effective weight, discrimination
//   index and efficiency, ·1e-6 for the rest; **NULL** is null). All attempts (QUIZ_GRADEAVERAGE), one per taker.
// - …/statistics/tests/fixtures/results00.csv at c0dfd035c4b0f6c563a55b5fcc0b4f49fd67712b (the marks), steps00.csv at
//   29765e6e3b9e210de89a0a03d4929ef2a5a0ef7a (randqs.1: what slot 1 drew; variants.2), qstats00.csv: slot rows at
//   c0dfd035…, the subquestion and variant rows (with s, maxmark) in the newer file, read in the copy
//   eduardcloud/aws-ebs-moodle at 7d88c511b5249005f41a447757fcd2481051feb8.
// - questions00.csv (read at mod/quiz/tests/fixtures/, cf29c007d2535bb90d623d0fad76ee8075ced722): slot 1 random
//   (shortanswer or numerical), 2 calculatedsimple with variants, 3 match, 4 truefalse, 5 multichoice two of four,
//   6 multichoice one of four, 7 multianswer; each max mark 1 (as qstats00's maxmark), totals are sums of marks.
// Each slot here is a 1-point choice question standing in for Moodle's kind, so the random guess score (a figure of the
// kind, not in the fixture) is left out, as is the intended weight (not asserted by Moodle); qstats00's covariance,
// markvariance, othermarkvariance and covariancemax are intermediate sums our report does not expose.
import Foundation
import Testing

@testable import QuizDomain

@Suite struct MoodleStatisticsFixtureTests {
  /// results00.csv: each attempt's mark on slots 1–7 (0.3333333 as Moodle stores a fraction, to 7 places).
  static let marks: [[Double]] = [
    [1, 1, 1, 1, 1, 0, 1], [1, 1, 1, 1, 0.5, 1, 0], [1, 1, 1, 1, 0.5, 0, 1], [0, 0, 1, 1, 1, 0, 0],
    [1, 0, 1, 0, 0, 1, 0.5], [1, 1, 1, 1, 0.5, 0, 0.5], [0, 1, 1, 1, 0.5, 1, 0.5], [1, 1, 1, 0, 0.5, 1, 0.5],
    [1, 0, 1, 1, 1, 1, 1], [0, 1, 1, 0, 0.5, 1, 0.5], [0.8, 0, 1, 1, 0.5, 1, 0.5], [1, 1, 1, 0, 0.5, 1, 1],
    [1, 0, 1, 1, 0.5, 1, 0.5], [1, 0, 1, 1, 1, 0, 0.5], [0, 0, 1, 1, 0, 1, 1], [1, 0, 1, 0, 0.5, 1, 1],
    [0.8, 0, 1, 1, 0.5, 0, 1], [1, 0, 1, 1, 0, 1, 0.5], [1, 0, 1, 1, 0.5, 0, 0.5], [0, 1, 1, 0, 0.5, 1, 0],
    [1, 1, 0.3333333, 1, 0.5, 0, 0.5], [1, 1, 1, 0, 0.5, 0, 0.5], [1, 1, 1, 1, 0, 1, 0.5], [0, 0, 1, 0, 0.5, 1, 1],
    [0, 0, 1, 1, 1, 1, 1],
  ]
  /// steps00.csv: the attempts (1-based) whose random slot 1 drew the numerical question; the others drew shortanswer.
  static let numerical: Set<Int> = [1, 3, 5, 6, 7, 8, 10, 13, 15, 19, 24, 25]
  /// steps00.csv: the variant of slot 2 each attempt got, and the variants in the order of our pool.
  static let variants = [1, 1, 6, 6, 4, 1, 7, 4, 1, 5, 6, 8, 8, 1, 7, 10, 4, 6, 8, 4, 8, 5, 5, 1, 8]
  static let variantNumbers = [1, 4, 5, 6, 7, 8, 10]

  func question(_ id: String) -> Question {
    Question(
      id: id, prompt: "\(id)?", points: 1, multiple: false,
      choices: [Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: false)])
  }

  func near(_ actual: Double?, _ expected: Double, _ relative: Double) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) <= abs(expected) * relative
  }

  /// Moodle's assert_stat_equals: facility and sd within |expected|·1e-6, the others within |expected|·1e-5.
  func expect(
    _ item: ItemStatistics, _ name: String, facility: Double, sd: Double, di: Double, de: Double, ew: Double? = nil
  ) {
    var checks: [(stat: String, ours: Double?, moodle: Double, delta: Double)] = [
      ("facility", item.facility, facility, 1e-6), ("sd", item.sd, sd, 1e-6),
      ("discrimination index", item.discriminationIndex, di, 1e-5),
      ("discriminative efficiency", item.discriminativeEfficiency, de, 1e-5),
    ]
    if let ew { checks.append(("effective weight", item.effectiveWeight, ew, 1e-5)) }
    for check in checks {
      #expect(
        near(check.ours, check.moodle, check.delta),
        "\(name) \(check.stat): ours \(String(describing: check.ours)), Moodle \(check.moodle)")
    }
  }

  /// The seven slots as seven questions, every attempt given all: Moodle's slot figures.
  func slotReport(selection: AttemptSelection = .all) -> QuizReport {
    let quiz = Quiz(
      id: "moodle00", title: "Moodle 00", sections: [Section(questions: (1...7).map { question("s\($0)") })])
    let attempts = Self.marks.enumerated().map { index, row in
      RecordedAttempt(id: "a\(index + 1)", taker: "t\(index + 1)", submittedAt: Double(index), marks: row)
    }
    return QuizStatistics.report(quiz: quiz, attempts: attempts, selection: selection)
  }

  /// Slot 1 as a pool drawing 1 of (shortanswer, numerical), as our quizzes hold Moodle's random question; slots 2–7 as
  /// they are. Items: 0 shortanswer, 1 numerical, 2–7 slots 2–7. (Slot 2's variants have no counterpart here: a
  /// variant is not a question of ours.)
  func pooledReport() -> QuizReport {
    let quiz = Quiz(
      id: "moodle00", title: "Moodle 00",
      sections: [
        Section(pick: 1, questions: [question("shortanswer"), question("numerical")]),
        Section(questions: (2...7).map { question("s\($0)") }),
      ])
    let attempts = Self.marks.enumerated().map { index, row -> RecordedAttempt in
      let drewNumerical = Self.numerical.contains(index + 1)
      let marks = (drewNumerical ? [0, row[0]] : [row[0], 0]) + Array(row[1...])
      let given = [!drewNumerical, drewNumerical] + [Bool](repeating: true, count: 6)
      return RecordedAttempt(
        id: "a\(index + 1)", taker: "t\(index + 1)", submittedAt: Double(index), marks: marks, given: given)
    }
    return QuizStatistics.report(quiz: quiz, attempts: attempts)
  }

  @Test func quizFiguresOfQuiz00() throws {
    let test = slotReport().test
    for (name, mine, moodle) in [
      ("median", test.median, 4.5), ("mean", test.mean, 4.617333332), ("sd", test.sd, 0.8117265554),
      ("skewness", test.skewness, -0.092502502), ("kurtosis", test.kurtosis, -0.7073968557),
      ("cic", test.cic, -87.2230935542), ("errorRatio", test.errorRatio, 136.8294900795),
      ("standardError", test.standardError, 1.1106813066),
    ] {
      #expect(near(mine, moodle, 1.5e-5), "\(name): ours \(String(describing: mine)), Moodle \(moodle)")
    }
    // firstattemptscount and firstattemptsavg: the same 25 attempts, one per taker.
    let first = slotReport(selection: .first).test
    #expect(test.attempts == 25 && first.attempts == 25 && near(first.mean, 4.617333332, 1.5e-5))
  }

  /// qstats00.csv, slot rows (s 25, maxmark 1): facility, sd, effective weight, discrimination index and efficiency.
  static let slotRows: [(facility: Double, sd: Double, ew: Double, di: Double, de: Double)] = [
    (0.704, 0.4513682901, 21.2922742344, -7.0650767526, -9.4550536967),
    (0.48, 0.5099019514, 18.8979800309, -28.8982125772, -36.7834118938),
    (0.973333332, 0.13333334, 4.443012573, -9.1230674268, -21.6545012165),
    (0.68, 0.4760952286, 18.9347251357, -22.6306444113, -31.4411395613),
    (0.52, 0.3055050463, 11.1450138688, -17.6997047674, -21.1794802584),
    (0.64, 0.4898979486, 9.8081339177, -45.3785178421, -56.9365974439),
    (0.62, 0.331662479, 15.4788602394, -5.6543166602, -6.5043742058),
  ]

  @Test func slotFiguresOfQuiz00() throws {
    let items = slotReport().items
    try #require(items.count == 7)
    for (slot, (item, row)) in zip(items, Self.slotRows).enumerated() {
      let name = "slot \(slot + 1)"
      #expect(item.attempts == 25 && item.maxMark == 1, "\(name)")
      expect(item, name, facility: row.facility, sd: row.sd, di: row.di, de: row.de, ew: row.ew)
    }
  }

  /// qstats00.csv row `1,numerical,,12,0.583333333,0.514928651,**NULL**,,,,35.803933,,39.39393939,1`: a question a
  /// random slot drew is measured against the whole sum of marks, its own mark included (Moodle's calculator,
  /// secondary_steps_walker for a subquestion), and has no effective weight. The slots beside the pool keep their rows,
  /// effective weights too: the pool counts once in their denominator, as Moodle's random slot does.
  @Test func questionDrawnByTheRandomSlot() throws {
    let items = pooledReport().items
    try #require(items.count == 8)
    let item = items[1]
    #expect(item.question == "numerical" && item.attempts == 12 && item.maxMark == 1)
    expect(item, "numerical", facility: 0.583333333, sd: 0.514928651, di: 35.803933, de: 39.39393939)
    #expect(item.effectiveWeight == nil, "Moodle: null for a drawn question, ours \(item.effectiveWeight ?? .nan)")
    for (slot, (item, row)) in zip(items[2...], Self.slotRows[1...]).enumerated() {
      let name = "slot \(slot + 2) beside the pool"
      #expect(item.attempts == 25, "\(name)")
      expect(item, name, facility: row.facility, sd: row.sd, di: row.di, de: row.de, ew: row.ew)
    }
  }
}
