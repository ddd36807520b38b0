import QuizDomain

// MARK: - Multiple choice and true/false

extension GIFT.Writer {
  /// A choice question's block: `{T#wrong#right}` for true/false, else a line per choice.
  mutating func choiceBlock(_ question: Question, head: String) -> [String] {
    let name = "question \"\(question.id)\""
    let format = question.textFormat
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
      let right = question.choices[answer ? 0 : 1].feedback.flatMap(GIFT.Reader.nonEmpty)
      let wrong = question.choices[answer ? 1 : 0].feedback.flatMap(GIFT.Reader.nonEmpty)
      var block = answer ? "T" : "F"
      if let wrong {
        block += "#" + text(wrong, format)
      } else if right != nil {
        block += "#"
      }
      if let right { block += "#" + text(right, format) }
      if let explanation = question.explanation.flatMap(GIFT.Reader.nonEmpty) {
        block += "####" + text(explanation, format)
      }
      return [head + block + "}"]
    }

    var lines = [head]
    if question.multiple {
      // Read back, a question of several answers makes the file `weighted` (Moodle's scoring).
      fractional = true
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
      // Without a `~` line Moodle reads the block as short answer (or matching, with `->`):
      // when every choice is correct, the first is written `~=`, which Moodle reads as `=` in a
      // multiple-choice block (the empty piece before `=` is dropped).
      var tilde = question.choices.allSatisfy { $0.correct && $0.weight == nil } ? "~" : ""
      for choice in question.choices {
        if choice.correct {
          if choice.weight != nil {
            warnings.append("\(name): the weight of its correct choice \(choice.id) cannot be written in GIFT")
          }
          lines.append("\t" + tilde + "=" + text(choice.text, format) + feedback(choice, format))
          tilde = ""
        } else if let weight = choice.weight {
          lines.append("\t~%\(percent(weight))%" + text(choice.text, format) + feedback(choice, format))
        } else {
          lines.append("\t~" + text(choice.text, format, percentProtected: true) + feedback(choice, format))
        }
      }
    }
    if let explanation = question.explanation.flatMap(GIFT.Reader.nonEmpty) {
      lines.append("\t####" + text(explanation, format))
    }
    lines.append("}")
    return lines
  }
}
