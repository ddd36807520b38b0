import Foundation
import QuizDomain
import QuizServer
import TestSupport
import Testing

@testable import QuizServer

/// The issue's security list, one test each: roster codes, rate limits, body limit, the
/// monitor's token, CSRF, the headers, the cookies, the sanitiser.
@Suite(.serialized) struct SecurityTests {
  static let roster = Roster(codes: ["Ana": "tiger-1234", "Bo": "lion-5678"])

  @Test func rosterCodesAreComparedWholeAndAnUnknownNameIsAnsweredAsAWrongCode() throws {
    let roster = Self.roster
    #expect(roster.admits(name: "Ana", code: "tiger-1234"))
    for code in ["tiger-123", "tiger-12345", "Tiger-1234", "", "lion-5678"] {
      #expect(!roster.admits(name: "Ana", code: code))
    }
    #expect(!roster.admits(name: "Nobody", code: "0000000000000000"))
    #expect(ConstantTime.equal(Array("abc".utf8), Array("abc".utf8)))
    #expect(!ConstantTime.equal(Array("abd".utf8), Array("abc".utf8)))
    #expect(!ConstantTime.equal(Array("ab".utf8), Array("abc".utf8)))
    #expect(!ConstantTime.equal(Array("abcd".utf8), Array("abc".utf8)))

    let fixture = try ServedFixture { $0.roster = Self.roster }
    #expect(try fixture.signIn("Ana", code: "tiger-1234").status == 201)
    let wrongCode = try fixture.signIn("Bo", code: "tiger-1234")
    let unknownName = try fixture.signIn("Zed", code: "tiger-1234")
    #expect(wrongCode.status == 401 && unknownName.status == 401)
    #expect(wrongCode.text == unknownName.text)
    #expect(try fixture.signIn("Bo").status == 401)
  }

