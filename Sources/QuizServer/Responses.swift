import HTTP
import QuizDomain

/// The replies the routes build: JSON bodies, errors as `{"error": "…"}`, and the headers every
/// response carries.
enum Responses {
  /// `view` as a 200's body, compact JSON.
  static func json(_ view: some JSONView) -> HTTPResponse { json(.ok, view) }

  /// `view` as the body, compact JSON.
  static func json(_ status: HTTPStatus, _ view: some JSONView) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "application/json; charset=utf-8")],
      body: JSONWriter.document(view, pretty: false))
  }

  static func error(_ status: HTTPStatus, _ message: String, headers: [(name: String, value: String)] = [])
    -> HTTPResponse
  {
    var response = json(status, TextFieldJSON(key: "error", text: message))
    response.headers += headers
    return response
  }

  static let policy = policy(imageOrigins: [])

  /// The page's Content-Security-Policy: its own files only, and images also from
  /// `imageOrigins` (those the sanitiser kept in the page: `http(s)` sources a question shows).
  static func policy(imageOrigins: [String]) -> String {
    let images = (["'self'", "data:"] + imageOrigins).joined(separator: " ")
    return "default-src 'self'; script-src 'self'; style-src 'self'; img-src \(images); frame-ancestors 'none'; "
      + "form-action 'self'"
  }

  /// The origins (`https://host[:port]`) of the `<img src>` of a page the server wrote (its
  /// attributes double-quoted, the sources through the sanitiser, which keeps `http(s)` and
  /// `data:` ones). Only characters a host and port are made of are taken, so no origin can
  /// add a directive to the policy.
  static func imageOrigins(in html: String) -> [String] {
    var origins: [String] = []
    var rest = Substring(html)
    while let tag = rest.firstRange(of: "<img ") {
      rest = rest[tag.upperBound...]
      let end = rest.firstIndex(of: ">") ?? rest.endIndex
      let attributes = rest[..<end]
      guard let src = attributes.firstRange(of: " src=\"") ?? attributes.firstRange(of: "src=\"") else { continue }
      let value = attributes[src.upperBound...].prefix { $0 != "\"" }
      for scheme in ["https://", "http://"] where value.lowercased().hasPrefix(scheme) {
        let host = value.dropFirst(scheme.count).prefix {
          $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0))
        }
        let origin = scheme + host.lowercased()
        if !host.isEmpty, !origins.contains(origin) { origins.append(origin) }
      }
    }
    return origins
  }

  /// The headers of every response: no inline script, no sniffing, no referrer; nothing
  /// personal kept in a cache (static files may be).
  static func secured(_ response: HTTPResponse, cacheable: Bool = false) -> HTTPResponse {
    var response = response
    let given = response.headers
    func absent(_ name: String) -> Bool {
      !given.contains { $0.name.utf8.count == name.utf8.count && $0.name.lowercased() == name.lowercased() }
    }
    for header in cacheable ? securityHeaders : securityHeaders + [("Cache-Control", "no-store")]
    where absent(header.name) {
      response.headers.append(header)
    }
    return response
  }

  private static let securityHeaders: [(name: String, value: String)] = [
    ("Content-Security-Policy", policy), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
  ]
}

/// An error a route ends with: the status and what the client is told.
struct RouteError: Error {
  let status: HTTPStatus
  let message: String
  var headers: [(name: String, value: String)] = []

  static func badRequest(_ message: String) -> RouteError { RouteError(status: 400, message: message) }
  static func notFound(_ message: String) -> RouteError { RouteError(status: 404, message: message) }
  static func conflict(_ message: String) -> RouteError { RouteError(status: 409, message: message) }
  static func forbidden(_ message: String) -> RouteError { RouteError(status: 403, message: message) }
  /// 405, with the `Allow` header a 405 must carry (RFC 9110, 15.5.6).
  static func methodNotAllowed(_ request: HTTPRequest, allow: String) -> RouteError {
    RouteError(status: 405, message: "\(request.method) is not allowed here", headers: [("Allow", allow)])
  }

  var response: HTTPResponse { Responses.error(status, message, headers: headers) }
}
