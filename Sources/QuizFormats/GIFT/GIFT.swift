import QuizDomain

/// Moodle's GIFT text format (question/format/gift/format.php is the reference; the rules below
/// decide where it is vague). Only the multiple-choice and true/false questions of a file become
/// questions; the other types are skipped with a warning.
///
/// Reading: a UTF-8 file (a BOM skipped, LF or CR LF), each line trimmed; questions are
/// paragraphs; `//` lines are comments, whose `[id:…]` and `[tag:…]` are the question's id and
/// tags; `$CATEGORY: path` starts a section titled `path`; `::name::` names a question; the one
/// `{…}` of a paragraph is its answer block. Writing gives a file that reads back as the same
/// quiz (same ids, tags and texts) under the same quiz id and title.
public enum GIFT {
  public static func read(_ bytes: [UInt8]) -> FormatReading {
    var reader = Reader()
    return reader.read(bytes)
  }

  public static func write(_ quiz: Quiz) -> FormatWriting {
    var writer = Writer()
    return writer.write(quiz)
  }

  /// The four text-format prefixes, `[html]` and so on.
  static let prefixFormats: [TextFormat] = [.html, .moodle, .plain, .markdown]
}

// MARK: - Lines of a text file (GIFT and Aiken)

/// The lines of a GIFT or Aiken file: UTF-8 (a leading BOM skipped), split at LF (a CR before
/// it goes with the trimming), each line trimmed of ASCII whitespace.
enum PlainTextFile {
  /// The trimmed lines, line `n` at index `n - 1`, or the first line with invalid UTF-8.
  static func lines(_ bytes: [UInt8]) -> (lines: [String], problem: FormatProblem?) {
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    // Valid UTF-8 (the usual case) is checked once for the whole file; otherwise line by line,
    // to name the first bad line.
    let valid = String(validating: bytes[start...], as: UTF8.self) != nil
    var lines: [String] = []
    var lineStart = start
    var index = start
    while true {
      if index == bytes.count || bytes[index] == 0x0A {
        // Trim ASCII whitespace (the CR of a CR LF among it) on the bytes, then decode.
        var low = lineStart
        var high = index
        while low < high, isSpaceByte(bytes[low]) { low += 1 }
        while high > low, isSpaceByte(bytes[high - 1]) { high -= 1 }
        if !valid, String(validating: bytes[lineStart..<index], as: UTF8.self) == nil {
          return (
            lines,
            FormatProblem(
              line: lines.count + 1, message: "the file is not UTF-8 text (invalid bytes on this line)")
          )
        }
        lines.append(String(decoding: bytes[low..<high], as: UTF8.self))
        if index == bytes.count { break }
        lineStart = index + 1
      }
      index += 1
    }
    return (lines, nil)
  }

