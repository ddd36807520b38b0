// libFuzzer harness: quiz-bank/1 documents (what `quiz import` reads). Whatever the bytes, the
// reader returns a document or throws; a document it accepts writes back to bytes that read
// as the same document and write as the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuizBank(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? QuizBankReader.read(bytes) else { return 0 }
  let written = QuizBankWriter.write(quizzes: document.quizzes, attempts: document.attempts)
  guard let again = try? QuizBankReader.read(written) else {
    fatalError("the writer's output does not read back")
  }
  precondition(again.quizzes == document.quizzes && again.attempts == document.attempts, "round trip changed it")
  precondition(QuizBankWriter.write(quizzes: again.quizzes, attempts: again.attempts) == written, "bytes differ")
  return 0
}
