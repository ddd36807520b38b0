import QuizDomain

/// `quiz take` on a terminal: one question per screen, the answer revealed after submitting.
/// Choices are rows to select; a short-answer or numerical question has a one-line text field,
/// a matching question a list of stems each with an answer to pick, an essay a multi-line
/// editor (or $EDITOR), a description only Enter (FullScreenTaker+Kinds.swift). The screen is
/// laid out for the window's size, redrawn when it changes, and scrolls to keep the current
/// choice (or field) in view when the question is taller than the window.
struct FullScreenTaker {
  let quiz: Quiz
  let questions: [PresentedQuestion]
  let console: Console

  /// What the screen shows for the current question.
  struct State {
    var cursor = 0
    var selected = Set<String>()
    var revealed = false
    var hint: String?
    /// How many of the question's hints were asked for (`h`), shown under the prompt.
    var hintsShown = 0
    /// The first body line shown (when the body is taller than the window).
    var scroll = 0
    /// `q` or Esc was pressed: the footer asks whether to quit.
    var confirmingQuit = false
    /// Short answer and numerical: the text typed.
    var field = LineEditor()
    /// Numerical with units picked from a list: the unit picked.
    var unit: Int?
    /// Matching: per stem (in the order shown), the index of the answer picked.
    var matches: [Int?] = []
    /// Essay: the response.
    var essay = TextAreaEditor()
    /// Where the text cursor is drawn (row of the screen, column), when a field has focus.
    var textCursor: (row: Int, column: Int)?
  }

  func run() throws -> [Answer] {
    var answers: [Answer] = []
    for (index, presented) in questions.enumerated() {
      var state = State()
      state.matches = Array(repeating: nil, count: presented.shown.matchingPairs.count)
      if case .essay(let essay) = presented.original.body, let template = essay.responseTemplate {
        state.essay = TextAreaEditor(text: template)
      }
      var done = false
      while !done {
        draw(presented, number: index + 1, state: &state)
        let key = Terminal.readKey()
        state.hint = nil
        if state.confirmingQuit {
          state.confirmingQuit = false
          if key == .character("y") || key == .character("Y") { throw TakeCommand.Interrupted() }
          continue
        }
        done =
          presented.shown.kind == .choice
          ? try handle(key, question: presented.shown, state: &state)
          : try handleKind(key, presented, state: &state)
      }
      if let response = response(presented, state: state) {
        answers.append(Answer(question: presented.original.id, response: response))
      }
    }
    return answers
  }

  /// Applies `key` to a choice question; true when the question is done.
  private func handle(_ key: Terminal.Key, question: Question, state: inout State) throws -> Bool {
    switch key {
    case .interrupt, .endOfInput:
      throw TakeCommand.Interrupted()
    case .escape, .character("q"):
      state.confirmingQuit = true
    case .suspend:
      Terminal.suspend()
    case .resize:
      break
    case .up, .character("k"):
      if state.revealed { state.scroll = max(0, state.scroll - 1) } else { state.cursor = max(0, state.cursor - 1) }
    case .down, .character("j"):
      if state.revealed {
        state.scroll += 1
      } else {
        state.cursor = min(question.choices.count - 1, state.cursor + 1)
      }
    case .space:
      guard !state.revealed else { break }
      let id = question.choices[state.cursor].id
      if question.multiple {
        if state.selected.contains(id) { state.selected.remove(id) } else { state.selected.insert(id) }
      } else {
        state.selected = state.selected == [id] ? [] : [id]
      }
    case .character("h"):
      // As Moodle's interactive behaviour: one more hint per request, until answered.
      guard !state.revealed else { break }
      let next = TakeOptions.nextHint(question, shown: state.hintsShown)
      if next.isHint { state.hintsShown += 1 } else { state.hint = next.text }
    case .enter, .character("n"):
      if state.revealed { return true }
      if key == .enter {
        // Submitting nothing is refused, with a hint.
        if state.selected.isEmpty {
          state.hint = "Select at least one choice with space, then press enter."
        } else {
          state.revealed = true
          state.scroll = 0
        }
      }
    default:
      break
    }
    return false
  }

  // MARK: - Drawing

