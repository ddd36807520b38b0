// libFuzzer harness: one line of a newline-delimited attempts file (`quiz grade --attempts`).
// An attempt it accepts writes back to a line that reads as the same attempt.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAttemptLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let attempt = try? QuizBankReader.readAttempt(bytes) else { return 0 }
  var writer = JSONWriter(pretty: false)
  QuizBankWriter.write(attempt, to: &writer)
  guard let again = try? QuizBankReader.readAttempt(writer.bytes) else {
    fatalError("the writer's output does not read back")
  }
  precondition(again == attempt, "round trip changed it")
  return 0
}