  static func isSpaceByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }

  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: return true
    default: return false
    }
  }

  /// `text` without ASCII whitespace at either end.
  static func trimmed(_ text: String) -> String {
    // On the UTF-8 bytes: an ASCII space byte is never part of a longer character. Most texts
    // have nothing to trim and come back as they are.
    let bytes = text.utf8
    guard let first = bytes.firstIndex(where: { !isSpaceByte($0) }),
      let last = bytes.lastIndex(where: { !isSpaceByte($0) })
    else { return "" }
    if first == bytes.startIndex && bytes.index(after: last) == bytes.endIndex { return text }
    return String(text[first...last])
  }

  /// Whether `text` starts or ends with whitespace that a reader trims (a newline excepted when
  /// `newlineKept`: GIFT writes it as `\n`, which is kept).
  static func hasOuterSpace(_ text: String, newlineKept: Bool) -> Bool {
    func trimmable(_ scalar: Unicode.Scalar) -> Bool { isSpace(scalar) && !(newlineKept && scalar == "\n") }
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
    return trimmable(first) || trimmable(last)
  }

  /// `text` on one line, at most `limit` characters (an ellipsis marks a cut), for messages.
  static func excerpt(_ text: String, limit: Int = 50) -> String {
    var line = ""
    for character in text { line.append(character.isNewline ? " " : character) }
    guard line.count > limit else { return line }
    return String(line.prefix(limit - 1)) + "…"
  }

  /// "a", "a and b", "a, b and c".
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
  }

  /// The warnings for what a question has that neither GIFT nor Aiken can write.
  static func settingWarnings(_ question: Question, format: String) -> [String] {
    var warnings: [String] = []
    let name = "question \"\(question.id)\""
    if question.points != 1 {
      warnings.append(
        "\(name): points (\(numberText(question.points))) cannot be written in \(format); it reads back with 1")
    }
    if question.shuffle {
      warnings.append("\(name): shuffle cannot be written in \(format); it reads back without")
    }
    if let scoring = question.scoring {
      warnings.append(
        "\(name): its own scoring rule (\(scoring.rawValue)) cannot be written in \(format); it reads back with the quiz's rule"
      )
    }
    if !question.files.isEmpty {
      let names = question.files.map { "\"\($0.name)\"" }
      warnings.append(
        "\(name): embedded files cannot be written in \(format) (\(list(names)) left out); it reads back without")
    }
    return warnings
  }

  /// The warnings for what a quiz and its sections have that neither GIFT nor Aiken can write
  /// (as the Moodle XML writer warns for them).
  static func quizWarnings(_ quiz: Quiz, format: String) -> [String] {
    var warnings: [String] = []
    if quiz.shuffleQuestions == true {
      warnings.append("shuffle_questions cannot be written in \(format); the quiz reads back without it")
    }
    for (index, section) in quiz.sections.enumerated() {
      guard let pick = section.pick else { continue }
      let name = section.title.map { "section \"\(excerpt($0))\"" } ?? "section \(index + 1)"
      warnings.append("\(name): pick (\(pick)) cannot be written in \(format); it reads back with all its questions")
    }
    return warnings
  }

  static func numberText(_ value: Double) -> String {
    value.isFinite ? JSONWriter.numberText(value) : String(value)
  }
}

// MARK: - Reading

extension GIFT {
  /// One character of a paragraph after escape decoding: an escaped character is never syntax.
  fileprivate struct Unit {
    var scalar: Unicode.Scalar
    var escaped: Bool
    var line: Int

    /// Whether this is `scalar` as syntax (not escaped).
    func isMark(_ mark: Unicode.Scalar) -> Bool { !escaped && scalar == mark }

    /// Whitespace that trimming removes (an escaped `\n` is text and stays).
    var isTrimmable: Bool { !escaped && PlainTextFile.isSpace(scalar) }
  }

  fileprivate struct Line {
    var number: Int
    var text: String
  }

