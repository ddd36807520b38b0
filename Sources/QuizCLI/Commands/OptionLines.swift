import QuizDomain

/// What `show` prints of a question's options (docs/quiz-bank.md, "Question options"): the
/// numbering, hints and penalty always; the outcome feedback, which tells how an answer did,
/// only with the answers. Choices keep their ids there: answers name them.
enum OptionLines {
  static func lines(_ question: Question, withAnswers: Bool, console: Console, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var text = ""
    var facts: [String] = []
    if let numbering = question.body.numbering { facts.append("numbering: \(numbering.rawValue)") }
    if let penalty = question.penalty { facts.append("penalty: \(NumberText.points(penalty))") }
    if !facts.isEmpty { text += console.styled(pad + facts.joined(separator: " · "), .dim) + "\n" }
    for (index, hint) in question.hints.enumerated() {
      text += console.styled("\(pad)Hint \(index + 1): " + hint.text.terminalSafeLine, .yellow) + "\n"
    }
    guard withAnswers, let feedback = question.outcomeFeedback else { return text }
    let outcomes = [
      ("If correct", feedback.correct), ("If partially correct", feedback.partiallyCorrect),
      ("If incorrect", feedback.incorrect),
    ]
    for (name, value) in outcomes {
      guard let value, !value.isEmpty else { continue }
      text += console.styled("\(pad)\(name): " + value.terminalSafeLine, .dim) + "\n"
    }
    return text
  }
}
