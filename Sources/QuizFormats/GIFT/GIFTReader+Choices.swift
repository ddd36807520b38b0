import QuizDomain

// MARK: - Multiple choice and true/false

extension GIFT.Reader {
  /// A multiple-choice question from its answer block (without `####`), or nil after errors.
  mutating func multipleChoice(
    _ answer: [Unit], prompt: String, textFormat: TextFormat, line: Int
  ) -> Question? {
    // Split before every `=` and `~`; text before the first is a plain wrong choice.
    var pieces: [Piece] = [(nil, [], answer[0].line)]
    for unit in answer {
      if unit.isMark("=") || unit.isMark("~") {
        pieces.append((unit.scalar, [], unit.line))
      } else {
        pieces[pieces.count - 1].units.append(unit)
      }
    }
    if GIFT.Reader.trim(pieces[0].units[...]).isEmpty { pieces.removeFirst() }
    pieces = GIFT.Reader.droppingTildesBeforeEquals(pieces)

    let single = pieces.contains { $0.marker == "=" }
    let errorCount = errors.count
    if pieces.count < 2 {
      error(line, "a multiple-choice question needs at least 2 choices, found \(pieces.count)")
    }
    // Several `=`: one answer is picked, and each of them earns full marks, as in Moodle.
    var choices: [Choice] = []
    var fractional = false
    for (index, piece) in pieces.enumerated() {
      var body = GIFT.Reader.trim(piece.units[...])
      var weight: Double?
      if piece.marker == "~", let parsed = GIFT.Reader.weight(body) {
        guard (-100...100).contains(parsed.percent) else {
          error(piece.line, "the weight %\(parsed.text)% is outside -100 to 100")
          continue
        }
        weight = parsed.weight
        if parsed.percent != 0 && parsed.percent != 100 { fractional = true }
        body = parsed.rest
      } else if piece.marker == "=", let parsed = GIFT.Reader.weight(body) {
        // Moodle's multichoice import reads no weight after `=`: the choice gets full credit
        // and its text keeps `%n%`. Read as Moodle does, and say so.
        warnings.append(
          FormatProblem(
            line: piece.line,
            message: "=%\(parsed.text)% is not a weight after =: Moodle, and quiz, read the choice as correct with "
              + "\"%\(parsed.text)%\" in its text; for partial credit write ~%\(parsed.text)%"))
      }
      let text = Array(body.prefix { !$0.isMark("#") })
      let choiceText = GIFT.Reader.clean(text[...]).text
      var feedback: String?
      if text.count < body.count {
        feedback = GIFT.Reader.nonEmpty(GIFT.Reader.clean(body.dropFirst(text.count + 1)).text)
      }
      if choiceText.isEmpty { error(piece.line, "choice \(index + 1) has no text") }
      let id = Choice.defaultID(at: index)
      if single {
        // `~%100%` is Moodle's fraction 1, as `=` is: a right answer under every rule, kept as
        // `=` keeps it (no weight), not a wrong choice weighted 1 that only `weighted` scores.
        let full = piece.marker == "=" || weight == 1
        choices.append(
          Choice(id: id, text: choiceText, correct: full, weight: full ? nil : weight, feedback: feedback))
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
    // Moodle scores a question of several answers by the sum of the weights picked, clamped to
    // 0…1 (qtype_multichoice_multi_question::grade_response), whatever its weights: ticking a
    // choice at 0 % beside the one at 100 % still earns it all. Only `weighted` scores so.
    if fractional || !single { weighted = true }
    return Question(
      id: "", prompt: prompt, multiple: !single, choices: choices,
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
    let wrong = parts.count > 1 ? GIFT.Reader.nonEmpty(GIFT.Reader.clean(parts[1][...]).text) : nil
    let right = parts.count > 2 ? GIFT.Reader.nonEmpty(GIFT.Reader.clean(parts[2][...]).text) : nil
    return Question.trueFalse(
      id: "", prompt: prompt, answer: isTrue, feedbackTrue: isTrue ? right : wrong,
      feedbackFalse: isTrue ? wrong : right)
  }

  /// The pieces without a `~` with nothing after it before a `=` (`~=apple`): Moodle reads `=`
  /// as `~=`, so such a `~` gives it an empty answer, which it drops. Other empty pieces stay
  /// (and are errors).
  static func droppingTildesBeforeEquals(_ pieces: [Piece]) -> [Piece] {
    pieces.indices.compactMap { index in
      let piece = pieces[index]
      let next = index + 1 < pieces.count ? pieces[index + 1] : nil
      if piece.marker == "~", piece.units.allSatisfy(\.isTrimmable), next?.marker == "=" { return nil }
      return piece
    }
  }

  typealias Piece = (marker: Unicode.Scalar?, units: [Unit], line: Int)
}
