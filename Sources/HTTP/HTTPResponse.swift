/// A response's body: all of it at once, or written over time.
public enum HTTPBody: Sendable {
  case bytes([UInt8])
  case stream(HTTPEventStream)
}

/// What the handler answers. Content-Length is set by the server (a stream is sent chunked).
public struct HTTPResponse: Sendable {
  public var status: HTTPStatus
  public var headers: [(name: String, value: String)]
  public var body: HTTPBody
  /// Set for a response given later (`deferred`): what is handed the reply.
  let deferredStart: (@Sendable (HTTPReply) -> Void)?

  public init(status: HTTPStatus, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = .bytes(body)
    self.deferredStart = nil
  }

  /// A response whose body is written over time, e.g. Server-Sent Events.
  public init(status: HTTPStatus = .ok, headers: [(name: String, value: String)] = [], stream: HTTPEventStream) {
    self.status = status
    self.headers = headers
    self.body = .stream(stream)
    self.deferredStart = nil
  }

  /// The answer comes later: `start` is called with the reply on the connection's thread, and
  /// may hand it to any other thread, which `send`s the response when it has it. The
  /// connection's thread serves other connections meanwhile. Status, headers and body of this
  /// value are not used.
  public static func deferred(_ start: @escaping @Sendable (HTTPReply) -> Void) -> HTTPResponse {
    HTTPResponse(deferring: start)
  }

  private init(deferring start: @escaping @Sendable (HTTPReply) -> Void) {
    status = 500
    headers = []
    body = .bytes([])
    deferredStart = start
  }

  /// Whether the answer comes later (`deferred`).
  public var isDeferred: Bool { deferredStart != nil }

  public static func text(
    _ text: String, status: HTTPStatus = .ok, contentType: String = "text/plain; charset=utf-8"
  ) -> HTTPResponse {
    HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
  }

  /// A Server-Sent Events response: text/event-stream, not cached, not buffered by proxies.
  public static func eventStream(_ stream: HTTPEventStream) -> HTTPResponse {
    HTTPResponse(
      headers: [
        ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
        ("X-Accel-Buffering", "no"),
      ], stream: stream)
  }
}
