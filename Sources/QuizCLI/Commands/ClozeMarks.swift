import QuizDomain

/// How each gap of a cloze response did, for the reveal's colours, as the domain grades it
/// (`Cloze.partFractions`, Moodle's rules): a blank gap counts as 0 here.
enum ClozeMarks {
  /// The fraction of each gap, in gap order; a gap without a response (or blank) is 0.
  static func fractions(_ cloze: Cloze, responses: [Response]) -> [Double] {
    cloze.partFractions(for: responses).map { $0 ?? 0 }
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
