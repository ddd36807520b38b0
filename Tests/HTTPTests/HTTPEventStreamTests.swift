import Foundation
import HTTP
import Locking
import Testing

/// An event stream delivers in order, holds no thread while quiet, and notices its client leave.
@Suite struct HTTPEventStreamTests {
  /// The server's streams, handed to the test as the handler opens them.
  final class Streams: Sendable {
    private let opened = Locked<[HTTPEventStream]>([])
    func add(_ stream: HTTPEventStream) { opened.withLock { $0.append(stream) } }
    func first(within seconds: Double) throws -> HTTPEventStream {
      let deadline = TestClock.now + seconds
      while TestClock.now < deadline {
        if let stream = opened.withLock({ $0.first }) { return stream }
        usleep(5_000)
      }
      throw TestConnection.Failure(description: "no stream opened within \(seconds) s")
    }
  }

  func startStreamingServer(_ streams: Streams, keepAlive: Double = 15) throws -> HTTPServer {
    try startServer(threads: 1, configure: { $0.eventStreamKeepAliveSeconds = keepAlive }) { request in
      guard request.path == "/events" else { return .text("pong") }
      let stream = HTTPEventStream()
      streams.add(stream)
      return .eventStream(stream)
    }
  }

  func openStream(_ port: UInt16) throws -> TestConnection {
    let connection = try TestConnection(port: port)
    try connection.send("GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
    return connection
  }

  @Test func eventsArriveInOrderWhileOneThreadServesOtherRequests() throws {
    let streams = Streams()
    let server = try startStreamingServer(streams)
    defer { server.stop() }
    let client = try openStream(server.port)
    let stream = try streams.first(within: 3)
    let head = try client.readText(containing: "\r\n\r\n")
    #expect(head.contains("200"))
    #expect(head.lowercased().contains("content-type: text/event-stream"))
    for round in 0..<3 {
      let started = TestClock.now
      let ping = try fetch(server.port, "GET", "/ping", timeout: 2)
      #expect(ping.text == "pong")
      #expect(TestClock.now - started < 1, "a GET took \(TestClock.now - started) s while a stream was open")
      for event in 0..<5 { stream.send(Array("id: \(round * 5 + event)\ndata: 事件 \(round * 5 + event)\n\n".utf8)) }
    }
    let received = try client.read(timeout: 5) {
      String(decoding: TestResponse.chunkedData($0), as: UTF8.self).contains("data: 事件 14\n\n")
    }
    let events = String(decoding: TestResponse.chunkedData(received), as: UTF8.self)
    let ids = events.split(separator: "\n").filter { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
    #expect(ids == (0..<15).map(String.init))
    #expect(!stream.isClosed)
  }

  @Test func aClientLeavingClosesTheStreamAndRunsOnClose() throws {
    let streams = Streams()
    let server = try startStreamingServer(streams)
    defer { server.stop() }
    let client = try openStream(server.port)
    let stream = try streams.first(within: 3)
    let closed = Recorder<Bool>()
    stream.onClose { closed.record(true) }
    stream.send(Array("data: hello\n\n".utf8))
    _ = try client.readText(containing: "data: hello")
    client.close()
    let deadline = TestClock.now + 3
    while closed.all.isEmpty, TestClock.now < deadline { usleep(10_000) }
    #expect(stream.isClosed)
    #expect(closed.all == [true])
    stream.send(Array("data: after\n\n".utf8))  // ignored, no crash
    let late = Recorder<Bool>()
    stream.onClose { late.record(true) }
    #expect(late.all == [true])
  }

  @Test func closingTheStreamEndsTheResponseAndTheConnectionServesAgain() throws {
    let streams = Streams()
    let server = try startStreamingServer(streams)
    defer { server.stop() }
    let client = try openStream(server.port)
    let stream = try streams.first(within: 3)
    stream.send(Array("data: last\n\n".utf8))
    stream.close()
    let response = try client.readResponse(timeout: 3)
    #expect(response.text == "data: last\n\n")
    #expect(stream.isClosed)
    try client.send("GET /ping HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse(timeout: 3).text == "pong")
  }

  @Test func aStreamClosedByTheHandlerSendsWhatItHadAndEnds() throws {
    let server = try startServer(threads: 1) { _ in
      let stream = HTTPEventStream()
      stream.send(Array("data: only\n\n".utf8))
      stream.close()
      return .eventStream(stream)
    }
    defer { server.stop() }
    #expect(try fetch(server.port, "GET", "/events").text == "data: only\n\n")
  }

  @Test func aStreamGivenToTwoResponsesServesOnlyTheFirst() throws {
    let shared = HTTPEventStream()
    let server = try startServer(threads: 1) { _ in .eventStream(shared) }
    defer { server.stop() }
    let first = try openStream(server.port)
    _ = try first.readText(containing: "\r\n\r\n")
    let second = try TestConnection(port: server.port)
    try second.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(second.waitForClose(timeout: 3))
    shared.send(Array("data: to the first\n\n".utf8))
    _ = try first.readText(containing: "data: to the first")
  }

  @Test func aQuietStreamGetsKeepAliveComments() throws {
    let streams = Streams()
    let server = try startStreamingServer(streams, keepAlive: 0.3)
    defer { server.stop() }
    let client = try openStream(server.port)
    _ = try streams.first(within: 3)
    let received = try client.readText(containing: ":\n\n", timeout: 3)
    #expect(received.contains(":\n\n"))
  }

  @Test func aStreamOpenedWhileTheServerStopsEndsAtOnce() throws {
    let entered = Recorder<Bool>()
    let server = try startServer(threads: 1) { _ in
      entered.record(true)
      usleep(400_000)
      let stream = HTTPEventStream()
      stream.send(Array("data: late\n\n".utf8))
      return .eventStream(stream)
    }
    let client = try openStream(server.port)
    let deadline = TestClock.now + 3
    while entered.all.isEmpty, TestClock.now < deadline { usleep(5_000) }
    let started = TestClock.now
    server.stop()
    #expect(TestClock.now - started < 2, "stop took \(TestClock.now - started) s")
    #expect(try client.readResponse(timeout: 2).text == "data: late\n\n")
  }

  @Test func stopEndsOpenStreams() throws {
    let streams = Streams()
    let server = try startStreamingServer(streams)
    let client = try openStream(server.port)
    let stream = try streams.first(within: 3)
    stream.send(Array("data: one\n\n".utf8))
    _ = try client.readText(containing: "data: one")
    let started = TestClock.now
    server.stop()
    #expect(TestClock.now - started < 2)
    #expect(stream.isClosed)
    #expect(client.waitForClose(timeout: 3) || (try? client.readResponse(timeout: 1)) != nil)
  }
}