  fileprivate struct Reader {
    var sections = CategorySections()
    var warnings: [FormatProblem] = []
    var errors: [FormatProblem] = []
    var taken = Set<String>()
    var imported = 0
    var skipped = 0
    var weighted = false

    mutating func read(_ bytes: [UInt8]) -> FormatReading {
      let file = PlainTextFile.lines(bytes)
      if let problem = file.problem { return FormatReading(errors: [problem]) }
      var paragraph: [Line] = []
      for (index, text) in file.lines.enumerated() {
        if text.isEmpty {
          if !paragraph.isEmpty { readParagraph(paragraph) }
          paragraph = []
        } else {
          paragraph.append(Line(number: index + 1, text: text))
        }
      }
      if !paragraph.isEmpty { readParagraph(paragraph) }
      if imported == 0 && errors.isEmpty {
        let why = skipped > 0 ? "\(skipped) skipped" : "the file holds no question"
        errors.append(FormatProblem(line: 1, message: "no question that quiz can import (\(why))"))
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
        let title = PlainTextFile.trimmed(String(first.text.dropFirst("$CATEGORY:".count)))
        sections.category = title.isEmpty ? nil : title
        if body.count > 1 {
          error(
            body[1].number,
            "$CATEGORY: must be a paragraph of its own: put a blank line between it and the question")
        }
        return
      }

      let units = Reader.units(body)
      let metadata = Reader.metadata(comments)

      // `::name::`
      var start = 0
      var title: String?
      if units.count >= 2, units[0].isMark(":"), units[1].isMark(":") {
        guard let close = Reader.find(units, from: 2, where: { $0.isMark(":") && $1.isMark(":") }) else {
          error(first.number, "the question's name has no closing :: (write \\: for a literal colon)")
          return
        }
        let name = Reader.string(Reader.trim(units[2..<close]))
        title = name.isEmpty ? nil : name
        start = close + 2
      }

      // The answer block.
      var openIndex: Int?
      var closeIndex: Int?
      for index in start..<units.count {
        let unit = units[index]
        if unit.isMark("{") {
          if closeIndex != nil {
            error(unit.line, "a second answer block: a question has one {…} (write \\{ for a literal brace)")
            return
          }
          if openIndex != nil {
            error(unit.line, "a { inside the answer block (write \\{ for a literal brace)")
            return
          }
          openIndex = index
        } else if unit.isMark("}") {
          guard openIndex != nil else {
            error(unit.line, "a } with no { before it (write \\} for a literal brace)")
            return
          }
          if closeIndex != nil {
            error(unit.line, "a } after the answer block (write \\} for a literal brace)")
            return
          }
          closeIndex = index
        }
      }
      if let open = openIndex, closeIndex == nil {
        error(
          units[open].line,
          "a { with no } after it: an answer block ends with } and cannot span a blank line (write \\{ for a literal brace)"
        )
        return
      }

      guard let open = openIndex, let close = closeIndex else {
        let prompt = Reader.clean(units[start...]).text
        skip("description", title: title, prompt: prompt, line: first.number)
        return
      }

      var promptUnits = Array(units[start..<open])
      let after = units[(close + 1)...]
      if after.contains(where: { !$0.isTrimmable }) {
        let line = units[open].line
        promptUnits += "_____".unicodeScalars.map { Unit(scalar: $0, escaped: true, line: line) }
      }
      promptUnits += after
      let (prompt, promptFormat) = Reader.clean(promptUnits[...])
      let textFormat = promptFormat ?? .plain

      // `####explanation`, after the last `####`.
      var block = Array(units[(open + 1)..<close])
      var explanation: String?
      if let hashes = Reader.lastHashes(block) {
        explanation = Reader.nonEmpty(Reader.clean(block[(hashes + 4)...]).text)
        block = Array(block[..<hashes])
      }
      let answer = Array(Reader.trim(block[...]))

      var question: Question
      if answer.isEmpty {
        skip("essay", title: title, prompt: prompt, line: first.number)
        return
      } else if answer[0].isMark("#") {
        skip("numerical", title: title, prompt: prompt, line: first.number)
        return
      } else if answer.contains(where: { $0.isMark("~") }) {
        guard
          let parsed = self.multipleChoice(
            answer, prompt: prompt, explanation: explanation, textFormat: textFormat, line: units[open].line)
        else { return }
        question = parsed
      } else if answer.contains(where: { $0.isMark("=") })
        && Reader.find(answer, from: 0, where: { $0.scalar == "-" && $1.scalar == ">" }) != nil
      {
        skip("matching", title: title, prompt: prompt, line: first.number)
        return
      } else {
        let beforeFeedback = answer.prefix { !$0.isMark("#") }
        let word = Reader.string(Reader.trim(beforeFeedback))
        guard ["T", "TRUE", "F", "FALSE"].contains(word) else {
          skip("short-answer", title: title, prompt: prompt, line: first.number)
          return
        }
        question = trueFalse(answer, isTrue: word.hasPrefix("T"), prompt: prompt)
        question.explanation = explanation
        question.textFormat = textFormat
      }

      question.tags = metadata.tags
      // The id: from `[id:…]` (kept as written when it is a valid id), the name, the prompt.
      var candidates: [String] = []
      if let id = metadata.id { candidates.append(Slug.isValid(id) ? id : Slug.make(from: id)) }
      if let title { candidates.append(Slug.make(from: title)) }
      candidates.append(Slug.make(from: prompt, limit: 40))
      let base = candidates.first { !$0.isEmpty } ?? "q\(imported + 1)"
      question.id = Slug.unique(base, taken: &taken)
      imported += 1

      let problems = QuizBankValidator.questionProblems(question)
      for problem in problems { error(first.number, problem) }
      guard problems.isEmpty else { return }
      sections.append(question)
    }

    mutating func skip(_ type: String, title: String?, prompt: String, line: Int) {
      skipped += 1
      let name = PlainTextFile.excerpt(title ?? prompt)
      warnings.append(
        FormatProblem(
          line: line, message: "skipped \(type) question" + (name.isEmpty ? "" : " \"\(name)\"")))
    }

    /// A multiple-choice question from its answer block (without `####`), or nil after errors.
    mutating func multipleChoice(
      _ answer: [Unit], prompt: String, explanation: String?, textFormat: TextFormat, line: Int
    ) -> Question? {
      // Split before every `=` and `~`; text before the first is a plain wrong choice.
      var pieces: [(marker: Unicode.Scalar?, units: [Unit], line: Int)] = [(nil, [], answer[0].line)]
      for unit in answer {
        if unit.isMark("=") || unit.isMark("~") {
          pieces.append((unit.scalar, [], unit.line))
        } else {
          pieces[pieces.count - 1].units.append(unit)
        }
      }
      if Reader.trim(pieces[0].units[...]).isEmpty { pieces.removeFirst() }

      let single = pieces.contains { $0.marker == "=" }
      let errorCount = errors.count
      if pieces.count < 2 {
        error(line, "a multiple-choice question needs at least 2 choices, found \(pieces.count)")
      }
      if single {
        let correct = pieces.filter { $0.marker == "=" }
        if correct.count > 1 {
          error(
            correct[1].line,
            "a second =: a single-answer question has one correct choice (give partial credit with ~%n%, or several answers with ~%n% and no =)"
          )
        }
      }
      var choices: [Choice] = []
      var fractional = false
      for (index, piece) in pieces.enumerated() {
        var body = Reader.trim(piece.units[...])
        var weight: Double?
        if piece.marker == "~", let parsed = Reader.weight(body) {
          guard (-100...100).contains(parsed.percent) else {
            error(piece.line, "the weight %\(parsed.text)% is outside -100 to 100")
            continue
          }
          weight = parsed.weight
          if parsed.percent != 0 && parsed.percent != 100 { fractional = true }
          body = parsed.rest
        } else if piece.marker == "=", let parsed = Reader.weight(body) {
          // Moodle's multichoice import reads no weight after `=`: the choice gets full credit
          // and its text keeps `%n%`. Read as Moodle does, and say so.
          warnings.append(
            FormatProblem(
              line: piece.line,
              message: "=%\(parsed.text)% is not a weight after =: Moodle, and quiz, read the choice as correct with "
                + "\"%\(parsed.text)%\" in its text; for partial credit write ~%\(parsed.text)%"))
        }
        let text = Array(body.prefix { !$0.isMark("#") })
        let choiceText = Reader.clean(text[...]).text
        var feedback: String?
        if text.count < body.count {
          feedback = Reader.nonEmpty(Reader.clean(body.dropFirst(text.count + 1)).text)
        }
        if choiceText.isEmpty { error(piece.line, "choice \(index + 1) has no text") }
        let id = Choice.defaultID(at: index)
        if single {
          choices.append(
            Choice(id: id, text: choiceText, correct: piece.marker == "=", weight: weight, feedback: feedback))
        } else {
          let share = weight ?? 0
          choices.append(Choice(id: id, text: choiceText, correct: share > 0, weight: share, feedback: feedback))
        }
      }
      if !single && errors.count == errorCount && !choices.contains(where: \.correct) {
        error(
          line,
          "no choice has a positive weight: a block without = needs ~%n% weights above 0 (or one =choice for a single answer)"
        )
      }
      guard errors.count == errorCount else { return nil }
      if fractional { weighted = true }
      return Question(
        id: "", prompt: prompt, explanation: explanation, multiple: !single, choices: choices,
        textFormat: textFormat)
    }

    /// A true/false question: `T#feedback1#feedback2`, the first shown for a wrong answer and
    /// the second for a right one.
    func trueFalse(_ answer: [Unit], isTrue: Bool, prompt: String) -> Question {
      var parts: [[Unit]] = [[]]
      for unit in answer {
        if parts.count < 3 && unit.isMark("#") {
          parts.append([])
        } else {
          parts[parts.count - 1].append(unit)
        }
      }
      let wrong = parts.count > 1 ? Reader.nonEmpty(Reader.clean(parts[1][...]).text) : nil
      let right = parts.count > 2 ? Reader.nonEmpty(Reader.clean(parts[2][...]).text) : nil
      return Question.trueFalse(
        id: "", prompt: prompt, answer: isTrue, feedbackTrue: isTrue ? right : wrong,
        feedbackFalse: isTrue ? wrong : right)
    }

    // MARK: Helpers

    /// The paragraph's lines joined with newlines, escapes decoded: `\\ \: \# \= \{ \} \~`
    /// give the character and `\n` a newline; any other backslash is kept.
    static func units(_ body: [Line]) -> [Unit] {
      var units: [Unit] = []
      for (position, line) in body.enumerated() {
        if position > 0 { units.append(Unit(scalar: "\n", escaped: false, line: body[position - 1].number)) }
        let scalars = Array(line.text.unicodeScalars)
        var index = 0
        while index < scalars.count {
          let scalar = scalars[index]
          if scalar == "\\", index + 1 < scalars.count {
            let next = scalars[index + 1]
            switch next {
            case "\\", ":", "#", "=", "{", "}", "~":
              units.append(Unit(scalar: next, escaped: true, line: line.number))
              index += 2
              continue
            case "n":
              units.append(Unit(scalar: "\n", escaped: true, line: line.number))
              index += 2
              continue
            default:
              break
            }
          }
          units.append(Unit(scalar: scalar, escaped: false, line: line.number))
          index += 1
        }
      }
      return units
    }

    /// The first `[id:…]` and every `[tag:…]` (trimmed, in order, repeats dropped) of the
    /// comment lines; `\]` stands for `]`.
    static func metadata(_ comments: [Line]) -> (id: String?, tags: [String]) {
      var id: String?
      var tags: [String] = []
      for line in comments {
        let scalars = Array(line.text.unicodeScalars)
        var index = 0
        while index < scalars.count {
          guard scalars[index] == "[" else {
            index += 1
            continue
          }
          var found: (value: String, next: Int)?
          var isTag = false
          if let idToken = token(scalars, at: index, key: "id") {
            found = idToken
          } else if let tagToken = token(scalars, at: index, key: "tag") {
            found = tagToken
            isTag = true
          }
          guard let match = found else {
            index += 1
            continue
          }
          index = match.next
          let text = PlainTextFile.trimmed(match.value)
          guard !text.isEmpty else { continue }
          if isTag {
            if !tags.contains(text) { tags.append(text) }
          } else if id == nil {
            id = text
          }
        }
      }
      return (id, tags)
    }

    /// `[key:value]` at `start`: the value (`\]` decoded) and the index after the token. As in
    /// Moodle's pattern, a value ends at the first `]` not after a backslash, or else at the
    /// last `\]`, whose `]` then closes it.
    static func token(_ scalars: [Unicode.Scalar], at start: Int, key: String) -> (value: String, next: Int)? {
      let opening = Array("[\(key):".unicodeScalars)
      guard start + opening.count <= scalars.count, Array(scalars[start..<(start + opening.count)]) == opening
      else { return nil }
      var value = String.UnicodeScalarView()
      var lastEscape: (length: Int, close: Int)?
      var index = start + opening.count
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "]" {
          lastEscape = (value.count, index + 1)
          value.append("]")
          index += 2
          continue
        }
        if scalar == "]" {
          if value.isEmpty { return nil }
          return (String(value), index + 1)
        }
        if scalar.value < 0x20 || scalar.value == 0x7F { break }
        value.append(scalar)
        index += 1
      }
      guard let lastEscape else { return nil }
      var kept = String.UnicodeScalarView()
      kept.append(contentsOf: value.prefix(lastEscape.length))
      kept.append("\\")
      return (String(kept), lastEscape.close + 1)
    }

