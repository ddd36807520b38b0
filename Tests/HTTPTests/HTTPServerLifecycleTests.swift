import Foundation
import HTTP
import Testing

/// Many connections at once, slow clients, a taken port, and stopping with work in flight.
@Suite struct HTTPServerLifecycleTests {
  @Test func fiftyConnectionsAtOnceAreAllAnswered() throws {
    let server = try startServer(threads: 4, handler: echo)
    defer { server.stop() }
    let connections = try (0..<50).map { _ in try TestConnection(port: server.port) }
    for (index, connection) in connections.enumerated() {
      try connection.send("GET /n/\(index) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    }
    for (index, connection) in connections.enumerated() {
      let response = try connection.readResponse(timeout: 5)
      #expect(response.status == 200)
      #expect(response.headers["x-path"] == "/n/\(index)")
    }
  }

  @Test func aSlowClientIsDroppedAfterTheTimeoutWhileOthersAreServed() throws {
    let server = try startServer(threads: 1, timeout: 1, handler: echo)
    defer { server.stop() }
    let slow = try TestConnection(port: server.port)
    try slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n")
    let started = TestClock.now
    let other = try fetch(server.port, "GET", "/meanwhile")
    #expect(other.status == 200)
    #expect(TestClock.now - started < 1)
    #expect(slow.waitForClose(timeout: 4))
    let elapsed = TestClock.now - started
    #expect(elapsed >= 0.9 && elapsed < 3.5, "dropped after \(elapsed) s")
  }

  /// Sends `start`, then `piece` every quarter second until the server closes the connection (or
  /// four seconds pass); whether it did, and after how long.
  private func trickle(_ start: String, then piece: String, to port: UInt16) throws -> (cutOff: Bool, after: Double) {
    let slow = try TestConnection(port: port)
    let started = TestClock.now
    try slow.send(start)
    var cutOff = false
    for _ in 0..<16 where !cutOff {
      cutOff = slow.waitForClose(timeout: 0.25)
      if !cutOff { try? slow.send(piece) }
    }
    return (cutOff, TestClock.now - started)
  }

  /// Slowloris: a client sending its request's head a byte now and then is never idle for
  /// the timeout, so only the request deadline drops it; others are served meanwhile.
  @Test func aClientTricklingItsHeadIsCutOffAtTheRequestDeadline() throws {
    let server = try startServer(threads: 1, timeout: 30, configure: { $0.requestDeadlineSeconds = 1 }, handler: echo)
    defer { server.stop() }
    let (cutOff, elapsed) = try trickle("GET /slow HTTP/1.1\r\nHost: x\r\n", then: "X: y\r\n", to: server.port)
    #expect(cutOff && elapsed >= 0.9 && elapsed < 3, "cut off: \(cutOff) after \(elapsed) s")
    #expect(try fetch(server.port, "GET", "/after").status == 200)
  }

  /// The same for a body sent a byte at a time.
  @Test func aClientTricklingItsBodyIsCutOffAtTheRequestDeadline() throws {
    let server = try startServer(threads: 1, timeout: 30, configure: { $0.requestDeadlineSeconds = 1 }, handler: echo)
    defer { server.stop() }
    let (cutOff, elapsed) = try trickle(
      "PUT /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n", then: "a", to: server.port)
    #expect(cutOff && elapsed >= 0.9 && elapsed < 3, "cut off: \(cutOff) after \(elapsed) s")
  }

  /// With a limit per client address, a connection past it is closed unanswered while the ones
  /// within it are served; one freed makes room again.
  @Test func connectionsPastTheLimitOfAClientAddressAreClosed() throws {
    let server = try startServer(threads: 2, configure: { $0.perClientConnectionLimit = 2 }, handler: echo)
    defer { server.stop() }
    let kept = try (0..<2).map { _ in try TestConnection(port: server.port) }
    for connection in kept {
      try connection.send("GET /kept HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try connection.readResponse(timeout: 5).status == 200)
    }
    let over = try TestConnection(port: server.port)
    try? over.send("GET /over HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(over.waitForClose(timeout: 5))
    kept[0].close()
    usleep(300_000)
    #expect(try fetch(server.port, "GET", "/again").status == 200)
  }

  /// The deadline counts from the previous request's end: a kept-alive client asking often keeps
  /// its connection, and a handler taking longer than the deadline still answers.
  @Test func keptAliveRequestsAndSlowAnswersAreNotCutOff() throws {
    let server = try startServer(threads: 2, timeout: 30, configure: { $0.requestDeadlineSeconds = 1 }) { request in
      if request.path == "/slow" { usleep(1_600_000) }
      return echo(request)
    }
    defer { server.stop() }
    let kept = try TestConnection(port: server.port)
    for index in 0..<6 {
      try kept.send("GET /n/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try kept.readResponse(timeout: 5).headers["x-path"] == "/n/\(index)")
      usleep(500_000)
    }
    #expect(try fetch(server.port, "GET", "/slow").status == 200)
  }

  @Test func listeningOnATakenPortThrowsNamingTheAddress() throws {
    let first = try startServer(handler: echo)
    defer { first.stop() }
    var configuration = HTTPServerConfiguration()
    configuration.port = first.port
    let error = #expect(throws: HTTPError.self) { try HTTPServer(configuration, handler: echo) }
    #expect(error?.kind == .cannotListen)
    #expect(error?.description.hasPrefix("cannot listen on 127.0.0.1:\(first.port): ") == true)
    #expect(error?.description.lowercased().contains("in use") == true, "\(error?.description ?? "")")
  }

  @Test func anUnresolvableHostThrows() {
    var configuration = HTTPServerConfiguration()
    configuration.host = "no such host.invalid"
    configuration.port = 0
    let error = #expect(throws: HTTPError.self) { try HTTPServer(configuration, handler: echo) }
    #expect(error?.description.hasPrefix("cannot listen on no such host.invalid:0: ") == true)
  }

  @Test func anOutOfRangeConfigurationThrows() {
    var configuration = HTTPServerConfiguration()
    configuration.threads = 0
    let error = #expect(throws: HTTPError.self) { try HTTPServer(configuration, handler: echo) }
    #expect(error?.kind == .invalidConfiguration)
    #expect(error?.description.contains("threads") == true)
  }

  @Test func ipv6LoopbackIsServed() throws {
    let server = try startServer(configure: { $0.host = "::1" }) { request in .text(request.clientAddress) }
    defer { server.stop() }
    let connection = try TestConnection(port: server.port, host: "::1")
    try connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(try connection.readResponse().text == "::1")
  }

  @Test func stopLetsASlowHandlerFinishAndItsClientGetsTheWholeReply() throws {
    let entered = Recorder<Bool>()
    let server = try startServer { _ in
      entered.record(true)
      usleep(800_000)
      return .text(String(repeating: "done ", count: 20_000))
    }
    let connection = try TestConnection(port: server.port)
    try connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
    let deadline = TestClock.now + 3
    while entered.all.isEmpty, TestClock.now < deadline { usleep(10_000) }
    let stopping = TestClock.now
    server.stop()
    let stopTook = TestClock.now - stopping
    let response = try connection.readResponse(timeout: 3)
    #expect(response.status == 200)
    #expect(response.body.count == 100_000)
    #expect(response.headers["connection"]?.lowercased() == "close")
    #expect(stopTook >= 0.5 && stopTook < 4, "stop took \(stopTook) s")
    #expect(throws: (any Error).self) { try fetch(server.port, "GET", "/after", timeout: 1) }
    server.stop()  // a second stop does nothing
  }
}
