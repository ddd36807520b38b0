import QuizDomain

/// `quiz take` on a terminal: one question per screen, choices as rows, the answer revealed
/// after submitting.
struct FullScreenTaker {
  let quiz: Quiz
  let questions: [Question]
  let console: Console

  /// What the screen shows for the current question.
  struct State {
    var cursor = 0
    var selected = Set<String>()
    var revealed = false
    var hint: String?
  }

  func run() throws -> [Answer] {
    var answers: [Answer] = []
    for (index, question) in questions.enumerated() {
      var state = State()
      var done = false
      while !done {
        draw(question, number: index + 1, state: state)
        let key = Terminal.readKey()
        state.hint = nil
        switch key {
        case .interrupt, .endOfInput:
          throw TakeCommand.Interrupted()
        case .up, .character("k"):
          if !state.revealed { state.cursor = max(0, state.cursor - 1) }
        case .down, .character("j"):
          if !state.revealed { state.cursor = min(question.choices.count - 1, state.cursor + 1) }
        case .space:
          guard !state.revealed else { break }
          let id = question.choices[state.cursor].id
          if question.multiple {
            if state.selected.contains(id) { state.selected.remove(id) } else { state.selected.insert(id) }
          } else {
            state.selected = state.selected == [id] ? [] : [id]
          }
        case .enter, .character("n"):
          if state.revealed {
            done = true
          } else if key == .enter {
            // Submitting nothing is refused, with a hint.
            if state.selected.isEmpty {
              state.hint = "Select at least one choice with space, then press enter."
            } else {
              state.revealed = true
            }
          }
        default:
          break
        }
      }
      let selected = question.choices.map(\.id).filter { state.selected.contains($0) }
      answers.append(Answer(question: question.id, selected: selected))
    }
    return answers
  }

  private func draw(_ question: Question, number: Int, state: State) {
    let width = max(20, Terminal.size.columns)
    var lines: [String] = []
    let right = " Question \(number) of \(questions.count) "
    let left = " " + DisplayWidth.truncate(quiz.title, to: max(1, width - DisplayWidth.of(right) - 2)) + " "
    let bar =
      left + String(repeating: " ", count: max(0, width - DisplayWidth.of(left) - DisplayWidth.of(right))) + right
    lines.append(console.colorsEnabled ? "\u{1B}[7m\(bar)\u{1B}[0m" : bar)
    lines.append("")
    for line in question.prompt.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += Wrap.lines(String(line), width: width - 2).map { " " + $0 }
    }
    lines.append(console.styled(question.multiple ? " (one or more answers)" : " (one answer)", .dim))
    lines.append("")
    for (index, choice) in question.choices.enumerated() {
      let picked = state.selected.contains(choice.id)
      let box = question.multiple ? (picked ? "[x]" : "[ ]") : (picked ? "(•)" : "( )")
      let pointer = !state.revealed && index == state.cursor ? "›" : " "
      var line = " \(pointer) \(box) \(choice.id)) \(choice.text.replacingNewlines())"
      if state.revealed {
        switch (choice.correct, picked) {
        case (true, true): line = console.styled(line + "  ✓", .green)
        case (true, false): line = console.styled(line + "  ✓ missed", .yellow)
        case (false, true): line = console.styled(line + "  ✗", .red)
        case (false, false): break
        }
      } else if index == state.cursor {
        line = console.styled(line, .bold)
      }
      lines.append(line)
      if state.revealed, picked, let feedback = choice.feedback, !feedback.isEmpty {
        lines += Wrap.lines(feedback, width: width - 10).map { console.styled("         " + $0, .dim) }
      }
    }
    lines.append("")
    if state.revealed {
      if let explanation = question.explanation, !explanation.isEmpty {
        lines += Wrap.lines("→ " + explanation, width: width - 2).map { console.styled(" " + $0, .dim) }
      }
      let points = TakeCommand.score(question, in: quiz, selected: Array(state.selected))
      lines.append(" Points: \(NumberText.points(points)) / \(NumberText.points(question.points))")
      lines.append("")
      lines.append(console.styled(number == questions.count ? " enter: finish" : " enter or n: next question", .dim))
    } else {
      if let hint = state.hint { lines.append(console.styled(" " + hint, .yellow)) }
      lines.append(console.styled(" ↑/↓ or j/k: move · space: select · enter: submit · ctrl-c: quit", .dim))
    }
    console.write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
  }
}
