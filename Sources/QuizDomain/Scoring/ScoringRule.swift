/// The four ways a multiple-choice question can be scored (docs/quiz-bank.md, "Scoring rules").
public enum ScoringRule: String, CaseIterable, Sendable {
  /// The full points when the selection equals the set of correct choices, else 0.
  case allOrNothing = "all-or-nothing"
  /// `P × max(0, (c − w) / C)`.
  case partial
  /// `P × (c + (W − w)) / (C + W)`: every choice judged on its own.
  case perChoice = "per-choice"
  /// `P × clamp(Σ weights of the selected choices, 0, 1)`.
  case weighted
}

/// Pure scoring: a question, a selection, a rule → points.
public enum Scoring {
  /// The points earned by selecting the choices `selected` (ids; unknown ids count as nothing)
  /// under `rule`. Callers reject invalid selections (unknown ids, two picks on a
  /// single-answer question) before scoring.
  public static func score(_ question: Question, selected: some Collection<String>, rule: ScoringRule)
    -> Double
  {
    let picked = Set(selected)
    let points = question.points
    let correctTotal = question.choices.count(where: { $0.correct })
    let wrongTotal = question.choices.count - correctTotal
    let correctPicked = question.choices.count(where: { $0.correct && picked.contains($0.id) })
    let wrongPicked = question.choices.count(where: { !$0.correct && picked.contains($0.id) })
    // A single-answer question may have several correct choices (Moodle's `{=2 =4 ~3}`): as
    // Moodle's qtype_multichoice_single grades the one answer chosen, picking any of them is a
    // full answer under every rule but `weighted`, which takes the pick's weight.
    if !question.multiple && rule != .weighted && correctPicked > 0 && wrongPicked == 0 { return points }

    switch rule {
    case .allOrNothing:
      return correctPicked == correctTotal && wrongPicked == 0 ? points : 0
    case .partial:
      guard correctTotal > 0 else { return 0 }
      return points * max(0, Double(correctPicked - wrongPicked) / Double(correctTotal))
    case .perChoice:
      let total = correctTotal + wrongTotal
      guard total > 0 else { return 0 }
      return points * Double(correctPicked + (wrongTotal - wrongPicked)) / Double(total)
    case .weighted:
      var sum = 0.0
      let weighted = question.multiple ? correctTotal : min(correctTotal, 1)
      for choice in question.choices where picked.contains(choice.id) {
        sum += weight(of: choice, correctTotal: weighted, wrongTotal: wrongTotal)
      }
      return points * min(1, max(0, sum))
    }
  }

  /// The `C` of the default weights: the correct choices of a multiple-answer question; 1 on a
  /// single-answer question (at most one), which takes one pick, so that each of its correct
  /// choices alone is a full answer, as in Moodle.
  public static func weightedCorrectTotal(_ question: Question) -> Int {
    let correct = question.choices.count(where: \.correct)
    return question.multiple ? correct : min(correct, 1)
  }

  /// A choice's weight under `weighted`: its own, else 1/C when correct and −1/W when wrong
  /// (`C` from `weightedCorrectTotal`).
  public static func weight(of choice: Choice, correctTotal: Int, wrongTotal: Int) -> Double {
    if let weight = choice.weight { return weight }
    if choice.correct { return correctTotal > 0 ? 1 / Double(correctTotal) : 0 }
    return wrongTotal > 0 ? -1 / Double(wrongTotal) : 0
  }

  /// The points `answer` earns on `question` of any kind: choices under `rule`, a typed or
  /// matched response as its kind grades it, a cloze question's gaps as Moodle grades them (the
  /// total may be below 0), an essay its mark (0 until marked, at most the
  /// points), a description
  /// nothing. A response of another kind than the question's earns 0 (validation reports it).
  public static func score(_ question: Question, answer: Answer, rule: ScoringRule) -> Double {
    switch (question.body, answer.response) {
    case (.choice, .choices(let selected)):
      return score(question, selected: selected, rule: rule)
    case (.shortAnswer(let body), .text(let text, _)):
      return question.points * body.fraction(for: text)
    case (.numerical(let body), .text(let text, let unit)):
      return question.points * (body.grade(text, unit: unit)?.fraction ?? 0)
    case (.matching(let body), .matched(let matched)):
      return question.points * body.fraction(for: matched)
    case (.cloze(let body), .parts(let responses)):
      return question.points * body.fraction(for: responses)
    case (.essay, _):
      // A mark given before the question's points were lowered counts up to the points.
      return min(answer.mark?.score ?? 0, question.points)
    // A response of another shape than the kind takes (validation reports it), and a
    // description, score nothing.
    case (.choice, _), (.shortAnswer, _), (.numerical, _), (.matching, _), (.cloze, _), (.description, _):
      return 0
    }
  }

  /// Scores every answer of `attempt` against `quiz`; questions not answered score 0.
  /// Answers naming questions the quiz lacks score 0 (validation reports them first).
  public static func score(_ attempt: Attempt, in quiz: Quiz) -> ScoredAttempt {
    let positions = quiz.questionPositions
    let scores = attempt.answers.map { answer -> Double in
      guard let (section, position) = positions[answer.question] else { return 0 }
      let question = quiz.sections[section].questions[position]
      return score(question, answer: answer, rule: quiz.scoringRule(for: question))
    }
    return ScoredAttempt(
      attempt: attempt, score: scores.reduce(0, +), maxScore: QuestionDraw.maxScore(given: attempt.given, in: quiz),
      answerScores: scores)
  }
}
