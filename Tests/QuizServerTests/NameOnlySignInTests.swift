import Foundation
import QuizServer
import TestSupport
import Testing

/// Without a roster a name proves nothing: an attempt under a name (compared after NFKC and
/// case folding) is taken up only from the browser it began in or with its resume code; wrong
/// codes are limited per address and name, new attempts per address.
@Suite(.serialized) struct NameOnlySignInTests {
  @Test func anotherWayOfTypingTheNameFindsTheAttemptButOnlyItsCodeResumesIt() throws {
    let fixture = try ServedFixture()
    let first = try fixture.signIn("Ana")
    #expect(first.status == 201)
    let token = try #require(first.json["attempt"] as? String)
    let code = try #require(first.json["resume_code"] as? String)
    #expect(code.count == 8 && token.hasPrefix(code))
    _ = try fixture.request("PUT", "/api/attempts/\(token)/answers/capital", json: #"{"response": "Paris"}"#)
    for typed in ["Ana", "ana", "ANA", "\u{FF21}\u{FF4E}\u{FF41}"] {
      let refused = try fixture.signIn(typed)
      #expect(refused.status == 409, "\(typed): \(refused.text)")
      #expect(refused.text.contains("resume code") && !refused.text.contains(token), "\(refused.text)")
      #expect(refused.json["answers"] == nil && refused.json["attempt"] == nil)
    }
    let resumed = try fixture.signIn("ａｎａ", resume: code.uppercased())
    #expect(resumed.status == 200, "\(resumed.text)")
    #expect(resumed.json["attempt"] as? String == token)
    #expect(resumed.json["taker"] as? String == "Ana")
    // Submitted, the same holds: no one else reads Ana's result by typing her name.
    _ = try fixture.request("POST", "/api/attempts/\(token)/submit")
    #expect(try fixture.signIn("ana").status == 409)
    #expect(try fixture.repository().attemptSummaries().map(\.taker) == ["Ana"])
  }

  @Test func wrongCodesAreLimitedPerNameAndAClassmateBehindTheSameAddressSignsIn() throws {
    let fixture = try ServedFixture()
    let ana = try fixture.signIn("Ana")
    let code = try #require(ana.json["resume_code"] as? String)
    for guess in 0..<5 {
      #expect(try fixture.signIn("Ana", resume: String(format: "%08x", guess)).status == 409)
    }
    let limited = try fixture.signIn("Ana", resume: code)
    #expect(limited.status == 429 && limited.headers.contains { $0.name.lowercased() == "retry-after" })
    // Another name from the same address is not held back, nor is a new name after many wrong
    // codes for others (only a sign-in that gives a code counts against the address).
    #expect(try fixture.signIn("Bo").status == 201)
    for name in 0..<20 {
      _ = try fixture.signIn("Guessed \(name)")
      for guess in 0..<5 { _ = try fixture.signIn("Guessed \(name)", resume: String(format: "%08x", guess)) }
    }
    #expect(try fixture.signIn("Fresh Student").status == 201)
  }

  /// Two roster names that fold alike are two people: each code gets its own attempt (the second
  /// was handed the first's attempt, answers and all).
  @Test func rosterNamesThatFoldAlikeAreTwoTakers() throws {
    let fixture = try ServedFixture { $0.roster = Roster(codes: ["Ann Lee": "secret-ann", "ANN LEE": "secret-other"]) }
    let ann = try fixture.signIn("Ann Lee", code: "secret-ann")
    #expect(ann.status == 201)
    let other = try fixture.signIn("ANN LEE", code: "secret-other")
    #expect(other.status == 201, "\(other.text)")
    #expect(other.json["attempt"] as? String != ann.json["attempt"] as? String)
    #expect(other.json["taker"] as? String == "ANN LEE")
  }

  @Test func thePagesResumeFromTheBrowserTheAttemptBeganInOrWithItsCode() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana")
    let page = try browser.get("/attempt").text
    let code = try #require(page.firstMatch(of: #/Resume code: <span class="code">([0-9a-f]{8})</span>/#)?.1)
    let again = try signInPage(browser, taker: "ana")
    #expect(again.status == 303, "\(again.text)")
    let other = Browser(fixture)
    let refused = try signInPage(other, taker: "Ana")
    #expect(refused.status == 409 && refused.text.contains("resume code"), "\(refused.text)")
    #expect(other.cookies["quiz_attempt"] == nil)
    let resumed = try signInPage(other, taker: "Ana", resume: String(code))
    #expect(resumed.status == 303)
    #expect(other.cookies["quiz_attempt"] == browser.cookies["quiz_attempt"])
  }

  private func signInPage(_ browser: Browser, taker: String, resume: String = "") throws -> RawHTTPResponse {
    let form = try browser.get("/")
    return try browser.post(
      "/sign-in",
      [
        ("csrf", Browser.hiddenField("csrf", in: form.text) ?? ""), ("quiz", "every"), ("taker", taker),
        ("resume", resume),
      ])
  }
}
