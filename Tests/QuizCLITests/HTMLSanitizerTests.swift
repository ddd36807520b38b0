import Foundation
import QuizDomain
import QuizFormats
import Testing
import XML

@testable import QuizCLI

/// The report's sanitiser on libxml2's parse tree: the issue's vectors, a public corpus of
/// filter-evasion vectors, and what must survive.
@Suite struct HTMLSanitizerTests {
  /// Tests/QuizCLITests/Reference/xss-vectors.json: its header names the sources and licences.
  static func corpus() throws -> [(source: String, html: String)] {
    let url = QuizProcess.packageRoot.appendingPathComponent("Tests/QuizCLITests/Reference/xss-vectors.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let vectors = try #require(object?["vectors"] as? [[String: String]])
    return vectors.compactMap { entry in entry["html"].map { (entry["source"] ?? "?", $0) } }
  }

  /// What a sanitised text must not hold, checked on its characters (not through the parser
  /// under test): every tag one of the allowed, no event attribute, and only safe URLs. In the
  /// sanitiser's output a tag ends at the first `>` and a value at the next `"`.
  static func problems(_ html: String) -> [String] {
    var problems: [String] = []
    for match in html.matches(of: #/<(/?)([^\s/>]*)([^>]*)>/#) {
      let name = String(match.2).lowercased()
      if !HTMLSanitizer.allowedTags.contains(name) { problems.append("tag <\(name)") }
      let attributes = String(match.3)
      let names = attributes.replacing(#/"[^"]*"/#, with: "")
      if names.lowercased().contains(#/(^|\s)on/#) { problems.append("event attribute in \(match.0)") }
      for value in attributes.matches(of: #/(?:href|src)="([^"]*)"/#) {
        let url = value.1.lowercased().filter { !$0.isWhitespace }
        if !["http:", "https:", "mailto:", "data:image/", "@@pluginfile@@/"].contains(where: url.hasPrefix) {
          problems.append("URL \(url)")
        }
      }
    }
    return problems
  }

  @Test func theIssuesVectorIsNoScript() {
    let clean = HTMLSanitizer.clean("&<script>;document.title='XSS'//&</script>;")
    #expect(clean == "&amp;;")
    #expect(Self.problems(clean).isEmpty)
  }

  @Test func theCorpusComesOutWithoutScripts() throws {
    let corpus = try Self.corpus()
    #expect(corpus.count >= 100)
    for (source, html) in corpus {
      for format in [TextFormat.html, .moodle] {
        let clean = HTMLSanitizer.clean(TextTree.nodes(html, format))
        #expect(Self.problems(clean).isEmpty, "\(source): \(Self.problems(clean)) in \(clean)")
      }
    }
  }

  /// The corpus's checks can fail: on the texts as written, most vectors are caught.
  @Test func theChecksCatchTheCorpusUnsanitised() throws {
    let corpus = try Self.corpus()
    #expect(corpus.filter { !Self.problems($0.html).isEmpty }.count >= corpus.count * 3 / 4)
  }

  @Test func onlySafeURLsAreKept() {
    for href in [
      "javascript&#58;alert(1)", "java\tscript:alert(1)", " JavaScript:alert(1)", "vbscript:x", "data:text/html,x",
      "data:image/svg+xml,x", "relative/page.html", "//example.org/x",
    ] {
      #expect(HTMLSanitizer.clean("<a href=\"\(href)\">x</a>") == "<a>x</a>", "\(href)")
    }
    for url in ["https://example.org/a?b=c:d", "http://x.org", "mailto:a@b.org"] {
      #expect(HTMLSanitizer.clean("<a href=\"\(url)\">x</a>") == "<a href=\"\(url)\">x</a>")
    }
    #expect(
      HTMLSanitizer.clean("<img src=\"@@PLUGINFILE@@/map.png\" alt=\"map\"><img src=\"data:image/png;base64,AA==\">")
        == "<img src=\"@@PLUGINFILE@@/map.png\" alt=\"map\"><img src=\"data:image/png;base64,AA==\">")
    #expect(HTMLSanitizer.clean("<img src=x.png onerror=alert(1)>") == "<img>")
  }

  @Test func unknownElementsLeaveTheirTextAndEverythingIsClosed() {
    #expect(HTMLSanitizer.clean("<b onmouseover=\"x\">b</b><iframe src=x></iframe>") == "<b>b</b>")
    #expect(HTMLSanitizer.clean("<script>alert(1)</script><p>ok") == "<p>ok</p>")
    #expect(HTMLSanitizer.clean("<blink>on</blink> & <x-y>off</x-y>") == "on &amp; off")
    #expect(HTMLSanitizer.clean("<p>Is 5 < 6 and 7 > 3?</p>") == "<p>Is 5 &lt; 6 and 7 &gt; 3?</p>")
  }

  /// A table cell outside a table would close the report's own cell.
  @Test func tablePartsStayInsideTables() {
    #expect(HTMLSanitizer.clean("<td>a</td><tr><th>b</th></tr>") == "ab")
    #expect(
      HTMLSanitizer.clean("<table><tr><td>a</td></tr></table>")
        == "<table><tbody><tr><td>a</td></tr></tbody></table>"
        || HTMLSanitizer.clean("<table><tr><td>a</td></tr></table>") == "<table><tr><td>a</td></tr></table>")
  }

  @Test func textRoundTripsInEveryScript() {
    let text = "日本語 مرحبا 👩‍👩‍👧 \"quoted\""
    #expect(HTMLSanitizer.clean("<p>\(text)</p>") == "<p>日本語 مرحبا 👩‍👩‍👧 &quot;quoted&quot;</p>")
  }

  @Test func moodleLineBreaksBecomeBreaksOutsidePre() {
    let nodes = TextTree.nodes("one\ntwo<pre>a\nb</pre>", .moodle)
    #expect(HTMLSanitizer.clean(nodes) == "one<br>\ntwo<pre>a\nb</pre>")
    #expect(HTMLSanitizer.clean(TextTree.nodes("one\ntwo", .html)) == "one\ntwo")
  }
}
