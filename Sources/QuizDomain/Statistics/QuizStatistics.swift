/// The figures of Moodle's quiz statistics report, over a set of attempts.
public struct TestStatistics: Equatable, Sendable {
  public var attempts: Int
  /// The most a attempt can score: the sum of the questions' points.
  public var maxScore: Double
  public var mean: Double?
  public var median: Double?
  public var sd: Double?
  public var min: Double?
  public var max: Double?
  public var skewness: Double?
  public var kurtosis: Double?
  /// Coefficient of internal consistency, in percent.
  public var cic: Double?
  public var errorRatio: Double?
  public var standardError: Double?
  /// The mean, median, standard deviation, minimum and maximum in percent. Of each attempt's
  /// own percent when attempts draw questions (their maximums differ); else the points figures
  /// over `maxScore`, which are the same thing.
  public var percent = PercentFigures()
}

/// Test figures in percent of the maximum.
public struct PercentFigures: Equatable, Sendable {
  public var mean: Double?
  public var median: Double?
  public var sd: Double?
  public var min: Double?
  public var max: Double?
  public var standardError: Double?

  public init(
    mean: Double? = nil, median: Double? = nil, sd: Double? = nil, min: Double? = nil, max: Double? = nil,
    standardError: Double? = nil
  ) {
    (self.mean, self.median, self.sd, self.min, self.max, self.standardError) = (
      mean, median, sd, min, max, standardError
    )
  }

  /// The figures of a set of percents.
  static func of(_ percents: [Double]) -> PercentFigures {
    PercentFigures(
      mean: Moments.mean(percents), median: Moments.median(percents), sd: Moments.variance(percents)?.squareRoot(),
      min: percents.min(), max: percents.max())
  }

  /// The points figures of `test` as percents of its maximum.
  static func of(_ test: TestStatistics) -> PercentFigures {
    func percent(_ value: Double?) -> Double? { test.maxScore > 0 ? value.map { 100 * $0 / test.maxScore } : nil }
    return PercentFigures(
      mean: percent(test.mean), median: percent(test.median), sd: percent(test.sd), min: percent(test.min),
      max: percent(test.max), standardError: percent(test.standardError))
  }
}

/// The figures of one question.
public struct ItemStatistics: Equatable, Sendable {
  public var question: String
  public var prompt: String
  public var maxMark: Double
  /// How many of the counted attempts were given the question.
  public var attempts: Int
  public var facility: Double?
  public var sd: Double?
  public var randomGuessScore: Double?
  public var intendedWeight: Double?
  public var effectiveWeight: Double?
  public var discriminationIndex: Double?
  public var discriminativeEfficiency: Double?
  /// How the prompt and the choices' texts are written.
  public var textFormat: TextFormat = .plain
  /// The files the texts embed.
  public var files: [QuestionFile] = []
  public var choices: [ChoiceStatistics]
  /// Answers to earlier versions whose choices were not the current ones: counted in the
  /// figures above, left out of `choices` (their picks and their fractions' denominator).
  public var attemptsOnOtherChoices = 0
  public var kind: QuestionKind = .choice
  /// Short answer, numerical and matching: what the responses matched.
  public var responses: ResponseAnalysis?
  /// Cloze: each gap's analysis, in gap order.
  public var gaps: [GapAnalysis]?
  /// Essays: responses that wait for a mark (counted as 0 here).
  public var unmarked = 0
}

/// How often a choice was picked: distractor analysis.
public struct ChoiceStatistics: Equatable, Sendable {
  public var id: String
  public var text: String
  public var correct: Bool
  public var picked: Int
  public var pickedFraction: Double?
}

/// A quiz's report: the test figures, the items in quiz order, and each counted attempt's
/// percent (for the histogram).
public struct QuizReport: Equatable, Sendable {
  public var quiz: String
  public var title: String
  public var selection: AttemptSelection
  public var test: TestStatistics
  public var items: [ItemStatistics]
  public var percents: [Double]
}

