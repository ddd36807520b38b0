import QuizDomain

/// Moodle's Aiken format (question/format/aiken/format.php is the reference): single-answer
/// questions, each one or more lines of text, two or more options `A. text` or `A) text`
/// (letters in order from A), then `ANSWER: X` (its first letter). Blank lines are optional. A file is UTF-8 (a
/// BOM skipped, LF or CR LF), each line trimmed. Reading gives one untitled section; ids come
/// from the prompts as in GIFT, choice ids are a, b, c…
public enum Aiken {
  public static func read(_ bytes: [UInt8]) -> FormatReading {
    let file = PlainTextFile.lines(bytes)
    if let problem = file.problem { return FormatReading(errors: [problem]) }
    var reader = Reader()
    for (index, text) in file.lines.enumerated() { reader.read(line: index + 1, text) }
    return reader.finish()
  }

  public static func write(_ quiz: Quiz) -> FormatWriting {
    var writer = Writer()
    return writer.write(quiz)
  }

  /// `A`, `B`, … for the option at `position`.
  static func letter(_ position: Int) -> String {
    String(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: 65 + position))))
  }

  /// An option line, `A. text` or `A) text` (a capital letter, then `.` or `)`; the space after
  /// is optional, as in Moodle's `/^[A-Z][).][ \t]?/`, whose own test file has `A)Incorrect`):
  /// its letter and its text, trimmed.
  static func option(_ line: String) -> (letter: String, text: String)? {
    let scalars = Array(line.unicodeScalars)
    guard scalars.count >= 2, (0x41...0x5A).contains(scalars[0].value), scalars[1] == "." || scalars[1] == ")"
    else { return nil }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars[2...])
    return (String(Character(scalars[0])), PlainTextFile.trimmed(String(text)))
  }

  /// The id the reader gives a question with `prompt`, the `count`-th read.
  static func id(prompt: String, count: Int, taken: inout Set<String>) -> String {
    let slug = Slug.make(from: prompt, limit: 40)
    return Slug.unique(slug.isEmpty ? "q\(count)" : slug, taken: &taken)
  }
}

// MARK: - Reading

extension Aiken {
  fileprivate struct Reader {
    var questions: [Question] = []
    var errors: [FormatProblem] = []
    var warnings: [FormatProblem] = []
    var taken = Set<String>()
    var count = 0
    // The question being read.
    var prompt: [String] = []
    var firstLine = 0
    var lastLine = 0
    var options: [String] = []
    /// An error was found in it: the rest of its lines are passed over, to its `ANSWER:`.
    var failed = false

    mutating func error(_ line: Int, _ message: String) {
      errors.append(FormatProblem(line: line, message: message))
    }

    mutating func reset() {
      prompt = []
      options = []
      failed = false
    }

    mutating func read(line number: Int, _ text: String) {
      guard !text.isEmpty else { return }
      if text.hasPrefix("ANSWER:") {
        answer(line: number, PlainTextFile.trimmed(String(text.dropFirst("ANSWER:".count))))
        return
      }
      if let option = Aiken.option(text) {
        lastLine = number
        guard !failed else { return }
        guard !prompt.isEmpty else {
          error(number, "option \(option.letter) comes before any question text")
          failed = true
          return
        }
        let expected = Aiken.letter(options.count)
        guard option.letter == expected else {
          error(number, "option \(option.letter) is out of sequence: expected \(expected) (options go A, B, C…)")
          failed = true
          return
        }
        // Reported here, at the option's own line: the question's checks would name its first.
        guard !option.text.isEmpty else {
          error(number, "option \(option.letter) has no text")
          failed = true
          return
        }
        options.append(option.text)
        return
      }
      // A line of question text: after options, a new question.
      if !options.isEmpty || failed {
        if !failed {
          error(
            number,
            "the question at line \(firstLine) has no ANSWER: line (expected after its options, before this line)")
        }
        reset()
      }
      if prompt.isEmpty { firstLine = number }
      prompt.append(text)
      lastLine = number
    }

    mutating func answer(line number: Int, _ value: String) {
      defer { reset() }
      guard !failed else { return }
      guard !prompt.isEmpty else {
        error(number, "ANSWER: with no question before it")
        return
      }
      guard options.count >= 2 else {
        error(number, "a question needs at least two options (A. and B.), found \(options.count)")
        return
      }
      // Moodle reads the first character only (`ANSWER: B) Paris` is B), and says nothing.
      let letter = value.unicodeScalars.first.map { String(Character($0)) } ?? ""
      if letter != value {
        warnings.append(
          FormatProblem(
            line: number, message: "ANSWER: \"\(value)\" is read as \(letter), as Moodle reads its first letter only"))
      }
      guard let correct = options.indices.first(where: { Aiken.letter($0) == letter }) else {
        error(
          number,
          "ANSWER: \"\(value)\" names no option (the options are A to \(Aiken.letter(options.count - 1)))")
        return
      }
      count += 1
      let text = prompt.joined(separator: "\n")
      let choices = options.enumerated().map { position, option in
        Choice(id: Choice.defaultID(at: position), text: option, correct: position == correct)
      }
      var question = Question(
        id: Aiken.id(prompt: text, count: count, taken: &taken), prompt: text, multiple: false, choices: choices)
      question.shuffle = MoodleImportDefaults.shuffle(of: question)
      let problems = QuestionRules.questionProblems(question)
      for problem in problems { error(firstLine, problem) }
      if problems.isEmpty { questions.append(question) }
    }

    mutating func finish() -> FormatReading {
      if !failed && (!prompt.isEmpty || !options.isEmpty) {
        error(lastLine, "the question at line \(firstLine) has no ANSWER: line (expected after its options)")
      }
      if questions.isEmpty && errors.isEmpty {
        error(1, "no question that quiz can import (the file holds no question)")
      }
      return FormatReading(
        sections: questions.isEmpty ? [] : [Section(questions: questions)], warnings: warnings, errors: errors)
    }
  }
}

