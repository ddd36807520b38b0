// Shared by the text-format harnesses: what a reading without errors promises.
func checkReading(_ reading: FormatReading, write: (Quiz) -> FormatWriting) {
  guard reading.errors.isEmpty, !reading.sections.isEmpty else { return }
  let quiz = reading.quiz(id: "fuzz", title: "Fuzz")
  let problems = QuizBankValidator.quizProblems(quiz)
  precondition(problems.isEmpty, "a quiz read without errors breaks quiz-bank/1's rules: \(problems)")
  _ = write(quiz)
}
