import Foundation
import Testing

/// Text and numbers at the edges of what the format allows: stored and written back exactly,
/// or refused with 65 and a path; never a raw SQLite error.
@Suite struct InputEdgeCaseTests {
  static let nulDocument = #"""
    {"format": "quiz-bank/1", "quizzes": [{"id": "z", "title": "\u0000N", "sections": [{"questions": [
      {"id": "q", "prompt": "\u0000P", "tags": ["\u0000t"],
       "choices": [{"text": "\u0000yes", "correct": true}, {"text": "no", "correct": false}]}]}]}],
     "attempts": [{"id": "\u0000a", "quiz": "z", "taker": "\u0000T", "submitted_at": "2026-01-01T00:00:00Z",
       "answers": [{"question": "q", "selected": ["a"]}]}]}
    """#

  @Test func textBeginningWithNULIsStoredAndWrittenBackByteForByte() throws {
    let workspace = try Workspace()
    let path = try workspace.write("nul.json", Self.nulDocument)
    let imported = try workspace.quiz("import", path)
    #expect(imported.status == 0, "\(imported.stderr)")
    let export = try workspace.quiz("export", "--with-attempts")
    for text in ["\u{0}N", "\u{0}P", "\u{0}t", "\u{0}yes", "\u{0}a", "\u{0}T"] {
      let object = try JSONSerialization.jsonObject(with: export.stdoutBytes) as? [String: Any]
      #expect(object != nil)
      #expect(export.stdout.contains(#"\u0000"# + text.dropFirst()), "\(text.dropFirst()) lost its NUL")
    }
    // Through the other inputs too: grade --attempts and add --prompt -.
    let line = #"{"id": "\u0000b", "quiz": "z", "taker": "\u0000U", "answers": [{"question": "q", "selected": ["b"]}]}"#
    let graded = try workspace.quiz("grade", "--attempts", "-", input: Data((line + "\n").utf8))
    #expect(graded.status == 0, "\(graded.stderr)")
    let added = try workspace.quiz(
      "add", "question", "z", "--id", "r", "--prompt", "-", "--right", "x", "--wrong", "y",
      input: Data("\u{0}Q\n".utf8))
    #expect(added.status == 0, "\(added.stderr)")
    let again = try workspace.quiz("export", "--with-attempts")
    #expect(again.stdout.contains(#""prompt": "\u0000Q""#))
    #expect(again.stdout.contains(#""taker": "\u0000U""#))
    // And the round trip into a new database gives the same bytes.
    let copy = try Workspace()
    #expect(try copy.quiz("import", try workspace.write("again.json", again.stdout)).status == 0)
    #expect(try copy.quiz("export", "--with-attempts").stdoutBytes == again.stdoutBytes)
  }

  static func bank(points: [String]) -> String {
    let questions = points.enumerated().map { index, points in
      #"{"id": "q\#(index)", "prompt": "P", "points": \#(points), "choices": [{"text": "y", "correct": true}, {"text": "n", "correct": false}]}"#
    }
    return #"{"format": "quiz-bank/1", "quizzes": [{"id": "z", "title": "T", "sections": [{"questions": ["#
      + questions.joined(separator: ", ") + "]}]}]}"
  }

  @Test func pointsThatAreNotFiniteOrAddUpToInfinityAreRefused() throws {
    let workspace = try Workspace()
    let overflow = try workspace.quiz("import", try workspace.write("big.json", Self.bank(points: ["1e308", "1e308"])))
    #expect(overflow.status == 65)
    #expect(overflow.stderr.contains("$.quizzes[0].sections: the points of the questions add up to more than"))
    let huge = try workspace.quiz("import", try workspace.write("huge.json", Self.bank(points: ["1e999"])))
    #expect(huge.status == 65)
    #expect(huge.stderr.contains("line 1"))
    #expect(try workspace.quiz("list", "--format", "json").stdout == "[]\n")
    // The largest finite total is fine, and no output says inf or nan.
    let large = try workspace.quiz("import", try workspace.write("large.json", Self.bank(points: ["1e308"])))
    #expect(large.status == 0)
    try workspace.quiz("grade", "z", "--as", "ana", "--answer", "q0=a")
    for arguments in [
      ["report", "z", "--format", "json"], ["history", "--format", "csv"], ["report", "z", "--format", "csv"],
    ] {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == 0)
      #expect(!run.stdout.contains("inf") && !run.stdout.contains("nan"), "\(arguments)")
    }
  }
}
