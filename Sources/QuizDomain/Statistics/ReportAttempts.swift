/// A quiz's recorded attempts in compact columns, for its report: per attempt its header (id,
/// taker, time, maximum, total) and one 32-bit cell per question naming what the attempt got
/// there, an *outcome* of the question: a mark and the choices picked. A question's attempts
/// land on few outcomes (the selections takers make), so each is stored once, in a table per
/// question, and the cell only points at it.
///
/// A report makes several passes over the attempts (means first, then the deviations from
/// them, as `Moments` computes every figure), so they are kept, but at 4 bytes per answer
/// instead of an attempt struct with arrays of marks and picks: 100,000 attempts of 50
/// questions take 20 MB of cells, where the structs took over 200 MB.
public struct ReportAttempts: Sendable {
  public let quiz: Quiz
  public let questionCount: Int
  /// The points of each question, in quiz order.
  private let questionPoints: [Double]
  private(set) var ids: [String] = []
  private(set) var takers: [String] = []
  private(set) var submittedAt: [Double] = []
  /// Each attempt's total, filled in by `finish()` (or given by `add(_:)`).
  var totals: [Double] = []
  /// Attempt-major: the cells of attempt a are cells[a * questionCount ..< (a + 1) * questionCount].
  private(set) var cells: [UInt32] = []
  private var outcomes: [[Outcome]]
  private var outcomeCodes: [[Outcome: UInt32]]
  /// Per question, the distinct responses typed or matched (kinds other than choice), which
  /// outcomes point at by index.
  private(set) var responses: [[Response]]
  private var responseCodes: [[Response: Int32]]

  /// A cell's bit for "the attempt was not given this question" (a pool drew others). The other
  /// bits are the outcome's index in its question's table.
  static let notGiven: UInt32 = 1 << 31
  /// The outcome every table starts with: no answer, or one that scored 0 and picked nothing.
  public static let unanswered: UInt32 = 0

  /// What one attempt got on one question.
  struct Outcome: Hashable, Sendable {
    var mark: Double
    /// The positions of the choices picked, each as many times as picked.
    var picks: [Int32]
    /// The index of the response in its question's table; -1 for none (a choice answer).
    var response: Int32 = -1
    /// An essay response that waits for a mark (it counts as 0 meanwhile).
    var unmarked = false
    /// An attempt at an earlier version whose choices were not the current ones (added, removed,
    /// reworded, made right or wrong, or of another kind), answered or not: its mark counts, its
    /// picks are not the current choices'.
    var otherChoices = false

    static func == (a: Outcome, b: Outcome) -> Bool {
      a.mark.bitPattern == b.mark.bitPattern && a.picks == b.picks && a.response == b.response
        && a.unmarked == b.unmarked && a.otherChoices == b.otherChoices
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(mark.bitPattern)
      hasher.combine(picks)
      hasher.combine(response)
      hasher.combine(otherChoices)
    }
  }

  public init(quiz: Quiz, expectedAttempts: Int = 0) {
    self.quiz = quiz
    let count = quiz.sections.reduce(0) { $0 + $1.questions.count }
    questionCount = count
    questionPoints = quiz.questions.map(\.points)
    let none = Outcome(mark: 0, picks: [])
    outcomes = Array(repeating: [none], count: count)
    outcomeCodes = Array(repeating: [none: ReportAttempts.unanswered], count: count)
    responses = Array(repeating: [], count: count)
    responseCodes = Array(repeating: [:], count: count)
    cells.reserveCapacity(expectedAttempts * count)
  }

  public var count: Int { ids.count }
}

// MARK: - Recording

extension ReportAttempts {
  /// Adds an attempt that was given every question and answered none yet; returns its position.
  @discardableResult
  public mutating func beginAttempt(id: String, taker: String, submittedAt time: Double) -> Int {
    ids.append(id)
    takers.append(taker)
    submittedAt.append(time)
    cells.append(contentsOf: repeatElement(ReportAttempts.unanswered, count: questionCount))
    return ids.count - 1
  }

  /// The code of the outcome `mark` with `picks` (choice positions) on question `question`.
  public mutating func outcome(question: Int, mark: Double, picks: [Int]) -> UInt32 {
    code(Outcome(mark: mark, picks: picks.map { Int32($0) }), question: question)
  }

  /// The code of the outcome `mark` on question `question` of an answer to an earlier version
  /// whose choices were not the current ones: it counts in the question's figures, and in its
  /// choice table only as one of the answers left out of it.
  public mutating func outcomeOnOtherChoices(question: Int, mark: Double) -> UInt32 {
    code(Outcome(mark: mark, picks: [], otherChoices: true), question: question)
  }

  /// The code of the outcome `mark` with a typed or matched `response` on question `question`;
  /// `unmarked`: an essay that waits for a mark.
  public mutating func outcome(question: Int, mark: Double, response: Response, unmarked: Bool = false) -> UInt32 {
    let index: Int32
    if let known = responseCodes[question][response] {
      index = known
    } else {
      index = Int32(responses[question].count)
      responses[question].append(response)
      responseCodes[question][response] = index
    }
    return code(Outcome(mark: mark, picks: [], response: index, unmarked: unmarked), question: question)
  }

