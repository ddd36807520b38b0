/// How an `HTTPServer` listens and what it accepts.
public struct HTTPServerConfiguration: Sendable {
  /// An IPv4 or IPv6 address or a name ("localhost"); "::" listens on IPv6 and IPv4.
  public var host: String = "127.0.0.1"
  /// 0: any free port (`HTTPServer.port` tells which).
  public var port: UInt16 = 8080
  /// libmicrohttpd's thread pool; each thread serves many connections.
  public var threads: Int = 4
  /// Connections held at once; past it, libmicrohttpd stops accepting, and new connections
  /// wait in the kernel's queue until one closes. Each takes a file descriptor: starting raises
  /// the process's soft limit to hold them (`ensureFileDescriptors`).
  public var connectionLimit: Int = 1000
  /// 0: no limit per client address.
  public var perClientConnectionLimit: Int = 0
  /// A connection idle (or a request arriving) this long is closed: slow clients are dropped.
  public var connectionTimeoutSeconds: Int = 30
  /// A request must arrive whole, head and body, within this many seconds of its connection
  /// opening or of the previous request's end, or its connection is cut off: the timeout above
  /// counts from the last byte, so a client sending a byte now and then would keep a connection
  /// for ever, and many would take them all (slowloris). A reply or an event stream takes as
  /// long as it takes. 0: no deadline.
  public var requestDeadlineSeconds: Double = 30
  /// A body larger than this is answered `bodyTooLarge` without calling the handler.
  public var maxBodyBytes: Int = 65536
  /// The reply to a body past `maxBodyBytes`, for the request's path (a page's form gets a
  /// page, an API call JSON).
  public var bodyTooLarge: @Sendable (_ path: String) -> HTTPResponse = { _ in
    HTTPResponse(
      status: 413, headers: [("Content-Type", "application/json")],
      body: Array(#"{"error": "the request body is too large"}"#.utf8))
  }
  /// What a deferred reply still not sent when `stop()`'s grace ran out answers.
  public var stoppedBeforeReplying = HTTPResponse(
    status: 503, headers: [("Content-Type", "application/json"), ("Retry-After", "1")],
    body: Array(#"{"error": "the server stopped before it could answer; try again"}"#.utf8))
  /// PEM text; both set: HTTPS only.
  public var tlsCertificatePEM: String? = nil
  public var tlsKeyPEM: String? = nil
  /// An open event stream is sent a comment line (":\n\n") this often when it has nothing to
  /// say, which keeps proxies from closing it. 0: never.
  public var eventStreamKeepAliveSeconds: Double = 15
  /// How long `stop()` waits for requests in flight (and open event streams to end).
  public var stopGraceSeconds: Double = 10

  public init() {}

  var isTLS: Bool { tlsCertificatePEM != nil || tlsKeyPEM != nil }
}