    /// The first index `i` from `start` where `test(units[i], units[i + 1])`.
    static func find(_ units: [Unit], from start: Int, where test: (Unit, Unit) -> Bool) -> Int? {
      guard start + 1 < units.count else { return nil }
      return (start..<(units.count - 1)).first { test(units[$0], units[$0 + 1]) }
    }

    /// Where the last `####` starts.
    static func lastHashes(_ units: [Unit]) -> Int? {
      guard units.count >= 4 else { return nil }
      return (0...(units.count - 4)).reversed().first { start in
        (start..<(start + 4)).allSatisfy { units[$0].isMark("#") }
      }
    }

    /// `%n%` at the start of a choice: n as written, as a percentage, the weight n/100 (read
    /// from the decimal text, so that `33.33333` gives exactly 0.3333333) and what follows.
    static func weight(
      _ units: ArraySlice<Unit>
    ) -> (text: String, percent: Double, weight: Double, rest: ArraySlice<Unit>)? {
      guard let first = units.first, first.scalar == "%" else { return nil }
      let after = units.index(after: units.startIndex)
      guard let end = units[after...].firstIndex(where: { $0.scalar == "%" }) else { return nil }
      let text = string(units[after..<end])
      var number = text
      if number.hasSuffix(".") { number.removeLast() }
      guard isDecimal(number), let percent = Double(number), let weight = Double(number + "e-2") else { return nil }
      return (text, percent, weight, units[(end + 1)...])
    }

