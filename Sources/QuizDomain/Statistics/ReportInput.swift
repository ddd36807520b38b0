/// One recorded attempt, reduced to what the statistics need: a mark per question and the
/// choices picked. Dense arrays rather than dictionaries: a report reads every mark of every
/// attempt, and this is its inner loop.
public struct RecordedAttempt: Equatable, Sendable {
  public var id: String
  public var taker: String
  public var submittedAt: Double
  /// Mark per question, in the order of the quiz's questions (0 when unanswered).
  public var marks: [Double]
  /// The choices picked, each as (question index, choice index) in the quiz's order.
  public var picks: [ChoicePick]
  /// Whether it was given each question, in the order of the quiz's questions; `nil` means it
  /// was given all of them.
  public var given: [Bool]?

  public init(
    id: String, taker: String, submittedAt: Double, marks: [Double], picks: [ChoicePick] = [], given: [Bool]? = nil
  ) {
    self.id = id
    self.taker = taker
    self.submittedAt = submittedAt
    self.marks = marks
    self.picks = picks
    self.given = given
  }

  public var total: Double { marks.reduce(0, +) }

  /// Whether it was given the question at `index` in the quiz's order.
  public func wasGiven(_ index: Int) -> Bool { given.map { index < $0.count && $0[index] } ?? true }
}

/// One choice picked in an attempt.
public struct ChoicePick: Equatable, Sendable {
  public var question: Int32
  public var choice: Int32

  public init(question: Int, choice: Int) {
    self.question = Int32(question)
    self.choice = Int32(choice)
  }
}

/// Which of a taker's attempts count in a report.
public enum AttemptSelection: String, CaseIterable, Sendable {
  case all, first, last, best

  /// The attempts that count, in submission order. `best` keeps each taker's highest grade, the
  /// total as a share of the attempt's maximum (the earlier one on a tie).
  public func choose(from attempts: [RecordedAttempt], quiz: Quiz) -> [RecordedAttempt] {
    chosen(in: ReportAttempts(quiz: quiz, attempts: attempts)).map { attempts[$0] }
  }

  /// The positions of the attempts of `recorded` that count, in submission order.
  public func chosen(in recorded: ReportAttempts) -> [Int] {
    chosen(
      count: recorded.count, submittedAt: { recorded.submittedAt[$0] }, id: { recorded.ids[$0] },
      taker: { recorded.takers[$0] }, grade: { Self.grade(recorded.totals[$0], of: recorded.maximum(of: $0)) })
  }

  /// What `best` compares: the total over the maximum, as Moodle's highest grade is; the total
  /// itself when the maximum is 0.
  static func grade(_ total: Double, of maximum: Double) -> Double { maximum > 0 ? total / maximum : total }

  /// The positions among `count` attempts that count, in submission order (time, then id).
  private func chosen(
    count: Int, submittedAt: (Int) -> Double, id: (Int) -> String, taker: (Int) -> String, grade: (Int) -> Double
  ) -> [Int] {
    let ordered = (0..<count).sorted { (submittedAt($0), id($0)) < (submittedAt($1), id($1)) }
    guard self != .all else { return ordered }
    var chosen: [String: Int] = [:]
    for index in ordered {
      guard let current = chosen[taker(index)] else {
        chosen[taker(index)] = index
        continue
      }
      switch self {
      case .first, .all: break
      case .last: chosen[taker(index)] = index
      case .best:
        if grade(index) > grade(current) { chosen[taker(index)] = index }
      }
    }
    return ordered.filter { index in chosen[taker(index)].map { id($0) == id(index) } ?? false }
  }
}
