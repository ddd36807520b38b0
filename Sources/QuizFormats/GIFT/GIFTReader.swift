import QuizDomain

// MARK: - Reading

extension GIFT {
  /// One character of a paragraph after escape decoding: an escaped character is never syntax.
  struct Unit {
    var scalar: Unicode.Scalar
    var escaped: Bool
    var line: Int

    /// Whether this is `scalar` as syntax (not escaped).
    func isMark(_ mark: Unicode.Scalar) -> Bool { !escaped && scalar == mark }

    /// Whitespace that trimming removes (an escaped `\n` is text and stays).
    var isTrimmable: Bool { !escaped && PlainTextFile.isSpace(scalar) }
  }

  struct Line {
    var number: Int
    /// Trimmed, to tell comments, categories and blank lines.
    var text: String
    /// As written, for the question's text.
    var raw: String
  }

  struct Reader {
    typealias Unit = GIFT.Unit
    typealias Line = GIFT.Line
    var sections = CategorySections()
    var warnings: [FormatProblem] = []
    var errors: [FormatProblem] = []
    var taken = Set<String>()
    var imported = 0
    var weighted = false

    mutating func read(_ bytes: [UInt8]) -> FormatReading {
      // Lines keep their spaces inside a question's text (indented code in a prompt), as Moodle's
      // readquestion keeps them in its own test (test_import_pre_content); a real Moodle import
      // trims every line first (qformat_default::readquestions) and loses the indentation, which
      // quiz keeps on purpose. The text as a whole, and each answer, is trimmed.
      let file = PlainTextFile.lines(bytes, trimming: false)
      if let problem = file.problem { return FormatReading(errors: [problem]) }
      var paragraph: [Line] = []
      for (index, raw) in file.lines.enumerated() {
        let text = PlainTextFile.trimmed(raw)
        if text.isEmpty {
          if !paragraph.isEmpty { readParagraph(paragraph) }
          paragraph = []
        } else {
          paragraph.append(Line(number: index + 1, text: text, raw: raw))
        }
      }
      if !paragraph.isEmpty { readParagraph(paragraph) }
      if imported == 0 && errors.isEmpty {
        errors.append(FormatProblem(line: 1, message: "no question that quiz can import (the file holds no question)"))
      }
      return FormatReading(
        sections: sections.sections, scoring: weighted ? .weighted : nil, warnings: warnings, errors: errors)
    }

    mutating func error(_ line: Int, _ message: String) {
      errors.append(FormatProblem(line: line, message: message))
    }

    mutating func readParagraph(_ paragraph: [Line]) {
      let comments = paragraph.filter { $0.text.hasPrefix("//") }
      let body = paragraph.filter { !$0.text.hasPrefix("//") }
      guard let first = body.first else { return }  // comments of no question
      if first.text.hasPrefix("$CATEGORY:") {
        readCategory(body)
        return
      }
      let units = Array(Reader.trim(Reader.units(body)[...]))
      guard let named = name(units, line: first.number), let block = answerBlock(units, from: named.start)
      else { return }
      let (title, start) = named
      guard var question = self.question(units, title: title, start: start, block: block) else { return }
      if question.prompt.isEmpty, let title {
        // Moodle imports such a question with an empty text; quiz needs a prompt, and the title is
        // what the author wrote for it.
        question.prompt = title
        warnings.append(
          FormatProblem(
            line: first.number,
            message: "question \"\(PlainTextFile.excerpt(title))\" has no text but its ::title::, which is "
              + "taken for its prompt"))
      }
      let metadata = Reader.metadata(comments)
      question.tags = metadata.tags
      question.id = identity(metadata.id, title: title, prompt: question.prompt)
      imported += 1
      let problems = QuestionRules.questionProblems(question)
      for problem in problems { error(first.number, problem) }
      guard problems.isEmpty else { return }
      sections.append(question)
    }

    /// `$CATEGORY: path`, a paragraph of its own.
    mutating func readCategory(_ body: [Line]) {
      sections.category = CategorySections.title(fromPath: String(body[0].text.dropFirst("$CATEGORY:".count)))
      if body.count > 1 {
        error(
          body[1].number, "$CATEGORY: must be a paragraph of its own: put a blank line between it and the question")
      }
    }

    /// The `::name::` (nil when absent or empty) and where the text after it starts; nil after an
    /// error.
    mutating func name(_ units: [Unit], line: Int) -> (title: String?, start: Int)? {
      guard units.count >= 2, units[0].isMark(":"), units[1].isMark(":") else { return (nil, 0) }
      guard let close = Reader.find(units, from: 2, where: { $0.isMark(":") && $1.isMark(":") }) else {
        error(line, "the question's name has no closing :: (write \\: for a literal colon)")
        return nil
      }
      let name = Reader.string(Reader.trim(units[2..<close]))
      return (name.isEmpty ? nil : name, close + 2)
    }

