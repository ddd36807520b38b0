import Foundation
import TestSupport
import Testing

/// Right and wrong are read from the texts as stored, not as cleaned for the terminal: an HTML
/// matching answer `AT&amp;T` and answers with a tab showed ✗ beside full points; `grade` takes
/// the answer as the taker sees it (`AT&T`) and lists the answers when one is not among them.
@Suite struct DisplayVerdictsCLITests {
  static let document = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "t", "title": "T", "sections": [{"questions": [
     {"id": "m", "type": "matching", "prompt": "Match", "text_format": "html",
      "pairs": [{"stem": "Phone", "answer": "AT&amp;T"}, {"stem": "Tab", "answer": "a\\tb"}]},
     {"id": "s", "type": "short-answer", "prompt": "Tab?", "answers": [{"text": "x\\ty"}]}
    ]}]}]}
    """

  @Test func historyMarksRightAnswersRightAndGradeTakesTheShownText() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("import", try workspace.write("q.json", Self.document)).status == 0)
    let graded = try workspace.quiz(
      "grade", "t", "--as", "A", "--answer", "m[a]=AT&T", "--answer", "m[b]=a\tb", "--answer", "s=x\ty")
    #expect(graded.status == 0, "\(graded.stderr)")
    let history = try workspace.quiz("history", "--format", "json")
    let id = try #require(history.stdout.firstMatch(of: #/"id": "([0-9a-f-]{36})"/#)?.1)
    let shown = try workspace.quiz("history", String(id))
    #expect(shown.stdout.contains("Phone → AT&T  ✓"), "\(shown.stdout)")
    #expect(shown.stdout.contains("Tab → a b  ✓"), "\(shown.stdout)")
    #expect(shown.stdout.contains("Answer: x y  ✓"), "\(shown.stdout)")
    #expect(!shown.stdout.contains("✗"))
    let wrong = try workspace.quiz("grade", "t", "--as", "B", "--answer", "m[a]=ATT")
    #expect(wrong.status == 65)
    #expect(wrong.stderr.contains(#"(answers: "AT&amp;T""#), "\(wrong.stderr)")
  }
}
