// Shared by the text-format harnesses: what a reading without errors promises. The quiz is
// valid by quiz-bank/1's rules, writes in its format, and what it writes without a warning
// reads back without errors and writes as the same bytes (export → import → export is
// byte-identical). A warning names what the format cannot carry, such as a short answer
// holding `->` (GIFT reads it as a matching pair), so that writing is not checked further.
func checkReading(_ reading: FormatReading, read: ([UInt8]) -> FormatReading, write: (Quiz) -> FormatWriting) {
  guard reading.errors.isEmpty, !reading.sections.isEmpty else { return }
  let quiz = reading.quiz(id: "fuzz", title: "Fuzz")
  let problems = QuizBankValidator.quizProblems(quiz)
  precondition(problems.isEmpty, "a quiz read without errors breaks quiz-bank/1's rules: \(problems)")
  let written = write(quiz)
  guard written.warnings.isEmpty else { return }
  let again = read(written.bytes)
  precondition(again.errors.isEmpty, "what the writer wrote does not read back: \(again.errors)")
  guard !again.sections.isEmpty else { return }
  let rewritten = write(again.quiz(id: "fuzz", title: "Fuzz"))
  precondition(rewritten.bytes == written.bytes, "export → import → export changed the bytes")
}
