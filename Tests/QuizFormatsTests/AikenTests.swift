import QuizDomain
import QuizFormats
import Testing

/// Aiken reading and writing, one test (at least) per rule of the format.
@Suite struct AikenTests {
  func read(_ text: String) -> FormatReading { Aiken.read(Array(text.utf8)) }

  func questions(_ reading: FormatReading) -> [Question] { reading.sections.flatMap(\.questions) }

  static let planets = """
    What is 2 + 2?
    A. 3
    B) 4
    C. 5
    ANSWER: B

    Which planet is red?
    A. Mars
    B. Venus
    ANSWER: A
    """

  static let expected = [
    Question(
      id: "what-is-2-2", prompt: "What is 2 + 2?", multiple: false, shuffle: true,
      choices: [
        Choice(id: "a", text: "3", correct: false), Choice(id: "b", text: "4", correct: true),
        Choice(id: "c", text: "5", correct: false),
      ]),
    Question(
      id: "which-planet-is-red", prompt: "Which planet is red?", multiple: false, shuffle: true,
      choices: [Choice(id: "a", text: "Mars", correct: true), Choice(id: "b", text: "Venus", correct: false)]),
  ]

  // MARK: Reading

  @Test func questionsAreReadIntoOneUntitledSection() {
    let reading = read(Self.planets)
    #expect(reading.errors == [])
    #expect(reading.warnings == [])
    #expect(reading.scoring == nil)
    #expect(reading.sections == [Section(questions: Self.expected)])
  }

  @Test func blankLinesBetweenQuestionsAreOptionalAndThePromptMaySpanLines() {
    let reading = read("First line\n  second line  \nA. x\nB) y\nANSWER: A\nNext?\n\nA) x\n\nB. y\nANSWER: B\n")
    #expect(reading.errors == [])
    let all = questions(reading)
    #expect(all.map(\.prompt) == ["First line\nsecond line", "Next?"])
    #expect(all.map(\.id) == ["first-line-second-line", "next"])
    #expect(all.map(\.correctChoiceIDs) == [["a"], ["b"]])
  }

