import QuizDomain

// MARK: - Writing

extension GIFT {
  struct Writer {
    var warnings: [String] = []
    /// Whether a weight other than 0 and 100 %, or a question of several answers, was written:
    /// the file reads back as `weighted`.
    var fractional = false

    mutating func write(_ quiz: Quiz) -> FormatWriting {
      var paragraphs: [String] = []
      var category: String?
      var written = Set<String?>()
      if quiz.description != nil { warnings.append("the quiz's description cannot be written in GIFT") }
      warnings += PlainTextFile.quizWarnings(quiz, format: "GIFT")
      for (index, section) in quiz.sections.enumerated() {
        let name = section.title.map { "section \"\(PlainTextFile.excerpt($0))\"" } ?? "section \(index + 1)"
        guard !section.questions.isEmpty else {
          warnings.append("\(name) has no question: GIFT cannot carry an empty section")
          continue
        }
        var title = section.title
        if let text = title {
          var line = ""
          for character in text { line.append(character.isNewline ? " " : character) }
          if line != text { warnings.append("\(name): a newline in a section title is written as a space") }
          if PlainTextFile.trimmed(line) != line {
            warnings.append("\(name): spaces at the start or end of a section title are not kept by GIFT")
          }
          line = PlainTextFile.trimmed(line)
          if line.isEmpty {
            warnings.append("\(name): an empty section title reads back as no title")
          }
          title = line.isEmpty ? nil : line
          if let title, CategorySections.title(fromPath: title) != title {
            warnings.append(
              "\(name): a title starting with top/ or a $context$/ reads back without it, as Moodle reads a category")
          }
        }
        if written.contains(title) {
          warnings.append("\(name): sections with the same title read back as one section")
        }
        if title != category {
          paragraphs.append("$CATEGORY:" + (title.map { " " + $0 } ?? ""))
          category = title
        }
        written.insert(title)
        for question in section.questions {
          let text = paragraph(question)
          if !text.isEmpty { paragraphs.append(text) }
        }
      }
      let derived: ScoringRule? = fractional ? .weighted : nil
      if (quiz.scoring ?? .allOrNothing) != (derived ?? .allOrNothing) {
        warnings.append(
          "the quiz's scoring rule (\((quiz.scoring ?? .allOrNothing).rawValue)) cannot be written in GIFT; the file reads back as \((derived ?? .allOrNothing).rawValue)"
        )
      }
      if quiz.questions.isEmpty {
        warnings.append(
          "the quiz has no question: the file holds none and cannot be imported back (a GIFT import needs at "
            + "least one question)")
      }
      let text = paragraphs.isEmpty ? "" : paragraphs.joined(separator: "\n\n") + "\n"
      return FormatWriting(bytes: Array(text.utf8), warnings: warnings)
    }

    mutating func paragraph(_ question: Question) -> String {
      let name = "question \"\(question.id)\""
      var shown = question
      if question.kind == .description && question.points == 0 { shown.points = 1 }  // a description's own
      warnings += PlainTextFile.settingWarnings(shown, format: "GIFT") + settingWarnings(question)
      var lines = commentLines(question)
      let format = question.textFormat
      if Writer.texts(question).contains(where: { PlainTextFile.hasOuterSpace($0, newlineKept: true) }) {
        warnings.append("\(name): spaces at the start or end of its texts are not kept by GIFT")
      }
      let prompt =
        format != .moodle ? "[\(format.rawValue)]" + Writer.escaped(question.prompt) : text(question.prompt, format)
      let head = "::" + Writer.escaped(question.id) + "::" + prompt
      switch question.body {
      case .choice: lines += choiceBlock(question, head: head + "{")
      case .shortAnswer(let body): lines += shortAnswerBlock(body, question, head: head + "{")
      case .numerical(let body): lines += numericalBlock(body, question, head: head + "{#")
      case .matching(let body): lines += matchingBlock(body, question, head: head + "{")
      case .essay(let body): lines += essayBlock(body, question, head: head + "{")
      case .description: lines += descriptionBlock(question, head: head)
      case .cloze:
        // Not reached through the registry, which leaves cloze out of a GIFT export.
        warnings.append("\(name) is cloze, which GIFT cannot carry: it is left out")
        return ""
      }
      return lines.joined(separator: "\n")
    }

