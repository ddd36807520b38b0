import Foundation
import HTTP
import TestSupport
import Testing

@testable import QuizServer

/// The route table (ServerState+Table.swift): dispatch, HEAD and 405 come from one list, and the
/// handlers answer in-process, without a socket.
@Suite struct RouteTableTests {
  /// A path the pattern matches: each parameter filled with a token-shaped value.
  static func samplePath(_ pattern: PathPattern) -> String {
    "/"
      + pattern.segments.map { segment in
        switch segment {
        case .literal(let literal): literal
        case .parameter: String(repeating: "a", count: 32)
        }
      }.joined(separator: "/")
  }

  @Test func everyRouteIsFoundByItsMethodAndPathAndHEADIsGET() {
    for route in ServerState.table.routes {
      let path = Self.samplePath(route.pattern)
      guard case .found(let found, _) = ServerState.table.resolve(route.method, path) else {
        Issue.record("\(route.method) \(route.pattern) is not found at \(path)")
        continue
      }
      #expect(found.method == route.method && found.pattern.description == route.pattern.description)
      if route.method == .get {
        guard case .found(let head, _) = ServerState.table.resolve(.head, path) else {
          Issue.record("HEAD \(path) is not answered as GET")
          continue
        }
        #expect(head.method == .get)
      }
    }
  }

  @Test func aMethodNotRoutedIs405AllowingTheRoutesMethods() {
    let token = String(repeating: "b", count: 32)
    let cases: [(HTTPMethod, String, String)] = [
      (.post, "/api/ping", "GET, HEAD, PUT"), (.get, "/api/attempts", "POST"),
      (HTTPMethod(rawValue: "DELETE"), "/api/attempts/\(token)", "GET, HEAD"),
      (.get, "/api/attempts/\(token)/submit", "POST"), (.get, "/api/attempts/\(token)/answers/q", "PUT"),
      (.get, "/sign-in", "POST"), (.post, "/", "GET, HEAD"), (.post, "/static/quiz.css", "GET, HEAD"),
    ]
    for (method, path, allow) in cases {
      guard case .methodNotAllowed(let allowed) = ServerState.table.resolve(method, path) else {
        Issue.record("\(method) \(path) is not 405")
        continue
      }
      #expect(allowed == allow, "\(method) \(path)")
    }
    for path in ["/api/nothing", "/nothing", "/api/attempts/\(token)/else", "/quiz/a/b", "/api/attempts/"] {
      guard case .notFound = ServerState.table.resolve(.get, path) else {
        Issue.record("GET \(path) is not 404")
        continue
      }
    }
  }

  @Test func patternsMatchSegmentByNamedSegment() throws {
    let pattern = PathPattern("/api/attempts/:token/answers/:question")
    let matched = try #require(pattern.match("/api/attempts/abc/answers/q-1"))
    #expect(matched["token"] == "abc" && matched["question"] == "q-1")
    #expect(pattern.match("/api/attempts//answers/q") == nil)
    #expect(pattern.match("/api/attempts/abc/answers") == nil)
    #expect(pattern.description == "/api/attempts/:token/answers/:question")
  }

  // MARK: - Handlers in-process

  static func body(_ response: HTTPResponse) -> String {
    guard case .bytes(let bytes) = response.body else { return "" }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func header(_ response: HTTPResponse, _ name: String) -> String? {
    response.headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  @Test func theHandlersAnswerInProcessWithTheSecurityHeaders() throws {
    let fixture = try ServedFixture { $0.quizzes = ["every", "short"] }
    let routes = fixture.server.state
    let quizzes = routes.handle(HTTPRequest(method: "GET", path: "/api/quizzes"))
    #expect(quizzes.status == .ok && Self.body(quizzes).contains(#""id":"every""#))
    #expect(Self.header(quizzes, "Content-Security-Policy")?.contains("default-src 'self'") == true)
    let signIn = routes.handle(
      HTTPRequest(
        method: "POST", path: "/api/attempts", headers: ["Content-Type": "application/json"],
        body: Array(#"{"quiz": "short", "taker": "Ann"}"#.utf8)))
    #expect(signIn.status == .created, "\(Self.body(signIn))")
    let token = try #require(
      (try JSONSerialization.jsonObject(with: Data(Self.body(signIn).utf8)) as? [String: Any])?["attempt"] as? String)
    let state = routes.handle(HTTPRequest(method: "GET", path: "/api/attempts/\(token)"))
    #expect(state.status == .ok && Self.body(state).contains(#""taker":"Ann""#))
    let wrongType = routes.handle(
      HTTPRequest(method: "POST", path: "/api/attempts", body: Array(#"{"quiz": "short", "taker": "Bo"}"#.utf8)))
    #expect(wrongType.status == .unsupportedMediaType)
    let notAllowed = routes.handle(HTTPRequest(method: "DELETE", path: "/api/attempts/\(token)"))
    #expect(notAllowed.status == .methodNotAllowed && Self.header(notAllowed, "Allow") == "GET, HEAD")
    #expect(Self.header(notAllowed, "Content-Type")?.hasPrefix("application/json") == true)
    // A page's 404 is a page; the API's is JSON.
    let page = routes.handle(HTTPRequest(method: "GET", path: "/nothing"))
    #expect(page.status == .notFound && Self.header(page, "Content-Type")?.hasPrefix("text/html") == true)
    let api = routes.handle(HTTPRequest(method: "GET", path: "/api/nothing"))
    #expect(api.status == .notFound && Self.body(api).contains("no such route"))
    let unknownToken = routes.handle(HTTPRequest(method: "GET", path: "/api/attempts/not-a-token"))
    #expect(unknownToken.status == .notFound)
    let css = routes.handle(HTTPRequest(method: "GET", path: "/static/quiz.css"))
    #expect(css.status == .ok && Self.header(css, "Content-Type")?.hasPrefix("text/css") == true)
  }
}
