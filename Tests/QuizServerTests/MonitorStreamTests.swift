import Foundation
import QuizServer
import TestSupport
import Testing

/// The monitor's event stream: a snapshot at once, then an event within a second of a change
/// made through the server or by another process.
@Suite(.serialized) struct MonitorStreamTests {
  /// An open event stream, read as it comes.
  final class EventStream {
    let connection: RawConnection
    var received: [UInt8] = []

    init(_ fixture: ServedFixture) throws {
      connection = try RawConnection(port: fixture.port)
      let head =
        "GET /api/monitor/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(fixture.server.monitorToken)\r\n\r\n"
      try connection.send(Array(head.utf8))
    }

    var text: String { String(decoding: received, as: UTF8.self) }

    /// Reads until `marker` has come `count` times in all, or `timeout` seconds passed.
    @discardableResult
    func wait(for marker: String, count: Int = 1, timeout: Double) -> Bool {
      let occurrences = { (bytes: [UInt8]) in
        String(decoding: bytes, as: UTF8.self).components(separatedBy: marker).count - 1
      }
      received += connection.read(timeout: timeout) { [received] more in occurrences(received + more) >= count }
      return occurrences(received) >= count
    }
  }

  @Test func anEventArrivesWithinASecondOfASavedAnswer() throws {
    let fixture = try ServedFixture()
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let stream = try EventStream(fixture)
    #expect(stream.wait(for: "event: snapshot", timeout: 5), "\(stream.text)")
    #expect(stream.text.hasPrefix("HTTP/1.1 200") && stream.text.contains("text/event-stream"))
    let start = Date()
    #expect(
      try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["1"]}"#).status == 200)
    // The sign-in's own events may come first; the saved answer's is the one with answered 1.
    #expect(stream.wait(for: #""answered":1"#, timeout: 1.0), "\(stream.text)")
    #expect(Date().timeIntervalSince(start) < 1.0)
  }

  @Test(.enabled(if: ChildProcess.quizBinary != nil, "needs the built quiz binary"))
  func anEventArrivesWithinASecondOfAGradeInAnotherProcess() throws {
    let fixture = try ServedFixture()
    let stream = try EventStream(fixture)
    #expect(stream.wait(for: "event: snapshot", timeout: 5))
    let binary = try #require(ChildProcess.quizBinary)
    let graded = try ChildProcess.run([
      binary, "--db", fixture.databasePath, "grade", "short", "--as", "Shell Grader", "--answer", "one=a", "--answer",
      "two=b",
    ])
    #expect(graded.status == 0, "\(graded.errors)")
    let finished = Date()
    #expect(stream.wait(for: "event: change", timeout: 1.5), "\(stream.text)")
    #expect(Date().timeIntervalSince(finished) < 1.5)
    #expect(stream.text.contains(#""kind":"attempt""#) && stream.text.contains(#""quiz":"short""#))
  }
}
