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
  /// The most it could score (`nil`: the quiz's maximum).
  public var maxScore: Double?

  public init(
    id: String, taker: String, submittedAt: Double, marks: [Double], picks: [ChoicePick] = [], given: [Bool]? = nil,
    maxScore: Double? = nil
  ) {
    self.id = id
    self.taker = taker
    self.submittedAt = submittedAt
    self.marks = marks
    self.picks = picks
    self.given = given
    self.maxScore = maxScore
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

  /// The attempts that count, in submission order. `best` keeps each taker's highest total
  /// (the earlier one on a tie).
  public func choose(from attempts: [RecordedAttempt]) -> [RecordedAttempt] {
    let ordered = attempts.sorted { ($0.submittedAt, $0.id) < ($1.submittedAt, $1.id) }
    guard self != .all else { return ordered }
    var chosen: [String: RecordedAttempt] = [:]
    for attempt in ordered {
      guard let current = chosen[attempt.taker] else {
        chosen[attempt.taker] = attempt
        continue
      }
      switch self {
      case .first, .all: break
      case .last: chosen[attempt.taker] = attempt
      case .best:
        if attempt.total > current.total { chosen[attempt.taker] = attempt }
      }
    }
    return ordered.filter { chosen[$0.taker]?.id == $0.id }
  }
}