  @Test func aBOMAndCRLFLineEndsAreRead() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.planets.split(separator: "\n").joined(separator: "\r\n").utf8)
    let reading = Aiken.read(bytes)
    #expect(reading.errors == [])
    #expect(questions(reading) == Self.expected)
    #expect(Aiken.read(Array("Q?\r\nA. x\r\nC. y\r\nANSWER: A\r\n".utf8)).errors.map(\.line) == [3])
  }

  @Test func aLatin1FileIsAnErrorAtItsFirstInvalidLine() {
    let bytes = Array("Q?\nA. x\n".utf8) + [0x42, 0x2E, 0x20, 0x63, 0x61, 0x66, 0xE9] + Array("\nANSWER: A\n".utf8)
    #expect(
      Aiken.read(bytes).errors == [
        FormatProblem(line: 3, message: "the file is not UTF-8 text (invalid bytes on this line)")
      ])
  }

  @Test func idsComeFromThePromptThenThePositionAndAreUnique() {
    let reading = read(
      """
      Same?
      A. x
      B. y
      ANSWER: A

      Same?
      A. x
      B. y
      ANSWER: B

      日本語の質問
      A. x
      B. y
      ANSWER: A

      A question whose prompt is long enough to be cut near forty characters
      A. x
      B. y
      ANSWER: A
      """)
    #expect(reading.errors == [])
    #expect(questions(reading).map(\.id) == ["same", "same-2", "q3", "a-question-whose-prompt-is-long-enough"])
  }

  // MARK: Errors, each at its line

  @Test func anOptionLetterOutOfSequenceIsAnError() {
    let reading = read("Question?\nA. one\nC. three\nANSWER: A\n")
    #expect(
      reading.errors == [
        FormatProblem(line: 3, message: "option C is out of sequence: expected B (options go A, B, C…)")
      ])
  }

  @Test func fewerThanTwoOptionsIsAnError() {
    let reading = read("Question?\nA. one\nANSWER: A\n")
    #expect(
      reading.errors == [FormatProblem(line: 3, message: "a question needs at least two options (A. and B.), found 1")])
  }

  @Test func aMissingAnswerIsAnError() {
    let reading = read("First?\nA. x\nB. y\n\nSecond?\nA. x\nB. y\nANSWER: A\n\nThird?\nA. x\nB. y\n")
    #expect(reading.errors.map(\.line) == [5, 12])
    #expect(reading.errors[0].message.hasPrefix("the question at line 1 has no ANSWER: line"))
    #expect(reading.errors[1].message.hasPrefix("the question at line 10 has no ANSWER: line"))
  }

  /// From Moodle's own fixture, question/format/aiken/tests/fixtures/aiken_errors.txt, which
  /// aikenformat_test.php imports with B correct: options need no space after their label.
  @Test func optionsWithoutASpaceAfterTheirLabelAreOptionsAsInMoodlesFixture() throws {
    let reading = read("A second good question\nA)Incorrect (No space)\nB)Correct (No space)\nANSWER: B\n")
    #expect(reading.errors == [] && reading.warnings == [])
    let question = try #require(questions(reading).first)
    #expect(question.choices.map(\.text) == ["Incorrect (No space)", "Correct (No space)"])
    #expect(question.choices.map(\.correct) == [false, true])
  }

  /// Moodle reads the first character after `ANSWER:` (`substr($ans, 0, 1)`): `B) Paris` is B,
  /// with a warning here.
  @Test func anAnswerIsItsFirstLetterWithAWarningForTheRest() throws {
    let reading = read("Capital?\nA) Lyon\nB) Paris\nANSWER: B) Paris\n")
    #expect(reading.errors == [])
    #expect(
      reading.warnings == [
        FormatProblem(line: 4, message: "ANSWER: \"B) Paris\" is read as B, as Moodle reads its first letter only")
      ])
    #expect(try #require(questions(reading).first).choices.map(\.correct) == [false, true])
  }

  @Test func anAnswerNamingNoOptionIsAnError() {
    let reading = read("Q?\nA. x\nB. y\nANSWER: C\n\nR?\nA. x\nB. y\nANSWER: b\n")
    #expect(reading.errors.map(\.line) == [4, 9])
    #expect(reading.errors[0].message == "ANSWER: \"C\" names no option (the options are A to B)")
  }

  @Test func optionsOrAnAnswerWithoutAQuestionAreErrors() {
    let reading = read("A. x\nB. y\nANSWER: A\n\nANSWER: A\n")
    #expect(reading.errors.map(\.line) == [1, 5])
  }

  @Test func anEmptyOptionIsAnErrorAtTheOptionsLine() {
    let reading = read("\nQ?\nA.\nB. y\nANSWER: A\n")
    #expect(reading.errors == [FormatProblem(line: 3, message: "option A has no text")])
  }

  @Test func anEmptyFileIsAnError() {
    #expect(
      read("\n\n").errors == [
        FormatProblem(line: 1, message: "no question that quiz can import (the file holds no question)")
      ])
  }

  // MARK: Writing

  @Test func writingGivesPromptOptionsAndAnswer() {
    let quiz = Quiz(id: "planets", title: "Planets", sections: [Section(questions: Self.expected)])
    let writing = Aiken.write(quiz)
    #expect(
      String(decoding: writing.bytes, as: UTF8.self) == """
        What is 2 + 2?
        A. 3
        B. 4
        C. 5
        ANSWER: B

        Which planet is red?
        A. Mars
        B. Venus
        ANSWER: A

        """)
    #expect(writing.warnings == [])
  }

  @Test func exportThenImportGivesTheSameQuizAndTheSameBytes() {
    let quiz = read(Self.planets).quiz(id: "planets", title: "Planets")
    let first = Aiken.write(quiz)
    let again = Aiken.read(first.bytes)
    #expect(again.errors == [])
    #expect(again.quiz(id: "planets", title: "Planets") == quiz)
    #expect(Aiken.write(again.quiz(id: "planets", title: "Planets")).bytes == first.bytes)
  }

  @Test func otherQuestionsAreSkippedAndNewlinesBecomeSpacesWithWarnings() {
    let quiz = Quiz(
      id: "z", title: "Z",
      sections: [
        Section(questions: [
          Question(
            id: "several", prompt: "Several?", multiple: true,
            choices: [
              Choice(id: "a", text: "x", correct: true), Choice(id: "b", text: "y", correct: true),
              Choice(id: "c", text: "z", correct: false),
            ]),
          Question(
            id: "two-lines", prompt: "Two\nlines?",
            choices: [Choice(id: "a", text: "x\ny", correct: true), Choice(id: "b", text: "z", correct: false)]),
        ])
      ])
    let writing = Aiken.write(quiz)
    #expect(String(decoding: writing.bytes, as: UTF8.self) == "Two lines?\nA. x y\nB. z\nANSWER: A\n")
    #expect(writing.warnings.contains { $0.contains("\"several\"") && $0.contains("skipped") })
    #expect(writing.warnings.contains { $0.contains("\"two-lines\"") && $0.contains("newline") })
    #expect(questions(Aiken.read(writing.bytes)).map(\.id) == ["two-lines"])
  }

  @Test func whatAikenCannotCarryIsNamedInAWarning() {
    let quiz = Quiz(
      id: "z", title: "Z", scoring: .weighted,
      sections: [
        Section(
          title: "Part one",
          questions: [
            Question(
              id: "q", prompt: "P?", explanation: "Because.", points: 2,
              choices: [
                Choice(id: "a", text: "x", correct: true, weight: 1, feedback: "Yes"),
                Choice(id: "b", text: "y", correct: false),
              ])
          ])
      ])
    let warnings = Aiken.write(quiz).warnings
    #expect(warnings.contains { $0.contains("sections") })
    #expect(warnings.contains { $0.contains("weighted") })
    #expect(warnings.contains { $0.contains("\"q\"") && $0.contains("points") })
    #expect(warnings.contains { $0.contains("\"q\"") && $0.contains("explanation, feedback and weights") })
    #expect(warnings.contains { $0.contains("\"q\"") && $0.contains("\"p\"") })
  }
}

