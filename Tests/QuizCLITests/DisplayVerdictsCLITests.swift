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
    // The report's response analysis shows an HTML answer as its text, not its markup.
    let report = try workspace.quiz("report", "t")
    #expect(report.stdout.contains("AT&T") && !report.stdout.contains("AT&amp;T"), "\(report.stdout)")
    let wrong = try workspace.quiz("grade", "t", "--as", "B", "--answer", "m[a]=ATT")
    #expect(wrong.status == 65)
    #expect(wrong.stderr.contains(#"(answers: "AT&amp;T""#), "\(wrong.stderr)")
  }

  /// After a regrade, history shows the right and wrong of the version the answer was scored
  /// against, and its points ("✗ … Points: 1 / 1" mixed the answered version's verdicts with the
  /// new score).
  @Test func historyAfterARegradeShowsTheVersionTheScoreIsOutOf() throws {
    let workspace = try Workspace()
    func document(rightIs right: String, points: Int) -> String {
      """
      {"format": "quiz-bank/1", "quizzes": [{"id": "r", "title": "R", "sections": [{"questions": [
       {"id": "q", "prompt": "Pick", "points": \(points), "choices": [
        {"id": "a", "text": "A", "correct": \(right == "a")}, {"id": "b", "text": "B", "correct": \(right == "b")}]}
      ]}]}]}
      """
    }
    #expect(try workspace.quiz("import", try workspace.write("v1.json", document(rightIs: "a", points: 1))).status == 0)
    #expect(try workspace.quiz("grade", "r", "--as", "A", "--answer", "q=b").status == 0)
    #expect(try workspace.quiz("import", try workspace.write("v2.json", document(rightIs: "b", points: 2))).status == 0)
    #expect(try workspace.quiz("regrade", "r").status == 0)
    let history = try workspace.quiz("history", "--format", "json")
    let id = try #require(history.stdout.firstMatch(of: #/"id": "([0-9a-f-]{36})"/#)?.1)
    let shown = try workspace.quiz("history", String(id))
    #expect(shown.stdout.contains("scored against version 2 by a regrade"), "\(shown.stdout)")
    #expect(shown.stdout.contains("Points: 2 / 2"), "\(shown.stdout)")
    #expect(shown.stdout.contains("(•) b) B  ✓"), "\(shown.stdout)")
  }
}
