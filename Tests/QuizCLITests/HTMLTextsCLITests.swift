import Foundation
import Testing

/// Question texts in HTML and Moodle's auto-format through the commands: the terminal, the
/// HTML report and the Markdown report read them the same way, and embed them safely.
@Suite struct HTMLTextsCLITests {
  static let bank = #"""
    {"format": "quiz-bank/1", "quizzes": [{"id": "t", "title": "T", "sections": [{"questions": [
      {"id": "code", "prompt": "What does it do?\nif (a<b) { x = a >> 1; }", "text_format": "moodle",
       "choices": [{"id": "a", "text": "Halves\na", "correct": true}, {"id": "b", "text": "Nothing", "correct": false}]},
      {"id": "xss", "prompt": "&<script>;document.title='XSS'//&</script>; <p>Is 5 < 6 and 7 > 3?</p>",
       "text_format": "html",
       "choices": [{"id": "a", "text": "<a href=\"java&#x09;script:x\" onclick=\"x()\">yes</a>", "correct": true},
                   {"id": "b", "text": "<img src=x onerror=alert(1)>", "correct": false}]},
      {"id": "plain", "prompt": "<img src=x onerror=alert(1)> *not* | bold",
       "choices": [{"id": "a", "text": "[link](javascript:x)", "correct": true}, {"id": "b", "text": "no", "correct": false}]}
    ]}]}],
     "attempts": [{"id": "1", "quiz": "t", "taker": "u", "answers": [{"question": "code", "selected": ["a"]},
       {"question": "xss", "selected": ["a"]}, {"question": "plain", "selected": ["a"]}]}]}
    """#

  static func workspace() throws -> Workspace {
    let workspace = try Workspace()
    let imported = try workspace.quiz("import", try workspace.write("t.json", bank))
    #expect(imported.status == 0, "\(imported.stderr)")
    return workspace
  }

  @Test func theTerminalShowsCodeWholeAndMoodleLineBreaks() throws {
    let show = try Self.workspace().quiz("show", "t")
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stdout.contains("What does it do?\n"), "\(show.stdout)")
    #expect(show.stdout.contains("if (a<b) { x = a >> 1; }"), "\(show.stdout)")
    #expect(show.stdout.contains("Is 5 < 6 and 7 > 3?"), "\(show.stdout)")
    #expect(!show.stdout.contains("XSS"), "\(show.stdout)")
  }

  @Test func theHTMLReportRunsNoScriptAndKeepsMoodleLineBreaks() throws {
    let report = try Self.workspace().quiz("report", "t", "--format", "html")
    #expect(report.status == 0 && report.stderr.isEmpty, "\(report.stderr)")
    let page = report.stdout
    #expect(page.contains("What does it do?<br>\nif (a&lt;b) { x = a &gt;&gt; 1; }"), "\(page)")
    #expect(page.contains("Halves<br>\na"))
    #expect(page.contains("&amp;; <p>Is 5 &lt; 6 and 7 &gt; 3?</p>"), "\(page)")
    #expect(page.components(separatedBy: "<script").count == 1)
    #expect(page.contains("<td>a) <a>yes</a></td>") && page.contains("<td>b) <img></td>"), "\(page)")
    #expect(!page.contains("onclick") && !page.contains("href=\"java"))
    // A plain text's markup is text.
    #expect(page.contains("&lt;img src=x onerror=alert(1)&gt; *not* | bold"))
  }

  @Test func theMarkdownReportEscapesWhatItEmbeds() throws {
    let report = try Self.workspace().quiz("report", "t", "--format", "markdown")
    #expect(report.status == 0, "\(report.stderr)")
    let text = report.stdout
    #expect(text.contains(#"&lt;img src=x onerror=alert(1)&gt; \*not\* \| bold"#), "\(text)")
    #expect(text.contains(#"\[link\](javascript:x)"#), "\(text)")
    #expect(!text.contains("<img") && !text.contains("<script"), "\(text)")
    // HTML texts are shown as their text, as on a terminal.
    #expect(text.contains("&amp;; Is 5 &lt; 6 and 7 &gt; 3?"), "\(text)")
  }
}
