import QuizBankFormat
import QuizDomain
import QuizRepository

/// One attempt question by question, as `quiz history ATTEMPT` shows it.
enum AttemptView {
  static func text(_ detail: AttemptDetail, console: Console) -> String {
    let summary = detail.summary
    var text = console.styled("Attempt \(summary.id)", .bold) + "\n"
    text += "Quiz: \(summary.quiz) · Taker: \(summary.taker)\n"
    var times = "Submitted: \(summary.submittedAt.text)"
    if let duration = summary.duration { times += " · Duration: \(DurationText.format(duration))" }
    text += times + "\n"
    text += "Score: \(NumberText.points(summary.score)) / \(NumberText.points(summary.maxScore))"
    if let fraction = summary.fraction { text += " (\(NumberText.percent(fraction)))" }
    let pending = detail.answers.filter(\.needsMarking).count
    if pending > 0 {
      text += console.styled(" · provisional: \(NumberText.plural(pending, "essay")) to be marked", .yellow)
    }
    text += "\n"
    for note in detail.regrades {
      text +=
        console.styled(
          "Regraded \(note.at.text): \(NumberText.points(note.oldScore)) / \(NumberText.points(note.oldMaxScore)) → "
            + "\(NumberText.points(note.newScore)) / \(NumberText.points(note.newMaxScore))", .yellow) + "\n"
    }
    for (index, answer) in detail.answers.enumerated() {
      var facts = [
        "version \(answer.version)",
        answer.question.kind == .choice ? answer.rule.rawValue : answer.question.kind.rawValue,
      ]
      if answer.retired {
        facts.append("retired since")
      } else if answer.currentVersion != answer.version {
        facts.append("now version \(answer.currentVersion)")
      }
      if let scored = answer.scoredVersion { facts.append("scored against version \(scored) by a regrade") }
      text +=
        "\n" + console.styled("Q\(index + 1)  \(answer.questionID)", .bold) + "  "
        + console.styled("(\(facts.joined(separator: ", ")))", .dim) + "\n"
      // Shown as the version its score is out of: after a regrade, the later one.
      let shown = answer.scoredAgainst.terminalSafe
      text += ShowCommand.indented(shown.prompt, by: 4) + "\n"
      text += KindLines.reveal(
        shown, response: answer.response,
        graded: Graded(question: answer.scoredAgainst, response: answer.response), marks: answer.marks,
        console: console, indent: 4)
      if answer.question.kind != .description {
        let pending = answer.needsMarking ? console.styled("  needs marking", .yellow) : ""
        text +=
          "    Points: \(NumberText.points(answer.score)) / \(NumberText.points(answer.scoredAgainst.points))\(pending)\n"
      }
    }
    return text
  }

  static func json(_ detail: AttemptDetail) -> String {
    return String(decoding: JSONWriter.document(AttemptDetailJSON(detail: detail)), as: UTF8.self)
  }
}

/// Choices after an answer was given: ✓ on correct choices (green), ✗ on wrong picks (red),
/// "missed" on correct choices not picked, and the feedback of picked choices.
enum ChoiceMarks {
  static func lines(for question: Question, selected: [String], console: Console, indent: Int) -> String {
    let picked = Set(selected)
    let pad = String(repeating: " ", count: indent)
    var text = ""
    // Labelled as the question was shown (its numbering, by position; else the ids).
    let labels = TakeOptions.labels(question, forTyping: false)
    for (choice, label) in zip(question.choices, labels) {
      let isPicked = picked.contains(choice.id)
      let box = question.multiple ? (isPicked ? "[x]" : "[ ]") : (isPicked ? "(•)" : "( )")
      var line = "\(pad)\(box) " + (label.map { "\($0)) " } ?? "") + choice.text.replacingNewlines()
      switch (choice.correct, isPicked) {
      case (true, true): line = console.styled(line + "  ✓", .green)
      case (true, false): line = console.styled(line + "  ✓ missed", .yellow)
      case (false, true): line = console.styled(line + "  ✗", .red)
      case (false, false): break
      }
      text += line + "\n"
      if isPicked, let feedback = choice.feedback, !feedback.isEmpty {
        text += console.styled("\(pad)      \(feedback.replacingNewlines())", .dim) + "\n"
      }
    }
    if let explanation = question.explanation, !explanation.isEmpty {
      text += console.styled(ShowCommand.indented("→ " + explanation, by: indent), .dim) + "\n"
    }
    return text
  }
}

/// `quiz history ATTEMPT --format json`: the attempt, question by question.
struct AttemptDetailJSON: JSONView {
  let detail: AttemptDetail

  func write(to writer: inout JSONWriter) {
    let summary = detail.summary
    writer.beginObject()
    writer.field("id", summary.id)
    writer.field("quiz", summary.quiz)
    writer.field("taker", summary.taker)
    writer.optionalField("started_at", summary.startedAt?.text)
    writer.field("submitted_at", summary.submittedAt.text)
    writer.field("score", summary.score)
    writer.field("max_score", summary.maxScore)
    writer.key("regrades")
    writer.beginArray()
    for note in detail.regrades {
      writer.beginObject()
      writer.field("at", note.at.text)
      writer.field("old_score", note.oldScore)
      writer.field("new_score", note.newScore)
      writer.field("old_max_score", note.oldMaxScore)
      writer.field("new_max_score", note.newMaxScore)
      writer.endObject()
    }
    writer.endArray()
    writer.key("answers")
    writer.beginArray()
    for answer in detail.answers {
      writer.beginObject()
      writer.field("question", answer.questionID)
      writer.field("version", answer.version)
      writer.field("current_version", answer.currentVersion)
      writer.field("retired", answer.retired)
      // After a regrade, the version the score is out of (as the text view shows it).
      if let scored = answer.scoredVersion { writer.field("scored_version", scored) }
      writer.field("prompt", answer.question.prompt)
      if answer.question.kind == .choice {
        writer.field("scoring", answer.rule.rawValue)
      } else {
        writer.field("type", answer.question.kind.rawValue)
      }
      answer.response.writeFields(to: &writer)
      if answer.question.kind == .choice {
        writer.key("correct")
        writer.beginArray()
        for id in answer.scoredAgainst.correctChoiceIDs { writer.string(id) }
        writer.endArray()
      }
      if !answer.marks.isEmpty {
        writer.key("marks")
        writer.beginArray()
        for mark in answer.marks { QuizBankWriter.write(mark, to: &writer) }
        writer.endArray()
      }
      if answer.needsMarking { writer.field("needs_marking", true) }
      writer.field("score", answer.score)
      writer.field("points", answer.scoredAgainst.points)
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }
}
