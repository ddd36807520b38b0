import QuizDomain
import XML

// MARK: - Writing

extension MoodleXML {
  /// Writes Moodle's own layout (two spaces a level, elements in the order Moodle exports them),
  /// leaving out what quiz has no value for (hidden; a penalty, combined feedback or option that
  /// is unset). Every
  /// question gets its id as `<name>` and `<idnumber>`, which the reader takes back as its id.
  struct Writer {
    var out = ""
    var warnings: [String] = []
    /// Whether a multiple-choice fraction other than 0 and 100, or a question of several
    /// answers, was written: the file reads back as `weighted`.
    var fractional = false

    mutating func write(_ quiz: Quiz) -> FormatWriting {
      out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n"
      if quiz.description != nil { warnings.append("the quiz's description cannot be written in Moodle XML") }
      if quiz.shuffleQuestions == true {
        warnings.append("shuffle_questions cannot be written in Moodle XML; the quiz reads back without it")
      }
      var category: String?
      var written = Set<String?>()
      for (index, section) in quiz.sections.enumerated() {
        let name = section.title.map { "section \"\(PlainTextFile.excerpt($0))\"" } ?? "section \(index + 1)"
        guard !section.questions.isEmpty else {
          warnings.append("\(name) has no question: Moodle XML cannot carry an empty section")
          continue
        }
        if let pick = section.pick {
          warnings.append(
            "\(name): pick (\(pick)) cannot be written in Moodle XML; it reads back with all its questions")
        }
        var title = section.title
        if let text = title {
          let trimmed = PlainTextFile.trimmed(text)
          if trimmed != text {
            warnings.append("\(name): spaces at the start or end of a section title are not kept by Moodle XML")
          }
          if trimmed.isEmpty { warnings.append("\(name): an empty section title reads back as no title") }
          if XMLText.replacingDisallowed(trimmed).replaced {
            warnings.append(
              "\(name): a control character in its title cannot be written in XML; it is written as U+FFFD")
          }
          title = trimmed.isEmpty ? nil : trimmed
          if let title, CategorySections.title(fromPath: title) != title {
            warnings.append(
              "\(name): a title starting with top/ or a $context$/ reads back without it, as Moodle reads a category")
          }
        }
        if written.contains(title) {
          warnings.append("\(name): sections with the same title read back as one section")
        }
        if title != category {
          // An empty path takes the questions after it back to no section title.
          out += "  <question type=\"category\">\n    <category>\n"
          out += "      <text>\(Self.content(title ?? ""))</text>\n"
          out += "    </category>\n  </question>\n"
          category = title
        }
        written.insert(title)
        for question in section.questions { write(question, rule: quiz.scoringRule(for: question)) }
      }
      out += "</quiz>\n"
      if quiz.questions.isEmpty {
        warnings.append(
          "the quiz has no question: the file holds none and cannot be imported back (a Moodle XML import needs "
            + "at least one question)")
      }
      let derived: ScoringRule = fractional ? .weighted : .allOrNothing
      if quiz.defaultScoring != derived {
        warnings.append(
          "the quiz's scoring rule (\(quiz.defaultScoring.rawValue)) cannot be written in Moodle XML; the file "
            + "reads back as \(derived.rawValue)")
      }
      return FormatWriting(bytes: Array(out.utf8), warnings: warnings)
    }

    mutating func write(_ question: Question, rule: ScoringRule) {
      let type = MoodleXML.QuestionType(question)
      let isTrueFalse = type == .truefalse
      warnings += Self.settingWarnings(question, isTrueFalse: isTrueFalse) + Self.kindWarnings(question, type: type)
      let format = MoodleXML.formatName(question.textFormat)
      // A file of no text of the question is written nowhere (settingWarnings names it).
      let files = question.files
      var prompt = question.prompt
      if case .cloze(let cloze) = question.body { prompt = ClozeSyntax.text(prompt: prompt, cloze: cloze) }
      out += "  <question type=\"\(type.rawValue)\">\n"
      out += "    <name>\n      <text>\(Self.content(question.id))</text>\n    </name>\n"
      textElement("questiontext", prompt, format: format, files: files, field: "prompt")
      textElement("generalfeedback", question.explanation ?? "", format: format, files: files, field: "explanation")
      // Moodle writes no grade for a cloze question: it is worth its gaps.
      if type != .cloze { out += "    <defaultgrade>\(PlainTextFile.numberText(question.points))</defaultgrade>\n" }
      if let penalty = question.penalty { out += "    <penalty>\(PlainTextFile.numberText(penalty))</penalty>\n" }
      out += "    <idnumber>\(Self.content(question.id))</idnumber>\n"
      switch question.body {
      case .choice(let body) where isTrueFalse:
        // Moodle tells the answers apart by these texts.
        for (choice, text) in zip(body.choices, ["true", "false"]) {
          answer(fraction: choice.correct ? "100" : "0", text: text, choice: choice, format: format, files: files)
        }
      case .choice(let body):
        // Read back, a question of several answers makes the file `weighted` (Moodle's scoring).
        if body.multiple { fractional = true }
        out += "    <single>\(body.multiple ? "false" : "true")</single>\n"
        out += "    <shuffleanswers>\(question.shuffle ? "true" : "false")</shuffleanswers>\n"
        out += "    <answernumbering>\((body.numbering ?? .lowercase).rawValue)</answernumbering>\n"
        writeOutcomeFeedback(question.outcomeFeedback, format: format)
        let (fractions, notes) = MoodleXML.fractions(of: question, rule: rule)
        warnings += notes
        for (choice, fraction) in zip(body.choices, fractions) {
          if let warning = fraction.warning { warnings.append(warning) }
          if fraction.text != "0" && fraction.text != "100" { fractional = true }
          answer(fraction: fraction.text, text: choice.text, choice: choice, format: format, files: files)
        }
      case .shortAnswer, .numerical, .matching, .essay, .description, .cloze:
        writeKind(question, format: format)
      }
      if type.hasHints { writeHints(question.hints, format: format) }
      let tags = writtenTags(of: question)
      if !tags.isEmpty {
        out += "    <tags>\n"
        for tag in tags { out += "      <tag>\n        <text>\(Self.content(tag))</text>\n      </tag>\n" }
        out += "    </tags>\n"
      }
      out += "  </question>\n"
    }

