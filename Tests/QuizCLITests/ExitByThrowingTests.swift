import Testing

@testable import QuizCLI

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Standard output's reader going away ends the program by throwing, as swift-argument-parser
/// does, not by `exit()` from library code: `defer` blocks on the way run, and the status is 0.
@Suite(.serialized) struct ExitByThrowingTests {
  @Test func aGoneReaderThrowsAnExitRequestOfSuccessAndDefersRun() throws {
    Console.outputError.store(EPIPE, ordering: .relaxed)
    defer { Console.outputError.store(0, ordering: .relaxed) }
    var cleanedUp = false
    var status: Int32?
    do {
      defer { cleanedUp = true }
      try Console.checkOutput()
    } catch let request as ExitRequest {
      status = request.status.rawValue
    }
    #expect(cleanedUp)
    #expect(status == 0)
    #expect(Console.outputReaderWentAway)
  }

  @Test func anyOtherFailedWriteIsAFailure() throws {
    Console.outputError.store(ENOSPC, ordering: .relaxed)
    defer { Console.outputError.store(0, ordering: .relaxed) }
    #expect(throws: CLIError.self) { try Console.checkOutput() }
    #expect(!Console.outputReaderWentAway)
  }
}
