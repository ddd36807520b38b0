import Dispatch
import Foundation
import HTTP
import Locking
import Testing

/// Deferred replies (`HTTPResponse.deferred`): the connection waits, suspended, while its
/// thread serves others; the reply is sent from another thread; a reply nobody sends answers
/// 500; only the first send counts; `stop()` lets a waiting reply go out.
@Suite struct HTTPDeferredReplyTests {
  /// Replies the handler deferred, for the test to send.
  final class Waiting: Sendable {
    private let replies = Locked<[(path: String, reply: HTTPReply)]>([])
    func add(_ path: String, _ reply: HTTPReply) { replies.withLock { $0.append((path, reply)) } }
    func take(within seconds: Double) -> (path: String, reply: HTTPReply)? {
      let deadline = TestClock.now + seconds
      while TestClock.now < deadline {
        if let first = replies.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return first }
        usleep(5_000)
      }
      return nil
    }
  }

  /// `/later/…` is deferred and kept for the test; anything else is echoed at once.
  func startDeferringServer(_ waiting: Waiting, threads: Int = 1) throws -> HTTPServer {
    try startServer(threads: threads) { request in
      guard request.path.hasPrefix("/later/") else { return echo(request) }
      return .deferred { reply in waiting.add(request.path, reply) }
    }
  }

  @Test func theOneThreadServesOthersWhileAReplyWaitsThenItIsSentFromAnotherThread() throws {
    let waiting = Waiting()
    let server = try startDeferringServer(waiting)
    defer { server.stop() }
    let held = try TestConnection(port: server.port)
    try held.send("PUT /later/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
    let deferred = try #require(waiting.take(within: 3))
    #expect(deferred.path == "/later/1")
    // One thread, and it is free: other requests are answered while the reply waits.
    for index in 0..<5 { #expect(try fetch(server.port, "GET", "/now/\(index)").status == 200) }
    let sender = Thread {
      deferred.reply.send(making: { .text("made on the connection's thread", status: 201) })
    }
    sender.start()
    let response = try held.readResponse(timeout: 3)
    #expect(response.status == 201)
    #expect(response.text == "made on the connection's thread")
    // The connection is kept alive and serves the next request.
    try held.send("GET /again HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(try held.readResponse(timeout: 3).headers["x-path"] == "/again")
  }

  @Test func aReplyLetGoOfUnsentAnswers500() throws {
    let server = try startServer(threads: 1) { _ in .deferred { _ in } }
    defer { server.stop() }
    let response = try fetch(server.port, "GET", "/dropped", timeout: 3)
    #expect(response.status == 500)
  }

  @Test func onlyTheFirstSendCountsAndADeferredResponseCannotBeSent() throws {
    let server = try startServer(threads: 2) { request in
      .deferred { reply in
        if request.path == "/nested" {
          reply.send(.deferred { _ in })
        } else {
          reply.send(.text("first"))
          reply.send(.text("second", status: 404))
        }
      }
    }
    defer { server.stop() }
    let twice = try fetch(server.port, "GET", "/twice", timeout: 3)
    #expect(twice.status == 200 && twice.text == "first")
    #expect(try fetch(server.port, "GET", "/nested", timeout: 3).status == 500)
  }

  @Test func manyRepliesSentInAnyOrderEachReachItsOwnClient() throws {
    let waiting = Waiting()
    let server = try startDeferringServer(waiting, threads: 2)
    defer { server.stop() }
    let connections = try (0..<40).map { index in
      let connection = try TestConnection(port: server.port)
      try connection.send("GET /later/\(index) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      return connection
    }
    var deferred: [(path: String, reply: HTTPReply)] = []
    while deferred.count < connections.count, let next = waiting.take(within: 3) { deferred.append(next) }
    #expect(deferred.count == connections.count)
    let taken = deferred
    DispatchQueue.concurrentPerform(iterations: taken.count) { index in
      let (path, reply) = taken[taken.count - 1 - index]
      reply.send(.text(path))
    }
    for (index, connection) in connections.enumerated() {
      #expect(try connection.readResponse(timeout: 3).text == "/later/\(index)")
    }
  }

  @Test func stopWaitsForAReplyInFlightAndItsClientGetsIt() throws {
    let waiting = Waiting()
    let server = try startDeferringServer(waiting)
    let connection = try TestConnection(port: server.port)
    try connection.send("GET /later/stop HTTP/1.1\r\nHost: x\r\n\r\n")
    let deferred = try #require(waiting.take(within: 3))
    let sender = Thread {
      usleep(300_000)
      deferred.reply.send(.text("sent while stopping"))
    }
    sender.start()
    server.stop()
    let response = try connection.readResponse(timeout: 3)
    #expect(response.text == "sent while stopping")
    #expect(response.headers["connection"]?.lowercased() == "close")
  }

  @Test func aReplyStillUnsentWhenTheGraceRunsOutIsAnswered503AndStopReturns() throws {
    let waiting = Waiting()
    let server = try startServer(threads: 1, configure: { $0.stopGraceSeconds = 0.5 }) { request in
      .deferred { reply in waiting.add(request.path, reply) }
    }
    let connection = try TestConnection(port: server.port)
    try connection.send("GET /never HTTP/1.1\r\nHost: x\r\n\r\n")
    let deferred = try #require(waiting.take(within: 3))
    let stopping = TestClock.now
    server.stop()
    #expect(TestClock.now - stopping < 3)
    let response = try connection.readResponse(timeout: 3)
    #expect(response.status == 503)
    #expect(response.headers["retry-after"] == "1")
    // A send after the stop is ignored.
    deferred.reply.send(.text("too late"))
  }

  @Test func aHandlerDeferringAfterStopClosedTheRepliesIsAnswered503AndNothingStarts() throws {
    let started = Recorder<String>()
    let entered = Recorder<Bool>()
    let server = try startServer(threads: 1, configure: { $0.stopGraceSeconds = 0.3 }) { request in
      entered.record(true)
      // Still in the handler when stop() gives up waiting and closes the replies.
      usleep(900_000)
      return .deferred { reply in
        started.record(request.path)
        reply.send(.text("late"))
      }
    }
    let connection = try TestConnection(port: server.port)
    try connection.send("GET /late HTTP/1.1\r\nHost: x\r\n\r\n")
    let deadline = TestClock.now + 3
    while entered.all.isEmpty, TestClock.now < deadline { usleep(5_000) }
    server.stop()
    #expect(started.all.isEmpty)
    if let response = try? connection.readResponse(timeout: 3) { #expect(response.status == 503) }
  }
}
