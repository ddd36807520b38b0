import Foundation
import QuizDomain
import Testing

@testable import QuizCLI

/// `quiz take` of every question kind, full screen in tmux at 40 and 100 columns (Japanese text
/// in the field) and line by line from a pipe.
@Suite struct TakeKindsCLITests {
  static let bank = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "kinds", "title": "Every kind", "sections": [{"questions": [
      {"id": "intro", "type": "description", "prompt": "日本語のクイズです。"},
      {"id": "capital", "type": "short-answer", "prompt": "日本の首都は?", "answers": [
        {"text": "東京", "feedback": "正解"}, {"text": "Tokyo"}]},
      {"id": "pi", "type": "numerical", "prompt": "Pi to two places, in rad?", "answers": [{"value": 3.14, "tolerance": 0.01}],
        "units": [{"unit": "rad", "multiplier": 1}, {"unit": "mrad", "multiplier": 1000}], "unit_input": "choice",
        "unit_grading": "mark"},
      {"id": "cities", "type": "matching", "prompt": "Match the capitals", "pairs": [
        {"stem": "France", "answer": "Paris"}, {"stem": "Japan", "answer": "東京"}]},
      {"id": "why", "type": "essay", "prompt": "Why SQLite?", "min_words": 2}
    ]}]}]}
    """

  func workspace() throws -> Workspace {
    let workspace = try Workspace()
    let path = try workspace.write("kinds.json", Self.bank)
    #expect(try workspace.quiz("import", path).status == 0)
    return workspace
  }

  @Test(arguments: [40, 100])
  func fullScreenTakesEveryKind(columns: Int) throws {
    try QuizProcess.requireTool("tmux")
    let workspace = try workspace()
    let session = TakeCLITests.TmuxSession(workspace: workspace)
    defer { session.stop() }
    try session.start("take kinds --as 端末 --seed 3", columns: columns, rows: 24)
    // The description: Enter goes on.
    var screen = try session.waitFor("Question 1 of 5")
    #expect(screen.contains("日本語のクイズです。"))
    try session.keys("Enter")
    // Short answer: submitting nothing is refused; Japanese typed, a wrong character erased.
    screen = try session.waitFor("Question 2 of 5")
    try session.keys("Enter")
    screen = try session.waitFor("Type an answer")
    try session.tmux(["send-keys", "-t", "take", "-l", "東京x"])
    try session.keys("BSpace")
    screen = try session.waitFor("› 東京")
    #expect(Self.widest(screen) <= columns, "\(screen)")
    try session.keys("Enter")
    screen = try session.waitFor("Points:")
    #expect(screen.contains("Answer: 東京  ✓"), "\(screen)")
    #expect(screen.contains("正解"))
    try session.keys("Enter")
    // Numerical: a unit picked from the list with ↓; a non-number is refused first.
    screen = try session.waitFor("Question 3 of 5")
    #expect(screen.contains("Unit: none picked"))
    try session.tmux(["send-keys", "-t", "take", "-l", "abc"])
    try session.keys("Enter")
    screen = try session.waitFor("That is not a number")
    try session.keys("C-u")
    try session.tmux(["send-keys", "-t", "take", "-l", "3140"])
    try session.keys("Down", "Down")
    screen = try session.waitFor("Unit: mrad")
    try session.keys("Enter")
    screen = try session.waitFor("Points:")
    #expect(screen.contains("Points: 1 / 1"), "\(screen)")
    try session.keys("Enter")
    // Matching: ←/→ picks each stem's answer.
    screen = try session.waitFor("Question 4 of 5")
    #expect(screen.contains("‹ choose ›"))
    try session.keys("Enter")
    screen = try session.waitFor("Pick an answer")
    // Answers are shuffled: step through until each stem shows its right answer.
    // Each key is waited for by what it changes on the screen (the cursor moving to the stem,
    // the stem's answer moving on), not by what was there before it: on a loaded machine the
    // screen read right after a key can be the one before it.
    func line(of stem: String, in screen: String) -> Substring? {
      screen.split(separator: "\n").first { $0.contains(stem) }
    }
    for (stem, answer) in [("France", "Paris"), ("Japan", "東京")] {
      screen = try session.waitUntil("the cursor on \(stem)") {
        line(of: stem, in: $0)?.drop { $0 == " " }.hasPrefix("›") == true
      }
      var found = line(of: stem, in: screen)?.contains("‹ \(answer) ›") == true
      for _ in 0..<3 where !found {
        let before = line(of: stem, in: screen)
        try session.keys("Right")
        screen = try session.waitUntil("\(stem)'s answer to change") { line(of: stem, in: $0) != before }
        found = line(of: stem, in: screen)?.contains("‹ \(answer) ›") == true
      }
      #expect(found, "\(stem) never showed \(answer):\n\(screen)")
      try session.keys("Down")
    }
    try session.keys("Enter")
    screen = try session.waitFor("Points:")
    #expect(screen.contains("Points: 1 / 1"), "\(screen)")
    try session.keys("Enter")
    // Essay: Enter is a new line; too few words are refused; Tab submits.
    screen = try session.waitFor("Question 5 of 5")
    try session.tmux(["send-keys", "-t", "take", "-l", "Small"])
    try session.keys("Tab")
    screen = try session.waitFor("Write at least 2 words")
    try session.keys("Enter")
    try session.tmux(["send-keys", "-t", "take", "-l", "and embedded"])
    try session.keys("Tab")
    screen = try session.waitFor("To be marked")
    #expect(Self.widest(screen) <= columns, "\(screen)")
    try session.keys("Enter")
    #expect(session.exitStatus() == "EXIT=0")
    screen = try session.screen()
    #expect(screen.contains("1 essay to be"), "\(screen)")
    let pending = try workspace.quiz("mark", "--pending", "--format", "json")
    #expect(pending.stdout.contains(#""words": 3"#), "\(pending.stdout)")
    let history = try workspace.quiz("history", "--taker", "端末", "--format", "json")
    #expect(history.stdout.contains(#""score": 3"#), "\(history.stdout)")
  }

  @Test func lineModeTakesEveryKind() throws {
    let workspace = try workspace()
    // Description: Enter. Short answer. Numerical: a non-number refused, then the number and
    // an unknown unit refused, then a unit. Matching by answer text, the item by its letter or
    // its text (docs/cli.md: `STEM=ANSWER`). Essay up to ".".
    let input = ["", "Tokyo", "abc", "3.14", "cm", "rad", "a=Paris", "japan=東京", "Because it is embedded", ".", ""]
    let run = try workspace.quiz(
      "take", "kinds", "--as", "piped", "--seed", "1", input: Data(input.joined(separator: "\n").utf8))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("\"abc\" is not a number"), "\(run.stderr)")
    #expect(run.stderr.contains("Pick one of: rad, mrad."))
    #expect(run.stderr.contains("a) France → Paris  ✓"))
    #expect(run.stdout.contains("Score: 3 / 4 (75%) · 1 essay to be marked"), "\(run.stdout)")
    #expect(try workspace.quiz("check").status == 0)
  }

  /// A matching line is cut at the first `=` after which the left part names an item, so an
  /// item whose text holds `=` can be named by it; a letter still names its item.
  @Test func matchLineNamesAnItemWhoseTextHoldsAnEqualsSign() {
    let pairs = [
      MatchPair(id: "a", stem: "2+2=?", answer: "4"), MatchPair(id: "b", stem: "Japan", answer: "東京"),
    ]
    let stems = pairs.map(\.id)
    let split = { (line: String) in LineTaker.splitMatch(line, stems: stems, pairs: pairs) }
    #expect(split("2+2=?=4") == ("2+2=?", "4"))
    #expect(split(" 2+2=? = 1 ") == ("2+2=?", "1"))
    #expect(split("b=東京") == ("b", "東京"))
    #expect(split("JAPAN=1") == ("JAPAN", "1"))
    #expect(split("a=2+2=4") == ("a", "2+2=4"))
    // Naming nothing: cut at the first `=`, and the item is then reported unknown.
    #expect(split("x=y=z") == ("x", "y=z"))
  }

  /// An answer typed as a number that is also another answer's text is read by its number, as
  /// the list shows it, and take says so.
  @Test func aMatchAnswerThatIsAlsoANumberIsReadByItsNumberWithANote() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("add", "quiz", "nm", "--title", "N").status == 0)
    let add = try workspace.quiz(
      "add", "matching", "nm", "--id", "m", "--prompt", "Count", "--pair", "One=1", "--pair", "Two=2", "--pair",
      "Three=3")
    #expect(add.status == 0, "\(add.stderr)")
    let run = try workspace.quiz("take", "nm", "--as", "x", "--seed", "1", input: Data("One=1\nTwo=2\nThree=3\n".utf8))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("by its number, not the answer"), "\(run.stderr)")
  }

  static func widest(_ screen: String) -> Int { TakeCLITests.widest(screen) }
}
