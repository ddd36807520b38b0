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