// MARK: - Writing

extension Aiken {
  fileprivate struct Writer {
    var warnings: [String] = []

    mutating func write(_ quiz: Quiz) -> FormatWriting {
      var blocks: [String] = []
      var taken = Set<String>()
      var count = 0
      if quiz.sections.count > 1 || quiz.sections.contains(where: { $0.title != nil }) {
        warnings.append("sections cannot be written in Aiken: the questions read back as one untitled section")
      }
      if quiz.description != nil { warnings.append("the quiz's description cannot be written in Aiken") }
      warnings += PlainTextFile.quizWarnings(quiz, format: "Aiken")
      if let scoring = quiz.scoring, scoring != .allOrNothing {
        warnings.append(
          "the quiz's scoring rule (\(scoring.rawValue)) cannot be written in Aiken; the file reads back as all-or-nothing"
        )
      }
      for question in quiz.questions {
        let name = "question \"\(question.id)\""
        let correct = question.choices.indices.filter { question.choices[$0].correct }
        guard !question.multiple, correct.count == 1 else {
          warnings.append(
            "\(name) is skipped: Aiken has single-answer questions only (one correct choice, multiple false)")
          continue
        }
        guard question.choices.count <= 26 else {
          warnings.append("\(name) is skipped: Aiken letters options A to Z, it has \(question.choices.count)")
          continue
        }
        warnings += PlainTextFile.settingWarnings(question, format: "Aiken")
        var dropped: [String] = []
        if question.explanation != nil { dropped.append("its explanation") }
        if question.choices.contains(where: { $0.feedback != nil }) { dropped.append("feedback") }
        if question.choices.contains(where: { $0.weight != nil }) { dropped.append("weights") }
        if !question.tags.isEmpty { dropped.append("tags") }
        if question.textFormat != .plain { dropped.append("its text format (\(question.textFormat.rawValue))") }
        if question.choices.enumerated().contains(where: { $0.element.id != Choice.defaultID(at: $0.offset) }) {
          dropped.append("choice ids other than a, b, c…")
        }
        if !dropped.isEmpty {
          warnings.append("\(name): Aiken cannot carry \(PlainTextFile.list(dropped)) (left out)")
        }

        let texts = [question.prompt] + question.choices.map(\.text)
        if texts.contains(where: { $0.contains(where: \.isNewline) }) {
          warnings.append("\(name): a newline in its texts is written as a space")
        }
        if texts.contains(where: { PlainTextFile.hasOuterSpace($0, newlineKept: false) }) {
          warnings.append("\(name): spaces at the start or end of its texts are not kept by Aiken")
        }
        let prompt = Writer.oneLine(question.prompt)
        if Aiken.option(PlainTextFile.trimmed(prompt)) != nil || PlainTextFile.trimmed(prompt).hasPrefix("ANSWER:") {
          warnings.append("\(name): its prompt reads back as an option or ANSWER: line")
        }
        count += 1
        let id = Aiken.id(prompt: PlainTextFile.trimmed(prompt), count: count, taken: &taken)
        if id != question.id { warnings.append("\(name): Aiken carries no ids; it reads back as \"\(id)\"") }

        var lines = [prompt]
        for (position, choice) in question.choices.enumerated() {
          lines.append("\(Aiken.letter(position)). " + Writer.oneLine(choice.text))
        }
        lines.append("ANSWER: " + Aiken.letter(correct[0]))
        blocks.append(lines.joined(separator: "\n"))
      }
      if blocks.isEmpty {
        warnings.append(
          (quiz.questions.isEmpty ? "the quiz has no question" : "no question of the quiz can be written in Aiken")
            + ": the file holds none and cannot be imported back (an Aiken import needs at least one question)")
      }
      let text = blocks.isEmpty ? "" : blocks.joined(separator: "\n\n") + "\n"
      return FormatWriting(bytes: Array(text.utf8), warnings: warnings)
    }

    /// `text` with each line break as a space.
    static func oneLine(_ text: String) -> String {
      var line = ""
      for character in text { line.append(character.isNewline ? " " : character) }
      return line
    }
  }
}