  @Test func repeatedWrongCodesAreRefusedWith429AndRetryAfterEvenForTheRightCode() throws {
    let fixture = try ServedFixture { $0.roster = Self.roster }
    for _ in 0..<5 { #expect(try fixture.signIn("Ana", code: "guess").status == 401) }
    let limited = try fixture.signIn("Ana", code: "tiger-1234")
    #expect(limited.status == 429)
    let wait = try #require(limited.header("retry-after").flatMap(Int.init))
    #expect((1...60).contains(wait))
    #expect((limited.json["error"] as? String)?.isEmpty == false)
    // The page says so too, with the same status.
    let browser = Browser(fixture)
    let form = try browser.get("/")
    let page = try browser.post(
      "/sign-in",
      [("csrf", Browser.hiddenField("csrf", in: form.text) ?? ""), ("quiz", "every"), ("taker", "Ana"), ("code", "x")])
    #expect(page.status == 429 && page.header("retry-after") != nil && page.text.contains("too many wrong codes"))
  }

  @Test func aBodyOver64KiBIsRefusedWith413() throws {
    // The body limit is the transport's: over a socket.
    let fixture = try ServedFixture(overSocket: true)
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let big = #"{"response": ""# + String(repeating: "x", count: 70_000) + #""}"#
    let refused = try fixture.request("PUT", "/api/attempts/\(token)/answers/capital", json: big)
    #expect(refused.status == 413)
    #expect((refused.json["error"] as? String)?.isEmpty == false)
    #expect(refused.header("x-content-type-options") == "nosniff")
    let justUnder = #"{"response": ""# + String(repeating: "x", count: 60_000) + #""}"#
    #expect(try fixture.request("PUT", "/api/attempts/\(token)/answers/capital", json: justUnder).status == 200)
    // A page's form gets a page, with the pages' headers, as every other refusal of a form.
    let browser = Browser(fixture)
    let form = try browser.post(
      "/answer", [("csrf", "x"), ("question", "why"), ("response", String(repeating: "y", count: 70_000))])
    #expect(form.status == 413 && form.header("content-type") == "text/html; charset=utf-8", "\(form.headers)")
    #expect(form.text.contains("larger than 64 KiB") && form.text.contains("<html"))
    #expect(form.header("content-security-policy") != nil && form.header("x-content-type-options") == "nosniff")
  }

  @Test func theMonitorIsRefusedWithoutItsToken() throws {
    let fixture = try ServedFixture()
    for path in ["/api/monitor/events", "/monitor"] {
      #expect(try fixture.request("GET", path).status == 401, "\(path)")
      #expect(try fixture.request("GET", path + "?token=" + String(repeating: "a", count: 32)).status == 403)
      #expect(try fixture.request("GET", path + "?token=short").status == 403)
    }
    let bearer = try fixture.request(
      "GET", "/monitor", headers: [("Authorization", "Bearer " + String(repeating: "b", count: 32))])
    #expect(bearer.status == 403)
    let page = try fixture.request("GET", "/monitor?token=\(fixture.server.monitorToken)")
    #expect(page.status == 200 && page.text.contains("id=\"attempts\""))
    // The scheme's name in any case (RFC 9110, 11.1).
    for scheme in ["Bearer", "bearer", "BEARER"] {
      let right = try fixture.request(
        "GET", "/monitor", headers: [("Authorization", "\(scheme) \(fixture.server.monitorToken)")])
      #expect(right.status == 200, "\(scheme)")
    }
  }

  @Test func everyFormWithoutItsCSRFTokenIsRefusedWith403() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    let form = try browser.get("/")
    let csrf = try #require(Browser.hiddenField("csrf", in: form.text))
    #expect(try browser.post("/sign-in", [("quiz", "every"), ("taker", "Ana")]).status == 403)
    #expect(
      try browser.post("/sign-in", [("csrf", String(repeating: "1", count: 32)), ("quiz", "every"), ("taker", "Ana")])
        .status == 403)
    // The token of the form without its cookie (another site's page cannot send it).
    let stranger = Browser(fixture)
    #expect(try stranger.post("/sign-in", [("csrf", csrf), ("quiz", "every"), ("taker", "Ana")]).status == 403)
    try PageFlow.signIn(browser, taker: "Ana")
    let page = try browser.get("/attempt")
    let attemptCSRF = try #require(Browser.hiddenField("csrf", in: page.text))
    for path in ["/answer", "/next", "/submit"] {
      #expect(try browser.post(path, [("question", "pick"), ("choice", "1")]).status == 403, "\(path)")
      #expect(try browser.post(path, [("csrf", csrf), ("question", "pick"), ("choice", "1")]).status == 403, "\(path)")
      #expect(try stranger.post(path, [("csrf", attemptCSRF), ("question", "pick")]).status == 403)
    }
    let summaries = try fixture.repository().servedAttemptSummaries(quizzes: nil)
    #expect(summaries.first?.answered == 0 && summaries.first?.submitted == false)
    #expect(try browser.post("/answer", [("csrf", attemptCSRF), ("question", "pick"), ("choice", "1")]).status == 303)
  }

  @Test func everyPageAndReplyCarriesTheCSPAndNosniff() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    var replies = [try browser.get("/"), try browser.get("/static/quiz.css"), try browser.get("/static/quiz.js")]
    replies.append(try browser.get("/static/monitor.js"))
    replies.append(try browser.get("/no-such-page"))
    replies.append(try browser.get("/attempt"))
    try PageFlow.signIn(browser, taker: "Ana")
    replies.append(try browser.get("/attempt"))
    replies.append(try browser.post("/answer", [("question", "pick")]))
    replies += [
      try fixture.request("GET", "/api/ping"), try fixture.request("GET", "/api/quizzes"),
      try fixture.signIn("Bo"), try fixture.request("GET", "/api/nope"), try fixture.request("PUT", "/api/quizzes"),
      try fixture.request("GET", "/monitor?token=\(fixture.server.monitorToken)"),
    ]
    for reply in replies {
      #expect(
        reply.header("content-security-policy")
          == "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'",
        "\(reply.status)")
      #expect(reply.header("x-content-type-options") == "nosniff")
    }
    #expect(replies[0].header("content-type") == "text/html; charset=utf-8")
    #expect(replies[1].header("content-type") == "text/css; charset=utf-8")
  }

  @Test func cookiesAreHttpOnlyStrictAndNotSecureOverPlainHTTP() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    let form = try browser.get("/")
    let csrfCookie = try #require(form.header("set-cookie"))
    #expect(csrfCookie.hasPrefix("quiz_csrf="))
    let signedIn = try browser.post(
      "/sign-in", [("csrf", Browser.hiddenField("csrf", in: form.text) ?? ""), ("quiz", "every"), ("taker", "Ana")])
    let attemptCookie = try #require(signedIn.header("set-cookie"))
    #expect(attemptCookie.hasPrefix("quiz_attempt="))
    for cookie in [csrfCookie, attemptCookie] {
      let attributes = Set(cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
      #expect(attributes == ["HttpOnly", "SameSite=Strict", "Path=/"], "\(cookie)")
    }
  }

  @Test(
    .enabled(if: ChildProcess.exists("openssl") && ChildProcess.exists("curl"), "needs openssl and curl"))
  func cookiesAreSecureUnderTLS() throws {
    let directory = try TemporaryDirectory()
    let made = try ChildProcess.run([
      "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
      "-keyout", directory.path("key.pem"), "-out", directory.path("cert.pem"),
    ])
    #expect(made.status == 0, "\(made.errors)")
    let certificate = try String(contentsOfFile: directory.path("cert.pem"), encoding: .utf8)
    let key = try String(contentsOfFile: directory.path("key.pem"), encoding: .utf8)
    let fixture = try ServedFixture {
      $0.tlsCertificatePEM = certificate
      $0.tlsKeyPEM = key
    }
    #expect(fixture.server.takersURL.hasPrefix("https://"))
    let jar = directory.path("jar")
    let base = "https://127.0.0.1:\(fixture.port)"
    let form = try ChildProcess.run(["curl", "-sS", "-k", "-i", "-m", "10", "-c", jar, base + "/"])
    #expect(form.status == 0, "\(form.errors)")
    let cookie = form.output.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }
    #expect(cookie?.contains("; Secure") == true && cookie?.contains("HttpOnly") == true, "\(form.output)")
    let csrf = try #require(Browser.hiddenField("csrf", in: form.output))
    let signIn = try ChildProcess.run([
      "curl", "-sS", "-k", "-i", "-m", "10", "-b", jar, "--data", "csrf=\(csrf)&quiz=every&taker=Ana",
      base + "/sign-in",
    ])
    #expect(signIn.output.hasPrefix("HTTP/1.1 303"), "\(signIn.output)")
    let attemptCookie = signIn.output.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }
    #expect(attemptCookie?.contains("quiz_attempt=") == true)
    #expect(attemptCookie?.hasSuffix("; Secure") == true)
  }

  @Test func aScriptAndAnImageHandlerInAPromptAreSanitisedInJSONAndPages() throws {
    let fixture = try ServedFixture()
    let signIn = try fixture.signIn("Ana")
    let questions = try #require(signIn.json["questions"] as? [[String: Any]])
    let pick = try #require(questions.first { $0["id"] as? String == "pick" })
    let prompt = try #require(pick["prompt"] as? String)
    let choices = (pick["choices"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    for text in [prompt] + choices {
      for bad in ["<script", "onerror", "onmouseover", "alert("] {
        #expect(!text.lowercased().contains(bad), "\(text)")
      }
    }
    #expect(prompt.contains("Pick"))
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Bo")
    let page = try browser.get("/attempt?q=1")
    #expect(page.text.contains("Pick"))
    for bad in ["onerror", "onmouseover", "alert(", "<script>"] { #expect(!page.text.contains(bad), "\(bad)") }
    let scripts = page.text.matches(of: #/<script\b[^>]*>/#).map { String(page.text[$0.range]) }
    #expect(scripts.allSatisfy { $0.contains("src=\"/static/") }, "\(scripts)")
  }
}
