import Foundation
import HTTP
import TestSupport

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
    let request = HTTPRequest(
      method: method, path: path, query: query,
      headers: Dictionary(headers.map { ($0.0, $0.1) }, uniquingKeysWith: { "\($0), \($1)" }), body: body,
      clientAddress: clientAddress)
    let response = state.handle(request).resolved()
    var bytes: [UInt8] = []
    if case .bytes(let written) = response.body { bytes = written }
    return RawHTTPResponse(
      status: response.status.rawValue, headers: response.headers, body: method == "HEAD" ? [] : bytes)
  }

  /// "/monitor?token=a%20b" → ("/monitor", ["token": "a b"]).
  static func split(_ target: String) -> (path: String, query: [String: String]) {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
    var query: [String: String] = [:]
    if parts.count > 1 {
      for pair in parts[1].split(separator: "&") {
        let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let decode = { (text: Substring) in
          String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
        }
        query[decode(halves[0])] = halves.count > 1 ? decode(halves[1]) : ""
      }
    }
    return (path, query)
  }
}