/// Computes the quiz statistics that Moodle's report shows, with the same definitions.
///
/// With s attempts, totals t, and for each question i its marks x_i (0 when unanswered) over
/// the attempts that were given it:
/// the test's mean, median, sd, min and max of t; skewness k3/k2^1.5 and kurtosis k4/k2² from
/// the k-statistics; cic = 100·p/(p−1)·(1 − Σ var(x_i)/k2); error ratio 100·√(1 − cic/100);
/// standard error error_ratio·sd/100 (cic only when every attempt was given every question). Per question: facility mean(x)/max, sd(x)/max, random
/// guess score, intended and effective weights, discrimination index 100·cov(x, o)/√(var x·var o)
/// with o = t − x, and discriminative efficiency 100·cov(x, o)/cov_max(x, o).
public enum QuizStatistics {
  public static func report(quiz: Quiz, attempts all: [RecordedAttempt], selection: AttemptSelection = .all)
    -> QuizReport
  {
    report(ReportAttempts(quiz: quiz, attempts: all), selection: selection)
  }

  /// The report over the attempts of `recorded` that `selection` counts.
  public static func report(_ recorded: ReportAttempts, selection: AttemptSelection = .all) -> QuizReport {
    let quiz = recorded.quiz
    let questions = quiz.questions
    let chosen = selection.chosen(in: recorded)
    let totals = chosen.map { recorded.totals[$0] }
    let (picked, otherChoices) = pickCounts(recorded, chosen: chosen)
    let maxScore = nominalMaxScore(quiz)
    // Each question counts only the attempts that were given it, as Moodle does for random
    // questions; one question at a time, so only its own marks are held.
    let drawn = drawnQuestions(quiz)
    let moments = questions.indices.map {
      ItemMoments(recorded, chosen: chosen, totals: totals, question: $0, drawn: drawn[$0])
    }
    let scored = questions.indices.filter { questions[$0].kind.isScored }
    // The coefficient of internal consistency needs every attempt to answer the same items.
    let sameItems = scored.allSatisfy { moments[$0].given == chosen.count }
    let test = testStatistics(
      totals: totals, itemVariances: sameItems ? scored.map { moments[$0].variance } : [], maxScore: maxScore)
    let sqrtSum = effectiveWeightDenominator(recorded, chosen: chosen, totals: totals, moments: moments, drawn: drawn)
    let shares = drawShares(quiz)
    // A description is not an item: it is worth nothing and nobody answers it.
    let items = questions.indices.filter { questions[$0].kind.isScored }.map { index in
      var item = item(
        questions[index], moments[index], picked: picked[index], otherChoices: otherChoices[index],
        rule: quiz.scoringRule(for: questions[index]), maxScore: maxScore, sqrtSum: sqrtSum,
        drawShare: shares[index])
      item.kind = questions[index].kind
      // Moodle gives an effective weight to a position of the quiz only, none to a question a
      // random slot drew.
      if drawn[index] { item.effectiveWeight = nil }
      let (counts, unmarked) = responseCounts(recorded, chosen: chosen, question: index)
      item.responses = ResponseAnalysis.of(questions[index], counts: counts)
      item.gaps = ResponseAnalysis.gaps(of: questions[index], counts: counts)
      item.unmarked = unmarked
      return item
    }
    let percents = zip(chosen, totals).compactMap { attempt, total -> Double? in
      let max = recorded.maximum(of: attempt)
      return max > 0 ? 100 * total / max : nil
    }
    var figures = test
    // With pools each attempt has its own maximum: percents against the mean maximum made two
    // attempts at 100 % read as 50 % and 150 %.
    figures.percent = quiz.drawsQuestions ? .of(percents) : .of(test)
    return QuizReport(
      quiz: quiz.id, title: quiz.title, selection: selection, test: figures, items: items, percents: percents)
  }

