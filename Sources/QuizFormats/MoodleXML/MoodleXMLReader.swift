import QuizDomain
import XML

// MARK: - Reading

extension MoodleXML {
  /// Reads a file question by question. The rules, as Moodle applies them where quiz has no
  /// reason to differ:
  /// - a category question's `<category><text>` is the title of the section the questions after
  ///   it go to (trimmed; empty: no title), as GIFT's `$CATEGORY`: questions before any category
  ///   go to an untitled section, a repeated category adds to its first section, a category
  ///   with no question makes no section;
  /// - texts are trimmed; the prompt's `format` attribute gives the question's text format;
  /// - the id is the first non-empty of `<idnumber>` (kept as written when it is a valid id,
  ///   else slugged), the slugged `<name>`, the slugged prompt without its tags (40
  ///   characters), `q<N>`; made unique with `-2`, `-3`… (GIFT's rules);
  /// - fractions are percentages: see `multipleChoice` and `trueFalse`.
  struct Reader {
    var sections = CategorySections()
    var warnings: [FormatProblem] = []
    var errors: [FormatProblem] = []
    var taken = Set<String>()
    var imported = 0
    var skipped = 0
    /// The types of the questions skipped, each once, in order.
    var skippedTypes: [String] = []
    /// The element names already warned about as not kept (once per file).
    var unkeptWarned = Set<String>()
    /// Whether a multiple-choice fraction other than 0 and 100 was read: the quiz's scoring is
    /// then `weighted`.
    var weighted = false
    /// The `<question>` being read and its elements still open, outermost first.
    var stack: [Element] = []
    /// How many elements are open, `<quiz>` included.
    var depth = 0
    /// Each valid fraction text read so far, parsed.
    var fractions: [String: (percent: Double, weight: Double)] = [:]

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)?) -> FormatReading {
      guard bytes.contains(where: { !PlainTextFile.isSpaceByte($0) }) else {
        return FormatReading(errors: [
          FormatProblem(line: 1, message: "no question that quiz can import (the file is empty)")
        ])
      }
      let xml = XMLStreamReader(buffer: bytes, release: release)
      do throws(XMLError) {
        while let node = try xml.next() {
          switch node {
          case .start(let tag):
            depth += 1
            if depth == 1 && tag.name != "quiz" {
              let problem = FormatProblem(
                line: tag.line, column: tag.column,
                message: "the root element is <\(tag.name)>: a Moodle XML file is a <quiz> of <question> elements")
              return FormatReading(errors: [problem])
            }
            if !stack.isEmpty || (depth == 2 && tag.name == "question") { stack.append(Element(tag)) }
            if tag.isEmpty { close() }
          case .end:
            close()
          case .text(let text):
            if !stack.isEmpty { stack[stack.count - 1].content += text }
          }
        }
      } catch {
        // Not XML: nothing of it can be trusted, so this is the one problem reported.
        return FormatReading(errors: [FormatProblem(line: error.line, column: error.column, message: error.message)])
      }
      if imported == 0 && errors.isEmpty {
        let why = skipped > 0 ? "\(skipped) skipped" : "the file holds no question"
        errors.append(FormatProblem(line: 1, message: "no question that quiz can import (\(why))"))
      }
      var reading = FormatReading(
        sections: sections.sections, scoring: weighted ? .weighted : nil, warnings: warnings, errors: errors)
      reading.skippedTypes = skippedTypes
      return reading
    }

    /// An element ends: it joins its parent, or, a whole `<question>`, is read.
    mutating func close() {
      depth -= 1
      guard let element = stack.popLast() else { return }
      if stack.isEmpty {
        readQuestion(element)
      } else {
        stack[stack.count - 1].children.append(element)
      }
    }

    mutating func error(_ line: Int, _ message: String) {
      errors.append(FormatProblem(line: line, message: message))
    }

    mutating func readQuestion(_ question: Element) {
      let name = PlainTextFile.trimmed(question.attribute("type") ?? "")
      if name == "category" { return readCategory(question) }
      guard let type = MoodleXML.QuestionType(rawValue: name) else { return skip(name, question) }
      let errorCount = errors.count
      let common = readCommon(question, type: type)
      guard var parsed = readBody(question, type: type, common), errors.count == errorCount else { return }
      if parsed.prompt.isEmpty && !common.name.isEmpty {
        // Moodle imports a question of no text with an empty one; quiz needs a prompt, and the
        // name is what the author wrote for it (as GIFT's ::title::). A name is plain text.
        let html = parsed.textFormat == .html || parsed.textFormat == .moodle
        parsed.prompt = html ? XMLText.html(common.name) : common.name
        warnings.append(
          FormatProblem(
            line: question.line,
            message: "question \"\(PlainTextFile.excerpt(common.name))\" has no text but its <name>, which is taken "
              + "for its prompt (Moodle imports it with an empty text)"))
      }
      parsed.id = id(common)
      parsed.penalty = common.penalty
      parsed.hints = common.hints
      if type.hasCombinedFeedback { parsed.outcomeFeedback = readOutcomeFeedback(question) }
      warnUnkept(question, type: type)
      imported += 1
      let problems = QuestionRules.questionProblems(parsed)
      for problem in problems { error(question.line, problem) }
      guard problems.isEmpty, errors.count == errorCount else { return }
      sections.append(parsed)
    }

    /// The question `type` makes of `question`, or nil after an error.
    mutating func readBody(_ question: Element, type: MoodleXML.QuestionType, _ common: Common) -> Question? {
      switch type {
      case .multichoice: multipleChoice(question, common)
      case .truefalse: trueFalse(question, common)
      case .shortanswer: shortAnswer(question, common)
      case .numerical: numerical(question, common)
      case .matching: matching(question, common)
      case .essay: essay(question, common)
      case .description: common.question(body: .description, points: 0)
      case .cloze: cloze(question, common)
      }
    }

    /// `<question type="category">`: the path (`<category><text>`, or the text of `<category>`
    /// itself as very old files write it) switches the section. `<info>` is not read.
    mutating func readCategory(_ question: Element) {
      let element = question.child("category")
      let path = element?.child("text") != nil ? readText(element) : PlainTextFile.trimmed(element?.content ?? "")
      sections.category = CategorySections.title(fromPath: path)
    }

    /// Any other type: a warning at its `<question` line, naming it by `<name>` (or its prompt).
    mutating func skip(_ type: String, _ question: Element) {
      skipped += 1
      if !type.isEmpty && !skippedTypes.contains(type) { skippedTypes.append(type) }
      let name = PlainTextFile.trimmed(question.child("name")?.child("text")?.content ?? "")
      let prompt = PlainTextFile.trimmed(
        MoodleXML.tagsRemoved(question.child("questiontext")?.child("text")?.content ?? ""))
      let shown = PlainTextFile.excerpt(name.isEmpty ? prompt : name)
      warnings.append(
        FormatProblem(
          line: question.line,
          message: "skipped \(type.isEmpty ? "untyped" : type) question" + (shown.isEmpty ? "" : " \"\(shown)\"")))
    }

    // MARK: Shared parts

    /// What multiple-choice and true/false questions share.
    struct Common {
      var idnumber: String
      var name: String
      var prompt: String
      var textFormat: TextFormat
      var explanation: String?
      var points: Double
      var tags: [String]
      /// The prompt's and the explanation's.
      var files: [QuestionFile]
      var penalty: Double?
      var hints: [Hint] = []
      /// The `<text>` element of the prompt, for lines within it.
      var promptText: Element?

      /// A question of `body` with these parts.
      func question(body: QuestionBody, points: Double? = nil, shuffle: Bool = false) -> Question {
        Question(
          id: "", prompt: prompt, explanation: explanation, points: points ?? self.points, shuffle: shuffle,
          tags: tags, textFormat: textFormat, files: files, body: body)
      }
    }

    mutating func readCommon(_ question: Element, type: MoodleXML.QuestionType) -> Common {
      let questionText = question.child("questiontext")
      let generalFeedback = question.child("generalfeedback")
      var points = 1.0
      // A description is worth nothing and a cloze question its gaps: Moodle ignores both grades.
      if type != .description && type != .cloze, let grade = question.child("defaultgrade") {
        let written = PlainTextFile.trimmed(grade.content)
        if let value = MoodleXML.number(written) {
          if value > 0 {
            points = value
          } else {
            error(question.line, "defaultgrade must be greater than 0, found \(written)")
          }
        } else {
          error(question.line, "defaultgrade \"\(written)\" is not a number")
        }
      }
      var tags: [String] = []
      for tag in question.child("tags")?.all("tag") ?? [] {
        let text = readText(tag)
        if !text.isEmpty && !tags.contains(text) { tags.append(text) }
      }
      return Common(
        idnumber: PlainTextFile.trimmed(question.child("idnumber")?.content ?? ""),
        name: readText(question.child("name")),
        prompt: readPrompt(questionText),
        textFormat: MoodleXML.textFormat(named: questionText?.attribute("format")),
        explanation: Self.nonEmpty(readText(generalFeedback)),
        points: points, tags: tags,
        files: readFiles(in: questionText, field: "prompt") + readFiles(in: generalFeedback, field: "explanation"),
        penalty: readPenalty(question), hints: type.hasHints ? readHints(question) : [],
        promptText: questionText?.child("text") ?? questionText)
    }

    /// The prompt: the text of `<questiontext>`'s `<text>`. Without a `<text>`, Moodle reads
    /// an empty text (no error); text written straight in `<questiontext>` is what the author
    /// meant, so quiz takes it, and says that Moodle would not.
    mutating func readPrompt(_ questionText: Element?) -> String {
      guard let questionText, questionText.child("text") == nil else { return readText(questionText) }
      let own = PlainTextFile.trimmed(questionText.content)
      // Unescaped HTML (`<p>`) would leave only the text between its elements: not taken.
      guard !own.isEmpty, questionText.children.allSatisfy({ $0.name == "file" }) else { return "" }
      warnings.append(
        FormatProblem(
          line: questionText.line,
          message: "<questiontext> holds its text without <text>: quiz takes it for the prompt; Moodle reads "
            + "<text> only, and would import the question with an empty text"))
      return own
    }

    /// The question's id (see `Reader`).
    mutating func id(_ common: Common) -> String {
      // Each candidate only when the ones before it are empty: slugging is not free.
      var base = ""
      if !common.idnumber.isEmpty {
        base = Slug.isValid(common.idnumber) ? common.idnumber : Slug.make(from: common.idnumber)
      }
      if base.isEmpty { base = Slug.make(from: common.name) }
      if base.isEmpty { base = Slug.make(from: MoodleXML.tagsRemoved(common.prompt), limit: 40) }
      return Slug.unique(base.isEmpty ? "q\(imported + 1)" : base, taken: &taken)
    }

    /// The trimmed text of `element`'s `<text>` child; empty without one. An element inside
    /// `<text>` is an error: Moodle would drop it, and with it part of the text.
    mutating func readText(_ element: Element?) -> String {
      guard let text = element?.child("text") else { return "" }
      if let inner = text.children.first {
        error(
          inner.line,
          "<\(inner.name)> inside <text>: HTML in Moodle XML is written escaped (&lt;p&gt;) or in <![CDATA[…]]>")
      }
      return PlainTextFile.trimmed(text.content)
    }

    /// The `<file>` children of `element`, as files of `field`; an error at a file's line when
    /// it has no name, sits in a folder, is not base64 or cannot be decoded.
    mutating func readFiles(in element: Element?, field: String) -> [QuestionFile] {
      var files: [QuestionFile] = []
      for file in element?.all("file") ?? [] {
        let name = file.attribute("name") ?? ""
        let path = file.attribute("path") ?? "/"
        let encoding = file.attribute("encoding") ?? ""
        if name.isEmpty || name.contains("/") {
          error(file.line, "a <file> needs a name without \"/\", found \"\(name)\"")
        } else if path != "/" {
          error(file.line, "file \"\(name)\" is in the folder \"\(path)\": quiz keeps files at \"/\" only")
        } else if encoding != "base64" {
          error(file.line, "file \"\(name)\": the encoding \"\(encoding)\" is not base64")
        } else if let bytes = Base64.decode(file.content) {
          files.append(QuestionFile(field: field, name: name, bytes: bytes))
        } else {
          error(file.line, "file \"\(name)\": its content is not valid base64")
        }
      }
      return files
    }

    /// An answer's `fraction` attribute (absent: 0) as a percentage and as a weight, or nil
    /// after an error at the answer's line.
    mutating func readFraction(of answer: Element, number: Int) -> (percent: Double, weight: Double)? {
      let written = PlainTextFile.trimmed(answer.attribute("fraction") ?? "0")
      // A bank uses a handful of fractions, thousands of times: each is parsed once.
      if let known = fractions[written] { return known }
      guard let percent = MoodleXML.number(written), let weight = MoodleXML.number(written, shift: -2) else {
        error(answer.line, "answer \(number): the fraction \"\(written)\" is not a number")
        return nil
      }
      guard (-100...100).contains(percent) else {
        error(answer.line, "answer \(number): the fraction \(written) is outside -100 to 100")
        return nil
      }
      fractions[written] = (percent, weight)
      return (percent, weight)
    }

    static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    /// `<usecase>` and `<unitsleft>`, which Moodle keeps in a number column: `true` or `1` (any
    /// case) is true, anything else false; `absent` when the element is missing.
    static func flag(_ element: Element?, absent: Bool) -> Bool {
      guard let element else { return absent }
      let value = PlainTextFile.trimmed(element.content).lowercased()
      return value == "true" || value == "1"
    }

    /// `<single>` and `<shuffleanswers>` as Moodle's `trans_single` reads them: `false`, `0` and
    /// nothing are false, anything else is true (`False`, `FALSE` and `no` too), with a warning
    /// for a value other than `true`, `false`, `1` and `0`; `absent` when the element is missing.
    mutating func moodleSwitch(_ element: Element?, absent: Bool) -> Bool {
      guard let element else { return absent }
      let value = PlainTextFile.trimmed(element.content)
      let isOn = value != "false" && value != "0" && !value.isEmpty
      if !["true", "false", "1", "0", ""].contains(value) {
        warnings.append(
          FormatProblem(
            line: element.line,
            message: "<\(element.name)>\(value)</\(element.name)> is read as \(isOn ? "true" : "false"), as Moodle "
              + "reads it: only false, 0 or nothing is false"))
      }
      return isOn
    }
  }
}
