import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 client over a plain socket, for talking to the server under test the
/// way any client would: one request per connection (`Connection: close`), or a stream read
/// as it comes (Server-Sent Events), every read with a deadline.
public struct RawHTTPResponse {
  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]

  public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  public var text: String { String(decoding: body, as: UTF8.self) }
  public func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
  public func headers(_ name: String) -> [String] {
    headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
  }
  public var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]) ?? [:] }
}

public struct RawHTTPError: Error, CustomStringConvertible {
  public let description: String
}

public final class RawConnection {
  public let descriptor: Int32

  /// Connects to `host` (an IPv4 address) at `port`.
  public init(port: UInt16, host: String = "127.0.0.1") throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw RawHTTPError(description: "socket: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      // Not closed here: a class whose init throws once every property is set is
      // deinitialised, and deinit closes it (closing twice would close another's descriptor).
      throw RawHTTPError(description: "connect: \(errno)")
    }
  }

  deinit { close(descriptor) }

  public func send(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { throw RawHTTPError(description: "send: \(errno)") }
      sent += n
    }
  }

  /// What arrives within `timeout` seconds (until the peer closes, or `until` holds).
  public func read(timeout: Double, until done: ([UInt8]) -> Bool = { _ in false }) -> [UInt8] {
    var received: [UInt8] = []
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while Date() < deadline, !done(received) {
      var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
      guard poll(&descriptorSet, 1, left) > 0 else { break }
      let n = recv(descriptor, &buffer, buffer.count, 0)
      guard n > 0 else { break }
      received += buffer[0..<n]
    }
    return received
  }
}

public enum RawHTTP {
  public static func request(
    port: UInt16, _ method: String, _ path: String, body: [UInt8] = [], headers: [(String, String)] = [],
    timeout: Double = 10, host: String = "127.0.0.1"
  ) throws -> RawHTTPResponse {
    let connection = try RawConnection(port: port, host: host)
    var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    try connection.send(Array(head.utf8) + body)
    let bytes = connection.read(timeout: timeout)
    return try parse(bytes)
  }

  public static func parse(_ bytes: [UInt8]) throws -> RawHTTPResponse {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
      throw RawHTTPError(description: "no complete response: \(String(decoding: bytes, as: UTF8.self))")
    }
    let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw RawHTTPError(description: "bad status line \(head[0])")
    }
    var headers: [(name: String, value: String)] = []
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    var body = Array(bytes[(end + 4)...])
    if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased() == "chunked" }) {
      body = dechunked(body)
    }
    return RawHTTPResponse(status: status, headers: headers, body: body)
  }

  public static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      guard let lineEnd = bytes[index...].firstIndex(of: 13) else { break }
      let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
      if size == 0 { break }
      let start = lineEnd + 2
      result += bytes[start..<min(start + size, bytes.count)]
      index = start + size + 2
    }
    return result
  }
}
