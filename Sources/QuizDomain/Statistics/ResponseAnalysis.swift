/// Moodle's response analysis for the kinds whose responses are typed or matched: how many
/// responses each answer matched, and the most common responses that matched none — the
/// teacher's list of spellings to consider accepting.
public struct ResponseAnalysis: Equatable, Sendable {
  /// One answer (short answer, numerical) or one stem's chosen answer (matching).
  public struct Row: Equatable, Sendable {
    /// The answer as the question states it (`Paris`, `3.14 ± 0.01`, `France → Paris`).
    public var answer: String
    public var fraction: Double
    public var count: Int
  }

  /// A response that matched no answer, with how many gave it.
  public struct Unmatched: Equatable, Sendable {
    public var response: String
    public var count: Int
  }

  public var rows: [Row]
  public var unmatched: [Unmatched]
  /// How many responses were counted.
  public var responses: Int

  /// The most unmatched responses listed.
  public static let unmatchedLimit = 10

  /// The analysis of `counts` (each distinct response and how many gave it) for `question`;
  /// nil for a kind that has none (choice questions have their choice counts, essays and
  /// descriptions nothing to match).
  public static func of(_ question: Question, counts: [(Response, Int)]) -> ResponseAnalysis? {
    switch question.body {
    case .shortAnswer(let body):
      var rows = body.answers.map { Row(answer: $0.text, fraction: $0.effectiveFraction, count: 0) }
      return tally(counts, into: &rows) { response in
        guard case .text(let text, _) = response else { return nil }
        return body.matchingAnswer(for: text)
      }
    case .numerical(let body):
      var rows = body.answers.map { answer in
        Row(
          answer: answer.value.map { value in
            JSONWriter.numberText(value)
              + (answer.effectiveTolerance > 0 ? " ± " + JSONWriter.numberText(answer.effectiveTolerance) : "")
          } ?? "*", fraction: answer.effectiveFraction, count: 0)
      }
      return tally(counts, into: &rows) { response in
        guard case .text(let text, let unit) = response else { return nil }
        return body.grade(text, unit: unit)?.answer
      }
    case .matching(let body): return matching(body, counts: counts)
    case .choice, .essay, .description: return nil
    // A cloze question is analysed gap by gap (`gaps(of:counts:)`).
    case .cloze: return nil
    }
  }

  /// Counts each response against the row `matched` gives it, the rest as unmatched.
  private static func tally(_ counts: [(Response, Int)], into rows: inout [Row], matched: (Response) -> Int?)
    -> ResponseAnalysis
  {
    var unmatched: [String: Int] = [:]
    var total = 0
    for (response, count) in counts {
      total += count
      if let index = matched(response), rows.indices.contains(index) {
        rows[index].count += count
      } else {
        unmatched[text(of: response), default: 0] += count
      }
    }
    return ResponseAnalysis(rows: rows, unmatched: mostCommon(unmatched), responses: total)
  }

  /// Per stem, each answer chosen for it with its count; the right ones first.
  private static func matching(_ body: Matching, counts: [(Response, Int)]) -> ResponseAnalysis {
    var chosen: [String: [String: Int]] = [:]
    var total = 0
    for (response, count) in counts {
      guard case .matched(let matches) = response else { continue }
      total += count
      for match in matches { chosen[match.stem, default: [:]][match.answer, default: 0] += count }
    }
    var rows: [Row] = []
    for pair in body.pairs {
      let answers = chosen[pair.id] ?? [:]
      rows.append(Row(answer: "\(pair.stem) → \(pair.answer)", fraction: 1, count: answers[pair.answer] ?? 0))
      for (answer, count) in answers.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) where answer != pair.answer
      {
        rows.append(Row(answer: "\(pair.stem) → \(answer)", fraction: 0, count: count))
      }
    }
    return ResponseAnalysis(rows: rows, unmatched: [], responses: total)
  }

  private static func text(of response: Response) -> String {
    switch response {
    case .choices(let ids): ids.joined(separator: ",")
    case .text(let text, let unit): text + (unit.map { " " + $0 } ?? "")
    case .matched(let matches): matches.map { "\($0.stem)=\($0.answer)" }.joined(separator: "; ")
    case .parts(let parts): parts.map(text(of:)).joined(separator: " | ")
    }
  }

  private static func mostCommon(_ counts: [String: Int]) -> [Unmatched] {
    counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(unmatchedLimit).map {
      Unmatched(response: $0.key, count: $0.value)
    }
  }
}
