import Foundation
import Locking
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `quiz serve` running in the background on a free loopback port (`--listen 127.0.0.1:0`),
/// its output going to a file; `port` is read from the takers' address it prints. `stop()`
/// (SIGTERM, then SIGKILL) or `crash()` (SIGKILL) ends it; the test must call one of them.
final class ServeProcess {
  let process = Process()
  let output: URL
  private(set) var port: Int = 0

  init(_ workspace: Workspace, _ arguments: [String], startup: Double = 60) throws {
    output = workspace.directory.url.appendingPathComponent("serve-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    process.executableURL = QuizProcess.binary
    process.arguments = ["--db", workspace.database, "serve"] + arguments + ["--listen", "127.0.0.1:0"]
    process.environment = ["HOME": workspace.directory.url.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try handle.close()
    // A deadline on the start: the port is printed once the server listens.
    let deadline = Date().addingTimeInterval(startup)
    while port == 0 {
      if let found = Self.port(in: text) {
        port = found
      } else if !process.isRunning || Date() > deadline {
        crash()
        throw ServeFailure(description: "quiz serve did not print its address within \(Int(startup)) s: \(text)")
      } else {
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
  }

  var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  var base: String { "http://127.0.0.1:\(port)" }

  /// The port of the first `http://127.0.0.1:PORT/` address in the output.
  static func port(in text: String) -> Int? {
    guard let range = text.range(of: "http://127.0.0.1:") else { return nil }
    let digits = text[range.upperBound...].prefix { $0.isNumber }
    return Int(digits)
  }

  /// SIGKILL, as a crash or a power cut of the process would end it.
  func crash() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// SIGTERM, then SIGKILL if it has not stopped within 10 s.
  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    crash()
  }
}

struct ServeFailure: Error, CustomStringConvertible {
  let description: String
}

/// Blocking JSON calls to a served API, each bounded by `timeout` seconds.
struct ServeClient: Sendable {
  let base: String
  var timeout: Double = 10

  /// What one call got: the status and the decoded JSON object; nil when no reply came (the
  /// server gone, the connection refused or timed out).
  struct Responses: @unchecked Sendable {
    let status: Int
    let json: [String: Any]
  }

  func call(_ method: String, _ path: String, body: [String: Any]? = nil) -> Responses? {
    guard let url = URL(string: base + path) else { return nil }
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.httpMethod = method
    if let body {
      request.httpBody = try? JSONSerialization.data(withJSONObject: body)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let result = Locked<(Int, Data)?>(nil)
    let done = DispatchSemaphore(value: 0)
    let task = URLSession.shared.dataTask(with: request) { data, response, _ in
      if let response = response as? HTTPURLResponse {
        result.withLock { $0 = (response.statusCode, data ?? Data()) }
      }
      done.signal()
    }
    task.resume()
    if done.wait(timeout: .now() + timeout + 5) == .timedOut {
      task.cancel()
      return nil
    }
    guard let (status, data) = result.withLock({ $0 }) else { return nil }
    let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    return Responses(status: status, json: json)
  }
}
