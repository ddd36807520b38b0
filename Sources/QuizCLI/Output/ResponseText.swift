import QuizDomain

/// A response as one short line of text, for tables and lists.
enum ResponseText {
  static func summary(_ response: Response) -> String {
    switch response {
    case .choices(let ids): return ids.isEmpty ? "–" : ids.joined(separator: ",")
    case .text(let text, let unit):
      let line = text.terminalSafeLine
      return (line.isEmpty ? "–" : line) + (unit.map { " [\($0)]" } ?? "")
    case .matched(let matches):
      return matches.isEmpty ? "–" : matches.map { "\($0.stem)=\($0.answer.terminalSafeLine)" }.joined(separator: "; ")
    case .parts(let parts): return parts.isEmpty ? "–" : parts.map(summary).joined(separator: " | ")
    }
  }
}
