/// What a taker gave for one question, as the kind takes it.
public enum Response: Hashable, Sendable {
  /// Choice ids picked, in the order picked (choice questions).
  case choices([String])
  /// What was typed (short answer, numerical, essay), and for a numerical question whose units
  /// are picked from a list, the unit picked.
  case text(String, unit: String? = nil)
  /// Stem id → the answer text picked for it, in the order given (matching); stems left
  /// unanswered are absent.
  case matched([StemMatch])
  /// One response per gap, in gap order (cloze); a blank gap is its kind's empty response.
  case parts([Response])

  /// The response a question of `kind` gets when nothing was given.
  public static func empty(for kind: QuestionKind) -> Response {
    switch kind {
    case .choice: .choices([])
    case .shortAnswer, .numerical, .essay, .description: .text("")
    case .matching: .matched([])
    case .cloze: .parts([])
    }
  }

  /// Whether it gives nothing to grade: no choice, no stem matched, every gap blank, a text of
  /// white space or one that nothing is left of once trimmed as grading trims (PHP's `trim`,
  /// NUL included). What a taker cannot submit, in `quiz serve`'s pages and API alike.
  public var givesNothing: Bool {
    switch self {
    case .choices(let ids): ids.isEmpty
    case .text(let text, _): text.allSatisfy(\.isWhitespace) || ShortAnswer.trimmed(text).isEmpty
    case .matched(let matches): matches.isEmpty
    case .parts(let parts): parts.allSatisfy(\.givesNothing)
    }
  }
}

/// One stem's chosen answer text.
public struct StemMatch: Hashable, Sendable {
  public var stem: String
  public var answer: String

  public init(stem: String, answer: String) {
    self.stem = stem
    self.answer = answer
  }
}

extension Mark {
  /// This mark, given out of `markedPoints`, as a mark out of `points`. Moodle keeps a manual
  /// mark as a fraction of the maximum it was given against: 1 of 4 is 0.125 of 0.5 once the
  /// question is worth 0.5, not 0.5 of 0.5.
  public func rescaled(from markedPoints: Double, to points: Double) -> Mark {
    guard markedPoints > 0, markedPoints.isFinite, abs(markedPoints - points) > 1e-12 else { return self }
    var scaled = self
    scaled.score = score / markedPoints * points
    return scaled
  }
}

/// A person's score for a response that is marked by hand (essay), with who gave it and why.
public struct Mark: Equatable, Sendable {
  public var score: Double
  public var comment: String?
  public var marker: String?
  public var markedAt: Timestamp?

  public init(score: Double, comment: String? = nil, marker: String? = nil, markedAt: Timestamp? = nil) {
    self.score = score
    self.comment = comment
    self.marker = marker
    self.markedAt = markedAt
  }
}
