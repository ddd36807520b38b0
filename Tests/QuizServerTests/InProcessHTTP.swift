import Foundation
import HTTP
import TestSupport
import Testing

@testable import QuizServer

/// A request handed to the server's route handler in process, as libmicrohttpd would hand it
/// (the path percent-decoded once, the query parsed, header names in lower case), and the
/// response as a client would read it: a deferred one waited for, a HEAD's body left out. What
/// only the transport does (Content-Length, Date, a body over the limit, a malformed request)
/// the tests that need it see over a socket (`ServedFixture(overSocket: true)`, `RawHTTP`).
enum InProcessHTTP {
  static func send(
    to state: ServerState, _ method: String, _ target: String, body: [UInt8] = [], headers: [(String, String)] = [],
    clientAddress: String = "127.0.0.1"
  ) -> RawHTTPResponse {
    let (path, query) = split(target)
    // As the server's request builder: names in lower case, a header given twice joined.
    let request = HTTPRequest(
      method: method, path: path, query: query,
      headers: Dictionary(headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { "\($0), \($1)" }),
      body: body, clientAddress: clientAddress)
    let response = state.handle(request).resolved()
    var bytes: [UInt8] = []
    switch response.body {
    case .bytes(let written): bytes = written
    case .stream:
      // A stream is the transport's to send: such a test goes over a socket.
      Issue.record("\(method) \(target) answers a stream: test it over a socket (ServedFixture(overSocket: true))")
    }
    return RawHTTPResponse(
      status: response.status.rawValue, headers: response.headers, body: method == "HEAD" ? [] : bytes)
  }

  /// "/monitor?token=a%20b" → ("/monitor", ["token": "a b"]).
  static func split(_ target: String) -> (path: String, query: [String: String]) {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = decoded(parts[0], plusIsSpace: false)
    var query: [String: String] = [:]
    if parts.count > 1 {
      for pair in parts[1].split(separator: "&") {
        let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query[decoded(halves[0], plusIsSpace: true)] = halves.count > 1 ? decoded(halves[1], plusIsSpace: true) : ""
      }
    }
    return (path, query)
  }

  /// Percent-decoded escape by escape, as libmicrohttpd decodes: an escape that is not one
  /// stays as written, and bytes that are not UTF-8 read as U+FFFD.
  static func decoded(_ text: Substring, plusIsSpace: Bool) -> String {
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
      {
        result.append(value)
        index += 3
        continue
      }
      result.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }
}
