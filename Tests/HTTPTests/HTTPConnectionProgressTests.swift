import Glibc
import Testing

@testable import HTTP

/// The request deadline's clock (`requestDeadlineSeconds`), on a real socket pair: the head and
/// the body share one deadline from the connection's opening or the previous request's end; an
/// answer is never cut off; a socket libmicrohttpd closed is never touched.
@Suite struct HTTPConnectionProgressTests {
  /// A connected pair: the server's end (cut off) and the client's (which then reads its end).
  private func socketPair() -> (server: Int32, client: Int32) {
    var ends: [Int32] = [-1, -1]
    _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends)
    return (ends[0], ends[1])
  }

  private func isShutDown(_ client: Int32) -> Bool {
    var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
    var byte: UInt8 = 0
    return poll(&descriptor, 1, 0) > 0 && recv(client, &byte, 1, Int32(MSG_DONTWAIT)) == 0
  }

  @Test func theBodySharesTheHeadsDeadline() {
    let (server, client) = socketPair()
    defer { close(server); close(client) }
    let progress = HTTPConnectionProgress(socket: server, now: 100)
    progress.enter(.receivingBody, now: 100.8)
    #expect(!progress.cutOffIfPast(1, now: 100.9))
    #expect(progress.cutOffIfPast(1, now: 101.1))
    #expect(isShutDown(client))
    #expect(!progress.cutOffIfPast(1, now: 102), "cut off once")
  }

  @Test func anAnswerIsNeverCutOffAndTheNextRequestHasItsOwnDeadline() {
    let (server, client) = socketPair()
    defer { close(server); close(client) }
    let progress = HTTPConnectionProgress(socket: server, now: 0)
    progress.enter(.receivingBody, now: 0.5)
    progress.enter(.answering, now: 0.6)
    #expect(!progress.cutOffIfPast(1, now: 500))
    progress.enter(.awaitingRequest, now: 500)
    #expect(!progress.cutOffIfPast(1, now: 500.9))
    #expect(!isShutDown(client))
    #expect(progress.cutOffIfPast(1, now: 501.1))
  }

  @Test func aClosedConnectionsSocketIsLeftAlone() {
    let (server, client) = socketPair()
    defer { close(server); close(client) }
    let progress = HTTPConnectionProgress(socket: server, now: 0)
    progress.closed()
    #expect(!progress.cutOffIfPast(1, now: 10))
    #expect(!isShutDown(client))
  }
}
