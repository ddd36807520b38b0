import QuizDomain

/// A cloze question on the full screen: the text with each gap in place (what was typed or
/// picked so far, the gap in focus highlighted), and under it the focused gap's field: a
/// one-line text field for a short-answer or numerical gap, the list of choices for a choice
/// gap. Tab and Shift-Tab move between the gaps, Enter submits; gaps may be left blank, as
/// Moodle grades a cloze response with blank gaps, but not all of them. The reveal colours
/// each gap green, yellow or red by its fraction and gives the right answers.
struct ClozeFields {
  /// The gap with focus (0 is `{#1}`).
  var focus = 0
  /// Per gap: the text typed (short answer, numerical; unused for a choice gap).
  var fields: [LineEditor] = []
  /// Per gap: the ids picked, in the order shown (choice gaps).
  var picks: [[String]] = []
  /// Per gap: the choice under the cursor (choice gaps).
  var cursors: [Int] = []

  init() {}

  init(_ cloze: Cloze) {
    fields = Array(repeating: LineEditor(), count: cloze.parts.count)
    picks = Array(repeating: [], count: cloze.parts.count)
    cursors = Array(repeating: 0, count: cloze.parts.count)
  }

  /// One response per gap, in gap order.
  func responses(_ cloze: Cloze) -> [Response] {
    cloze.parts.indices.map { index in
      if case .choice(let body) = cloze.parts[index].body {
        return .choices(body.choices.map(\.id).filter { picks[index].contains($0) })
      }
      return .text(fields[index].text)
    }
  }
}

extension FullScreenTaker {
  static let clozeKeys = [
    " tab/shift-tab: next/previous gap · type, or ↑/↓ and space to pick · enter: submit · esc: quit",
    " tab: next gap · ↑↓ space: pick · enter: submit · esc: quit", " tab: next gap · enter: submit",
  ]

  /// Applies `key` to a cloze question that is not yet revealed.
  func clozeKey(_ key: Terminal.Key, _ cloze: Cloze, state: inout State) {
    let count = cloze.parts.count
    guard count > 0 else {
      if key == .enter { state.revealed = true }
      return
    }
    let gap = state.cloze.focus
    switch key {
    case .tab: state.cloze.focus = (gap + 1) % count
    case .backTab: state.cloze.focus = (gap + count - 1) % count
    case .enter:
      let blank = state.cloze.responses(cloze).allSatisfy { $0 == .text("") || $0 == .choices([]) }
      if blank {
        state.hint = "Fill in at least one gap (tab moves between them), then press enter."
      } else {
        state.revealed = true
        state.scroll = 0
      }
    default:
      if case .choice(let body) = cloze.parts[gap].body {
        choiceGapKey(key, body, gap: gap, state: &state)
      } else {
        _ = state.cloze.fields[gap].apply(key)
      }
    }
  }

  /// ↑/↓ (←/→ in a row) move among a choice gap's choices, space picks; in a drop-down list the
  /// arrows pick at once, as a select does.
  private func choiceGapKey(_ key: Terminal.Key, _ body: ClozeChoice, gap: Int, state: inout State) {
    let count = body.choices.count
    guard count > 0 else { return }
    var cursor = state.cloze.cursors[gap]
    switch key {
    case .up, .left, .character("k"), .character("h"): cursor = (cursor + count - 1) % count
    case .down, .right, .character("j"), .character("l"): cursor = (cursor + 1) % count
    case .space:
      let id = body.choices[cursor].id
      if body.isMultiple {
        if let at = state.cloze.picks[gap].firstIndex(of: id) {
          state.cloze.picks[gap].remove(at: at)
        } else {
          state.cloze.picks[gap].append(id)
        }
      } else {
        state.cloze.picks[gap] = state.cloze.picks[gap] == [id] ? [] : [id]
      }
    case .backspace, .delete: state.cloze.picks[gap] = []
    case .character("q"): state.confirmingQuit = true
    default: break
    }
    state.cloze.cursors[gap] = cursor
    if !body.isMultiple && body.effectiveDisplay == .dropdown && key != .space && key != .backspace
      && key != .delete && key != .character("q")
    {
      state.cloze.picks[gap] = [body.choices[cursor].id]
    }
  }
}

