import QuizDomain

// MARK: - Short answer and numerical

extension MoodleXML.Reader {
  /// An answer's fraction as the kinds other than choice keep it: nil for 100 (a full answer,
  /// as quiz-bank writes it), else the weight.
  mutating func answerFraction(_ answer: MoodleXML.Element, number: Int) -> Double?? {
    guard let fraction = readFraction(of: answer, number: number) else { return nil }
    return .some(fraction.percent == 100 ? nil : fraction.weight)
  }

  /// `shortanswer` (Moodle's `import_shortanswer`): `<usecase>` (1: case matters; nil when
  /// absent, Moodle's default 0), answers with fractions and feedback. An answer with no text is
  /// dropped with a warning, as Moodle drops it when it saves.
  mutating func shortAnswer(_ question: MoodleXML.Element, _ common: Common) -> Question? {
    var answers: [TextAnswer] = []
    for (index, answer) in question.all("answer").enumerated() {
      warnFiles(in: answer.child("feedback"), place: "short-answer feedback")
      let text = readText(answer)
      guard let fraction = answerFraction(answer, number: index + 1) else { continue }
      guard !text.isEmpty else {
        warnings.append(FormatProblem(line: answer.line, message: "answer \(index + 1) has no text: left out"))
        continue
      }
      answers.append(
        TextAnswer(text: text, fraction: fraction, feedback: Self.nonEmpty(readText(answer.child("feedback")))))
    }
    if question.all("answer").isEmpty {
      error(question.line, "a short-answer question has no answers: it needs <answer> elements")
    }
    let caseSensitive = question.child("usecase").map { Self.flag($0, absent: false) }
    return common.question(body: .shortAnswer(ShortAnswer(answers: answers, caseSensitive: caseSensitive)))
  }

  /// `numerical` (Moodle's `import_numerical`): answers (`*` any number) with `<tolerance>`,
  /// `<units>`, `<unitgradingtype>` (0 none, 1 of the mark, 2 of the maximum), `<unitpenalty>`,
  /// `<showunits>` (0 typed, 1 and 2 picked, 3 none: left unset), `<unitsleft>`. Every option is
  /// unset when its element is missing, which gives Moodle's default.
  mutating func numerical(_ question: MoodleXML.Element, _ common: Common) -> Question? {
    // Read first: a tolerance may be written in one of them.
    let units = readUnits(question)
    var answers: [NumericAnswer] = []
    for (index, answer) in question.all("answer").enumerated() {
      warnFiles(in: answer.child("feedback"), place: "numerical feedback")
      let text = readText(answer)
      var value: Double?
      if text != "*" {
        value = MoodleXML.number(text)
        if value == nil {
          error(answer.line, "answer \(index + 1): \"\(text)\" is not a number (or * for any number)")
        }
      }
      let tolerance = answer.child("tolerance").flatMap { readTolerance($0, units: units, number: index + 1) }
      guard let fraction = answerFraction(answer, number: index + 1) else { continue }
      answers.append(
        NumericAnswer(
          value: value, tolerance: tolerance, fraction: fraction,
          feedback: Self.nonEmpty(readText(answer.child("feedback")))))
    }
    if question.all("answer").isEmpty {
      error(question.line, "a numerical question has no answers: it needs <answer> elements")
    }
    var body = Numerical(answers: answers, units: units)
    if let element = question.child("unitgradingtype") {
      let written = PlainTextFile.trimmed(element.content)
      let grading: [String: Numerical.UnitGrading] = ["0": .none, "1": .mark, "2": .max]
      body.unitGrading = grading[written]
      if body.unitGrading == nil { error(element.line, "unitgradingtype \"\(written)\" is not 0, 1 or 2") }
    }
    body.unitPenalty = question.child("unitpenalty").flatMap { number($0, "unitpenalty") }
    if let element = question.child("showunits") {
      let written = PlainTextFile.trimmed(element.content)
      switch written {
      case "0": body.unitInput = .text
      case "1", "2": body.unitInput = .choice
      case "3": break
      default: error(element.line, "showunits \"\(written)\" is not 0, 1, 2 or 3")
      }
    }
    body.unitsLeft = question.child("unitsleft").map { Self.flag($0, absent: false) }
    if let instructions = question.child("instructions"), !readText(instructions).isEmpty {
      warnUnkept("instructions", line: instructions.line, why: "a numerical question's unit instructions")
    }
    return common.question(body: .numerical(body))
  }

