import QuizDomain

// MARK: - Question options: penalty, hints, combined feedback, numbering

extension MoodleXML.Reader {
  /// `<penalty>` kept as written (Moodle's default, 0.3333333, when the element is missing is
  /// left unset); an error when it is not a number from 0 to 1.
  mutating func readPenalty(_ question: MoodleXML.Element) -> Double? {
    guard let element = question.child("penalty") else { return nil }
    let written = PlainTextFile.trimmed(element.content)
    guard let value = MoodleXML.number(written), (0...1).contains(value) else {
      error(element.line, "penalty \"\(written)\" is not a number from 0 to 1")
      return nil
    }
    return value
  }

  /// Each `<hint>`: its text, and `<shownumcorrect/>` and `<clearwrong/>` by their presence
  /// (Moodle's `import_hint`). A hint's `<options>` and files are not kept (warned).
  mutating func readHints(_ question: MoodleXML.Element) -> [Hint] {
    question.all("hint").compactMap { hint in
      warnFiles(in: hint, place: "hint")
      if let options = hint.child("options"), !PlainTextFile.trimmed(options.content).isEmpty {
        warnUnkept("options", line: options.line, why: "the options of a hint")
      }
      let text = readText(hint)
      guard !text.isEmpty else { return nil }  // Moodle drops an empty hint when it saves
      return Hint(
        text: text, showNumberCorrect: hint.child("shownumcorrect") != nil ? true : nil,
        clearWrong: hint.child("clearwrong") != nil ? true : nil)
    }
  }

  /// The combined feedback (Moodle's `import_combined_feedback`): nil when its three texts are
  /// empty and `<shownumcorrect/>` is absent.
  mutating func readOutcomeFeedback(_ question: MoodleXML.Element) -> OutcomeFeedback? {
    var texts: [String?] = []
    for name in ["correctfeedback", "partiallycorrectfeedback", "incorrectfeedback"] {
      warnFiles(in: question.child(name), place: name)
      texts.append(Self.nonEmpty(readText(question.child(name))))
    }
    let feedback = OutcomeFeedback(
      correct: texts[0], partiallyCorrect: texts[1], incorrect: texts[2],
      showNumberCorrect: question.child("shownumcorrect") != nil ? true : nil)
    return feedback.isEmpty ? nil : feedback
  }

  /// `<answernumbering>`: nil when absent, empty or `abc` (Moodle's default, which the writer
  /// writes for nil); a value Moodle does not know is a warning and reads as `abc`.
  mutating func readNumbering(_ question: MoodleXML.Element) -> AnswerNumbering? {
    guard let element = question.child("answernumbering") else { return nil }
    let written = PlainTextFile.trimmed(element.content)
    if written.isEmpty || written == AnswerNumbering.lowercase.rawValue { return nil }
    guard let numbering = AnswerNumbering(rawValue: written) else {
      warnings.append(
        FormatProblem(
          line: element.line,
          message: "answernumbering \"\(written)\" is not one of \(AnswerNumbering.names): read as abc"))
      return nil
    }
    return numbering
  }
}

// MARK: - What is not kept

extension MoodleXML.Reader {
  /// A warning for each element of `question` quiz does not read, once per element name and
  /// file, unless it holds a value that loses nothing (`MoodleXML.harmlessValues`).
  mutating func warnUnkept(_ question: MoodleXML.Element, type: MoodleXML.QuestionType) {
    let read = type.readElements
    for element in question.children where !read.contains(element.name) {
      if type == .cloze && element.name == "defaultgrade" { continue }  // Moodle ignores it: the gaps' sum
      let value = PlainTextFile.trimmed(element.child("text")?.content ?? element.content)
      if let harmless = MoodleXML.harmlessValues[element.name], harmless.contains(value),
        element.all("file").isEmpty
      {
        continue
      }
      warnUnkept(element.name, line: element.line, why: nil)
    }
  }

  /// One warning a file for element `name`: quiz has no place for it.
  mutating func warnUnkept(_ name: String, line: Int, why: String?) {
    guard unkeptWarned.insert(why.map { "\(name) \($0)" } ?? name).inserted else { return }
    warnings.append(
      FormatProblem(
        line: line,
        message: "<\(name)>\(why.map { " (\($0))" } ?? "") is not kept by quiz; it is left out here and in the rest "
          + "of the file"))
  }

  /// Files embedded where quiz keeps none (answer feedback of a short answer, a hint…): warned
  /// once per place and file.
  mutating func warnFiles(in element: MoodleXML.Element?, place: String) {
    guard let file = element?.child("file") else { return }
    warnUnkept("file", line: file.line, why: "files embedded in a \(place)")
  }
}
