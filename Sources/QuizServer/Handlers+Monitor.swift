import HTTP
import QuizDomain

// MARK: - The monitor

extension ServerState {
  /// `GET /api/monitor/events`: Server-Sent Events, for the holder of the monitor token.
  func monitorEvents(_ request: HTTPRequest) throws -> HTTPResponse {
    try checkMonitorToken(request)
    var response = HTTPResponse(
      status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("X-Accel-Buffering", "no")])
    // HEAD: the headers are all there is; no stream is opened.
    guard request.method != "HEAD" else { return response }
    response.body = .stream(monitor.subscribe())
    return response
  }

  /// 401 without the token (`?token=` or `Authorization: Bearer`), 403 with a wrong one.
  func checkMonitorToken(_ request: HTTPRequest) throws {
    var presented = request.query["token"]
    // An authentication scheme's name is case-insensitive (RFC 9110, 11.1).
    if presented == nil, let authorization = request.header("authorization"),
      authorization.lowercased().hasPrefix("bearer ")
    {
      presented = String(authorization.dropFirst(7)).trimmingSpaces
    }
    guard let presented, !presented.isEmpty else {
      throw RouteError(
        status: 401, message: "the monitor needs its token", headers: [("WWW-Authenticate", "Bearer")])
    }
    guard Tokens.matches(presented, monitorToken) else { throw RouteError.forbidden("wrong monitor token") }
  }
}
