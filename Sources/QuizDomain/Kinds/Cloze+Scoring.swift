// Grading as Moodle's qtype_multianswer grades (question.php `grade_response`): each gap is a
// sub-question graded by its own kind, a gap left blank (not gradable) scores 0, and the
// question's fraction is Σ(gap fraction × gap points) / Σ(gap points). Nothing clamps the sum:
// a one-answer choice gap or a short-answer gap may give a negative fraction, and so may the
// question.
extension Cloze {
  /// Each gap's fraction for `responses` (in gap order), nil for a gap left blank; a list
  /// shorter than the gaps leaves the rest blank, responses beyond the gaps are ignored.
  public func partFractions(for responses: [Response]) -> [Double?] {
    parts.indices.map { index in
      responses.indices.contains(index) ? parts[index].fraction(for: responses[index]) : nil
    }
  }

  /// The fraction of the question's points `responses` earn (0 when the gaps are worth nothing,
  /// which validation refuses: Moodle would divide by zero).
  public func fraction(for responses: [Response]) -> Double {
    let total = points
    guard total > 0 else { return 0 }
    var sum = 0.0
    for (part, fraction) in zip(parts, partFractions(for: responses)) {
      sum += (fraction ?? 0) * part.points
    }
    return sum / total
  }

  /// Moodle's `get_random_guess_score` (questiontype.php): the gaps' random-guess fractions
  /// added up, not weighted by their points, over the sum of the points; nil when the gaps are
  /// worth nothing. With every gap worth 1 this is the mean; Moodle's own formula is kept.
  public var randomGuessFraction: Double? {
    let total = points
    // question_utils::MARK_TOLERANCE.
    guard total > 0.000_000_05 else { return nil }
    return parts.reduce(0) { $0 + $1.randomGuessFraction } / total
  }

  /// Whether `response` leaves a gap blank: Moodle grades no empty text (once trimmed) and no
  /// empty selection.
  public static func isBlank(_ response: Response) -> Bool {
    switch response {
    case .text(let text, _): ShortAnswer.trimmed(text).isEmpty
    case .choices(let selected): selected.isEmpty
    case .matched(let matches): matches.isEmpty
    case .parts(let parts): parts.allSatisfy(isBlank)
    }
  }
}

extension ClozePart {
  /// The gap's fraction for `response`, nil when it is blank; a response of another shape than
  /// the gap takes scores 0 (validation reports it).
  public func fraction(for response: Response) -> Double? {
    guard !Cloze.isBlank(response) else { return nil }
    switch (body, response) {
    case (.shortAnswer(let short), .text(let text, _)): return short.fraction(for: text)
    // Moodle grades any non-empty text (a non-number matches no answer); a gap has no units.
    case (.numerical(let numerical), .text(let text, _)): return numerical.grade(text, unit: nil)?.fraction ?? 0
    case (.choice(let choice), .choices(let selected)): return choice.fraction(for: selected)
    case (.shortAnswer, _), (.numerical, _), (.choice, _): return 0
    }
  }

  /// Moodle's random-guess fraction of the gap's kind: a short answer's `*` answer; a
  /// numerical `*` answer less the unit penalty Moodle saves for a cloze gap (1, so nothing is
  /// left of a fraction up to 1); a one-answer choice gap's mean fraction; nothing for a
  /// multiple-response gap (Moodle's multichoice gives null, which adds as 0).
  public var randomGuessFraction: Double {
    switch body {
    case .shortAnswer(let short): return short.randomGuessFraction
    case .numerical(var numerical):
      numerical.unitPenalty = numerical.unitPenalty ?? 1
      return numerical.randomGuessFraction
    case .choice(let choice):
      guard !choice.isMultiple, !choice.choices.isEmpty else { return 0 }
      return choice.fractions.reduce(0, +) / Double(choice.choices.count)
    }
  }
}

// A choice gap is graded as Moodle's multichoice, with the fractions Moodle's
// `qtype_multianswer_extract_question` stores for the alternatives as written.
extension ClozeChoice {
  /// The fraction of each choice, in order, as Moodle stores it: `=` is 1, `%n%` is n/100,
  /// unmarked is 0. In a multiple-response gap the positive fractions are rescaled to add up
  /// to 1, and when no alternative of the gap has a percentage, each other choice is −1 over
  /// the sum of the positive ones (a wrong pick cancels a right one).
  /// Blank alternatives (`blankMarks`) count in the sum and in whether a percentage was
  /// written, as Moodle reads them before it drops them.
  public var fractions: [Double] {
    let written = choices.map { $0.weight ?? ($0.correct ? 1 : 0) }
    guard isMultiple else { return written }
    let blanks = blankMarks ?? []
    let total = (written + blanks.map(\.fraction)).reduce(0) { $1 > 0 ? $0 + $1 : $0 }
    guard total != 0 else { return written }
    let hasPercentage =
      choices.contains { $0.weight != nil } || blanks.contains { if case .weight = $0 { true } else { false } }
    return written.map { fraction in
      if fraction > 0 { return fraction / total }
      return hasPercentage ? fraction : -1 / total
    }
  }

  /// The fraction a selection earns, nil when nothing is selected. One answer: the fraction
  /// of the choice picked (the first pick; it may be negative, and several choices may be
  /// worth 1). Multiple response: the sum of the picked choices' fractions, clamped to 0…1
  /// (Moodle's `qtype_multichoice_multi_question::grade_response`). Unknown ids earn nothing.
  public func fraction(for selected: [String]) -> Double? {
    guard let first = selected.first else { return nil }
    let fractions = fractions
    guard isMultiple else {
      return choices.firstIndex { $0.id == first }.map { fractions[$0] } ?? 0
    }
    let picked = Set(selected)
    var sum = 0.0
    for (choice, fraction) in zip(choices, fractions) where picked.contains(choice.id) { sum += fraction }
    return min(max(0, sum), 1)
  }
}

// MARK: - Regrading across versions

extension Cloze {
  /// Why a response to `answered` cannot be scored against this version, nil when it can: a
  /// response holds one part per gap, by position, so it fits only a version with as many gaps,
  /// each of the same kind (Moodle's `qtype_multianswer_question::validate_can_regrade_with_other_version`
  /// refuses the same regrade).
  public func regradeRefusal(from answered: Cloze) -> String? {
    guard parts.count == answered.parts.count else {
      return "it has \(parts.count) gap\(parts.count == 1 ? "" : "s") now, \(answered.parts.count) when answered"
    }
    for (index, (now, then)) in zip(parts, answered.parts).enumerated() where now.kind != then.kind {
      return "gap \(index + 1) is \(now.kind.rawValue) now, \(then.kind.rawValue) when answered"
    }
    return nil
  }
}