    /// Where the one `{…}` is: `.none` for a description, nil after an error.
    mutating func answerBlock(_ units: [Unit], from start: Int) -> Block? {
      var openIndex: Int?
      var closeIndex: Int?
      for index in start..<units.count {
        let unit = units[index]
        if unit.isMark("{") {
          if closeIndex != nil {
            error(unit.line, "a second answer block: a question has one {…} (write \\{ for a literal brace)")
            return nil
          }
          if openIndex != nil {
            error(unit.line, "a { inside the answer block (write \\{ for a literal brace)")
            return nil
          }
          openIndex = index
        } else if unit.isMark("}") {
          guard openIndex != nil, closeIndex == nil else {
            let what = openIndex == nil ? "a } with no { before it" : "a } after the answer block"
            error(unit.line, what + " (write \\} for a literal brace)")
            return nil
          }
          closeIndex = index
        }
      }
      guard let open = openIndex else { return Block.text }
      guard let close = closeIndex else {
        error(
          units[open].line,
          "a { with no } after it: an answer block ends with } and cannot span a blank line (write \\{ for a literal brace)"
        )
        return nil
      }
      return .braces(open: open, close: close)
    }

    /// The question of the paragraph, its kind told as Moodle tells it (a description without
    /// braces, an essay for `{}`, numerical after `#`, multiple choice with a `~`, matching with
    /// `=` and `->`, true/false, else short answer); nil after errors. Its id and tags are not set.
    mutating func question(_ units: [Unit], title: String?, start: Int, block: Block) -> Question? {
      guard case .braces(let open, let close) = block else {
        let (prompt, format) = Reader.clean(units[start...])
        return Question(
          id: "", prompt: prompt, points: 0, textFormat: format ?? .moodle, body: .description)
      }
      var promptUnits = Array(units[start..<open])
      let after = units[(close + 1)...]
      if after.contains(where: { !$0.isTrimmable }) {
        let line = units[open].line
        promptUnits += "_____".unicodeScalars.map { Unit(scalar: $0, escaped: true, line: line) }
      }
      promptUnits += after
      let (prompt, promptFormat) = Reader.clean(promptUnits[...])
      let textFormat = promptFormat ?? .moodle

      // `####explanation`, after the last `####`.
      var inside = Array(units[(open + 1)..<close])
      var explanation: String?
      if let hashes = Reader.lastHashes(inside) {
        explanation = Reader.nonEmpty(Reader.clean(inside[(hashes + 4)...]).text)
        inside = Array(inside[..<hashes])
      }
      let answer = Array(Reader.trim(inside[...]))
      let line = units[open].line
      guard var question = body(answer, prompt: prompt, textFormat: textFormat, line: line) else { return nil }
      question.explanation = explanation
      question.textFormat = textFormat
      question.shuffle = MoodleImportDefaults.shuffle(of: question)
      return question
    }

    /// The question an answer block (trimmed, without `####`) makes, by its kind.
    mutating func body(_ answer: [Unit], prompt: String, textFormat: TextFormat, line: Int) -> Question? {
      func question(_ body: QuestionBody) -> Question { Question(id: "", prompt: prompt, body: body) }
      if answer.isEmpty { return question(.essay(Essay(responseFormat: .html))) }
      if Reader.isClozeGap(answer) {
        error(
          line,
          "cloze syntax ({1:SHORTANSWER:…}) is not GIFT: a cloze question imports from Moodle XML (type cloze) or "
            + "quiz-bank/1")
        return nil
      }
      if answer[0].isMark("#") { return numerical(answer, line: line).map { question(.numerical($0)) } }
      if answer.contains(where: { $0.isMark("~") }) {
        return multipleChoice(answer, prompt: prompt, textFormat: textFormat, line: line)
      }
      if answer.contains(where: { $0.isMark("=") })
        && Reader.find(answer, from: 0, where: { $0.scalar == "-" && $1.scalar == ">" }) != nil
      {
        return matching(answer, line: line).map { question(.matching($0)) }
      }
      let word = Reader.string(Reader.trim(answer.prefix { !$0.isMark("#") }))
      if ["T", "TRUE", "F", "FALSE"].contains(word) {
        return trueFalse(answer, isTrue: word.hasPrefix("T"), prompt: prompt)
      }
      return shortAnswer(answer, line: line).map { question(.shortAnswer($0)) }
    }

    /// The id: from `[id:…]` (kept as written when it is a valid id), the name, the prompt.
    mutating func identity(_ id: String?, title: String?, prompt: String) -> String {
      var candidates: [String] = []
      if let id { candidates.append(Slug.isValid(id) ? id : Slug.make(from: id)) }
      if let title { candidates.append(Slug.make(from: title)) }
      candidates.append(Slug.make(from: prompt, limit: 40))
      let base = candidates.first { !$0.isEmpty } ?? "q\(imported + 1)"
      return Slug.unique(base, taken: &taken)
    }
  }

  /// Where a paragraph's answer block stands.
  enum Block {
    /// No braces: a description, all text.
    case text
    case braces(open: Int, close: Int)
  }
}