// MARK: - Drawing

extension FullScreenTaker {
  /// The text with the gaps in place, the focused gap's field (or, revealed, every gap's
  /// result), and the rows to keep in view.
  func clozeLines(_ presented: PresentedQuestion, _ cloze: Cloze, state: inout State, width: Int)
    -> ([String], Range<Int>?)
  {
    let question = presented.shown
    let responses = state.cloze.responses(cloze)
    let fractions = state.revealed ? ClozeMarks.fractions(cloze, responses: responses) : []
    var lines = [""]
    let text = filledText(question.prompt, cloze, state: state, fractions: fractions)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += Wrap.lines(String(line), width: width - 2).map { " " + $0 }
    }
    lines.append(console.styled(" (\(KindLines.facts(question)))", .dim))
    lines.append("")
    guard !state.revealed else {
      let reveal = ClozeLines.reveal(question, cloze, responses: responses, console: console, indent: 1)
      lines += reveal.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
      let points = TakeCommand.score(presented, in: quiz, response: .parts(responses))
      lines.append(" Points: \(NumberText.points(points)) / \(NumberText.points(question.points))")
      return (lines, nil)
    }
    guard cloze.parts.indices.contains(state.cloze.focus) else { return (lines, nil) }
    let gap = state.cloze.focus
    let part = cloze.parts[gap]
    lines.append(
      console.styled(
        " Gap \(gap + 1) of \(cloze.parts.count) · \(ClozeLines.facts(part)) · \(ClozeLines.pointsText(part))", .bold))
    let start = lines.count
    switch part.body {
    case .shortAnswer, .numerical:
      let (field, column) = state.cloze.fields[gap].render(width: max(4, min(60, width - 6)))
      state.textCursor = (lines.count, 3 + column)
      lines.append(" › " + console.styled(field, .underline))
    case .choice(let body):
      for (index, choice) in body.choices.enumerated() {
        let picked = state.cloze.picks[gap].contains(choice.id)
        let box = body.isMultiple ? (picked ? "[x]" : "[ ]") : (picked ? "(•)" : "( )")
        let here = index == state.cloze.cursors[gap]
        let line = " \(here ? "›" : " ") \(box) \(choice.id)) \(choice.text.terminalSafeLine)"
        lines.append(here ? console.styled(DisplayWidth.truncate(line, to: width), .bold) : line)
      }
    }
    return (lines, start..<max(start + 1, lines.count))
  }

  /// The prompt with `{#n}` replaced by gap n as it stands: `[typed]`, `[picked ▾]`, or its
  /// number when blank; the focused gap reversed, and once revealed each gap in its colour.
  private func filledText(_ prompt: String, _ cloze: Cloze, state: State, fractions: [Double]) -> String {
    var text = prompt
    for (index, part) in cloze.parts.enumerated().reversed() {
      let marker = ClozeLines.marker(index + 1)
      guard let range = text.firstRange(of: marker) else { continue }
      var shown: String
      switch part.body {
      case .choice(let body):
        let texts = body.choices.filter { state.cloze.picks[index].contains($0.id) }.map(\.text.terminalSafeLine)
        shown = "[\(index + 1): \(texts.isEmpty ? "…" : texts.joined(separator: ", "))\(body.isMultiple ? "" : " ▾")]"
      case .shortAnswer, .numerical:
        let typed = state.cloze.fields[index].text.terminalSafeLine
        shown = "[\(index + 1): \(typed.isEmpty ? "____" : typed)]"
      }
      if state.revealed, index < fractions.count {
        let fraction = fractions[index]
        shown = console.styled(shown, fraction >= 1 ? .green : (fraction > 0 ? .yellow : .red))
      } else if index == state.cloze.focus {
        shown = console.styled("▸" + shown, .reverse)
      }
      text.replaceSubrange(range, with: shown)
    }
    return text
  }
}
