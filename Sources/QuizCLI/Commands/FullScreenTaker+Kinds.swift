import QuizDomain
import QuizRepository

/// The full-screen taker for the kinds beyond choice: a text field (short answer, numerical,
/// with a unit picked by ↑/↓ when the question lists them), stems with answers picked by ←/→
/// (matching), a multi-line editor or $EDITOR (essay), and Enter (description). Submitting
/// stays refused, with a hint, until the question has a response. Cloze: FullScreenTaker+Cloze.swift.
extension FullScreenTaker {
  /// The footer's keys, longest wording first.
  static func keys(for kind: QuestionKind, hints: Bool = false) -> [String] {
    switch kind {
    case .choice where hints:
      // The hint key first to go when narrow: it is named while there is room.
      [
        " ↑/↓ or j/k: move · space: select · h: hint · enter: submit · q: quit",
        " ↑↓ move · space select · h hint · enter submit · q quit", " space: select · h: hint · enter: submit",
        " space: select · enter: submit",
      ]
    case .choice:
      [
        " ↑/↓ or j/k: move · space: select · enter: submit · q: quit",
        " ↑↓ move · space select · enter submit · q quit", " space: select · enter: submit",
      ]
    case .shortAnswer, .numerical:
      [" type your answer · enter: submit · esc: quit", " enter: submit · esc: quit", " enter: submit"]
    case .matching:
      [
        " ↑/↓: item · ←/→ or space: pick its answer · enter: submit · q: quit",
        " ↑↓ item · ←→ answer · enter submit · q quit", " ←→ answer · enter submit",
      ]
    case .essay:
      [
        " type your answer · tab: submit · ctrl-o: open $EDITOR · esc: quit", " tab: submit · ctrl-o: $EDITOR",
        " tab: submit",
      ]
    case .cloze: clozeKeys
    case .description: [" enter: go on · q: quit", " enter: go on"]
    }
  }

  /// What the state holds as a response; nil for a description (nothing to answer).
  func response(_ presented: PresentedQuestion, state: State) -> Response? {
    switch presented.original.body {
    case .choice:
      return .choices(presented.shown.choices.map(\.id).filter { state.selected.contains($0) })
    case .shortAnswer: return .text(state.field.text)
    case .numerical(let body):
      let unit = state.unit.flatMap { body.units.indices.contains($0) ? body.units[$0].unit : nil }
      return .text(state.field.text, unit: body.effectiveUnitInput == .choice ? unit : nil)
    case .matching:
      let pairs = presented.shown.matchingPairs
      return .matched(
        zip(pairs, state.matches).compactMap { pair, pick in
          pick.map { StemMatch(stem: pair.id, answer: presented.answerChoices[$0].text) }
        })
    case .essay: return .text(state.essay.text)
    case .cloze:
      guard case .cloze(let shown) = presented.shown.body else { return nil }
      return .parts(state.cloze.responses(shown))
    case .description: return nil
    }
  }

  /// Applies `key` to a question that is not a choice question; true when it is done.
  func handleKind(_ key: Terminal.Key, _ presented: PresentedQuestion, state: inout State) throws -> Bool {
    switch key {
    case .interrupt, .endOfInput: throw TakeCommand.Interrupted()
    case .escape:
      state.confirmingQuit = true
      return false
    case .suspend:
      Terminal.suspend()
      return false
    case .resize: return false
    default: break
    }
    if state.revealed {
      switch key {
      case .up, .character("k"): state.scroll = max(0, state.scroll - 1)
      case .down, .character("j"): state.scroll += 1
      case .enter, .character("n"): return true
      case .character("q"): state.confirmingQuit = true
      default: break
      }
      return false
    }
    switch presented.original.body {
    case .shortAnswer, .numerical: return typing(key, presented, state: &state)
    case .matching: return matching(key, presented, state: &state)
    case .essay(let body): return try writing(key, body, state: &state)
    case .cloze:
      if case .cloze(let shown) = presented.shown.body { clozeKey(key, shown, state: &state) }
      return false
    case .description:
      if key == .enter { return true }
      if key == .character("q") { state.confirmingQuit = true }
      return false
    case .choice: return false
    }
  }

  private func submit(_ presented: PresentedQuestion, state: inout State) {
    if let refusal = refusal(presented, state: state) {
      state.hint = refusal
    } else {
      state.revealed = true
      state.scroll = 0
    }
  }

