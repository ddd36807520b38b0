/// One recorded attempt, reduced to what the statistics need: its marks and picks per question.
public struct RecordedAttempt: Equatable, Sendable {
  public var id: String
  public var taker: String
  public var submittedAt: Double
  /// Mark per question id (a question not answered is absent and counts 0).
  public var marks: [String: Double]
  /// Choices picked per question id.
  public var selected: [String: [String]]

  public init(id: String, taker: String, submittedAt: Double, marks: [String: Double], selected: [String: [String]]) {
    self.id = id
    self.taker = taker
    self.submittedAt = submittedAt
    self.marks = marks
    self.selected = selected
  }

  /// The total over `questions`.
  public func total(over questions: [Question]) -> Double {
    questions.reduce(0) { $0 + (marks[$1.id] ?? 0) }
  }
}

/// Which of a taker's attempts count in a report.
public enum AttemptSelection: String, CaseIterable, Sendable {
  case all, first, last, best

  /// The attempts that count, in submission order. `best` keeps each taker's highest total
  /// (the earlier one on a tie).
  public func choose(from attempts: [RecordedAttempt], questions: [Question]) -> [RecordedAttempt] {
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
        if attempt.total(over: questions) > current.total(over: questions) { chosen[attempt.taker] = attempt }
      }
    }
    return ordered.filter { chosen[$0.taker]?.id == $0.id }
  }
}
