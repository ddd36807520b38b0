import Glibc

/// A raw TCP connection to a test server, for requests a client library would not send (half a
/// request, a body too large before it is sent) and for reading a response piece by piece.
/// Every read has a deadline.
final class TestConnection {
  private let socket: Int32
  private var received: [UInt8] = []
  private(set) var isClosedByServer = false

  struct Failure: Error, CustomStringConvertible { let description: String }

  init(port: UInt16, host: String = "127.0.0.1") throws {
    let family = host.contains(":") ? AF_INET6 : AF_INET
    socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
    var storage = sockaddr_storage()
    let length: Int
    if family == AF_INET {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      inet_pton(AF_INET, host, &address.sin_addr)
      withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
      length = MemoryLayout<sockaddr_in>.size
    } else {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      inet_pton(AF_INET6, host, &address.sin6_addr)
      withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
      length = MemoryLayout<sockaddr_in6>.size
    }
    let connected = withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(length)) }
    }
    guard connected == 0 else {
      let reason = String(cString: strerror(errno))
      // Not closed here: a class whose init throws once every property is set is
      // deinitialised, and deinit closes it (closing twice would close another's descriptor).
      throw Failure(description: "connect to \(host):\(port): \(reason)")
    }
  }

  deinit { Glibc.close(socket) }

  func send(_ text: String) throws { try send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
      offset += written
    }
  }

  /// Closes the connection from the client's side.
  func close() { shutdown(socket, Int32(SHUT_RDWR)) }

  /// Reads until `done` says the bytes received are enough, the server closes, or the
  /// deadline passes (then throws).
  func read(timeout: Double, until done: ([UInt8]) -> Bool) throws -> [UInt8] {
    let deadline = TestClock.now + timeout
    while !done(received) {
      if isClosedByServer {
        throw Failure(description: "the server closed the connection after \(received.count) bytes")
      }
      let remaining = deadline - TestClock.now
      guard remaining > 0 else {
        throw Failure(
          description:
            "no complete answer within \(timeout) s; got \(String(decoding: received, as: UTF8.self).prefix(300))")
      }
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 65536)
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { isClosedByServer = true } else { received += buffer[..<count] }
    }
    return received
  }

  /// Waits for the server to close the connection; false if it has not within `timeout`.
  func waitForClose(timeout: Double) -> Bool {
    (try? read(timeout: timeout) { _ in self.isClosedByServer }) != nil || isClosedByServer
  }

  /// Reads one whole response (Content-Length or chunked) and removes it from what was received.
  func readResponse(timeout: Double = 5) throws -> TestResponse {
    _ = try read(timeout: timeout) { TestResponse.parse($0) != nil }
    guard let (response, used) = TestResponse.parse(received) else { throw Failure(description: "unparsable") }
    received.removeFirst(used)
    return response
  }

  /// Reads until the text received so far contains `text`; returns all of it.
  func readText(containing text: String, timeout: Double = 5) throws -> String {
    String(decoding: try read(timeout: timeout) { String(decoding: $0, as: UTF8.self).contains(text) }, as: UTF8.self)
  }
}

enum TestClock {
  static var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
