import QuizDomain

// MARK: - What a file does not show

extension Quiz {
  /// What a file of a format that carries `carries` does not show of this quiz, one phrase
  /// each ("section picks (Week 1: 2 of 4)", "points"), for the header of an edited file.
  public func notShown(carries: FormatCarries, echo: @escaping (Quiz) -> Quiz?) -> [String] {
    var phrases: [String] = []
    let shown = echo(self)
    if description != nil && shown?.description == nil { phrases.append("the description") }
    if shuffleQuestions != nil && shown?.shuffleQuestions == nil {
      phrases.append("shuffle_questions (\(shuffleQuestions == true ? "true" : "false"))")
    }
    if let shown, shown.scoring != scoring {
      phrases.append("the quiz's rule (\(scoring.map(\.rawValue) ?? "none: all-or-nothing"))")
    }
    let picks = sections.compactMap { section in
      section.pick.map { "\(section.title ?? "untitled"): \($0) of \(section.questions.count)" }
    }
    if !picks.isEmpty { phrases.append("section picks (\(picks.joined(separator: ", ")))") }
    let empty = sections.count(where: \.questions.isEmpty)
    if empty > 0 { phrases.append("empty sections (\(empty))") }
    if !carries.contains(.sections) && sections.count > 1 { phrases.append("sections (\(sections.count))") }
    let random = sections.reduce(0) { $0 + $1.randomCount }
    if random > 0 && !carries.contains(.randomSlots) { phrases.append("random slots (\(random)), kept as they are") }
    let placed = questions.filter { $0.slot != nil }.map(\.id)
    if !placed.isEmpty {
      phrases.append("that \(placed.joined(separator: ", ")) \(placed.count == 1 ? "is" : "are") placed from banks")
    }
    if !carries.carriesEveryKind {
      let others = questions.filter { !carries.carries(question: $0) }.map {
        "\($0.id) (\($0.kind == .choice ? "several answers" : $0.kind.rawValue))"
      }
      if !others.isEmpty {
        phrases.append("questions of other types, kept as they are: " + others.joined(separator: ", "))
      }
    }
    return phrases + questionPhrases(carries: carries, echo: echo)
  }

  /// What a question's parts of another kind lost in the file, one phrase each.
  static func bodyPhrases(_ shown: QuestionBody, _ stored: QuestionBody) -> [String] {
    switch (shown, stored) {
    case (.numerical(let shown), .numerical(let stored)):
      var phrases: [String] = []
      if shown.units != stored.units { phrases.append("numerical units") }
      if shown.unitGrading != stored.unitGrading || shown.unitPenalty != stored.unitPenalty
        || shown.unitInput != stored.unitInput || shown.unitsLeft != stored.unitsLeft
      {
        phrases.append("unit grading")
      }
      return phrases
    case (.shortAnswer(let shown), .shortAnswer(let stored)):
      return shown.caseSensitive != stored.caseSensitive ? ["case sensitivity of short answers"] : []
    case (.essay(let shown), .essay(let stored)):
      return shown != stored ? ["essay settings"] : []
    case (.matching(let shown), .matching(let stored)):
      return shown.pairs.map(\.id) != stored.pairs.map(\.id) ? ["matching pair ids"] : []
    case (.cloze(let shown), .cloze(let stored)):
      let ids = { (cloze: Cloze) in
        cloze.parts.map { part -> [String] in if case .choice(let gap) = part.body { gap.choices.map(\.id) } else { [] }
        }
      }
      return ids(shown) != ids(stored) ? ["cloze choice ids"] : []
    case (.choice, _), (.numerical, _), (.shortAnswer, _), (.essay, _), (.matching, _), (.cloze, _), (.description, _):
      return []
    }
  }

  /// The phrases for what the questions have that their echoes lost.
  private func questionPhrases(carries: FormatCarries, echo: @escaping (Quiz) -> Quiz?) -> [String] {
    var matcher = QuestionMatcher(stored: self, carries: carries, echo: echo)
    var files = 0
    var found: [String] = []
    func note(_ phrase: String) { if !found.contains(phrase) { found.append(phrase) } }
    for question in questions where carries.carries(question: question) {
      guard let shown = matcher.echoed(question) else {
        note("questions this format cannot hold")
        continue
      }
      if !carries.contains(.files) { files += question.files.count }
      if !carries.contains(.questionIDs) && shown.id != question.id { note("question ids") }
      if shown.choices.map(\.id) != question.choices.map(\.id) { note("choice ids") }
      if shown.points != question.points { note("points") }
      if shown.shuffle != question.shuffle { note("shuffle") }
      if shown.scoring != question.scoring { note("questions' own rules") }
      if zip(shown.choices, question.choices).contains(where: { $0.weight != nil && $1.weight == nil }) {
        note("weights left unset")
      }
      for phrase in Self.bodyPhrases(shown.body, question.body) { note(phrase) }
    }
    return (files > 0 ? ["embedded files (\(files))"] : []) + found
  }
}