/// Issue 20: where an empty option is reported, and an empty quiz written.
@Suite struct AikenProblemsTests {
  @Test func anEmptyOptionIsReportedAtItsOwnLine() {
    let reading = Aiken.read(Array("Which?\nA. one\nB.\nC. three\nANSWER: A\n".utf8))
    #expect(reading.errors.map(\.line) == [3])
    #expect(reading.errors.first?.message.contains("option B has no text") == true)
  }

  @Test func anEmptyQuizIsWrittenWithAWarning() {
    let written = Aiken.write(Quiz(id: "empty", title: "Empty", sections: []))
    #expect(written.warnings.contains { $0.contains("no question") && $0.contains("cannot be imported") })
    // All questions skipped (several answers) is as empty.
    let multiple = Question(
      id: "m", prompt: "M?", multiple: true,
      choices: [Choice(id: "a", text: "a", correct: true), Choice(id: "b", text: "b", correct: true)])
    let skipped = Aiken.write(Quiz(id: "m", title: "M", sections: [Section(questions: [multiple])]))
    #expect(skipped.warnings.contains { $0.contains("no question") })
  }

  @Test func uniqueIdsStayWithinTheLimit() {
    var taken: Set<String> = []
    let base = String(repeating: "x", count: 97) + "-yz"
    #expect(Slug.unique(base, taken: &taken) == base)
    let second = Slug.unique(base, taken: &taken)
    #expect(second.utf8.count <= 100 && Slug.isValid(second) && second.hasSuffix("-2"))
    for _ in 3...12 { _ = Slug.unique(base, taken: &taken) }
    #expect(taken.allSatisfy { $0.utf8.count <= 100 && Slug.isValid($0) })
    #expect(taken.count == 12)
  }
}
