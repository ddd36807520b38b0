import QuizDomain
import Testing
import XML

@testable import QuizServer

/// What every page must be for the Content-Security-Policy and against injection: no inline
/// script, no event handler, no style attribute; names escaped, HTML texts sanitised; every
/// script's text round-trips.
@Suite struct PageSafetyTests {
  static let hostile = "<script>alert('x')</script>\"><img src=x onerror=alert(2)>"

  /// One of every page, with hostile names and texts where the data goes.
  static func everyPage() -> [String] {
    let hostileQuestion = Question(
      id: "q<x>", prompt: "<p onclick=\"alert(1)\" style=\"color:red\">Hi <img src=x onerror=alert(1)></p>",
      multiple: false, choices: [Choice(id: "a\"b", text: hostile, correct: true)], textFormat: .html)
    let revealed = RevealView(fraction: 1, score: 1, points: 1, feedback: [hostile])
    let review = ReviewView(
      quizTitle: hostile, taker: hostile, score: 1, maxScore: 2,
      items: Fixtures.all.enumerated().map {
        ReviewView.Item(
          question: $0.element, number: $0.offset + 1, response: nil,
          reveal: RevealView(fraction: 0, score: 0, points: 1))
      })
    return Fixtures.all.map { QuestionPage.render(Fixtures.view($0)) }
      + Fixtures.all.map { QuestionPage.render(Fixtures.view($0, reveal: revealed)) }
      + [
        QuestionPage.render(Fixtures.view(hostileQuestion)),
        QuestionPage.render(Fixtures.view(hostileQuestion, reveal: revealed)),
        SignInPage.render(
          SignInView(
            quizzes: [.init(id: hostile, title: hostile), .init(id: "b", title: "B")], usesRoster: true, csrf: hostile,
            error: hostile, taker: hostile)),
        SignInPage.render(SignInView(quizzes: [.init(id: "a", title: "A")], usesRoster: false, csrf: "c")),
        ReviewPage.render(review),
        ReviewPage.render(ReviewView(quizTitle: "Q", taker: "T", score: 0, maxScore: 1)),
        MessagePage.render(.alreadySubmitted(quizTitle: hostile)),
        MessagePage.render(.timeIsUp(quizTitle: "Q")),
        MessagePage.render(.error(hostile)),
        MonitorPage.render(
          rows: [
            MonitorRow(
              quiz: hostile, taker: hostile, answered: 1, questions: 2, score: 1, maxScore: 2, secondsLeft: 30,
              submitted: false)
          ], token: "\"><script>"),
      ]
  }

  @Test func noInlineScriptNoHandlersNoStyleAttributes() throws {
    for html in Self.everyPage() {
      let page = try PageTree(html)
      for script in page.all("script") {
        #expect(script.attribute("src") != nil, "inline script")
        #expect(script.children.isEmpty)
      }
      #expect(page.all("style").isEmpty)
      for element in page.elements {
        for attribute in element.attributes {
          #expect(!attribute.name.hasPrefix("on"), "\(element.name) \(attribute.name)")
          #expect(attribute.name != "style", "\(element.name) style")
          #expect(!attribute.value.lowercased().hasPrefix("javascript:"))
        }
      }
      #expect(!page.all("img").contains { $0.attribute("src") == "x" }, "unsafe relative image kept")
      #expect(page.all("h1").count == 1)
      #expect(page.all("main").count == 1)
      #expect(page.unlabelledControls.isEmpty)
    }
  }

  @Test func namesAreEscapedAndPromptsSanitised() throws {
    let sign = SignInPage.render(
      SignInView(quizzes: [.init(id: "a", title: "A")], usesRoster: false, csrf: "c", error: Self.hostile))
    #expect(sign.contains("&lt;script&gt;alert('x')&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
    #expect(!sign.contains("<script>alert"))
    let question = QuestionPage.render(Fixtures.view(Fixtures.choice))
    #expect(question.contains("<p>Which is <b>blue</b>? <img></p>"))
    #expect(!question.contains("onerror"))
    let monitor = MonitorPage.render(rows: [], token: "\"><script>")
    #expect(monitor.contains("data-token=\"&quot;&gt;&lt;script&gt;\""))
  }

  @Test func everyScriptRoundTripsByteForByte() throws {
    let text = "日本語のテスト 中文测试 مرحبا بالعالم 👩‍👩‍👧‍👦 🇯🇵 é"
    let question = Question(
      id: "q1", prompt: text, multiple: false, choices: [Choice(id: "a", text: text, correct: true)])
    let page = QuestionPage.render(
      QuestionView(
        quizTitle: text, question: question, number: 1, count: 1, action: "/a", csrf: "c", submitAction: "/s"))
    #expect(page.ranges(of: text).count == 4, "title, heading, prompt, choice")
    let tree = try PageTree(page)
    #expect(tree.all("h1").map(PageTree.text) == [text])
    #expect(tree.all("h1").first?.attribute("dir") == "auto")
    #expect(tree.element(id: "prompt")?.attribute("dir") == "auto")
    let review = ReviewPage.render(ReviewView(quizTitle: "Q", taker: text, score: 1, maxScore: 1))
    #expect(review.contains(text))
  }

  @Test func theAssetsAreServedWithTheirTypes() {
    #expect(StaticAssets.files["/static/quiz.css"]?.contentType.hasPrefix("text/css") == true)
    #expect(StaticAssets.files["/static/quiz.js"]?.body.contains("data-requires-answer") == true)
    #expect(StaticAssets.files["/static/monitor.js"]?.body.contains("EventSource") == true)
    #expect(StaticAssets.quizCSS.contains("min-height: 44px"))
    #expect(StaticAssets.quizCSS.contains(":focus-visible"))
    #expect(!StaticAssets.monitorJS.contains("innerHTML"))
  }

  @Test func theMonitorPassesItsTokenAsData() throws {
    let page = try PageTree(MonitorPage.render(rows: [], token: "abc123"))
    let main = try #require(page.all("main").first)
    #expect(main.attribute("data-token") == "abc123")
    #expect(main.attribute("data-events") == "/api/monitor/events")
    #expect(page.all("script").map { $0.attribute("src") } == ["/static/monitor.js"])
    #expect(page.all("th").map(PageTree.text) == ["Taker", "Quiz", "Progress", "Score so far", "Time left", "State"])
  }
}
