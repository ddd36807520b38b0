import QuizDomain

/// A cloze question in line mode: a line per gap, each naming its gap. A short-answer or
/// numerical gap takes the line typed, a choice gap its choice ids; an empty line leaves the
/// gap blank, as Moodle lets a cloze question be submitted with blank gaps.
extension LineTaker {
  func askGaps(_ presented: PresentedQuestion, number: Int) throws -> [Response] {
    guard case .cloze(let shown) = presented.shown.body else { return [] }
    var responses: [Response] = []
    for (index, part) in shown.parts.enumerated() {
      let name = "Gap \(index + 1)"
      switch part.body {
      case .shortAnswer, .numerical:
        responses.append(.text(try readLine(prompt: "\(name) (\(ClozeLines.facts(part))): ", number: number)))
      case .choice(let body):
        show(body.choices.map { "  \($0.id)) \($0.text.replacingNewlines())\n" }.joined())
        responses.append(.choices(try askGapChoices(body, name: name, facts: ClozeLines.facts(part), number: number)))
      }
    }
    return responses
  }

  private func askGapChoices(_ body: ClozeChoice, name: String, facts: String, number: Int) throws -> [String] {
    while true {
      let line = try readLine(prompt: "\(name) (\(facts), such as \(body.choices.first?.id ?? "a")): ", number: number)
      let picks = line.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map { $0.lowercased() }
      var seen = Set<String>()
      let selected = picks.filter { seen.insert($0).inserted }
      if let unknown = selected.first(where: { id in !body.choices.contains { $0.id == id } }) {
        show("  There is no choice \"\(unknown)\" (choices: \(body.choices.map(\.id).joined(separator: ", "))).\n")
      } else if !body.isMultiple && selected.count > 1 {
        show("  This gap takes one answer.\n")
      } else {
        return selected
      }
    }
  }
}
