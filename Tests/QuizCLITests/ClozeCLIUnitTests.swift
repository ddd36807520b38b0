import Foundation
import QuizDomain
import Testing

@testable import QuizCLI

/// The pieces of the CLI a cloze question goes through, without a database: `--answer
/// Q[GAP]=…`, `show`'s gap lines, the reveal, and the full-screen taker's keys and drawing.
@Suite struct ClozeCLIUnitTests {
  static let cloze = Cloze(parts: [
    ClozePart(
      body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "Paris"), TextAnswer(text: "Lyon", fraction: 0.5)]))),
    ClozePart(points: 2, body: .numerical(Numerical(answers: [NumericAnswer(value: 3.14, tolerance: 0.01)]))),
    ClozePart(
      body: .choice(
        ClozeChoice(choices: [
          Choice(id: "a", text: "rouge", correct: false), Choice(id: "b", text: "bleu", correct: true, feedback: "Oui"),
          Choice(id: "c", text: "vert", correct: false, weight: 0.5),
        ]))),
    ClozePart(
      body: .choice(
        ClozeChoice(
          multiple: true,
          choices: [
            Choice(id: "a", text: "un", correct: true), Choice(id: "b", text: "deux", correct: true),
            Choice(id: "c", text: "trois", correct: false),
          ]))),
  ])
  static let question = Question(
    id: "gaps", prompt: "Capital {#1}, π {#2}, sky {#3}, odd {#4}.", points: 5, body: .cloze(cloze))
  static let quiz = Quiz(id: "q", title: "Q", sections: [Section(questions: [question])])

  func parse(_ raw: [String], units: [String] = []) throws -> [Answer] {
    try AnswerOptions.parse(raw, units: units, quiz: Self.quiz, command: GradeCommand.command).0
  }

  @Test func eachGapIsAnsweredByNumberAndTheRestStayBlank() throws {
    let answers = try parse(["gaps[3]=b", "gaps[1]=Paris, France"])
    #expect(answers.count == 1)
    #expect(answers.first?.response == .parts([.text("Paris, France"), .text(""), .choices(["b"])]))
    #expect(
      try parse(["gaps[4]=a,b"]).first?.response == .parts([.text(""), .text(""), .choices([]), .choices(["a", "b"])]))
    #expect(
      try parse(["gaps[2]=314", "gaps[1]=x"], units: ["gaps[2]=cm"]).first?.response
        == .parts([.text("x"), .text("314", unit: "cm")]))
  }

  @Test(arguments: [
    (["gaps=Paris"], "is cloze: give QUESTION[GAP]=ANSWER per gap"),
    (["gaps[5]=x"], "has gaps 1 to 4, not '5'"),
    (["gaps[0]=x"], "has gaps 1 to 4, not '0'"),
    (["gaps[one]=x"], "not 'one'"),
    (["gaps[1]=x", "gaps[1]=y"], "Gap 1 of question 'gaps' is answered twice"),
    (["gaps[4]=a,a"], "a choice is picked twice"),
  ])
  func badGapAnswersAreUsageErrorsNamingTheOption(raw: [String], message: String) throws {
    #expect {
      _ = try parse(raw)
    } throws: { error in
      guard case .usage(let text, _) = error as? CLIError else { return false }
      return text.contains(message)
    }
  }

  @Test func showListsTheGapsAndWithAnswersTheirAlternatives() {
    let plain = KindLines.parts(Self.question, withAnswers: false, console: .plain, indent: 2)
    #expect(plain.contains("  Gap 1: type an answer · 1 point\n"))
    #expect(plain.contains("  Gap 2: type a number · 2 points\n"))
    #expect(plain.contains("  Gap 3: pick one from a list · 1 point\n    a) rouge\n    b) bleu\n    c) vert\n"))
    #expect(plain.contains("  Gap 4: pick one or more"))
    #expect(!plain.contains("Paris"))
    let answers = KindLines.parts(Self.question, withAnswers: true, console: .plain, indent: 2)
    #expect(answers.contains("    = Paris  (100%)\n    = Lyon  (50%)\n"))
    #expect(answers.contains("    = 3.14 ± 0.01  (100%)"))
    #expect(answers.contains("    c) vert  (50%)"))
    #expect(answers.contains("        Oui"))
  }

  @Test func theRevealMarksEachGapAndGivesTheRightAnswers() {
    let reveal = KindLines.reveal(
      Self.question, response: .parts([.text("Lyon"), .text("3.14"), .choices(["a"])]), console: .plain, indent: 2)
    #expect(reveal.contains("  Gap 1: Lyon  partly right (50%)\n    Right: Paris\n"), "\(reveal)")
    #expect(reveal.contains("  Gap 2: 3.14  ✓\n"))
    #expect(reveal.contains("  Gap 3: rouge  ✗\n    Right: bleu\n"))
    #expect(reveal.contains("  Gap 4: –  ✗\n    Right: un · deux\n"))
  }

  @Test func fullScreenMovesBetweenGapsTypesAndPicks() throws {
    let taker = FullScreenTaker(
      quiz: Self.quiz, questions: [PresentedQuestion(original: Self.question, shown: Self.question)], console: .plain)
    var state = FullScreenTaker.State()
    state.cloze = ClozeFields(Self.cloze)
    let presented = taker.questions[0]
    // Enter with every gap blank is refused.
    #expect(try !taker.handleKind(.enter, presented, state: &state))
    #expect(state.hint?.contains("Fill in at least one gap") == true)
    #expect(!state.revealed)
    for key: Terminal.Key in [.character("P"), .character("q"), .backspace, .character("a"), .tab, .tab] {
      _ = try taker.handleKind(key, presented, state: &state)
    }
    // Gap 3 is a drop-down list: ↓ picks at once.
    #expect(state.cloze.focus == 2)
    _ = try taker.handleKind(.down, presented, state: &state)
    #expect(state.cloze.picks[2] == ["b"])
    // Shift-Tab goes back; Tab from the last gap goes round to the first.
    _ = try taker.handleKind(.backTab, presented, state: &state)
    #expect(state.cloze.focus == 1)
    for key: Terminal.Key in [.tab, .tab, .down, .space, .space, .down, .space, .tab] {
      _ = try taker.handleKind(key, presented, state: &state)
    }
    #expect(state.cloze.focus == 0)
    #expect(state.cloze.picks[3] == ["c"])
    let response = taker.response(presented, state: state)
    #expect(response == .parts([.text("Pa"), .text(""), .choices(["b"]), .choices(["c"])]))
    var (lines, _) = taker.kindBodyLines(presented, state: &state, width: 100, height: 30)
    #expect(lines.contains(" Capital ▸[1: Pa], π [2: ____], sky [3: bleu ▾], odd [4: trois]."), "\(lines)")
    #expect(lines.contains(" Gap 1 of 4 · type an answer · 1 point"))
    #expect(try !taker.handleKind(.enter, presented, state: &state))
    #expect(state.revealed)
    (lines, _) = taker.kindBodyLines(presented, state: &state, width: 100, height: 30)
    #expect(lines.contains(" Gap 3: bleu  ✓"), "\(lines)")
    #expect(lines.contains(" Gap 1: Pa  ✗"))
    #expect(lines.contains { $0.hasPrefix(" Points: ") })
    // Revealed, Enter goes on.
    #expect(try taker.handleKind(.enter, presented, state: &state))
  }

  @Test func shiftTabIsDecoded() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[Z".utf8)) == [.backTab])
  }
}