  /// Why the response cannot be submitted yet, as Moodle refuses it.
  private func refusal(_ presented: PresentedQuestion, state: State) -> String? {
    switch presented.original.body {
    case .shortAnswer: return state.field.text.isEmpty ? "Type an answer, then press enter." : nil
    case .numerical(let body):
      if state.field.text.isEmpty { return "Type a number, then press enter." }
      if case .text(let text, let unit) = response(presented, state: state), body.grade(text, unit: unit) == nil {
        return "That is not a number (such as 3.5\(body.units.first.map { " " + $0.unit } ?? ""))."
      }
      return nil
    case .matching:
      return state.matches.allSatisfy({ $0 == nil }) ? "Pick an answer for at least one item (←/→)." : nil
    case .essay(let body): return EssayRules.refusal(state.essay.text, body)
    case .choice, .description, .cloze: return nil
    }
  }

  private func typing(_ key: Terminal.Key, _ presented: PresentedQuestion, state: inout State) -> Bool {
    if key == .enter {
      submit(presented, state: &state)
      return false
    }
    if case .numerical(let body) = presented.original.body, body.effectiveUnitInput == .choice, !body.units.isEmpty {
      let count = body.units.count
      switch key {
      case .down: state.unit = state.unit.map { ($0 + 1) % count } ?? 0
      case .up: state.unit = state.unit.map { ($0 + count - 1) % count } ?? count - 1
      default: break
      }
    }
    _ = state.field.apply(key)
    return false
  }

  private func matching(_ key: Terminal.Key, _ presented: PresentedQuestion, state: inout State) -> Bool {
    let stems = state.matches.count
    let answers = presented.answerChoices.count
    guard stems > 0, answers > 0 else { return key == .enter }
    switch key {
    case .up, .character("k"): state.cursor = max(0, state.cursor - 1)
    case .down, .character("j"): state.cursor = min(stems - 1, state.cursor + 1)
    case .right, .space, .character("l"):
      state.matches[state.cursor] = state.matches[state.cursor].map { $0 + 1 < answers ? $0 + 1 : nil } ?? 0
    case .left, .character("h"):
      state.matches[state.cursor] = state.matches[state.cursor].map { $0 > 0 ? $0 - 1 : nil } ?? answers - 1
    case .backspace, .delete: state.matches[state.cursor] = nil
    case .character("q"): state.confirmingQuit = true
    case .enter: submit(presented, state: &state)
    default: break
    }
    return false
  }

  private func writing(_ key: Terminal.Key, _ body: Essay, state: inout State) throws -> Bool {
    switch key {
    case .tab:
      let refusal = EssayRules.refusal(state.essay.text, body)
      if let refusal { state.hint = refusal } else { state.revealed = true }
      state.scroll = 0
    case .enter: _ = state.essay.apply(.paste("\n"))
    case .character("\u{0F}"): try editInEditor(&state)
    default: _ = state.essay.apply(key)
    }
    return false
  }

  /// Ctrl-O: the response in $VISUAL or $EDITOR (as `quiz edit` runs it), the screen given
  /// back meanwhile.
  private func editInEditor(_ state: inout State) throws {
    let editor = EditCommand.editorCommand(console.environment)
    let file = try TemporaryFile(name: "quiz-essay.txt", contents: state.essay.text)
    Terminal.leaveFullScreen()
    defer { _ = Terminal.enterFullScreen() }
    do {
      try EditCommand.runEditor(editor, on: file.path)
      var text = try file.read()
      if text.hasSuffix("\n") { text.removeLast() }
      state.essay = TextAreaEditor(text: text)
    } catch {
      state.hint = CLIError(error).message
    }
  }
}

// MARK: - Drawing

