import QuizDomain

// MARK: - Answers

extension QuizBankValidator {
  /// What is wrong with `answer` (at `here`) as an answer to `question`: a response of another
  /// kind, unknown choices, units or stems, a mark where none is given or out of range.
  /// What is wrong with `answer` to `question`, as an imported attempt's answer is checked, each
  /// at its JSON path under `path` (`$.selected[0]`): unknown choices, stems or units, the
  /// wrong form for the kind, a mark on a question that is not marked by hand.
  public static func answerProblems(_ answer: Answer, question: Question, path: String) -> [Problem] {
    answerProblems(answer, question: question, here: path)
  }

  static func answerProblems(_ answer: Answer, question: Question, here: @autoclosure () -> String) -> [Problem] {
    var problems: [Problem] = []
    func add(_ key: String, _ message: String) { problems.append(Problem(path: here() + key, message: message)) }
    // Made only for a message: this runs for every answer of every attempt recorded.
    var named: String { "question \"\(question.id)\"" }
    switch (question.body, answer.response) {
    case (.choice, .choices(let selected)):
      for (pick, choiceID) in selected.enumerated() where question.choice(withID: choiceID) == nil {
        add(
          ".selected[\(pick)]",
          "unknown choice \"\(choiceID)\" of \(named) (choices: " + question.choices.map(\.id).joined(separator: ", ")
            + ")")
      }
      if !question.multiple && selected.count > 1 {
        add(".selected", "\(named) takes one answer, \(selected.count) were selected")
      }
    case (.shortAnswer, .text(_, let unit)), (.essay, .text(_, let unit)):
      if unit != nil { add(".unit", "\(named) is \(question.kind.rawValue): it takes no unit") }
    case (.numerical(let body), .text(_, let unit)):
      if unit != nil, body.effectiveUnitInput != .choice {
        add(".unit", "\(named) takes its unit typed in the response, not as \"unit\"")
      } else if let unit, !body.units.contains(where: { $0.unit == unit }) {
        add(".unit", "unknown unit \"\(unit)\" of \(named) (units: \(body.units.map(\.unit).joined(separator: ", ")))")
      }
    case (.matching(let body), .matched(let matches)):
      let choices = Set(body.answerChoices)
      for match in matches {
        if !body.pairs.contains(where: { $0.id == match.stem }) {
          add(
            ".matched.\(match.stem)",
            "unknown stem \"\(match.stem)\" of \(named) (stems: \(body.pairs.map(\.id).joined(separator: ", ")))")
        } else if !choices.contains(match.answer) {
          let listed = body.answerChoices.prefix(10).map { "\"\($0.prefix(40))\"" }.joined(separator: ", ")
          let more = body.answerChoices.count > 10 ? ", …" : ""
          add(
            ".matched.\(match.stem)",
            "\"\(match.answer.prefix(80))\" is not one of the answers of \(named) (answers: \(listed)\(more))")
        }
      }
    case (.cloze(let body), .parts(let responses)):
      problems += gapAnswerProblems(responses, to: body, named: named, here: here())
    case (.description, _):
      add(".question", "\(named) is a description: it takes no answer")
    case (.choice, _), (.shortAnswer, _), (.numerical, _), (.matching, _), (.essay, _), (.cloze, _):
      add("", "\(named) is \(question.kind.rawValue): it takes \(responseForm(of: question.kind))")
    }
    if let mark = answer.mark {
      if question.kind != .essay {
        add(".mark", "\(named) is scored automatically: only an essay is marked")
      } else if !(mark.score >= 0 && mark.score <= question.points) {
        add(".mark.score", "a mark must be from 0 to the question's points (\(JSONWriter.numberText(question.points)))")
      }
    }
    return problems
  }

  /// How an answer of `kind` is written, for messages.
  public static func responseForm(of kind: QuestionKind) -> String {
    switch kind {
    case .choice: "\"selected\": [CHOICE, …]"
    case .shortAnswer, .essay: "\"response\": TEXT"
    case .numerical: "\"response\": NUMBER AND UNIT (and \"unit\" when units are picked from a list)"
    case .matching: "\"matched\": {STEM: ANSWER, …}"
    case .description: "no answer"
    case .cloze: "\"parts\": [GAP ANSWER, …]"
    }
  }
}

// MARK: - Answers

extension QuizBankValidator {
  /// What is wrong with an answer's `parts` (at `here`): more responses than gaps, a response
  /// of another shape than its gap takes, unknown choices, two picks in a one-answer gap.
  static func gapAnswerProblems(_ responses: [Response], to cloze: Cloze, named: String, here: String) -> [Problem] {
    var problems: [Problem] = []
    if responses.count > cloze.parts.count {
      problems.append(
        Problem(
          path: here + ".parts",
          message: "\(named) has \(cloze.parts.count) gap\(cloze.parts.count == 1 ? "" : "s"), "
            + "the answer gives \(responses.count)"))
    }
    for (index, (part, response)) in zip(cloze.parts, responses).enumerated() {
      let at = "\(here).parts[\(index)]"
      if case .text("", nil) = response { continue }
      switch (part.body, response) {
      case (.shortAnswer, .text(_, nil)), (.numerical, .text(_, nil)): break
      case (.choice(let choice), .choices(let selected)):
        for (pick, id) in selected.enumerated() where !choice.choices.contains(where: { $0.id == id }) {
          problems.append(
            Problem(
              path: "\(at).selected[\(pick)]",
              message: "unknown choice \"\(id)\" of gap \(index + 1) of \(named) (choices: "
                + choice.choices.map(\.id).joined(separator: ", ") + ")"))
        }
        if !choice.isMultiple && selected.count > 1 {
          problems.append(
            Problem(
              path: "\(at).selected",
              message: "gap \(index + 1) of \(named) takes one answer, \(selected.count) were selected"))
        }
      case (.shortAnswer, _), (.numerical, _), (.choice, _):
        let form = part.kind == .choice ? "\"selected\": [CHOICE, …]" : "\"response\": TEXT"
        problems.append(
          Problem(path: at, message: "gap \(index + 1) of \(named) is a \(part.kind.rawValue) gap: it takes \(form)"))
      }
    }
    return problems
  }
}
