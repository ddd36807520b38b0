import QuizDomain

/// How each gap of a cloze response did, for the reveal's colours: its fraction, from the gap
/// kind's own rules (short answer and numerical as those kinds grade; a one-answer choice gap
/// gives the chosen alternative's fraction). The score recorded is always `Scoring.score`'s;
/// this only colours what is shown.
enum ClozeMarks {
  /// A choice alternative's fraction as written: `=` is 1, `%n%` is n/100, unmarked 0.
  static func fraction(of choice: Choice) -> Double {
    choice.weight ?? (choice.correct ? 1 : 0)
  }

  /// The fraction of each gap, in gap order; a gap without a response (or blank) is 0.
  static func fractions(_ cloze: Cloze, responses: [Response]) -> [Double] {
    cloze.parts.enumerated().map { index, part in
      index < responses.count ? fraction(part, responses[index]) : 0
    }
  }

  static func fraction(_ part: ClozePart, _ response: Response) -> Double {
    switch (part.body, response) {
    case (.shortAnswer(let body), .text(let typed, _)): return body.fraction(for: typed)
    case (.numerical(let body), .text(let typed, let unit)): return body.grade(typed, unit: unit)?.fraction ?? 0
    case (.choice(let body), .choices(let ids)):
      let picked = body.choices.filter { ids.contains($0.id) }
      guard body.isMultiple else { return picked.first.map(fraction(of:)) ?? 0 }
      // Moodle's multiple-response rule: the positive fractions rescaled to sum to 1.
      let positive = body.choices.map(fraction(of:)).filter { $0 > 0 }.reduce(0, +)
      guard positive > 0 else { return 0 }
      let total = picked.map { fraction(of: $0) }.map { $0 > 0 ? $0 / positive : $0 }.reduce(0, +)
      return min(1, total)
    default: return 0
    }
  }
}

// MARK: - Terminal-safe texts

extension Cloze {
  /// Every gap's texts safe for a terminal: answers and choices on one line, feedback through
  /// `show` (the question's text format rendered), units on one line.
  func terminalSafe(_ show: (String) -> String) -> Cloze {
    var cloze = self
    for p in cloze.parts.indices {
      switch cloze.parts[p].body {
      case .shortAnswer(var short):
        for a in short.answers.indices {
          short.answers[a].text = short.answers[a].text.terminalSafeLine
          short.answers[a].feedback = short.answers[a].feedback.map(show)
        }
        cloze.parts[p].body = .shortAnswer(short)
      case .numerical(var numerical):
        for a in numerical.answers.indices { numerical.answers[a].feedback = numerical.answers[a].feedback.map(show) }
        for u in numerical.units.indices { numerical.units[u].unit = numerical.units[u].unit.terminalSafeLine }
        cloze.parts[p].body = .numerical(numerical)
      case .choice(var choice):
        for c in choice.choices.indices {
          choice.choices[c].text = show(choice.choices[c].text)
          choice.choices[c].feedback = choice.choices[c].feedback.map(show)
        }
        cloze.parts[p].body = .choice(choice)
      }
    }
    return cloze
  }
}