  /// `<units>`: each `<unit>`'s `<unit_name>` and `<multiplier>` (1 when missing). A unit with
  /// no name is left out with a warning, as Moodle leaves it out when it saves.
  mutating func readUnits(_ question: MoodleXML.Element) -> [NumericUnit] {
    var units: [NumericUnit] = []
    for (index, unit) in (question.child("units")?.all("unit") ?? []).enumerated() {
      let name = PlainTextFile.trimmed(unit.child("unit_name")?.content ?? "")
      let multiplier = unit.child("multiplier").map { number($0, "unit \(index + 1): the multiplier") } ?? 1
      guard !name.isEmpty else {
        warnings.append(FormatProblem(line: unit.line, message: "unit \(index + 1) has no <unit_name>: left out"))
        continue
      }
      if let multiplier { units.append(NumericUnit(unit: name, multiplier: multiplier)) }
    }
    return units
  }

  /// An answer's `<tolerance>` as Moodle saves it (`qtype_numerical::apply_unit`, which reads
  /// what is typed in its form): nil when empty (Moodle's 0, quiz's default when unset); else,
  /// its spaces dropped, the number it starts with, as PHP reads one (`0.1 km` is 0.1), 0 when
  /// it starts with none, and divided by the multiplier of the question's unit written after it
  /// (`0.1 km` beside km at 0.001 is 100), with a warning when it is not a plain number. nil
  /// after an error when the number is too large.
  mutating func readTolerance(_ element: MoodleXML.Element, units: [NumericUnit], number: Int) -> Double? {
    let written = PlainTextFile.trimmed(element.content)
    guard !written.isEmpty else { return nil }
    if let value = MoodleXML.number(written) { return value }
    let (prefix, rest) = Self.leadingNumber(String(written.filter { $0 != " " }))
    guard var value = prefix.isEmpty ? 0 : MoodleXML.number(prefix) else {
      error(element.line, "answer \(number): the tolerance \"\(written)\" is not a number")
      return nil
    }
    var how = "the number it starts with, \"\(rest)\" left out"
    if prefix.isEmpty { how = "it starts with no number" } else if rest.isEmpty { how = "its spaces dropped" }
    // Moodle saves no unit of multiplier 0 (nor of no name): such a unit is no unit here either.
    if let unit = units.first(where: { $0.unit == rest }), unit.multiplier != 0, !prefix.isEmpty {
      value *= 1 / unit.multiplier  // as Moodle computes it, to the last bit
      how = "\(prefix) \(rest), the unit of multiplier \(PlainTextFile.numberText(unit.multiplier))"
    }
    warnings.append(
      FormatProblem(
        line: element.line,
        message: "answer \(number): the tolerance \"\(written)\" is read as \(PlainTextFile.numberText(value)), as "
          + "Moodle reads it: \(how)"))
    return value
  }

  /// The longest number `text` starts with, as PHP's `(float)` reads one (a sign, digits with
  /// a decimal point, a digit on at least one side of it, an exponent), and what follows it;
  /// an empty number when it starts with none.
  static func leadingNumber(_ text: String) -> (number: String, rest: String) {
    let bytes = Array(text.utf8)
    func digitsEnd(from start: Int) -> Int {
      var end = start
      while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
      return end
    }
    func isSign(_ at: Int) -> Bool {
      at < bytes.count && (bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "+"))
    }
    let start = isSign(0) ? 1 : 0
    var end = digitsEnd(from: start)
    var hasDigits = end > start
    if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
      let fractionEnd = digitsEnd(from: end + 1)
      // `5.` and `.5` are numbers, `.` alone is not.
      if hasDigits || fractionEnd > end + 1 {
        hasDigits = true
        end = fractionEnd
      }
    }
    guard hasDigits else { return ("", text) }
    // An exponent only with its digits: `2e` is 2 and `e` the rest.
    if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
      let exponentStart = isSign(end + 1) ? end + 2 : end + 1
      let exponentEnd = digitsEnd(from: exponentStart)
      if exponentEnd > exponentStart { end = exponentEnd }
    }
    // Every byte taken is ASCII: the split falls between characters.
    return (String(decoding: bytes[..<end], as: UTF8.self), String(decoding: bytes[end...], as: UTF8.self))
  }

  /// The number an element holds, or nil after an error naming `what`.
  mutating func number(_ element: MoodleXML.Element, _ what: String) -> Double? {
    let written = PlainTextFile.trimmed(element.content)
    guard let value = MoodleXML.number(written) else {
      error(element.line, "\(what) \"\(written)\" is not a number")
      return nil
    }
    return value
  }
}

