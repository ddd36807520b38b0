import Foundation
import TestSupport

@testable import QuizServer

/// A browser without JavaScript: it keeps the cookies the server sets, posts forms
/// (`application/x-www-form-urlencoded`) and reads the hidden fields of the pages it gets.
final class Browser {
  let port: UInt16
  var cookies: [String: String] = [:]
  /// The server whose route handler takes the requests in process; nil: over a socket to `port`.
  let inProcess: ServedFixture?

  init(port: UInt16) {
    self.port = port
    inProcess = nil
  }

  /// A browser of the fixture's server: in process unless the fixture goes over a socket.
  init(_ fixture: ServedFixture) {
    port = fixture.port
    inProcess = fixture.overSocket ? nil : fixture
  }

  func get(_ path: String) throws -> RawHTTPResponse {
    try send("GET", path, body: [])
  }

  func post(_ path: String, _ fields: [(String, String)]) throws -> RawHTTPResponse {
    let body = fields.map { "\(Self.encoded($0.0))=\(Self.encoded($0.1))" }.joined(separator: "&")
    return try send("POST", path, body: Array(body.utf8), contentType: "application/x-www-form-urlencoded")
  }

  private func send(_ method: String, _ path: String, body: [UInt8], contentType: String? = nil) throws
    -> RawHTTPResponse
  {
    var headers: [(String, String)] = []
    if !cookies.isEmpty { headers.append(("Cookie", cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))) }
    if let contentType { headers.append(("Content-Type", contentType)) }
    let response =
      try inProcess.map { InProcessHTTP.send(to: $0.server.state, method, path, body: body, headers: headers) }
      ?? RawHTTP.request(port: port, method, path, body: body, headers: headers)
    for header in response.headers("set-cookie") {
      let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
      if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
    }
    return response
  }

  static func encoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  /// The value of the first `<input … name="NAME" value="…">` of a page.
  static func hiddenField(_ name: String, in page: String) -> String? {
    guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
    let rest = page[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }
}

/// Runs a program with a deadline (curl, openssl, the built `quiz`).
struct ChildProcess {
  let status: Int32?
  let output: String
  let errors: String

  static func run(_ arguments: [String], timeout: Double = 30) throws -> ChildProcess {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    let killed = process.isRunning
    if killed { process.terminate() }
    process.waitUntilExit()
    return ChildProcess(
      status: killed ? nil : process.terminationStatus,
      output: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      errors: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
  }

  static func exists(_ command: String) -> Bool {
    (try? run(["sh", "-c", "command -v \(command)"], timeout: 5))?.status == 0
  }

  /// The `quiz` binary the build put beside this test bundle (`QUIZ_BINARY` overrides).
  static let quizBinary: String? = {
    if let path = ProcessInfo.processInfo.environment["QUIZ_BINARY"] { return path }
    var folder = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = folder.appendingPathComponent("quiz")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
      folder.deleteLastPathComponent()
    }
    let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/quiz").path
    return FileManager.default.isExecutableFile(atPath: built) ? built : nil
  }()
}