    /// `-?[0-9]+(.[0-9]+)?`
    static func isDecimal(_ text: String) -> Bool {
      var scalars = Array(text.unicodeScalars)[...]
      if scalars.first == "-" { scalars = scalars.dropFirst() }
      let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      guard let integer = parts.first, !integer.isEmpty else { return false }
      if parts.count == 2 && parts[1].isEmpty { return false }
      return parts.allSatisfy { part in part.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 } }
    }

    static func trim(_ units: ArraySlice<Unit>) -> ArraySlice<Unit> {
      var slice = units
      while let first = slice.first, first.isTrimmable { slice = slice.dropFirst() }
      while let last = slice.last, last.isTrimmable { slice = slice.dropLast() }
      return slice
    }

    static func string(_ units: some Sequence<Unit>) -> String {
      // Encoded to UTF-8 bytes and made a String once: appending scalars one by one to a
      // String is several times slower, and reading a large bank is mostly this.
      var bytes: [UInt8] = []
      bytes.reserveCapacity(units.underestimatedCount)
      for unit in units { UTF8.encode(unit.scalar) { bytes.append($0) } }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// `[html]`, `[moodle]`, `[plain]`, `[markdown]` as scalars, with their formats.
    static let prefixes: [(scalars: [Unicode.Scalar], format: TextFormat)] = GIFT.prefixFormats.map {
      (Array("[\($0.rawValue)]".unicodeScalars), $0)
    }

    /// A text trimmed, its format prefix (the first only) removed and trimmed again.
    static func clean(_ units: ArraySlice<Unit>) -> (text: String, format: TextFormat?) {
      var slice = trim(units)
      guard slice.first?.scalar == "[" else { return (string(slice), nil) }
      for (prefix, format) in prefixes {
        if slice.count >= prefix.count, zip(slice, prefix).allSatisfy({ pair in pair.0.scalar == pair.1 }) {
          slice = trim(slice.dropFirst(prefix.count))
          return (string(slice), format)
        }
      }
      return (string(slice), nil)
    }

    static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
  }
}