  private func draw(_ presented: PresentedQuestion, number: Int, state: inout State) {
    let size = Terminal.size
    let width = max(20, size.columns)
    let header = headerLine(number: number, width: width)
    let footer = footerLines(
      number: number, kind: presented.shown.kind, state: state, width: width,
      hasHints: !presented.shown.hints.isEmpty)
    state.textCursor = nil
    let (body, focus) =
      presented.shown.kind == .choice
      ? bodyLines(presented.shown, state: state, width: width)
      : kindBodyLines(presented, state: &state, width: width, height: max(3, size.rows - 2 - footer.count))
    // The body gets the rows the header and footer leave; it scrolls to keep the focus in view.
    let rows = max(1, size.rows - 1 - footer.count)
    var scroll = min(state.scroll, max(0, body.count - rows))
    if let focus, !state.revealed {
      if focus.lowerBound < scroll { scroll = focus.lowerBound }
      if focus.upperBound > scroll + rows { scroll = min(focus.lowerBound, focus.upperBound - rows) }
    }
    state.scroll = scroll
    var shown = Array(body.dropFirst(scroll).prefix(rows))
    if scroll > 0, !shown.isEmpty { shown[0] = console.styled(" ▲ more above", .dim) }
    if scroll + rows < body.count, !shown.isEmpty { shown[shown.count - 1] = console.styled(" ▼ more below", .dim) }
    shown += Array(repeating: "", count: max(0, rows - shown.count))
    let lines = [header] + shown + footer
    var screen = "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n")
    // A text field shows the terminal's own cursor where typing goes; else it stays hidden.
    if let cursor = state.textCursor, cursor.row >= scroll, cursor.row < scroll + rows {
      screen += "\u{1B}[\(cursor.row - scroll + 2);\(cursor.column + 1)H\u{1B}[?25h"
    } else {
      screen += "\u{1B}[?25l"
    }
    console.write(screen)
  }

  private func headerLine(number: Int, width: Int) -> String {
    let right = DisplayWidth.truncate(" Question \(number) of \(questions.count) ", to: width)
    let room = width - DisplayWidth.of(right)
    let left = room > 3 ? " " + DisplayWidth.truncate(quiz.title.terminalSafeLine, to: room - 2) + " " : ""
    let bar = left + String(repeating: " ", count: max(0, room - DisplayWidth.of(left))) + right
    return console.colorsEnabled ? "\u{1B}[7m\(bar)\u{1B}[0m" : bar
  }

  /// The question's lines, wrapped at word boundaries by display width; and the rows of the
  /// choice under the cursor.
  private func bodyLines(_ question: Question, state: State, width: Int) -> ([String], Range<Int>?) {
    var lines = [""]
    for line in question.prompt.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += Wrap.lines(String(line), width: width - 2).map { " " + $0 }
    }
    lines.append(console.styled(question.multiple ? " (one or more answers)" : " (one answer)", .dim))
    for shown in 0..<state.hintsShown {
      let hint = TakeOptions.nextHint(question, shown: shown).text
      lines += Wrap.lines(hint, width: width - 2).map { console.styled(" " + $0, .yellow) }
    }
    lines.append("")
    var focus: Range<Int>?
    let labels = TakeOptions.labels(question, forTyping: false)
    for (index, choice) in question.choices.enumerated() {
      let picked = state.selected.contains(choice.id)
      let box = question.multiple ? (picked ? "[x]" : "[ ]") : (picked ? "(•)" : "( )")
      let pointer = !state.revealed && index == state.cursor ? "›" : " "
      var text = choice.text.terminalSafeLine
      var style: Console.Style?
      if state.revealed {
        switch (choice.correct, picked) {
        case (true, true): (text, style) = (text + "  ✓", .green)
        case (true, false): (text, style) = (text + "  ✓ missed", .yellow)
        case (false, true): (text, style) = (text + "  ✗", .red)
        case (false, false): break
        }
      } else if index == state.cursor {
        style = .bold
      }
      // A hanging indent: continuation lines start under the choice's text.
      let prefix = " \(pointer) \(box) " + (labels[index].map { "\($0)) " } ?? "")
      let indent = String(repeating: " ", count: DisplayWidth.of(prefix))
      let wrapped = Wrap.lines(text, width: width - DisplayWidth.of(prefix) - 1)
      let start = lines.count
      for (row, part) in wrapped.enumerated() {
        let line = (row == 0 ? prefix : indent) + part
        lines.append(style.map { console.styled(line, $0) } ?? line)
      }
      if index == state.cursor { focus = start..<lines.count }
      if state.revealed, picked, let feedback = choice.feedback, !feedback.isEmpty {
        lines += Wrap.lines(feedback, width: width - indent.count - 1).map { console.styled(indent + $0, .dim) }
      }
    }
    if state.revealed {
      lines.append("")
      if let explanation = question.explanation, !explanation.isEmpty {
        lines += Wrap.lines("→ " + explanation, width: width - 2).map { console.styled(" " + $0, .dim) }
      }
      let points = TakeCommand.score(question, in: quiz, selected: Array(state.selected))
      // (A choice question's texts and ids are shown as stored: its score is the stored one.)
      lines.append(" Points: \(NumberText.points(points)) / \(NumberText.points(question.points))")
      if let outcome = TakeOptions.outcomeText(question, points: points) {
        lines += Wrap.lines(outcome, width: width - 2).map { console.styled(" " + $0, .dim) }
      }
    }
    return (lines, focus)
  }

  /// The hint (if any) and the keys, each cut to the width: the longest wording that fits.
  private func footerLines(
    number: Int, kind: QuestionKind, state: State, width: Int, hasHints: Bool = false
  ) -> [String] {
    func fitted(_ variants: [String]) -> String {
      let text =
        variants.first { DisplayWidth.of($0) <= width } ?? DisplayWidth.truncate(variants.last ?? "", to: width)
      return console.styled(text, .dim)
    }
    if state.confirmingQuit {
      return [
        console.styled(
          DisplayWidth.truncate(" Quit without saving? y: quit · any other key: go on", to: width), .yellow)
      ]
    }
    var lines: [String] = []
    if let hint = state.hint { lines += Wrap.lines(hint, width: width - 2).map { console.styled(" " + $0, .yellow) } }
    if state.revealed {
      let last = number == questions.count
      lines.append(
        fitted(
          last
            ? [" enter: finish · ↑/↓: scroll · q: quit", " enter: finish", " enter"]
            : [" enter or n: next question · ↑/↓: scroll · q: quit", " enter: next · q: quit", " enter: next"]))
    } else {
      lines.append(fitted(FullScreenTaker.keys(for: kind, hints: hasHints)))
    }
    return lines
  }
}
