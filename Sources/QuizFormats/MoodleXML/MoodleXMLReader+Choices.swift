import QuizDomain
import XML

// MARK: - Multiple choice and true/false

extension MoodleXML.Reader {
  /// `multichoice`: one answer (no `<single>`, or any value but `false`, `0` or nothing) or
  /// several; answers become choices a, b, c… with their feedback and files. Fractions:
  /// - one answer: at least one answer at 100, each a correct choice worth full marks (Moodle
  ///   scores the choice picked by its fraction); any other non-zero fraction
  ///   is kept as the weight f/100 of its (wrong) choice. The weights of 100 and 0 are left
  ///   unset: for one answer they score as those (a wrong choice's default, −1/W, clamps to 0
  ///   like 0 does), and a quiz without weights comes back without them.
  /// - several answers: every choice gets the weight f/100, and is correct when it is above 0;
  ///   at least one must be.
  /// No snapping: 33 stays 0.33.
  mutating func multipleChoice(_ question: MoodleXML.Element, _ common: Common) -> Question? {
    let errorCount = errors.count
    let single = moodleSwitch(question.child("single"), absent: true)
    var choices: [Choice] = []
    var files = common.files
    var fullLines: [Int] = []
    var fractional = false
    for (index, answer) in question.all("answer").enumerated() {
      let id = Choice.defaultID(at: index)
      let text = readText(answer)
      if text.isEmpty { error(answer.line, "answer \(index + 1) has no text") }
      let feedback = Self.nonEmpty(readText(answer.child("feedback")))
      files += readFiles(in: answer, field: "choices.\(id).text")
      files += readFiles(in: answer.child("feedback"), field: "choices.\(id).feedback")
      guard let fraction = readFraction(of: answer, number: index + 1) else { continue }
      if fraction.percent != 0 && fraction.percent != 100 { fractional = true }
      if single {
        let correct = fraction.percent == 100
        if correct { fullLines.append(answer.line) }
        let weight = correct || fraction.percent == 0 ? nil : fraction.weight
        choices.append(Choice(id: id, text: text, correct: correct, weight: weight, feedback: feedback))
      } else {
        choices.append(
          Choice(id: id, text: text, correct: fraction.weight > 0, weight: fraction.weight, feedback: feedback))
      }
    }
    if errors.count == errorCount {
      if question.all("answer").isEmpty {
        error(question.line, "a multiple-choice question has no answers: it needs <answer> elements, one per choice")
      } else if single && fullLines.isEmpty {
        error(question.line, "no answer has fraction 100: a question of one answer needs its correct answer at 100")
      } else if !single && !choices.contains(where: \.correct) {
        error(question.line, "no answer has a fraction above 0: a question of several answers needs one")
      }
    }
    let numbering = readNumbering(question)
    guard errors.count == errorCount else { return nil }
    // Moodle scores a question of several answers by the sum of the fractions picked, clamped
    // to 0…1 (qtype_multichoice_multi_question::grade_response), whatever they are: ticking a
    // choice at 0 beside the one at 100 still earns it all. Only `weighted` scores so.
    if fractional || !single { weighted = true }
    var parsed = common.question(
      body: .choice(ChoiceBody(multiple: !single, choices: choices, numbering: numbering)),
      shuffle: moodleSwitch(question.child("shuffleanswers"), absent: false))
    parsed.files = files
    return parsed
  }

  /// `truefalse`: two answers, told apart by their text (`true`, `false`), else by their order
  /// (true first) as Moodle does; exactly one at fraction 100, which is the correct one. Each
  /// answer's feedback (and files) go to its choice; other fractions are not kept.
  mutating func trueFalse(_ question: MoodleXML.Element, _ common: Common) -> Question? {
    let answers = question.all("answer")
    guard answers.count == 2 else {
      error(question.line, "a true/false question has 2 answers, found \(answers.count)")
      return nil
    }
    let errorCount = errors.count
    let written = answers.map { readText($0) }
    let texts = written.map { $0.lowercased() }
    let trueIndex = (texts[1] == "true" && texts[0] != "true") || (texts[0] == "false" && texts[1] != "false") ? 1 : 0
    // Moodle's import_truefalse takes an answer by its text only when it is exactly `true` or
    // `false`, and otherwise by its place (the first true): `False`, `True` (as other tools
    // write them) reverse the answer there. quiz reads them by their text, and says so.
    var moodleTrue: Int?
    for (index, text) in written.enumerated() where text == "true" || (text != "false" && index == 0) {
      moodleTrue = index
    }
    if moodleTrue != trueIndex {
      warnings.append(
        FormatProblem(
          line: question.line,
          message: "true/false answers \"\(written[0])\" and \"\(written[1])\" are read by their text; Moodle reads "
            + "answers other than true and false by their place, the first as true, and would reverse this question"))
    }
    var full: [Int] = []
    for (index, answer) in answers.enumerated() {
      if let fraction = readFraction(of: answer, number: index + 1), fraction.percent == 100 { full.append(index) }
    }
    if errors.count == errorCount {
      if full.isEmpty {
        error(question.line, "no answer has fraction 100: a true/false question needs its correct answer at 100")
      } else if full.count > 1 {
        error(answers[full[1]].line, "a second answer at fraction 100: a true/false question has one correct answer")
      }
    }
    // Feedback and files, the true choice's first.
    var feedback: [String?] = []
    var files = common.files
    for (index, id) in [(trueIndex, "true"), (1 - trueIndex, "false")] {
      feedback.append(Self.nonEmpty(readText(answers[index].child("feedback"))))
      files += readFiles(in: answers[index], field: "choices.\(id).text")
      files += readFiles(in: answers[index].child("feedback"), field: "choices.\(id).feedback")
    }
    guard errors.count == errorCount else { return nil }
    var parsed = Question.trueFalse(
      id: "", prompt: common.prompt, answer: full.first == trueIndex, feedbackTrue: feedback[0],
      feedbackFalse: feedback[1])
    parsed.explanation = common.explanation
    parsed.points = common.points
    parsed.tags = common.tags
    parsed.textFormat = common.textFormat
    parsed.files = files
    return parsed
  }
}

// MARK: - Helpers

extension MoodleXML {
  /// `text` without its HTML tags (a `<` then a letter, `/`, `!` or `?`, to the next `>`), for
  /// ids and messages: `<p>H<sub>2</sub>O</p>` gives `H2O`.
  static func tagsRemoved(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "<")) else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == "<", index + 1 < scalars.count, isTagStart(scalars[index + 1]),
        let close = scalars[(index + 1)...].firstIndex(of: ">")
      {
        index = close + 1
        continue
      }
      result.append(scalars[index])
      index += 1
    }
    return String(result)
  }

  private static func isTagStart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "/", "!", "?": true
    default: false
    }
  }
}
