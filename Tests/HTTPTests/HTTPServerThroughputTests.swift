import Foundation
import HTTP
import Testing

/// The wrapper's floor, measured with wrk when asked (QUIZ_HTTP_BENCH=1): a fixed small reply,
/// keep-alive connections, the default four threads.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["QUIZ_HTTP_BENCH"] == "1" && TestProcess.exists("wrk"),
    "set QUIZ_HTTP_BENCH=1 (and install wrk) to measure"))
struct HTTPServerThroughputTests {
  @Test func pingThroughput() throws {
    let server = try startServer(threads: 4) { _ in
      HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(#"{"ok": true}"#.utf8))
    }
    defer { server.stop() }
    let run = try TestProcess.run(
      ["wrk", "-t2", "-c50", "-d5s", "--latency", "http://127.0.0.1:\(server.port)/api/ping"], timeout: 30)
    print(run.output)
    #expect(run.status == 0)
    #expect(run.output.contains("Requests/sec"))
  }
}
