import Foundation
import QuizServer
import TestSupport
import Testing

/// Leaving a page never drops what it holds: Previous, Skip, Finish and the timer's end each
/// save the page's answer first (issue 34: typed answers were recorded as "No answer"); a taker
/// at a shared computer signs out, and the review's cookie ends.
@Suite(.serialized) struct PageNavigationTests {
  private func post(_ browser: Browser, question: String, go: String, _ fields: [(String, String)]) throws
    -> RawHTTPResponse
  {
    let page = try browser.get("/attempt")
    let csrf = try #require(Browser.hiddenField("csrf", in: page.text))
    return try browser.post("/answer", [("csrf", csrf), ("question", question), ("go", go)] + fields)
  }

  @Test func previousSkipAndFinishSaveWhatThePageHolds() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana")
    _ = try browser.get("/attempt?q=2")
    let skipped = try post(browser, question: "capital", go: "next", [("response", "Paris")])
    #expect(skipped.status == 303 && skipped.header("location") == "/attempt?q=3", "\(skipped.text)")
    _ = try browser.get("/attempt?q=7")
    let back = try post(browser, question: "gaps", go: "previous", [("gap.1", "France"), ("gap.2", "2")])
    #expect(back.header("location") == "/attempt?q=6", "\(back.text)")
    // A blank page is left as it is, without an error.
    let blank = try post(browser, question: "pick", go: "next", [])
    #expect(blank.status == 303)
    let finished = try post(browser, question: "why", go: "finish", [("response", "Because.")])
    #expect(finished.header("location") == "/review", "\(finished.text)")
    let attempts = try fixture.repository().attemptSummaries()
    #expect(attempts.count == 1)
    let detail = try fixture.repository().attemptDetail(try #require(attempts.first?.id))
    let given = Dictionary(uniqueKeysWithValues: detail.answers.map { ($0.questionID, $0.response) })
    #expect(given["capital"] == .text("Paris"))
    #expect(given["gaps"] == .parts([.text("France"), .choices(["b"])]))
    #expect(given["why"] == .text("Because."))
    #expect(given["pick"] == nil)
  }

  /// An answer the server refuses (a number mistyped) comes back in its field with why, in words:
  /// it was wiped, and the reason began with the API's JSON path.
  @Test func aRefusedAnswerComesBackAsTyped() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana")
    _ = try browser.get("/attempt?q=3")
    let refused = try post(browser, question: "pi", go: "next", [("response", "three point one")])
    #expect(refused.status == 400)
    #expect(refused.text.contains("value=\"three point one\""), "\(refused.text)")
    #expect(!refused.text.contains("$.response"), "\(refused.text)")
  }

  /// The page's timer sends its answer at zero (`go=time-up`): saved within the grace after the
  /// deadline, and the attempt submitted with it.
  @Test func theTimersLastPageIsSavedWithinTheGrace() throws {
    let fixture = try ServedFixture { $0.timeLimit = 2 }
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana", quiz: "short")
    let page = try browser.get("/attempt")
    let csrf = try #require(Browser.hiddenField("csrf", in: page.text))
    Thread.sleep(forTimeInterval: 3.2)
    let sent = try browser.post("/answer", [("csrf", csrf), ("question", "one"), ("choice", "1"), ("go", "time-up")])
    #expect(sent.header("location") == "/review", "\(sent.status) \(sent.text)")
    #expect(try fixture.repository().attemptSummaries().first?.score == 1)
    // Past the deadline a plain save is still refused.
    let other = Browser(fixture)
    try PageFlow.signIn(other, taker: "Bo", quiz: "short")
    let otherPage = try other.get("/attempt")
    let otherCSRF = try #require(Browser.hiddenField("csrf", in: otherPage.text))
    Thread.sleep(forTimeInterval: 3.2)
    let late = try other.post("/answer", [("csrf", otherCSRF), ("question", "one"), ("choice", "1")])
    #expect(late.status == 409)
  }

  @Test func signingOutEndsTheAttemptsCookieAndTheReviewsCookieExpires() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana", quiz: "short")
    let finished = try post(browser, question: "one", go: "finish", [("choice", "1")])
    #expect(finished.header("location") == "/review")
    let review = try browser.get("/review")
    #expect(review.headers("set-cookie").contains { $0.hasPrefix("quiz_attempt=") && $0.contains("Max-Age=600") })
    #expect(review.text.contains("action=\"/sign-out\""))
    let csrf = try #require(Browser.hiddenField("csrf", in: review.text))
    let forged = try browser.post("/sign-out", [("csrf", "forged")])
    #expect(forged.status == 403)
    let out = try browser.post("/sign-out", [("csrf", csrf)])
    #expect(out.status == 303 && out.header("location") == "/")
    #expect(out.headers("set-cookie").contains { $0.hasPrefix("quiz_attempt=;") && $0.contains("Max-Age=0") })
  }

  /// Under --reveal each a save locks the answer and shows it: Skip and Previous leave a page
  /// without saving (a tentative pick was locked wrong by looking elsewhere); Finish saves.
  @Test func underRevealEachSkipDoesNotLockATentativeAnswer() throws {
    let fixture = try ServedFixture { $0.reveal = .each }
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana")
    let skipped = try post(browser, question: "pick", go: "next", [("choice", "2")])
    #expect(skipped.header("location") == "/attempt?q=2")
    let back = try browser.get("/attempt?q=1")
    #expect(!back.text.contains("class=\"reveal") && !back.text.contains(" disabled"), "\(back.text)")
    #expect(try fixture.repository().servedAttemptSummaries(quizzes: nil).first?.answered == 0)
  }

  /// Sign-out with a stale cookie (no attempt served here) still ends it; without a cookie there
  /// is nothing to end.
  @Test func signingOutWithAStaleCookieEndsIt() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    browser.cookies["quiz_attempt"] = String(repeating: "0", count: 32)
    let out = try browser.post("/sign-out", [("csrf", "x")])
    #expect(out.status == 303 && out.headers("set-cookie").contains { $0.contains("Max-Age=0") }, "\(out.text)")
    let bare = Browser(fixture)
    let nothing = try bare.post("/sign-out", [("csrf", "x")])
    #expect(nothing.status == 303 && nothing.headers("set-cookie").isEmpty)
  }

  /// The grace lets one page in, not every question posted at once past the deadline.
  @Test func theGraceSavesOnePageOfAnAttempt() throws {
    let fixture = try ServedFixture { $0.timeLimit = 2 }
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana", quiz: "short")
    let page = try browser.get("/attempt")
    let csrf = try #require(Browser.hiddenField("csrf", in: page.text))
    let cookie = try #require(browser.cookies["quiz_attempt"])
    Thread.sleep(forTimeInterval: 3.2)
    let port = fixture.port
    let group = DispatchGroup()
    for question in ["one", "two"] {
      group.enter()
      DispatchQueue.global().async {
        defer { group.leave() }
        let body = "csrf=\(csrf)&question=\(question)&choice=1&go=time-up"
        _ = try? RawHTTP.request(
          port: port, "POST", "/answer", body: Array(body.utf8),
          headers: [("Cookie", "quiz_attempt=\(cookie)"), ("Content-Type", "application/x-www-form-urlencoded")])
      }
    }
    #expect(group.wait(timeout: .now() + 20) == .success)
    var score: Double?
    for _ in 0..<50 {
      score = try fixture.repository().attemptSummaries().first?.score
      if score != nil { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(score == 1, "both pages were saved past the deadline: \(String(describing: score))")
  }
}