// MARK: - Writing

extension GIFT {
  fileprivate struct Writer {
    var warnings: [String] = []
    /// Whether a weight other than 0 and 100 % was written: the file reads back as `weighted`.
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
        }
        if written.contains(title) {
          warnings.append("\(name): sections with the same title read back as one section")
        }
        if title != category {
          paragraphs.append("$CATEGORY:" + (title.map { " " + $0 } ?? ""))
          category = title
        }
        written.insert(title)
        for question in section.questions { paragraphs.append(paragraph(question)) }
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
      warnings += PlainTextFile.settingWarnings(question, format: "GIFT")
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

      let format = question.textFormat
      var texts = [question.prompt] + question.choices.map(\.text)
      texts += ([question.explanation] + question.choices.map(\.feedback)).compactMap { $0 }
      if texts.contains(where: { PlainTextFile.hasOuterSpace($0, newlineKept: true) }) {
        warnings.append("\(name): spaces at the start or end of its texts are not kept by GIFT")
      }
      let prompt =
        format != .plain ? "[\(format.rawValue)]" + Writer.escaped(question.prompt) : text(question.prompt, format)
      let head = "::" + Writer.escaped(question.id) + "::" + prompt + "{"
      if !question.isTrueFalse
        && question.choices.enumerated().contains(where: { $0.element.id != Choice.defaultID(at: $0.offset) })
      {
        warnings.append(
          "\(name): choice ids other than a, b, c… cannot be written in GIFT; they read back as a, b, c…")
      }

