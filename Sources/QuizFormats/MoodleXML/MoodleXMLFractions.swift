import QuizDomain

// MARK: - Fractions on export

/// How each scoring rule becomes Moodle fractions. Moodle scores a question of one answer with
/// the fraction of the choice picked, and one of several answers with the sum of the fractions
/// picked, clamped to 0…1. A choice's own weight, when set, is written as its fraction whatever
/// the rule (it is the author's Moodle fraction, and the reader sets it on every choice of
/// several answers, so export → import → export gives the same fractions); otherwise:
///
/// | rule           | one answer                                  | several answers                     |
/// |----------------|---------------------------------------------|-------------------------------------|
/// | weighted       | correct 100, wrong 0 (exact: −1/W clamps)   | +1/C, −1/W (exact: Moodle's rule)   |
/// | partial        | correct 100, wrong 0 (exact)                | +1/C, −1/C (exact)                  |
/// | all-or-nothing | correct 100, wrong 0 (exact)                | +1/C, −100 (nearest; warned)        |
/// | per-choice     | correct 100, wrong (W−1)/(W+1) (exact)      | +1/C, −1/C (nearest; warned)        |
///
/// The correct choice of one answer is always 100 (Moodle's requirement). Each fraction is then
/// snapped to Moodle's grade list, on its own side of 0 (a choice of several answers is correct
/// when above 0; a wrong choice of one answer never reaches 100), with a warning for each choice
/// moved further than Moodle's own tolerance.
extension MoodleXML {
  struct Fraction: Equatable {
    /// As written: a text of the grade list.
    var text: String
    /// What a warning says about it, nil when it is exact.
    var warning: String?
  }

  /// The fractions of `question`'s choices under `rule` (a multiple-choice question; true/false
  /// questions are written 100 and 0), and the question's warnings (its choices' warnings are
  /// in the fractions).
  static func fractions(of question: Question, rule: ScoringRule) -> (fractions: [Fraction], warnings: [String]) {
    let name = "question \"\(question.id)\""
    let correctTotal = question.choices.count(where: \.correct)
    let wrongTotal = question.choices.count - correctTotal
    var warnings: [String] = []
    var fractions: [Fraction] = []

    if !question.multiple {
      if let correct = question.choices.first(where: \.correct), let weight = correct.weight, weight != 1 {
        warnings.append(
          "\(name): the weight of its correct choice \(correct.id) cannot be written in Moodle XML, where the "
            + "correct answer of a question of one answer is worth 100%")
      }
      if rule != .weighted && question.choices.contains(where: { !$0.correct && $0.weight != nil }) {
        warnings.append(
          "\(name): its choices' weights are written as Moodle fractions, though its scoring rule "
            + "(\(rule.rawValue)) does not use them")
      }
      for choice in question.choices {
        guard !choice.correct else {
          fractions.append(Fraction(text: "100"))
          continue
        }
        var weight = choice.weight ?? 0
        if choice.weight == nil && rule == .perChoice && wrongTotal > 0 {
          // Per-choice scores a wrong pick (W − 1)/(W + 1): the other wrong choices left alone.
          weight = Double(wrongTotal - 1) / Double(wrongTotal + 1)
        }
        if weight >= 1 {
          fractions.append(
            Fraction(
              text: "90",
              warning: "\(name), choice \(choice.id): a wrong choice of one answer cannot have the fraction 100, "
                + "which makes a choice correct; written as 90"))
          continue
        }
        fractions.append(
          snapped(weight, side: weight > 0 ? .positiveBelowFull : .nonPositive, question: question, choice: choice))
      }
      return (fractions, warnings)
    }

    let hasWeights = question.choices.contains { $0.weight != nil }
    switch rule {
    case .weighted:
      break
    case .allOrNothing:
      warnings.append(
        "\(name): all-or-nothing scoring of several answers has no Moodle equivalent, where the fractions of the "
          + "choices picked add up (some correct choices and no wrong one earn part of the points): written with "
          + "its choices' weights, else +1/C for a correct choice and -100 for a wrong one")
    case .perChoice:
      warnings.append(
        "\(name): per-choice scoring has no Moodle equivalent, where the fractions of the choices picked add up: "
          + "written with its choices' weights, else +1/C for a correct choice and -1/C for a wrong one (partial)")
    case .partial:
      if hasWeights {
        warnings.append(
          "\(name): its choices' weights are written as Moodle fractions, though its scoring rule (partial) "
            + "does not use them")
      }
    }
    let share = correctTotal > 0 ? 1 / Double(correctTotal) : 0
    for choice in question.choices {
      let weight: Double
      if let own = choice.weight {
        weight = own
      } else {
        switch rule {
        case .weighted: weight = Scoring.weight(of: choice, correctTotal: correctTotal, wrongTotal: wrongTotal)
        case .partial, .perChoice: weight = choice.correct ? share : -share
        case .allOrNothing: weight = choice.correct ? share : -1
        }
      }
      if (weight > 0) != choice.correct {
        warnings.append(
          "\(name): choice \(choice.id) is \(choice.correct ? "correct" : "wrong") but its weight is "
            + "\(weight > 0 ? "above" : "not above") 0; Moodle XML reads a choice of several answers as correct "
            + "when its fraction is above 0")
      }
      fractions.append(snapped(weight, side: weight > 0 ? .positive : .nonPositive, question: question, choice: choice))
    }
    return (fractions, warnings)
  }

  /// Which grades a fraction may snap to: it stays on its side of 0, and a wrong choice of one
  /// answer below 100 (at 100 it would read back as a second correct choice).
  enum Side {
    case positive, positiveBelowFull, nonPositive

    func allows(_ weight: Double) -> Bool {
      switch self {
      case .positive: weight > 0
      case .positiveBelowFull: weight > 0 && weight < 1
      case .nonPositive: weight <= 0
      }
    }
  }

  /// The grade nearest `weight` on `side` (the larger of two as near), with a warning when it is
  /// further than Moodle's tolerance.
  static func snapped(_ weight: Double, side: Side, question: Question, choice: Choice) -> Fraction {
    var best: (text: String, weight: Double)?
    for grade in grades where side.allows(grade.weight) {
      if let current = best, abs(grade.weight - weight) >= abs(current.weight - weight) { continue }
      best = grade
    }
    guard let best else { return Fraction(text: "0") }  // every side has grades
    guard abs(best.weight - weight) >= gradeTolerance else { return Fraction(text: best.text) }
    return Fraction(
      text: best.text,
      warning: "question \"\(question.id)\", choice \(choice.id): the fraction \(percentText(weight)) is not on "
        + "Moodle's grade list; written as \(best.text)")
  }
}
