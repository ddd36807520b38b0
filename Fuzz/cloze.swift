// libFuzzer harness: Moodle's embedded-answers (cloze) syntax. Whatever the text, the reader
// returns a question or an error with its line; a question it reads writes back to text that
// reads as the same question and writes as the same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCloze(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let read: (prompt: String, cloze: Cloze)
  do {
    read = try ClozeSyntax.parse(text)
  } catch {
    precondition(error.line >= 1, "an error's line is 1 or more")
    return 0
  }
  let written = ClozeSyntax.text(prompt: read.prompt, cloze: read.cloze)
  guard let again = try? ClozeSyntax.parse(written) else { fatalError("the written syntax does not read back") }
  precondition(again.prompt == read.prompt && again.cloze == read.cloze, "round trip changed the question")
  precondition(ClozeSyntax.text(prompt: again.prompt, cloze: again.cloze) == written, "text differs")
  return 0
}
