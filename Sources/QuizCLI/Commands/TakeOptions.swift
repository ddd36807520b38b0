import QuizDomain

/// What `take` shows of a question's options (docs/quiz-bank.md, "Question options"), in line
/// mode and full screen alike: the choices' labels by the question's numbering, the hints one
/// request at a time, the outcome feedback after the answer.
enum TakeOptions {
  /// The label of each choice in the order shown; the choice ids when the question has no
  /// numbering (the labels typed since the first release) or, at a line prompt, `none`
  /// (something must be typed). Nil entries: no label (`none`, full screen).
  static func labels(_ question: Question, forTyping: Bool) -> [String?] {
    guard case .choice(let body) = question.body, let numbering = body.numbering else {
      return question.choices.map(\.id)
    }
    if numbering == .none && forTyping { return question.choices.map(\.id) }
    return question.choices.indices.map { numbering.label(at: $0) }
  }

  /// The choice id a typed label names (case aside: `B` is `b` under `abc`, `II` is `ii`).
  static func choiceID(forTyped typed: String, in question: Question) -> String? {
    let labels = labels(question, forTyping: true)
    if let index = labels.firstIndex(where: { $0 == typed }) { return question.choices[index].id }
    let lowered = typed.lowercased()
    let matches = labels.indices.filter { labels[$0]?.lowercased() == lowered }
    return matches.count == 1 ? question.choices[matches[0]].id : nil
  }

  /// Hint `shown + 1` of the question's, "Hint N of M: …", or the note that there are no more.
  static func nextHint(_ question: Question, shown: Int) -> (text: String, isHint: Bool) {
    guard shown < question.hints.count else {
      return (question.hints.isEmpty ? "This question has no hints." : "No more hints.", false)
    }
    return ("Hint \(shown + 1) of \(question.hints.count): \(question.hints[shown].text)", true)
  }

  /// The outcome feedback for an answer that earned `points`, for a question scored without a
  /// person.
  static func outcomeText(_ question: Question, points: Double) -> String? {
    guard question.kind.isScoredAutomatically, question.points > 0, let feedback = question.outcomeFeedback else {
      return nil
    }
    return feedback.text(forFraction: points / question.points)
  }
}

/// The hints a line-mode taker has asked for on the current question.
final class HintCursor {
  private(set) var question: Question?
  private(set) var shown = 0

  func start(_ question: Question) {
    self.question = question
    shown = 0
  }

  /// The next hint (or the note that there are none left), counting it as shown.
  func next() -> String? {
    guard let question else { return nil }
    let (text, isHint) = TakeOptions.nextHint(question, shown: shown)
    if isHint { shown += 1 }
    return text
  }
}
