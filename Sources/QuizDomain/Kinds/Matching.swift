/// A matching question (Moodle's `qtype_match`): each stem is matched with one of the answers
/// (the pairs' answers and the distractors, shown shuffled; equal texts are one choice).
public struct Matching: Equatable, Sendable {
  public var pairs: [MatchPair]
  /// Answers that match no stem.
  public var distractors: [String]

  public init(pairs: [MatchPair], distractors: [String] = []) {
    self.pairs = pairs
    self.distractors = distractors
  }
}

/// One stem and the answer that matches it.
public struct MatchPair: Equatable, Sendable {
  public var id: String
  public var stem: String
  public var answer: String

  public init(id: String, stem: String, answer: String) {
    self.id = id
    self.stem = stem
    self.answer = answer
  }
}

// Grading as Moodle's qtype_match grades (question.php `grade_response`, questiontype.php
// `initialise_question_instance` and `get_random_guess_score`).
extension Matching {
  /// The answers a stem may be matched with: the pairs' answers, then the distractors, each text
  /// once, in the order it first appears. Moodle makes equal answer texts one choice and compares
  /// them exactly (PHP's strict `array_search`): `0` and `0.0` are two, and so are an `é` and an
  /// `e` with a combining acute accent, which Swift's `==` would take for one.
  public var answerChoices: [String] {
    var seen: Set<[Unicode.Scalar]> = []
    return (pairs.map(\.answer) + distractors).filter { seen.insert(Array($0.unicodeScalars)).inserted }
  }

  /// The fraction of the stems matched with their own pair's answer text (compared exactly, as
  /// for the choices), over all stems: stems left unanswered count as wrong, stem ids that are
  /// not the question's are ignored, and a stem given twice counts by its first match. 0 for a
  /// question without stems.
  public func fraction(for matched: [StemMatch]) -> Double {
    guard !pairs.isEmpty else { return 0 }
    var chosen: [String: String] = [:]
    for match in matched where chosen[match.stem] == nil {
      chosen[match.stem] = match.answer
    }
    let right = pairs.filter { pair in
      chosen[pair.id].map { $0.unicodeScalars.elementsEqual(pair.answer.unicodeScalars) } ?? false
    }.count
    return Double(right) / Double(pairs.count)
  }

  /// Moodle's `get_random_guess_score`: 1 over the number of answer choices (0 without any).
  public var randomGuessFraction: Double {
    let choices = answerChoices.count
    return choices == 0 ? 0 : 1 / Double(choices)
  }
}
