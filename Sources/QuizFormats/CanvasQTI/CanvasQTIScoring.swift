import QuizDomain

/// How Canvas scores what a package gives it, against quiz's rules. A QTI package cannot say
/// how to score: Canvas scores each question type its own way.
///
/// - A multiple-choice or true/false question: all the points for the correct choice, none
///   otherwise. That is quiz's `all-or-nothing` on a single-answer question (and `partial`).
/// - A multiple-answers question: points/C for each correct choice picked, as much taken off
///   for each wrong one, never below 0 ("partial credit with penalty"): quiz's `partial`.
///
/// Choice weights cannot be written at all.
enum CanvasQTIScoring {
  /// The warning for `question`, scored by `rule` in quiz, when Canvas will score it otherwise
  /// or its weights are left out; nil when nothing is lost.
  static func warning(for question: Question, rule: ScoringRule) -> String? {
    var lost: [String] = []
    if question.choices.contains(where: { $0.weight != nil }) { lost.append("the weights of its choices") }
    if !scoresAlike(question, rule: rule) { lost.append("its scoring rule (\(rule.rawValue))") }
    guard !lost.isEmpty else { return nil }
    let canvas =
      question.multiple
      ? "Canvas gives a multiple-answers question partial credit its own way (points/C for each correct choice "
        + "picked, as much off for each wrong one, at least 0: quiz's partial)"
      : "Canvas gives all the points for the correct choice and none otherwise"
    return "question \"\(question.id)\": \(lost.joined(separator: " and ")) cannot be written in Canvas QTI; \(canvas)"
  }

  /// Whether Canvas's scoring of `question` gives every selection what `rule` gives it.
  static func scoresAlike(_ question: Question, rule: ScoringRule) -> Bool {
    let correctTotal = question.choices.count(where: \.correct)
    let wrongTotal = question.choices.count - correctTotal
    func weight(_ choice: Choice) -> Double {
      Scoring.weight(of: choice, correctTotal: correctTotal, wrongTotal: wrongTotal)
    }
    if question.multiple {
      switch rule {
      case .partial: return true
      case .allOrNothing, .perChoice: return false
      case .weighted:
        // Canvas's rule, written as weights: +1/C for a correct choice, −1/C for a wrong one.
        guard correctTotal > 0 else { return false }
        let share = 1 / Double(correctTotal)
        return question.choices.allSatisfy { abs(weight($0) - ($0.correct ? share : -share)) < 1e-9 }
      }
    }
    switch rule {
    case .allOrNothing, .partial: return true
    // A wrong pick still earns the wrong choices left alone.
    case .perChoice: return false
    case .weighted:
      // The clamp to [0, 1] makes it all-or-nothing exactly when the correct choice is worth
      // at least everything and no wrong one is worth anything.
      return question.choices.allSatisfy { $0.correct ? weight($0) >= 1 : weight($0) <= 0 }
    }
  }
}