  /// How often each choice of each question was picked in the chosen attempts, and per question
  /// how many of them answered an earlier version with other choices (picks not counted).
  static func pickCounts(_ recorded: ReportAttempts, chosen: [Int]) -> (picked: [[Int]], otherChoices: [Int]) {
    var picked = recorded.quiz.questions.map { [Int](repeating: 0, count: $0.choices.count) }
    var otherChoices = [Int](repeating: 0, count: recorded.questionCount)
    for attempt in chosen {
      for question in 0..<recorded.questionCount {
        for choice in recorded.picks(attempt: attempt, question: question) { picked[question][Int(choice)] += 1 }
        if recorded.answeredOtherChoices(attempt: attempt, question: question)
          && recorded.wasGiven(attempt: attempt, question: question)
        {
          otherChoices[question] += 1
        }
      }
    }
    return (picked, otherChoices)
  }

  /// Each distinct response to question `question` in the chosen attempts with its count, in
  /// first-seen order, and how many were essays waiting for a mark.
  static func responseCounts(_ recorded: ReportAttempts, chosen: [Int], question: Int) -> ([(Response, Int)], Int) {
    let table = recorded.responses[question]
    guard !table.isEmpty else { return ([], 0) }
    var counts = [Int](repeating: 0, count: table.count)
    var unmarked = 0
    for attempt in chosen where recorded.wasGiven(attempt: attempt, question: question) {
      let index = recorded.responseIndex(attempt: attempt, question: question)
      if index >= 0 { counts[Int(index)] += 1 }
      if recorded.isUnmarked(attempt: attempt, question: question) { unmarked += 1 }
    }
    return (zip(table, counts).filter { $0.1 > 0 }, unmarked)
  }

  /// One question's figures, from its moments and pick counts.
  static func item(
    _ question: Question, _ moments: ItemMoments, picked: [Int], otherChoices: Int = 0, rule: ScoringRule,
    maxScore: Double, sqrtSum: Double, drawShare: Double = 1
  ) -> ItemStatistics {
    let given = moments.given
    // A choice's fraction is of the answers that had these choices to pick from.
    let onTheseChoices = given - otherChoices
    var item = ItemStatistics(
      question: question.id, prompt: question.prompt, maxMark: question.points, attempts: given,
      facility: Moments.ratio(moments.mean, question.points),
      sd: Moments.ratio(moments.variance?.squareRoot(), question.points),
      randomGuessScore: randomGuessScore(question, rule: rule),
      intendedWeight: Moments.ratio(100 * question.points * drawShare, maxScore),
      effectiveWeight: moments.covarianceWithTotal.flatMap { cov in
        cov >= 0 && sqrtSum > 0 ? 100 * cov.squareRoot() / sqrtSum : nil
      },
      discriminationIndex: moments.discriminationIndex, discriminativeEfficiency: moments.discriminativeEfficiency,
      textFormat: question.textFormat, files: question.files,
      choices: question.choices.enumerated().map { position, choice in
        ChoiceStatistics(
          id: choice.id, text: choice.text, correct: choice.correct, picked: picked[position],
          pickedFraction: onTheseChoices > 0 ? Double(picked[position]) / Double(onTheseChoices) : nil)
      })
    item.attemptsOnOtherChoices = otherChoices
    return item
  }

  /// The most an attempt can score: with pools, what a draw scores at most on average (each
  /// section's draw count times its mean points), which is every draw's maximum when the
  /// questions of a section carry equal points.
  static func nominalMaxScore(_ quiz: Quiz) -> Double {
    guard quiz.drawsQuestions else { return quiz.maxScore }
    return quiz.sections.reduce(0) { sum, section in
      guard !section.questions.isEmpty else { return sum }
      let mean = section.questions.reduce(0) { $0 + $1.points } / Double(section.questions.count)
      return sum + Double(section.drawCount) * mean
    }
  }

  /// Σ√cov(position's marks, total) over the quiz's positions, as Moodle sums it over its slots
  /// (a negative covariance adds nothing): each question every attempt is given is a position;
  /// a section drawing n of its questions holds n positions, taken as alike: √(n·cov(the
  /// section's marks, total)), which is Moodle's random slot for n = 1.
  static func effectiveWeightDenominator(
    _ recorded: ReportAttempts, chosen: [Int], totals: [Double], moments: [ItemMoments], drawn: [Bool]
  ) -> Double {
    var sum = 0.0
    for (index, item) in moments.enumerated() where !drawn[index] {
      if let cov = item.covarianceWithTotal, cov >= 0 { sum += cov.squareRoot() }
    }
    var first = 0
    for section in recorded.quiz.sections {
      let questions = first..<(first + section.questions.count)
      first = questions.upperBound
      guard section.drawsSome else { continue }
      let marks = chosen.map { attempt in questions.reduce(0.0) { $0 + recorded.mark(attempt: attempt, question: $1) } }
      if let cov = Moments.covariance(marks, totals), cov >= 0 { sum += (Double(section.drawCount) * cov).squareRoot() }
    }
    return sum
  }