extension FullScreenTaker {
  /// The lines of a question that is not a choice question, and the rows to keep in view.
  func kindBodyLines(_ presented: PresentedQuestion, state: inout State, width: Int, height: Int)
    -> ([String], Range<Int>?)
  {
    let question = presented.shown
    if case .cloze(let cloze) = question.body { return clozeLines(presented, cloze, state: &state, width: width) }
    var lines = [""]
    for line in question.prompt.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += Wrap.lines(String(line), width: width - 2).map { " " + $0 }
    }
    lines.append(console.styled(" (\(KindLines.facts(question)))", .dim))
    lines.append("")
    var focus: Range<Int>?
    switch presented.original.body {
    case .shortAnswer, .numerical: focus = fieldLines(presented, state: &state, width: width, into: &lines)
    case .matching: focus = matchingLines(presented, state: state, width: width, into: &lines)
    case .essay(let body): focus = essayLines(body, state: &state, width: width, height: height, into: &lines)
    case .choice, .description, .cloze: break
    }
    if state.revealed, case .essay(let body) = presented.original.body {
      // The response is shown above, wrapped; what remains is whether it waits for a mark.
      let words = Essay.wordCount(state.essay.text)
      lines.append("")
      lines.append(console.styled(" " + NumberText.plural(words, "word"), .dim))
      lines.append(
        console.styled(
          body.isEmptyResponse(state.essay.text) ? " No response: nothing to mark" : " To be marked", .yellow))
    } else if state.revealed, let response = response(presented, state: state) {
      lines.append("")
      let reveal = KindLines.reveal(
        question, response: presented.shownResponse(response),
        graded: Graded(question: presented.original, response: response), console: console, indent: 1)
      lines += reveal.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
      if question.kind.isScoredAutomatically {
        let points = TakeCommand.score(presented, in: quiz, response: response)
        lines.append(" Points: \(NumberText.points(points)) / \(NumberText.points(question.points))")
        if let outcome = TakeOptions.outcomeText(question, points: points) {
          lines += Wrap.lines(outcome, width: width - 2).map { console.styled(" " + $0, .dim) }
        }
      }
    }
    return (lines, focus)
  }

  private func fieldLines(_ presented: PresentedQuestion, state: inout State, width: Int, into lines: inout [String])
    -> Range<Int>
  {
    let fieldWidth = max(4, min(60, width - 6))
    let (text, column) = state.field.render(width: fieldWidth)
    let row = lines.count
    lines.append(" › " + (state.revealed ? text : console.styled(text, .underline)))
    if !state.revealed { state.textCursor = (row, 3 + column) }
    if case .numerical(let body) = presented.shown.body, body.effectiveUnitInput == .choice {
      let picked = state.unit.map { body.units[$0].unit } ?? "none picked"
      lines.append(console.styled("   Unit: ", .dim) + picked + console.styled("  (↑/↓ to change)", .dim))
    }
    return row..<(row + 1)
  }

  private func matchingLines(_ presented: PresentedQuestion, state: State, width: Int, into lines: inout [String])
    -> Range<Int>?
  {
    var focus: Range<Int>?
    let pairs = presented.shown.matchingPairs
    let stemWidth = max(8, min(36, (width - 10) / 2))
    for (index, pair) in pairs.enumerated() {
      let pointer = !state.revealed && index == state.cursor ? "›" : " "
      let stem = DisplayWidth.pad(DisplayWidth.truncate(pair.stem.terminalSafeLine, to: stemWidth), to: stemWidth)
      let answer =
        state.matches[index].map { "‹ \(presented.answerChoices[$0].shown.terminalSafeLine) ›" } ?? "‹ choose ›"
      let line =
        " \(pointer) \(pair.id)) \(stem)  → " + DisplayWidth.truncate(answer, to: max(4, width - stemWidth - 12))
      let start = lines.count
      lines.append(!state.revealed && index == state.cursor ? console.styled(line, .bold) : line)
      if index == state.cursor { focus = start..<lines.count }
    }
    return focus
  }

  private func essayLines(_ body: Essay, state: inout State, width: Int, height: Int, into lines: inout [String])
    -> Range<Int>
  {
    let start = lines.count
    guard !state.revealed else {
      // Submitted: the response as written, so that what follows it is in view.
      for line in state.essay.text.split(separator: "\n", omittingEmptySubsequences: false) {
        lines += Wrap.lines(String(line), width: max(10, width - 4)).map { "  " + $0 }
      }
      return start..<lines.count
    }
    let rows = max(3, min(body.effectiveResponseLines, height - lines.count - 2))
    let (shown, cursorRow, cursorColumn) = state.essay.render(width: max(10, width - 4), height: rows)
    for line in shown { lines.append("  " + (state.revealed ? line : console.styled(line, .underline))) }
    if !state.revealed { state.textCursor = (start + cursorRow, 2 + cursorColumn) }
    var words = NumberText.plural(Essay.wordCount(state.essay.text), "word")
    if let low = body.minWords { words += " · at least \(low)" }
    if let high = body.maxWords { words += " · at most \(high)" }
    lines.append(console.styled("  " + words, .dim))
    return start..<lines.count
  }
}

extension PresentedQuestion {
  /// `response` with each matched answer as shown (terminal-safe), for the reveal, which shows
  /// and compares the shown texts.
  func shownResponse(_ response: Response) -> Response {
    guard case .matched(let matches) = response else { return response }
    return .matched(
      matches.map { match in
        StemMatch(stem: match.stem, answer: answerChoices.first { $0.text == match.answer }?.shown ?? match.answer)
      })
  }
}
