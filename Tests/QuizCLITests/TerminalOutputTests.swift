import Foundation
import Testing

@testable import QuizCLI

/// What reaches a terminal: control characters from the data shown, not obeyed; tables that
/// fit the window.
@Suite struct TerminalOutputTests {
  static let hostile = #"""
    {"format": "quiz-bank/1", "quizzes": [{"id": "evil", "title": "Clear\u001b[2J\u0007 me",
      "description": "bell\u0007", "sections": [{"title": "Sec\u001b]0;owned\u0007", "questions": [
      {"id": "q", "prompt": "Prompt\u001b[31m red\u009b", "explanation": "x\u007f",
       "choices": [{"text": "yes\u001b", "correct": true, "feedback": "fb\u001b[1m"}, {"text": "no", "correct": false}]}]}]}],
     "attempts": [{"id": "a1", "quiz": "evil", "taker": "Zed\u001b[5m", "answers": [{"question": "q", "selected": ["a"]}]}]}
    """#

  @Test func controlCharactersFromTheDataAreShownNotObeyed() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("import", try workspace.write("evil.json", Self.hostile)).status == 0)
    for arguments in [
      ["list"], ["show", "evil", "--answers"], ["show", "evil/q", "--answers"], ["history"], ["history", "a1"],
      ["report", "evil"], ["report", "--taker", "Zed\u{1B}[5m"], ["search", "prompt"], ["watch", "--since", "0"],
    ] {
      let run: Run
      if arguments[0] == "watch" {
        // Until the import's entry has been printed, then stopped: it ran and printed the data.
        run = try QuizProcess.shell(
          """
          quiz --db quiz.sqlite watch --since 0 >watch.out 2>watch.err & pid=$!
          for i in $(seq 1 100); do grep -q evil watch.out && break; sleep 0.1; done
          kill -TERM $pid; wait $pid; echo "exit $?" >&2; cat watch.out
          """, in: workspace.directory)
        // The shell may say "Terminated" first.
        #expect(run.stderr.hasSuffix("exit 0\n") || run.stderr.hasSuffix("exit 143\n"), "\(run.stderr)")
        #expect(run.stdout.contains("quiz insert evil"), "\(run.stdout)")
      } else {
        run = try workspace.quiz(arguments: arguments)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
      }
      let output = run.stdout + run.stderr
      #expect(
        !output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
        "\(arguments) printed a raw control character")
    }
    let show = try workspace.quiz("show", "evil", "--answers")
    #expect(show.stdout.contains("Clear^[[2J^G me"))
    #expect(show.stdout.contains(#"Prompt^[[31m red\u{9B}"#))
    // Error messages quote the data the same way.
    let error = try workspace.quiz("show", "nope\u{1B}[31m")
    #expect(error.status == 1)
    #expect(error.stderr.contains("nope^[[31m"))
  }

  @Test func tablesFitTheTerminalAndKeepEverythingWhenPiped() throws {
    try QuizProcess.requireTool("script")
    let workspace = try Workspace()
    let long = String(repeating: "A very long title that goes on ", count: 6)
    try workspace.quiz("add", "quiz", "long", "--title", long)
    try workspace.quiz("add", "quiz", "family", "--title", "👩‍👩‍👧 family")
    for columns in [40, 60, 100] {
      let run = try QuizProcess.shell(
        "script -qec 'stty cols \(columns) rows 20; NO_COLOR=1 quiz --db quiz.sqlite list' /dev/null",
        in: workspace.directory)
      let lines = run.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
      #expect(lines.count == 3, "\(columns): \(lines)")
      // The other columns keep their headers (ID, SECTIONS, QUESTIONS, ATTEMPTS: 39 columns
      // with their gaps) and the title keeps 8: narrower than 47 cannot fit.
      for line in lines { #expect(DisplayWidth.of(line) <= max(columns, 47), "\(columns): \(line)") }
      #expect(lines.contains { $0.contains("…") })
    }
    let piped = try workspace.quiz("list")
    #expect(piped.stdout.contains(long.trimmingCharacters(in: .whitespaces)))
  }

  @Test func emojiJoinedByZWJIsOneGlyphTwoColumnsWide() {
    #expect(DisplayWidth.of("👩‍👩‍👧") == 2)
    #expect(DisplayWidth.of("👩‍👩‍👧 family") == 9)
    #expect(DisplayWidth.of("日本語") == 6)
    #expect(DisplayWidth.of("\u{1B}[1mbold\u{1B}[0m") == 4)
    #expect(DisplayWidth.truncate("\u{1B}[1mbold text\u{1B}[0m", to: 5) == "\u{1B}[1mbold…\u{1B}[0m")
  }

  @Test func sanitizingKeepsLinesOrFlattensThem() {
    #expect("a\u{1B}[2Jb\u{7}\u{7F}".terminalSafe == "a^[[2Jb^G^?")
    #expect("one\ntwo\r\nthree\tx".terminalSafe == "one\ntwo\nthree\tx")
    #expect("one\ntwo\tx".terminalSafeLine == "one two x")
    #expect("\u{85}\u{9B}".terminalSafeLine == " \\u{9B}")
    #expect("日本語 🎉".terminalSafe == "日本語 🎉")
  }
}
