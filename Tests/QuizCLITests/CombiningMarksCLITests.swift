import Foundation
import TestSupport
import Testing

/// Values that begin with a combining mark (`--answer q=◌́…`, `--pair STEM=◌́…`) were refused:
/// the `=` and the mark form one Character, which a search by Character does not find. Names
/// are kept in NFC by grade as by serve; `--accept "x=1"` says how it was read.
@Suite struct CombiningMarksCLITests {
  @Test func answersAndPairsBeginningWithACombiningMarkAreRead() throws {
    let workspace = try Workspace()
    for step in [
      ["add", "quiz", "m", "--title", "Marks"],
      ["add", "short-answer", "m", "--id", "accent", "--prompt", "The accent alone?", "--accept", "\u{301}"],
      [
        "add", "matching", "m", "--id", "marks", "--prompt", "Match", "--pair", "acute=\u{301}", "--pair",
        "grave=\u{300}",
      ],
    ] {
      let run = try workspace.quiz(arguments: step)
      #expect(run.status == 0, "\(step): \(run.stderr)")
    }
    let graded = try workspace.quiz(
      "grade", "m", "--as", "Jose\u{301}", "--answer", "accent=\u{301}", "--answer", "marks[a]=\u{301}",
      "--answer", "marks[b]=\u{300}", "--format", "json")
    #expect(graded.status == 0, "\(graded.stderr)")
    #expect(graded.stdout.contains(#""score": 2"#), "\(graded.stdout)")
    // The name is kept in NFC: the same taker as "José" typed with "é".
    let history = try workspace.quiz("history", "--format", "json")
    #expect(history.stdout.contains("\"taker\": \"Jos\u{E9}\""), "\(history.stdout)")
    #expect(!Array(history.stdout.utf8).starts(with: Array("Jose\u{301}".utf8)))
  }

  @Test func acceptingXEquals1SaysItIsXAtFullMarks() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("add", "quiz", "m", "--title", "M").status == 0)
    let run = try workspace.quiz(
      "add", "short-answer", "m", "--id", "eq", "--prompt", "Solve", "--accept", "x=1", "--accept", "y=0.5")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("warning: --accept 'x=1' is the answer 'x' at 100 %"), "\(run.stderr)")
    #expect(run.stderr.contains("write --accept 'x=1=1'"))
    #expect(!run.stderr.contains("'y=0.5'"))
  }
}
