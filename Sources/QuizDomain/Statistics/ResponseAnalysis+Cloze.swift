/// A cloze question's response analysis, gap by gap (Moodle analyses each sub-question on its
/// own): a short-answer or numerical gap as a question of its kind, a choice gap by how many
/// picked each choice.
public struct GapAnalysis: Equatable, Sendable {
  /// The gap's index (gap `index + 1`, `{#index+1}` in the prompt).
  public var index: Int
  public var kind: ClozePartKind
  /// Rows: the gap's answers (or choices) with their fractions and counts; unmatched: the
  /// most common responses no answer matched (or choice ids the gap lacks); `responses`: the
  /// answers that filled the gap.
  public var analysis: ResponseAnalysis
  /// How many answers left the gap blank (not counted in `analysis.responses`).
  public var blank: Int
}

extension ResponseAnalysis {
  /// The analysis of each gap of a cloze question from `counts` (each distinct response and how
  /// many gave it); nil for another kind.
  public static func gaps(of question: Question, counts: [(Response, Int)]) -> [GapAnalysis]? {
    guard case .cloze(let cloze) = question.body else { return nil }
    return cloze.parts.enumerated().map { index, part in
      var filled: [(Response, Int)] = []
      var blank = 0
      for (response, count) in counts {
        guard case .parts(let responses) = response, responses.indices.contains(index),
          !Cloze.isBlank(responses[index])
        else {
          blank += count
          continue
        }
        filled.append((responses[index], count))
      }
      return GapAnalysis(index: index, kind: part.kind, analysis: gap(part, counts: filled), blank: blank)
    }
  }

  private static func gap(_ part: ClozePart, counts: [(Response, Int)]) -> ResponseAnalysis {
    switch part.body {
    // The kinds' own analysis, of a question made of the gap alone.
    case .shortAnswer(let short):
      return of(Question(id: "gap", prompt: "gap", body: .shortAnswer(short)), counts: counts)
        ?? ResponseAnalysis(rows: [], unmatched: [], responses: 0)
    case .numerical(let numerical):
      return of(Question(id: "gap", prompt: "gap", body: .numerical(numerical)), counts: counts)
        ?? ResponseAnalysis(rows: [], unmatched: [], responses: 0)
    case .choice(let choice): return choiceGap(choice, counts: counts)
    }
  }

  /// One row per choice, with Moodle's fraction for it and how many picked it; picks of ids the
  /// gap lacks are unmatched.
  private static func choiceGap(_ choice: ClozeChoice, counts: [(Response, Int)]) -> ResponseAnalysis {
    var rows = zip(choice.choices, choice.fractions).map { Row(answer: $0.text, fraction: $1, count: 0) }
    var unmatched: [String: Int] = [:]
    var total = 0
    for (response, count) in counts {
      total += count
      guard case .choices(let selected) = response else {
        unmatched[text(ofGap: response), default: 0] += count
        continue
      }
      for id in Set(selected) {
        if let position = choice.choices.firstIndex(where: { $0.id == id }) {
          rows[position].count += count
        } else {
          unmatched[id, default: 0] += count
        }
      }
    }
    let listed = unmatched.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(unmatchedLimit)
    return ResponseAnalysis(
      rows: rows, unmatched: listed.map { Unmatched(response: $0.key, count: $0.value) }, responses: total)
  }

  private static func text(ofGap response: Response) -> String {
    if case .text(let text, _) = response { return text }
    return ""
  }
}