    /// `<questiontext>` or `<generalfeedback>`: the text, then its files.
    mutating func textElement(_ element: String, _ text: String, format: String, files: [QuestionFile], field: String) {
      out += "    <\(element) format=\"\(format)\">\n"
      out += "      <text>\(Self.content(text))</text>\n"
      write(files, of: field, indent: "      ")
      out += "    </\(element)>\n"
    }

    /// An `<answer>` with its text and feedback, each followed by its files (Moodle's layout).
    mutating func answer(fraction: String, text: String, choice: Choice, format: String, files: [QuestionFile]) {
      out += "    <answer fraction=\"\(fraction)\" format=\"\(format)\">\n"
      out += "      <text>\(Self.content(text))</text>\n"
      write(files, of: "choices.\(choice.id).text", indent: "      ")
      out += "      <feedback format=\"\(format)\">\n"
      out += "        <text>\(Self.content(choice.feedback ?? ""))</text>\n"
      write(files, of: "choices.\(choice.id).feedback", indent: "        ")
      out += "      </feedback>\n"
      out += "    </answer>\n"
    }

    mutating func write(_ files: [QuestionFile], of field: String, indent: String) {
      for file in files where file.field == field {
        let name = XMLText.attribute(XMLText.replacingDisallowed(file.name).text)
        out += "\(indent)<file name=\"\(name)\" path=\"/\" encoding=\"base64\">\(Base64.encode(file.bytes))</file>\n"
      }
    }

    /// The tags as they read back, trimmed and once each, with a warning for each change.
    mutating func writtenTags(of question: Question) -> [String] {
      let name = "question \"\(question.id)\""
      var tags: [String] = []
      for tag in question.tags {
        let trimmed = PlainTextFile.trimmed(tag)
        if trimmed != tag {
          warnings.append("\(name): spaces at the start or end of tag \"\(tag)\" are not kept by Moodle XML")
        }
        if trimmed.isEmpty {
          warnings.append("\(name): an empty tag cannot be written in Moodle XML")
        } else if tags.contains(trimmed) {
          warnings.append("\(name): tag \"\(trimmed)\" is repeated; Moodle XML keeps it once")
        } else {
          tags.append(trimmed)
        }
      }
      return tags
    }

    /// A text as `<text>` content: in CDATA when it holds markup characters (HTML), as Moodle
    /// writes it; escaped instead when it also holds a CR, which a parser reads back as LF inside
    /// CDATA; as it is otherwise. A character XML cannot hold is written as U+FFFD.
    static func content(_ text: String) -> String {
      let clean = XMLText.replacingDisallowed(text).text
      let utf8 = clean.utf8
      if utf8.contains(0x0D) { return XMLText.escaped(clean) }
      if utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") }) {
        return XMLText.cdata(clean)
      }
      return clean
    }

    /// The warnings for what of `question` Moodle XML cannot carry or reads back otherwise
    /// (the fractions have their own, in `MoodleXML.fractions`).
    static func settingWarnings(_ question: Question, isTrueFalse: Bool) -> [String] {
      let name = "question \"\(question.id)\""
      var warnings: [String] = []
      if let scoring = question.scoring {
        warnings.append(
          "\(name): its own scoring rule (\(scoring.rawValue)) cannot be written in Moodle XML; its fractions "
            + "follow it, and it reads back with the file's rule")
      }
      var texts = [question.prompt] + ([question.explanation] + question.choices.map(\.feedback)).compactMap { $0 }
      if !isTrueFalse { texts += question.choices.map(\.text) }
      if texts.contains(where: { PlainTextFile.hasOuterSpace($0, newlineKept: false) }) {
        warnings.append("\(name): spaces at the start or end of its texts are not kept by Moodle XML")
      }
      if (texts + question.tags + question.files.map(\.name)).contains(where: {
        XMLText.replacingDisallowed($0).replaced
      }) {
        warnings.append("\(name): a control character in its texts cannot be written in XML; it is written as U+FFFD")
      }
      let fields = Set(QuestionFile.fields(of: question))
      for file in question.files where !fields.contains(file.field) {
        warnings.append(
          "\(name): file \"\(file.name)\" belongs to \"\(file.field)\", no text of the question; it is not written")
      }
      if isTrueFalse {
        if question.choices.contains(where: { $0.weight != nil }) {
          warnings.append("\(name): the weights of true/false choices cannot be written in Moodle XML")
        }
        if question.shuffle {
          warnings.append(
            "\(name): shuffle cannot be written for a true/false question in Moodle XML; it reads back without")
        }
      } else if question.choices.enumerated().contains(where: { $0.element.id != Choice.defaultID(at: $0.offset) }) {
        warnings.append(
          "\(name): choice ids other than a, b, c… cannot be written in Moodle XML; they read back as a, b, c…")
      }
      return warnings
    }
  }
}