  private mutating func code(_ outcome: Outcome, question: Int) -> UInt32 {
    if let code = outcomeCodes[question][outcome] { return code }
    let code = UInt32(outcomes[question].count)
    outcomes[question].append(outcome)
    outcomeCodes[question][outcome] = code
    return code
  }

  /// Records that attempt `attempt` got outcome `code` on `question`. A second answer to the
  /// same question keeps the later mark and the picks of both, as a list of answers would.
  public mutating func answer(attempt: Int, question: Int, outcome code: UInt32) {
    let cell = attempt * questionCount + question
    let old = cells[cell] & ~ReportAttempts.notGiven
    var code = code
    if old != ReportAttempts.unanswered {
      let earlier = outcomes[question][Int(old)]
      var later = outcomes[question][Int(code)]
      later.picks = earlier.picks + later.picks
      // Other choices only when every answer was: the picks counted are then all of the table's.
      later.otherChoices = later.otherChoices && earlier.otherChoices
      code = self.code(later, question: question)
    }
    cells[cell] = (cells[cell] & ReportAttempts.notGiven) | code
  }

  /// Records that attempt `attempt` was given `question` (nil: a question no longer in the
  /// quiz), and, from its `first` call on, not given the questions no call names: an attempt
  /// that records what it was given counts only for those.
  public mutating func given(attempt: Int, question: Int?, first: Bool) {
    let row = attempt * questionCount
    if first {
      for cell in row..<(row + questionCount) { cells[cell] |= ReportAttempts.notGiven }
    }
    if let question { cells[row + question] &= ~ReportAttempts.notGiven }
  }

  /// Each attempt's total: its marks added in the quiz's order of questions.
  public mutating func finish() {
    totals = (0..<count).map { attempt in
      var total = 0.0
      for question in 0..<questionCount { total += mark(attempt: attempt, question: question) }
      return total
    }
  }
}

// MARK: - Reading

extension ReportAttempts {
  func wasGiven(attempt: Int, question: Int) -> Bool {
    cells[attempt * questionCount + question] & ReportAttempts.notGiven == 0
  }

  func mark(attempt: Int, question: Int) -> Double {
    outcomes[question][Int(cells[attempt * questionCount + question] & ~ReportAttempts.notGiven)].mark
  }

  func picks(attempt: Int, question: Int) -> [Int32] {
    outcomes[question][Int(cells[attempt * questionCount + question] & ~ReportAttempts.notGiven)].picks
  }

  /// The response typed or matched (index into `responses[question]`), -1 for none.
  func responseIndex(attempt: Int, question: Int) -> Int32 {
    outcomes[question][Int(cells[attempt * questionCount + question] & ~ReportAttempts.notGiven)].response
  }

  func isUnmarked(attempt: Int, question: Int) -> Bool {
    outcomes[question][Int(cells[attempt * questionCount + question] & ~ReportAttempts.notGiven)].unmarked
  }

  /// The most attempt `attempt` could score, as its percent is of: the points of the quiz's
  /// questions as they stand, over which its total is (an attempt recorded before a question was
  /// added or removed is not measured by its old maximum); with pools, of those it was given.
  public func maximum(of attempt: Int) -> Double {
    guard quiz.drawsQuestions else { return quiz.maxScore }
    var maximum = 0.0
    for (question, points) in questionPoints.enumerated() where wasGiven(attempt: attempt, question: question) {
      maximum += points
    }
    return maximum
  }

  /// Whether the attempt answered an earlier version of the question with other choices.
  func answeredOtherChoices(attempt: Int, question: Int) -> Bool {
    outcomes[question][Int(cells[attempt * questionCount + question] & ~ReportAttempts.notGiven)].otherChoices
  }
}

// MARK: - From attempt values

extension ReportAttempts {
  /// The columns of `attempts`, each as `RecordedAttempt` describes it (marks beyond the quiz's
  /// questions count in the total only, picks of unknown questions or choices are left out).
  public init(quiz: Quiz, attempts: [RecordedAttempt]) {
    self.init(quiz: quiz, expectedAttempts: attempts.count)
    let choiceCounts = quiz.sections.flatMap { $0.questions.map(\.choices.count) }
    for attempt in attempts {
      let position = beginAttempt(id: attempt.id, taker: attempt.taker, submittedAt: attempt.submittedAt)
      var picks = [[Int]](repeating: [], count: questionCount)
      for pick in attempt.picks
      where Int(pick.question) < questionCount && Int(pick.choice) < choiceCounts[Int(pick.question)] {
        picks[Int(pick.question)].append(Int(pick.choice))
      }
      for question in 0..<questionCount {
        let mark = question < attempt.marks.count ? attempt.marks[question] : 0
        answer(
          attempt: position, question: question,
          outcome: outcome(question: question, mark: mark, picks: picks[question]))
        if attempt.given != nil, !attempt.wasGiven(question) {
          cells[position * questionCount + question] |= ReportAttempts.notGiven
        }
      }
    }
    totals = attempts.map(\.total)
  }
}
