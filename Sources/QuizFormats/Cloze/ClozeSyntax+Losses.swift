import QuizDomain

// MARK: - What the syntax cannot hold

extension ClozeSyntax {
  /// The numbers (1-based) of the parts that Moodle's syntax does not carry as they are: written
  /// with `text(prompt:cloze:)` and read back, they differ in more than what the syntax reads
  /// alike (absent or false options, empty feedback, blank alternatives, choice ids, the spaces
  /// around a short answer). A writer warns about these, naming the question.
  public static func partsNotCarried(prompt: String, cloze: Cloze) -> [Int] {
    let numbers = cloze.parts.indices.map { $0 + 1 }
    guard let read = try? parse(text(prompt: prompt, cloze: cloze)) else { return numbers }
    return numbers.filter { number in
      number > read.cloze.parts.count || read.cloze.parts[number - 1] != carried(cloze.parts[number - 1])
    }
  }

  /// The part as the syntax would give it back when it can: options at their written form,
  /// blank alternatives left out, choices named a, b, c…, empty feedback absent.
  static func carried(_ part: ClozePart) -> ClozePart {
    var part = part
    switch part.body {
    case .shortAnswer(var shortAnswer):
      shortAnswer.caseSensitive = shortAnswer.isCaseSensitive ? true : nil
      shortAnswer.answers = shortAnswer.answers.filter { !ShortAnswer.trimmed($0.text).isEmpty }.map { answer in
        var answer = answer
        answer.text = ShortAnswer.trimmed(answer.text)
        answer.feedback = answer.feedback.flatMap { $0.isEmpty ? nil : $0 }
        return answer
      }
      part.body = .shortAnswer(shortAnswer)
    case .numerical(var numerical):
      numerical.answers = numerical.answers.map { answer in
        var answer = answer
        answer.tolerance = answer.tolerance.map(abs)
        answer.feedback = answer.feedback.flatMap { $0.isEmpty ? nil : $0 }
        return answer
      }
      part.body = .numerical(numerical)
    case .choice(let choice):
      part.body = .choice(carried(choice))
    }
    return part
  }

  private static func carried(_ choice: ClozeChoice) -> ClozeChoice {
    guard case .choice(let display, let multiple, let shuffle) = ClozeGapType(part: .choice(choice)).kind else {
      return choice
    }
    let isBlank = { (choice: Choice) in ShortAnswer.trimmed(choice.text).isEmpty }
    let choices = choice.choices.filter { !isBlank($0) }.enumerated().map { index, choice in
      var choice = choice
      choice.id = Choice.defaultID(at: index)
      choice.feedback = choice.feedback.flatMap { $0.isEmpty ? nil : $0 }
      return choice
    }
    // Read back, a multiple-response gap keeps the marks of its blank alternatives: the blank
    // choices' (written where they stand) and the blank marks (written last).
    let blankChoiceMarks = choice.choices.filter(isBlank).compactMap { choice -> ClozeBlankMark? in
      choice.weight.map(ClozeBlankMark.weight) ?? (choice.correct ? .correct : nil)
    }
    let blankMarks = multiple ? blankChoiceMarks + (choice.blankMarks ?? []) : []
    return ClozeChoice(
      display: display == (multiple ? .vertical : .dropdown) ? nil : display, multiple: multiple ? true : nil,
      shuffle: shuffle ? true : nil, choices: choices, blankMarks: blankMarks.isEmpty ? nil : blankMarks)
  }
}
