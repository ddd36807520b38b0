import HTTP
import Locking

/// Starts a server on a free loopback port with a small configuration for tests.
func startServer(
  threads: Int = 2, timeout: Int = 5, maxBody: Int = 65536,
  configure: (inout HTTPServerConfiguration) -> Void = { _ in },
  handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
) throws -> HTTPServer {
  var configuration = HTTPServerConfiguration()
  configuration.port = 0
  configuration.threads = threads
  configuration.connectionTimeoutSeconds = timeout
  configuration.maxBodyBytes = maxBody
  configuration.stopGraceSeconds = 5
  configure(&configuration)
  return try HTTPServer(configuration, handler: handler)
}

/// One request on its own connection ("Connection: close"), read whole.
func fetch(
  _ port: UInt16, _ method: String = "GET", _ target: String, headers: [String] = [], body: [UInt8] = [],
  timeout: Double = 5
) throws -> TestResponse {
  let connection = try TestConnection(port: port)
  var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
  for header in headers { head += header + "\r\n" }
  if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
  try connection.send(Array((head + "\r\n").utf8) + body)
  return try connection.readResponse(timeout: timeout)
}

/// The request echoed back as lines the tests can compare.
@Sendable func echo(_ request: HTTPRequest) -> HTTPResponse {
  HTTPResponse(status: 200, headers: [("X-Method", request.method), ("X-Path", request.path)], body: request.body)
}

/// Something a handler records for the test to look at afterwards.
final class Recorder<Value: Sendable>: Sendable {
  private let values = Locked<[Value]>([])
  func record(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }
}