// MARK: - Matching, essay, cloze

extension MoodleXML.Reader {
  /// `matching` (Moodle's `import_match`): each `<subquestion>` a stem and its `<answer>`; a
  /// subquestion with no text is a distractor, one with neither text nor answer is dropped (as
  /// Moodle drops it). `<shuffleanswers>` is true when missing.
  mutating func matching(_ question: MoodleXML.Element, _ common: Common) -> Question? {
    var pairs: [MatchPair] = []
    var distractors: [String] = []
    for subquestion in question.all("subquestion") {
      warnFiles(in: subquestion, place: "matching subquestion")
      let stem = readText(subquestion)
      let answer = readText(subquestion.child("answer"))
      if stem.isEmpty {
        if !answer.isEmpty { distractors.append(answer) }
      } else {
        pairs.append(MatchPair(id: Choice.defaultID(at: pairs.count), stem: stem, answer: answer))
      }
    }
    return common.question(
      body: .matching(Matching(pairs: pairs, distractors: distractors)),
      shuffle: moodleSwitch(question.child("shuffleanswers"), absent: true))
  }

  /// `essay` (Moodle's `import_essay`). `<responseformat>`: `editor` (Moodle's default, also
  /// when missing) and `editorfilepicker` are html, `plain` and `monospaced` themselves,
  /// `noinline` (attachments only) is warned about and read as plain. The attachment settings
  /// are warned about unless they allow none (`warnUnkept`).
  mutating func essay(_ question: MoodleXML.Element, _ common: Common) -> Question? {
    var essay = Essay()
    let format = question.child("responseformat").map { PlainTextFile.trimmed($0.content) } ?? "editor"
    switch format {
    case "editor", "": essay.responseFormat = .html
    case "editorfilepicker":
      essay.responseFormat = .html
      warnUnkept("responseformat", line: question.line, why: "editorfilepicker, files in a response: read as editor")
    case "plain": essay.responseFormat = .plain
    case "monospaced": essay.responseFormat = .monospaced
    default:
      essay.responseFormat = .plain
      warnUnkept("responseformat", line: question.line, why: "\(format): read as plain")
    }
    essay.responseRequired = question.child("responserequired").map { PlainTextFile.trimmed($0.content) != "0" }
    essay.responseLines = integer(question.child("responsefieldlines"), "responsefieldlines")
    essay.minWords = integer(question.child("minwordlimit"), "minwordlimit")
    essay.maxWords = integer(question.child("maxwordlimit"), "maxwordlimit")
    warnFiles(in: question.child("graderinfo"), place: "graderinfo")
    essay.graderInfo = Self.nonEmpty(readText(question.child("graderinfo")))
    essay.responseTemplate = Self.nonEmpty(readText(question.child("responsetemplate")))
    return common.question(body: .essay(essay))
  }

  /// A whole number of 0 or more in `element`; nil when it is missing or empty (Moodle writes
  /// an empty word limit for none).
  mutating func integer(_ element: MoodleXML.Element?, _ what: String) -> Int? {
    guard let element else { return nil }
    let written = PlainTextFile.trimmed(element.content)
    guard !written.isEmpty else { return nil }
    guard let value = Int(written), value >= 0 else {
      error(element.line, "\(what) \"\(written)\" is not a whole number of 0 or more")
      return nil
    }
    return value
  }

  /// `cloze` (Moodle's `import_multianswer`): the question text in Moodle's embedded-answers
  /// syntax; the question is worth its gaps' points (`<defaultgrade>` is ignored, as Moodle
  /// ignores it). A problem in the syntax is an error at its line in the file.
  mutating func cloze(_ question: MoodleXML.Element, _ common: Common) -> Question? {
    let parsed: (prompt: String, cloze: Cloze)
    do throws(ClozeSyntaxError) {
      parsed = try ClozeSyntax.parse(common.prompt)
    } catch {
      self.error(promptLine(common) + error.line - 1, error.message)
      return nil
    }
    var result = common.question(body: .cloze(parsed.cloze), points: parsed.cloze.points)
    result.prompt = parsed.prompt
    return result
  }

  /// The file line of the prompt's first line: the `<text>` tag's, plus the line breaks the
  /// trimming took off its start.
  func promptLine(_ common: Common) -> Int {
    guard let text = common.promptText else { return 1 }
    return text.line + text.content.unicodeScalars.prefix(while: PlainTextFile.isSpace).count { $0 == "\n" }
  }
}