    /// `// [id:…] [tag:…]`: the id when the name would not give it back, and the tags.
    mutating func commentLines(_ question: Question) -> [String] {
      let name = "question \"\(question.id)\""
      var lines: [String] = []
      // `// [id:…] [tag:…]`: the id when the name would not give it back, and the tags.
      var tokens: [String] = []
      if Slug.make(from: question.id) != question.id { tokens.append("[id:\(Writer.tokenValue(question.id))]") }
      var tags: [String] = []
      for tag in question.tags {
        var line = ""
        for scalar in tag.unicodeScalars {
          line.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
        }
        if line != tag { warnings.append("\(name): a control character in tag \"\(tag)\" is written as a space") }
        if PlainTextFile.trimmed(line) != line {
          warnings.append("\(name): spaces at the start or end of tag \"\(tag)\" are not kept by GIFT")
        }
        line = PlainTextFile.trimmed(line)
        if line.isEmpty {
          warnings.append("\(name): an empty tag cannot be written in GIFT")
        } else if tags.contains(line) {
          warnings.append("\(name): tag \"\(line)\" is repeated; GIFT keeps it once")
        } else {
          tags.append(line)
          tokens.append("[tag:\(Writer.tokenValue(line))]")
        }
      }
      // A value ending in a backslash must end its line (its `\]` closes it only there).
      var comment: [String] = []
      for token in tokens {
        comment.append(token)
        if token.hasSuffix("\\]") {
          lines.append("// " + comment.joined(separator: " "))
          comment = []
        }
      }
      if !comment.isEmpty { lines.append("// " + comment.joined(separator: " ")) }
      return lines
    }

    func feedback(_ choice: Choice, _ format: TextFormat) -> String {
      guard let feedback = choice.feedback.flatMap(Reader.nonEmpty) else { return "" }
      return "#" + text(feedback, format)
    }

    /// A text escaped, behind the question's format prefix when the reader would otherwise take
    /// its start for a prefix (or, after a plain `~`, for a weight).
    func text(_ text: String, _ format: TextFormat, percentProtected: Bool = false) -> String {
      let start = PlainTextFile.trimmed(text)
      let needsPrefix =
        GIFT.prefixFormats.contains { start.hasPrefix("[\($0.rawValue)]") }
        || (percentProtected && start.hasPrefix("%"))
      return (needsPrefix ? "[\(format.rawValue)]" : "") + Writer.escaped(text)
    }

    /// `weight` × 100 in the shortest decimal that reads back as `weight` (`33.33333`).
    mutating func percent(_ weight: Double) -> String {
      let text = Writer.percentText(weight)
      if text != "0" && text != "100" { fractional = true }
      return text
    }

    /// The decimal point of the shortest text of `weight` moved two places to the right.
    static func percentText(_ weight: Double) -> String {
      guard weight.isFinite else { return "0" }
      var text = String(weight)
      var negative = false
      if text.hasPrefix("-") {
        negative = true
        text.removeFirst()
      }
      var exponent = 0
      if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        exponent = Int(text[text.index(after: e)...]) ?? 0
        text = String(text[..<e])
      }
      let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      let integer = parts.first.map { String($0) } ?? ""
      let fraction = parts.count > 1 ? String(parts[1]) : ""
      var digits = Array(integer + fraction)
      var point = integer.count + exponent + 2
      while digits.first == "0" {
        digits.removeFirst()
        point -= 1
      }
      while digits.last == "0" { digits.removeLast() }
      guard !digits.isEmpty else { return "0" }
      let result: String
      if point <= 0 {
        result = "0." + String(repeating: "0", count: -point) + String(digits)
      } else if point >= digits.count {
        result = String(digits) + String(repeating: "0", count: point - digits.count)
      } else {
        result = String(digits[..<point]) + "." + String(digits[point...])
      }
      return (negative ? "-" : "") + result
    }
  }
}