  /// Per question in quiz order, whether its section draws fewer than all its questions.
  static func drawnQuestions(_ quiz: Quiz) -> [Bool] {
    quiz.sections.flatMap { section in
      [Bool](repeating: section.drawsSome, count: section.questions.count)
    }
  }

  /// Each question's share of its section's draws (a section picking 2 of 4 gives each ½), in
  /// quiz order: a question weighs in as often as it is drawn, so intended weights add to 100 %
  /// (Moodle gives a random slot's weight to whichever question fills it).
  static func drawShares(_ quiz: Quiz) -> [Double] {
    quiz.sections.flatMap { section in
      let share = section.questions.isEmpty ? 1 : Double(section.drawCount) / Double(section.questions.count)
      return [Double](repeating: share, count: section.questions.count)
    }
  }

  /// The mean fraction of the points that picking one choice at random scores; single-answer
  /// questions only.
  static func randomGuessScore(_ question: Question, rule: ScoringRule) -> Double? {
    switch question.body {
    case .shortAnswer(let body): return body.randomGuessFraction
    case .numerical(let body): return body.randomGuessFraction
    case .matching(let body): return body.randomGuessFraction
    case .essay: return 0
    case .description: return nil
    case .cloze(let body): return body.randomGuessFraction
    case .choice: break
    }
    guard !question.multiple && !question.choices.isEmpty && question.points > 0 else { return nil }
    let fractions = question.choices.map { Scoring.score(question, selected: [$0.id], rule: rule) / question.points }
    return fractions.reduce(0, +) / Double(question.choices.count)
  }

  /// The test's figures; `itemVariances` holds each question's variance when every attempt was
  /// given every question (else nothing: no cic).
  static func testStatistics(totals: [Double], itemVariances: [Double?], maxScore: Double) -> TestStatistics {
    let s = Double(totals.count)
    var test = TestStatistics(
      attempts: totals.count, maxScore: maxScore, mean: Moments.mean(totals), median: Moments.median(totals),
      sd: Moments.variance(totals)?.squareRoot(), min: totals.min(), max: totals.max())
    guard totals.count >= 2, let m2 = Moments.centralMoment(totals, 2) else { return test }
    let k2 = s * m2 / (s - 1)
    if totals.count >= 3, let m3 = Moments.centralMoment(totals, 3), k2 > 0 {
      let k3 = s * s * m3 / ((s - 1) * (s - 2))
      test.skewness = Moments.ratio(k3, pow15(k2))
    }
    if totals.count >= 4, let m4 = Moments.centralMoment(totals, 4), k2 > 0 {
      let k4 = s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2) / ((s - 1) * (s - 2) * (s - 3))
      test.kurtosis = Moments.ratio(k4, k2 * k2)
    }
    let p = Double(itemVariances.count)
    if itemVariances.count >= 2, k2 > 0 {
      let sumOfVariances = itemVariances.reduce(0.0) { $0 + ($1 ?? 0) }
      let cic = 100 * p / (p - 1) * (1 - sumOfVariances / k2)
      // Marks too large to square (1e200 points) leave it undefined, and so what follows from it.
      guard cic.isFinite else { return test }
      test.cic = cic
      let errorRatio = 100 * Swift.max(0, 1 - cic / 100).squareRoot()
      test.errorRatio = errorRatio
      test.standardError = test.sd.map { errorRatio * $0 / 100 }
    }
    return test
  }

  private static func pow15(_ value: Double) -> Double { value * value.squareRoot() }
}