      if question.isTrueFalse {
        if question.choices.contains(where: { $0.weight != nil }) {
          warnings.append("\(name): the weights of true/false choices cannot be written in GIFT")
        }
        let answer = question.choices[0].correct
        let right = question.choices[answer ? 0 : 1].feedback.flatMap(Reader.nonEmpty)
        let wrong = question.choices[answer ? 1 : 0].feedback.flatMap(Reader.nonEmpty)
        var block = answer ? "T" : "F"
        if let wrong {
          block += "#" + text(wrong, format)
        } else if right != nil {
          block += "#"
        }
        if let right { block += "#" + text(right, format) }
        if let explanation = question.explanation.flatMap(Reader.nonEmpty) {
          block += "####" + text(explanation, format)
        }
        lines.append(head + block + "}")
        return lines.joined(separator: "\n")
      }

      lines.append(head)
      if question.multiple {
        let correctTotal = question.choices.count(where: \.correct)
        let wrongTotal = question.choices.count - correctTotal
        if question.choices.contains(where: { $0.weight == nil }) {
          warnings.append(
            "\(name): its choices without a weight are written with the weights of weighted scoring (1/C for a correct choice, -1/W for a wrong one)"
          )
        }
        for choice in question.choices {
          let weight =
            choice.weight ?? Scoring.weight(of: choice, correctTotal: correctTotal, wrongTotal: wrongTotal)
          if (weight > 0) != choice.correct {
            warnings.append(
              "\(name): choice \(choice.id) is \(choice.correct ? "correct" : "wrong") but its weight is \(weight > 0 ? "above" : "not above") 0; GIFT reads a choice of several answers as correct when its weight is above 0"
            )
          }
          lines.append("\t~%\(percent(weight))%" + text(choice.text, format) + feedback(choice, format))
        }
      } else {
        for choice in question.choices {
          if choice.correct {
            if choice.weight != nil {
              warnings.append("\(name): the weight of its correct choice \(choice.id) cannot be written in GIFT")
            }
            lines.append("\t=" + text(choice.text, format) + feedback(choice, format))
          } else if let weight = choice.weight {
            lines.append("\t~%\(percent(weight))%" + text(choice.text, format) + feedback(choice, format))
          } else {
            lines.append("\t~" + text(choice.text, format, percentProtected: true) + feedback(choice, format))
          }
        }
      }
      if let explanation = question.explanation.flatMap(Reader.nonEmpty) {
        lines.append("\t####" + text(explanation, format))
      }
      lines.append("}")
      return lines.joined(separator: "\n")
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

    /// `\ ~ = # { } :` escaped, a newline as `\n`.
    static func escaped(_ text: String) -> String {
      var result = String.UnicodeScalarView()
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\\", "~", "=", "#", "{", "}", ":":
          result.append("\\")
          result.append(scalar)
        case "\n":
          result.append("\\")
          result.append("n")
        default:
          result.append(scalar)
        }
      }
      return String(result)
    }

    /// An `[id:…]` or `[tag:…]` value with `]` as `\]`.
    static func tokenValue(_ text: String) -> String {
      var result = ""
      for character in text {
        if character == "]" { result += "\\" }
        result.append(character)
      }
      return result
    }
  }
}
