import Testing

@testable import HTTP

/// Requests reach the handler whole and decoded; bodies past the limit never do.
@Suite struct HTTPServerRequestTests {
  @Test(arguments: ["GET", "PUT", "POST", "DELETE"])
  func methodPathAndBodyReachTheHandler(method: String) throws {
    let server = try startServer(handler: echo)
    defer { server.stop() }
    let body = method == "GET" ? [] : Array("payload — 日本語 🎉".utf8)
    let response = try fetch(server.port, method, "/api/attempts/abc", body: body)
    #expect(response.status == 200)
    #expect(response.headers["x-method"] == method)
    #expect(response.headers["x-path"] == "/api/attempts/abc")
    #expect(response.body == body)
    #expect(response.headers["content-length"] == String(body.count))
  }

  @Test func queryHeadersCookiesAndPathAreDecodedAsUTF8() throws {
    let seen = Recorder<HTTPRequest>()
    let server = try startServer { request in
      seen.record(request)
      return .text("ok")
    }
    defer { server.stop() }
    let response = try fetch(
      server.port, "GET", "/caf%C3%A9/%E6%97%A5?name=%E6%97%A5%E6%9C%AC%E8%AA%9E&emoji=%F0%9F%8E%89&empty=&token=abc",
      headers: ["X-Taker: 山田 太郎", "Cookie: session=abc123; theme=\"dark\"; session=older", "X-Twice: 1", "x-twice: 2"])
    #expect(response.status == 200)
    let request = try #require(seen.all.first)
    #expect(request.path == "/café/日")
    #expect(request.query == ["name": "日本語", "emoji": "🎉", "empty": "", "token": "abc"])
    #expect(request.header("X-TAKER") == "山田 太郎")
    #expect(request.headers["x-taker"] == "山田 太郎")
    #expect(request.header("x-twice") == "1, 2")
    #expect(request.cookies == ["session": "abc123", "theme": "dark"])
    #expect(request.clientAddress == "127.0.0.1")
    #expect(!request.isTLS)
  }

  @Test func aPlusInTheQueryIsASpaceAndAnEncodedPlusAPlus() throws {
    let seen = Recorder<[String: String]>()
    let server = try startServer { request in
      seen.record(request.query)
      return .text("ok")
    }
    defer { server.stop() }
    _ = try fetch(server.port, "GET", "/search?q=a+b%2Bc&a%20b=1")
    #expect(seen.all == [["q": "a b+c", "a b": "1"]])
  }

  /// The path and the query reach the handler as C strings: an encoded NUL is left as written,
  /// or it would cut them short (a path ending in `%00.js` served as the one before it).
  @Test func anEncodedNulStaysAsWrittenInThePathAndTheQuery() throws {
    let seen = Recorder<String>()
    let server = try startServer { request in
      seen.record("\(request.path) \(request.query.sorted { $0.key < $1.key })")
      return .text("ok")
    }
    defer { server.stop() }
    _ = try fetch(server.port, "GET", "/static/quiz.css%00.js?x=1%002&y=%41%c3%a9&z=%&w=%4")
    #expect(
      seen.all == [
        #"/static/quiz.css%00.js [(key: "w", value: "%4"), (key: "x", value: "1%002"), (key: "y", value: "Aé"), (key: "z", value: "%")]"#
      ])
  }

  @Test func formBodiesAreDecoded() throws {
    let seen = Recorder<[String: String]>()
    let server = try startServer { request in
      seen.record(request.form)
      return .text("ok")
    }
    defer { server.stop() }
    let form =
      "name=%E5%B1%B1%E7%94%B0&emoji=%F0%9F%91%A9%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7&space=a+b%2Bc&bad=100%&flag"
    _ = try fetch(
      server.port, "POST", "/sign-in", headers: ["Content-Type: application/x-www-form-urlencoded; charset=UTF-8"],
      body: Array(form.utf8))
    #expect(seen.all == [["name": "山田", "emoji": "👩‍👩‍👧", "space": "a b+c", "bad": "100%", "flag": ""]])
  }

  @Test func formIsEmptyForOtherContentTypes() {
    let request = HTTPRequest(
      method: "POST", path: "/", headers: ["Content-Type": "application/json"], body: Array("a=1".utf8))
    #expect(request.form.isEmpty)
  }

  @Test func aBodyOfExactlyTheLimitIsAccepted() throws {
    let server = try startServer(maxBody: 65536, handler: echo)
    defer { server.stop() }
    let body = [UInt8](repeating: UInt8(ascii: "x"), count: 65536)
    let response = try fetch(server.port, "POST", "/echo", body: body)
    #expect(response.status == 200)
    #expect(response.body.count == 65536)
  }

  @Test func aDeclaredBodyPastTheLimitIsAnswered413BeforeItIsSent() throws {
    let calls = Recorder<String>()
    let server = try startServer(maxBody: 65536) { request in
      calls.record(request.path)
      return .text("called")
    }
    defer { server.stop() }
    let connection = try TestConnection(port: server.port)
    try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(65536 + 1)\r\n\r\n")
    let response = try connection.readResponse(timeout: 3)
    #expect(response.status == 413)
    #expect(response.text.contains("\"error\""))
    #expect(calls.all.isEmpty)
  }

  @Test func aChunkedBodyPastTheLimitIsAnswered413() throws {
    let calls = Recorder<String>()
    let server = try startServer(maxBody: 65536) { request in
      calls.record(request.path)
      return .text("called")
    }
    defer { server.stop() }
    let connection = try TestConnection(port: server.port)
    try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
    let chunk = "1000\r\n" + String(repeating: "y", count: 4096) + "\r\n"
    for _ in 0..<16 { try connection.send(chunk) }
    try connection.send("1\r\nz\r\n0\r\n\r\n")
    let response = try connection.readResponse(timeout: 3)
    #expect(response.status == 413)
    #expect(calls.all.isEmpty)
  }

  @Test func anInvalidResponseBecomes500() throws {
    let server = try startServer { _ in HTTPResponse(status: 200, headers: [("X-Bad", "a\r\nSet-Cookie: evil=1")]) }
    defer { server.stop() }
    let response = try fetch(server.port, "GET", "/")
    #expect(response.status == 500)
    #expect(response.headers["set-cookie"] == nil)
  }

  /// RFC 9112 3.2.2: a server must accept a request target in absolute form; the handler sees
  /// its path, as for any other request.
  @Test func anAbsoluteFormTargetReachesTheHandlerAsItsPath() throws {
    let server = try startServer(handler: echo)
    defer { server.stop() }
    for (target, path) in [
      ("http://evil.example/api/ping", "/api/ping"), ("HTTPS://h:1/a/b", "/a/b"), ("http://only-host", "/"),
    ] {
      let connection = try TestConnection(port: server.port)
      try connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      let response = try connection.readResponse(timeout: 3)
      #expect(response.status == 200, "\(target)")
      #expect(response.headers["x-path"] == path, "\(target)")
    }
    #expect(HTTPRequestBuilder.originForm("/plain/http://x") == "/plain/http://x")
  }
}
