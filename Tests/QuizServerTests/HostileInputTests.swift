import Foundation
import Locking
import QuizDomain
import QuizRepository
import TestSupport
import Testing

@testable import QuizServer

/// What a hostile client found (issue 23's hostile test): names that hide or disguise
/// themselves on the monitor, a garbled 409, a 500 with the attempt's token in the log for a
/// busy database, 405s without `Allow`.
@Suite(.serialized) struct HostileInputTests {
  /// Signs in with `takerJSON`, a JSON string literal as sent (escapes and all).
  private func signIn(_ fixture: ServedFixture, takerJSON: String, resume: String? = nil) throws
    -> RawHTTPResponseShape
  {
    let resumeField = resume.map { #", "resume": "\#($0)""# } ?? ""
    let reply = try fixture.request(
      "POST", "/api/attempts", json: #"{"quiz": "every", "taker": \#(takerJSON)\#(resumeField)}"#)
    return RawHTTPResponseShape(
      status: reply.status, error: reply.json["error"] as? String, taker: reply.json["taker"] as? String,
      resumeCode: reply.json["resume_code"] as? String)
  }

  @Test func aNameIsBoundInBytesTooSoCombiningMarksCannotStackPastTheLimit() throws {
    let fixture = try ServedFixture()
    // One character to `count`, 10 kB on the wire and on the teacher's screen.
    let zalgo = "\"e" + String(repeating: "\\u0301", count: 5000) + "\""
    let refused = try signIn(fixture, takerJSON: zalgo)
    #expect(refused.status == 400)
    #expect(refused.error?.hasPrefix("$.taker: a name is at most 100 characters") == true, "\(refused.error ?? "")")
    let hundredAccented = "\"" + String(repeating: "e\\u0301", count: 100) + "\""
    #expect(try signIn(fixture, takerJSON: hundredAccented).status == 201)
  }

  @Test(arguments: [
    ("\"Ana\\u202Egnp.exe\"", "U+202E"), ("\"Ana\\u200B\"", "U+200B"), ("\"\\uFEFFAna\"", "U+FEFF"),
    ("\"Ana\\u2066x\"", "U+2066"), ("\"Ana\\u2028Bo\"", "U+2028"), ("\"Ana\\u00ADBo\"", "U+00AD"),
  ])
  func invisibleAndDirectionCharactersAreRefusedInNames(taker: String, named: String) throws {
    let fixture = try ServedFixture()
    let refused = try signIn(fixture, takerJSON: taker)
    #expect(refused.status == 400, "\(taker)")
    #expect(
      refused.error?.hasPrefix("$.taker: ") == true && refused.error?.contains(named) == true, "\(refused.error ?? "")")
  }

  @Test func namesOfEveryScriptAndEmojiWithJoinersStillSignIn() throws {
    let fixture = try ServedFixture()
    for name in ["山田 太郎", "محمد", "Zoë", "👩‍💻 Ana", "میخواهم", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Iain"] {
      let reply = try signIn(fixture, takerJSON: "\"\(name)\"")
      #expect(reply.status == 201, "\(name): \(reply.error ?? "")")
      #expect(reply.taker == name)
    }
  }

  @Test func aNameIsTrimmedOfEveryWhiteSpaceSoANoBreakSpaceIsTheSameTaker() throws {
    let fixture = try ServedFixture()
    let first = try signIn(fixture, takerJSON: #""Ana""#)
    #expect(first.status == 201)
    let again = try signIn(fixture, takerJSON: #""\u00A0Ana\u3000""#, resume: first.resumeCode)
    #expect(again.status == 200 && again.taker == "Ana", "\(again)")
  }

  @Test func changingARevealedAnswerSaysWhichQuestionOnceInPlainWords() throws {
    let fixture = try ServedFixture { $0.reveal = .each }
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let path = "/api/attempts/\(token)/answers/pick"
    #expect(try fixture.request("PUT", path, json: #"{"selected": ["2"]}"#).status == 200)
    let locked = try fixture.request("PUT", path, json: #"{"selected": ["1"]}"#)
    #expect(locked.status == 409)
    let message = try #require(locked.json["error"] as? String)
    #expect(message.components(separatedBy: "pick").count == 2, "\(message)")
    #expect(!message.contains("\"question \""), "\(message)")
  }

  @Test func everyMethodNotAllowedSaysWhichAreWithAllow() throws {
    let fixture = try ServedFixture()
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    for (method, path, allow) in [
      ("POST", "/api/ping", "GET, HEAD, PUT"), ("GET", "/api/attempts", "POST"),
      ("DELETE", "/api/attempts/\(token)", "GET, HEAD"),
      ("GET", "/api/attempts/\(token)/submit", "POST"), ("GET", "/api/attempts/\(token)/answers/pick", "PUT"),
      ("OPTIONS", "/", "GET, HEAD"), ("GET", "/answer", "POST"), ("TRACE", "/review", "GET, HEAD"),
      ("PUT", "/static/quiz.css", "GET, HEAD"),
    ] {
      let reply = try fixture.request(method, path)
      #expect(reply.status == 405, "\(method) \(path)")
      #expect(reply.header("allow") == allow, "\(method) \(path)")
    }
  }

  /// One person, one attempt: "José" typed with a combining accent is the "José" typed with "é"
  /// (the name is kept in NFC); names of joiners or lone accents alone are refused.
  @Test func aNameInAnotherNormalFormResumesTheSameAttemptAndAnInvisibleNameIsRefused() throws {
    let fixture = try ServedFixture()
    let composed = try fixture.signIn("Jos\u{00E9}")
    #expect(composed.status == 201)
    let decomposed = try fixture.signIn("Jose\u{0301}", resume: composed.json["resume_code"] as? String)
    #expect(decomposed.status == 200)
    #expect(decomposed.json["attempt"] as? String == composed.json["attempt"] as? String)
    #expect(Array((decomposed.json["taker"] as? String ?? "").utf8) == Array("Jos\u{00E9}".utf8))
    for invisible in [
      #""\u200d""#, #""\u0301""#, #""\u200c\u0301""#, #""\u20dd""#, #""\u3164""#, #""\u115f\u1160""#,
      #""\u2800""#, #""\uffa0""#,
    ] {
      let refused = try signIn(fixture, takerJSON: invisible)
      #expect(refused.status == 400, "\(invisible)")
      #expect(refused.error == "$.taker: a name needs a letter, digit or sign that shows", "\(invisible)")
    }
  }

  /// The bound in bytes holds for the name as kept: NFC makes some longer (U+FB2C, 3 bytes,
  /// is 3 scalars, 6 bytes, in NFC).
  @Test func aNameIsMeasuredInNFC() throws {
    let fixture = try ServedFixture()
    let refused = try signIn(fixture, takerJSON: "\"" + String(repeating: "\\ufb2c", count: 70) + "\"")
    #expect(refused.status == 400 && refused.error?.hasPrefix("$.taker: a name is at most") == true)
    #expect(try signIn(fixture, takerJSON: "\"" + String(repeating: "\\ufb2c", count: 66) + "\"").status == 201)
  }

  /// A server answers for the quizzes it serves only: a token of another quiz in the same
  /// database saves and submits nothing (404, as reading it is).
  @Test func anAttemptOfAQuizNotServedCannotBeSavedToOrSubmitted() throws {
    let fixture = try ServedFixture { $0.quizzes = ["short"] }
    let other = try fixture.repository().signIn(
      quiz: "every", taker: "Ana", timeLimit: nil, now: Timestamp(unixSeconds: Date().timeIntervalSince1970))
    let token = other.attempt.token
    let save = try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["1"]}"#)
    #expect(save.status == 404)
    #expect(try fixture.request("POST", "/api/attempts/\(token)/submit").status == 404)
    #expect(try fixture.request("GET", "/api/attempts/\(token)").status == 404)
    let stored = try #require(try fixture.repository().servedAttempt(token: token))
    #expect(stored.answers.isEmpty && stored.submitted == nil)
  }

  /// An essay is marked by hand: saving it reveals nothing, so under `--reveal each` it is not
  /// locked (it may change until the final submit), and the attempt's reveal says so with nulls.
  @Test func anEssaysRevealedSaveHasNoScoreUntilMarked() throws {
    let fixture = try ServedFixture { $0.reveal = .each }
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let saved = try fixture.request("PUT", "/api/attempts/\(token)/answers/why", json: #"{"response": "It rains."}"#)
    #expect(saved.status == 200)
    #expect(saved.json["fraction"] == nil && saved.json["score"] == nil, "\(saved.text)")
    let changed = try fixture.request("PUT", "/api/attempts/\(token)/answers/why", json: #"{"response": "It pours."}"#)
    #expect(changed.status == 200, "\(changed.text)")
    let revealed = try fixture.request("GET", "/api/attempts/\(token)").json["revealed"] as? [String: Any]
    let essay = try #require(revealed?["why"] as? [String: Any])
    #expect(essay["fraction"] is NSNull && essay["score"] is NSNull)
  }

  /// An answer shown right or wrong stays locked when the server restarts (after a crash, say)
  /// with another --reveal: the attempt keeps that its answers lock. One begun under `end`
  /// stays changeable.
  @Test func answersRevealedUnderEachStayLockedAfterARestartWithAnotherReveal() throws {
    let fixture = try ServedFixture { $0.reveal = .each }
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let path = "/api/attempts/\(token)/answers/pick"
    #expect(try fixture.request("PUT", path, json: #"{"selected": ["2"]}"#).status == 200)
    fixture.server.stop()
    var configuration = QuizServerConfiguration(databasePath: fixture.databasePath)
    configuration.port = 0
    configuration.reveal = .end
    let restarted = try QuizServer(configuration)
    defer { restarted.stop() }
    func put(_ path: String, _ json: String) throws -> RawHTTPResponse {
      try RawHTTP.request(
        port: restarted.port, "PUT", path, body: Array(json.utf8), headers: [("Content-Type", "application/json")])
    }
    #expect(try put(path, #"{"selected": ["1"]}"#).status == 409)
    let other = try RawHTTP.request(
      port: restarted.port, "POST", "/api/attempts", body: Array(#"{"quiz": "every", "taker": "Bea"}"#.utf8),
      headers: [("Content-Type", "application/json")])
    let otherToken = try #require(other.json["attempt"] as? String)
    #expect(try put("/api/attempts/\(otherToken)/answers/pick", #"{"selected": ["2"]}"#).status == 200)
    #expect(try put("/api/attempts/\(otherToken)/answers/pick", #"{"selected": ["1"]}"#).status == 200)
  }

  /// The attempt whose answers lock is still taken under `each` on a server restarted with
  /// `end`: its page shows a saved answer revealed and locked, the API says `each` and gives
  /// what was revealed, a new answer's reply reveals it. An attempt begun under `end` is not;
  /// and a server restarted with `never` reveals nothing, the answer staying locked.
  @Test func anAttemptSignedInUnderEachIsStillTakenUnderItAfterARestartWithEnd() throws {
    let fixture = try ServedFixture { $0.reveal = .each }
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana")
    let token = try #require(browser.cookies["quiz_attempt"])
    #expect(
      try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["2"]}"#).status == 200)
    fixture.server.stop()
    let end = try restart(fixture, .end)
    let state = try RawHTTP.request(port: end.port, "GET", "/api/attempts/\(token)")
    #expect(state.json["reveal"] as? String == "each")
    #expect((state.json["revealed"] as? [String: Any])?["pick"] != nil)
    let ids = try #require(state.json["questions"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    let pickNumber = try #require(ids.firstIndex(of: "pick")) + 1
    let again = Browser(port: end.port)
    again.cookies = browser.cookies
    let page = try again.get("/attempt?q=\(pickNumber)")
    #expect(page.text.contains("class=\"reveal") && page.text.contains(" disabled"), "\(page.text)")
    let saved = try put(end, token, "capital", #"{"response": "Paris"}"#)
    #expect(saved.status == 200 && saved.json["fraction"] as? Double == 1, "\(saved.text)")
    // Begun under `end`: changeable, nothing revealed.
    let other = try #require(
      try RawHTTP.request(
        port: end.port, "POST", "/api/attempts", body: Array(#"{"quiz": "every", "taker": "Bea"}"#.utf8),
        headers: [("Content-Type", "application/json")]
      ).json["attempt"] as? String)
    let unrevealed = try put(end, other, "capital", #"{"response": "Paris"}"#)
    #expect(unrevealed.status == 200 && unrevealed.json["fraction"] == nil)
    end.stop()

    let never = try restart(fixture, .never)
    defer { never.stop() }
    let hidden = try RawHTTP.request(port: never.port, "GET", "/api/attempts/\(token)")
    #expect(hidden.json["reveal"] as? String == "never" && hidden.json["revealed"] == nil)
    let quiet = try put(never, token, "pi", #"{"response": "3.14", "unit": "rad"}"#)
    #expect(quiet.status == 200 && quiet.json["fraction"] == nil, "\(quiet.text)")
    #expect(try put(never, token, "pick", #"{"selected": ["1"]}"#).status == 409)
    let neverBrowser = Browser(port: never.port)
    neverBrowser.cookies = browser.cookies
    // Its page shows the saved answer locked, and no result.
    let lockedPage = try neverBrowser.get("/attempt?q=\(pickNumber)").text
    #expect(!lockedPage.contains("class=\"reveal") && !lockedPage.contains("reveal wrong"), "\(lockedPage)")
    #expect(lockedPage.contains(" disabled") && lockedPage.contains("Your answer is saved: it cannot change."))
    #expect(!lockedPage.contains("data-requires-answer"))
  }

  /// An attempt begun under `end`, then served by a server revealing each answer: what that
  /// server shows (a save's reply, the attempt's state) reveals answers, so they lock there and
  /// stay locked on an `end` server after it (a hostile test changed a revealed answer so).
  @Test func answersShownByAnEachServerStayLockedThoughTheAttemptBeganUnderEnd() throws {
    let fixture = try ServedFixture()
    let ana = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let bo = try #require(try fixture.signIn("Bo").json["attempt"] as? String)
    let cy = try #require(try fixture.signIn("Cy").json["attempt"] as? String)
    for token in [ana, bo, cy] {
      #expect(
        try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["2"]}"#).status == 200)
    }
    fixture.server.stop()
    let each = try restart(fixture, .each)
    let saved = try put(each, ana, "capital", #"{"response": "Paris"}"#)
    #expect(saved.status == 200 && saved.json["fraction"] as? Double == 1)
    let state = try RawHTTP.request(port: each.port, "GET", "/api/attempts/\(bo)")
    #expect((state.json["revealed"] as? [String: Any])?["pick"] != nil)
    // What shows nothing locks nothing: a HEAD, a form refused for its CSRF token.
    #expect(try RawHTTP.request(port: each.port, "HEAD", "/api/attempts/\(cy)").status == 200)
    let forged = Browser(port: each.port)
    forged.cookies = ["quiz_attempt": cy]
    #expect(try forged.post("/answer", [("csrf", "forged"), ("question", "pick"), ("choice", "1")]).status == 403)
    each.stop()
    let end = try restart(fixture, .end)
    defer { end.stop() }
    #expect(try put(end, cy, "pick", #"{"selected": ["1"]}"#).status == 200)
    let changes = [
      (ana, "pick", #"{"selected": ["1"]}"#), (ana, "capital", #"{"response": "Lyon"}"#),
      (bo, "pick", #"{"selected": ["1"]}"#),
    ]
    for (token, question, json) in changes {
      #expect(try put(end, token, question, json).status == 409, "\(question)")
    }
  }

  private func restart(_ fixture: ServedFixture, _ reveal: RevealPolicy) throws -> QuizServer {
    var configuration = QuizServerConfiguration(databasePath: fixture.databasePath)
    configuration.port = 0
    configuration.reveal = reveal
    return try QuizServer(configuration)
  }

  private func put(_ server: QuizServer, _ token: String, _ question: String, _ json: String) throws
    -> RawHTTPResponse
  {
    try RawHTTP.request(
      port: server.port, "PUT", "/api/attempts/\(token)/answers/\(question)", body: Array(json.utf8),
      headers: [("Content-Type", "application/json")])
  }

  /// HTTP asks a server to answer HEAD wherever it answers GET: the same status and headers,
  /// no body; on the monitor's event stream, no stream is opened (it would be left open).
  @Test func everyGetRouteAnswersHeadWithItsHeadersAndNoBody() throws {
    // Over a socket: leaving out a HEAD's body is the transport's work.
    let fixture = try ServedFixture(overSocket: true)
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let monitor = fixture.server.monitorToken
    for path in [
      "/", "/quiz/every", "/static/quiz.css", "/api/ping", "/api/quizzes", "/api/attempts/\(token)", "/review",
      "/monitor?token=\(monitor)", "/api/monitor/events", "/api/monitor/events?token=nope",
    ] {
      let get = try fixture.request("GET", path)
      let head = try fixture.request("HEAD", path)
      #expect(head.status == get.status, "HEAD \(path)")
      #expect(head.body.isEmpty, "HEAD \(path)")
      for name in ["content-type", "content-security-policy", "x-content-type-options", "cache-control", "location"] {
        #expect(head.header(name) == get.header(name), "HEAD \(path): \(name)")
      }
    }
    let events = try fixture.request("HEAD", "/api/monitor/events?token=\(monitor)")
    #expect(events.status == 200 && events.body.isEmpty)
    #expect(events.header("content-type") == "text/event-stream; charset=utf-8")
    #expect(fixture.server.state.monitor.subscriberCount == 0)
  }

  /// Another program holding the database's write lock past the pool's wait (10 s) is not the
  /// server's failure: 503 with Retry-After, and the log line does not hand on the token.
  @Test func aDatabaseBusyPastTheWaitIs503AndTheLogHoldsNoToken() throws {
    let logged = Locked<[String]>([])
    let fixture = try ServedFixture { configuration in
      configuration.log = { line in logged.withLock { $0.append(line) } }
    }
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let holding = DispatchSemaphore(value: 0)
    let released = DispatchSemaphore(value: 0)
    let path = fixture.databasePath
    Thread.detachNewThread {
      let repository = try? QuizRepository.open(at: path)
      _ = try? repository?.write { _ in
        holding.signal()
        Thread.sleep(forTimeInterval: 12)
      }
      released.signal()
    }
    holding.wait()
    let busy = try RawHTTP.request(
      port: fixture.port, "PUT", "/api/attempts/\(token)/answers/pick", body: Array(#"{"selected": ["1"]}"#.utf8),
      headers: [("Content-Type", "application/json")], timeout: 20)
    released.wait()
    #expect(busy.status == 503, "\(busy.text)")
    #expect(busy.header("retry-after") == "1")
    #expect((busy.json["error"] as? String)?.contains("busy") == true)
    let lines = logged.withLock { $0 }
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { !$0.contains(token) }, "\(lines)")
    #expect(Tokens.redacted("/api/attempts/\(token)/answers/pick") == "/api/attempts/…/answers/pick")
    // Once the lock is gone the same save goes through.
    #expect(
      try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["1"]}"#).status == 200)
  }
}

struct RawHTTPResponseShape: CustomStringConvertible {
  let status: Int
  let error: String?
  let taker: String?
  var resumeCode: String? = nil
  var description: String { "\(status) \(error ?? taker ?? "")" }
}
