import QuizDomain

// MARK: - Questions and choices

/// Matches the questions of a file to the stored ones they stand for (by id, or by prompt for a
/// format without ids) and merges each with its match.
struct QuestionMatcher {
  let stored: Quiz
  let carries: FormatCarries
  let echo: (Quiz) -> Quiz?
  /// The ids of the stored questions matched so far.
  private(set) var storedIDs = Set<String>()
  private var echoes: [String: Question?] = [:]

  init(stored: Quiz, carries: FormatCarries, echo: @escaping (Quiz) -> Quiz?) {
    self.stored = stored
    self.carries = carries
    self.echo = echo
  }

  /// `edited` with what the format could not show of its stored question.
  mutating func merge(_ edited: Question) -> Question {
    guard let old = match(edited) else { return edited }
    storedIDs.insert(old.id)
    return QuestionMerge(edited: edited, stored: old, echo: echoed(old), carries: carries).merged
  }

  private mutating func match(_ edited: Question) -> Question? {
    let candidates = stored.questions.filter { !storedIDs.contains($0.id) }
    if carries.contains(.questionIDs) { return candidates.first { $0.id == edited.id } }
    return candidates.first { echoed($0)?.prompt == edited.prompt }
  }

  /// The stored question as the format reads it back, alone in the quiz (whose rule some
  /// formats' weights follow); nil when the format cannot write it.
  mutating func echoed(_ question: Question) -> Question? {
    if let known = echoes[question.id] { return known }
    let alone = Quiz(
      id: stored.id, title: stored.title, scoring: stored.scoring, sections: [Section(questions: [question])])
    let shown = echo(alone)?.questions.first
    echoes[question.id] = shown
    return shown
  }
}

/// One edited question merged with its stored version.
struct QuestionMerge {
  let edited: Question
  let stored: Question
  let echo: Question?
  let carries: FormatCarries

  var merged: Question {
    var question = edited
    question.id = stored.id
    question.prompt = keep(\.prompt)
    question.explanation = keep(\.explanation)
    question.points = keep(\.points)
    question.multiple = keep(\.multiple)
    question.scoring = keep(\.scoring)
    question.shuffle = keep(\.shuffle)
    question.textFormat = keep(\.textFormat)
    question.tags = keep(\.tags)
    // Hints, the penalty and the outcome feedback: only Moodle XML and quiz-bank/1 show them.
    question.hints = keep(\.hints)
    question.penalty = keep(\.penalty)
    question.outcomeFeedback = keep(\.outcomeFeedback)
    let (choices, renamed) = mergedChoices()
    question.choices = choices
    if case .choice(var body) = question.body {
      body.numbering = keep(\.body.numbering)
      question.body = .choice(body)
    }
    question.files = files(of: question, renamed: renamed)
    // Another kind's parts as the format shows them (GIFT: no units, no essay settings): the
    // stored parts stay.
    if edited.kind != .choice, let echo, edited.body == echo.body { question.body = stored.body }
    return question
  }

  private func keep<T: Equatable>(_ field: KeyPath<Question, T>) -> T {
    Keep.value(edited[keyPath: field], echo: echo?[keyPath: field], stored: stored[keyPath: field])
  }

  /// The stored choice each edited choice stands for: the one of the same text as shown, else
  /// the one at its position.
  private func matches() -> [Int?] {
    let shown = echo?.choices ?? stored.choices
    var used = Set<Int>()
    var result: [Int?] = edited.choices.map { choice in
      guard let index = shown.indices.first(where: { !used.contains($0) && shown[$0].text == choice.text })
      else { return nil }
      used.insert(index)
      return index
    }
    for position in result.indices where result[position] == nil {
      if position < stored.choices.count, !used.contains(position) {
        used.insert(position)
        result[position] = position
      }
    }
    return result
  }

  /// The merged choices, and each edited choice id's merged id.
  private func mergedChoices() -> ([Choice], [String: String]) {
    let matched = matches()
    let shown = echo.map(\.choices).flatMap { $0.count == stored.choices.count ? $0 : nil }
    var taken = Set(matched.compactMap { $0.map { stored.choices[$0].id } })
    var renamed: [String: String] = [:]
    var choices: [Choice] = []
    for (choice, match) in zip(edited.choices, matched) {
      var merged = choice
      if let match {
        let old = stored.choices[match]
        let echoed = shown?[match]
        if !carries.contains(.choiceIDs) { merged.id = old.id }
        merged.text = Keep.value(choice.text, echo: echoed?.text, stored: old.text)
        merged.correct = Keep.value(choice.correct, echo: echoed?.correct, stored: old.correct)
        merged.weight = Keep.value(choice.weight, echo: echoed?.weight, stored: old.weight)
        merged.feedback = Keep.value(choice.feedback, echo: echoed?.feedback, stored: old.feedback)
      } else if !carries.contains(.choiceIDs) {
        // A new choice: its own id unless a kept one has it, then the first free letter.
        var position = 0
        while taken.contains(merged.id) {
          merged.id = Choice.defaultID(at: position)
          position += 1
        }
      }
      taken.insert(merged.id)
      renamed[choice.id] = merged.id
      choices.append(merged)
    }
    return (choices, renamed)
  }

  /// The files: for a format without them the stored ones whose text is still there, else the
  /// edited ones (under the choices' merged ids) unless they are what the stored ones show as.
  private func files(of question: Question, renamed: [String: String]) -> [QuestionFile] {
    let fields = Set(QuestionFile.fields(of: question))
    guard carries.contains(.files) else { return stored.files.filter { fields.contains($0.field) } }
    let edits = Self.renaming(edited.files, renamed)
    guard let echo, echo.choices.count == stored.choices.count else { return edits }
    let echoIDs = Dictionary(
      zip(echo.choices.map(\.id), stored.choices.map(\.id)), uniquingKeysWith: { first, _ in first })
    return Keep.value(edits, echo: Self.renaming(echo.files, echoIDs), stored: stored.files)
  }

  /// `files` with the choice ids of their fields renamed by `ids`.
  static func renaming(_ files: [QuestionFile], _ ids: [String: String]) -> [QuestionFile] {
    files.map { file in
      var file = file
      let parts = file.field.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
      if parts.count == 3, parts[0] == "choices", let id = ids[String(parts[1])] {
        file.field = "choices.\(id).\(parts[2])"
      }
      return file
    }
  }
}
