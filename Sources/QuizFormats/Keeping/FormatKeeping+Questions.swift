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
    // A question a slot places stays placed by it: no format but quiz-bank/1 shows slots.
    question.slot = stored.slot
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
    if edited.kind != .choice {
      question.body = BodyMerge(edited: edited.body, echo: echo?.body, stored: stored.body).merged
    }
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

/// The parts of a question of another kind than choice, merged one by one: a part the file shows
/// as the stored question's echo shows it was left alone and stays as stored (GIFT shows no
/// units, no unit grading, no case sensitivity, no essay settings); a part it changed is taken.
/// Matching pairs keep their stored ids (matched by stem, then by place) and cloze choices theirs
/// (matched by text, then by place), since recorded answers name them: a format that numbers
/// them anew (a, b, c) would otherwise turn right answers wrong at the next regrade.
struct BodyMerge {
  let edited: QuestionBody
  let echo: QuestionBody?
  let stored: QuestionBody

  var merged: QuestionBody {
    guard let echo else { return edited }
    if edited == echo { return stored }
    switch (edited, echo, stored) {
    case (.numerical(let edited), .numerical(let echo), .numerical(let stored)):
      return .numerical(Self.numerical(edited, echo: echo, stored: stored))
    case (.shortAnswer(var body), .shortAnswer(let echo), .shortAnswer(let stored)):
      body.caseSensitive = Keep.value(body.caseSensitive, echo: echo.caseSensitive, stored: stored.caseSensitive)
      return .shortAnswer(body)
    case (.essay(let edited), .essay(let echo), .essay(let stored)):
      return .essay(Self.essay(edited, echo: echo, stored: stored))
    case (.matching(var body), .matching(let echo), .matching(let stored)):
      body.pairs = Self.pairs(body.pairs, echo: echo.pairs, stored: stored.pairs)
      return .matching(body)
    case (.cloze(var body), .cloze(let echo), .cloze(let stored)):
      body.parts = Self.gaps(body.parts, echo: echo.parts, stored: stored.parts)
      return .cloze(body)
    case (.choice, _, _), (.numerical, _, _), (.shortAnswer, _, _), (.essay, _, _), (.matching, _, _),
      (.cloze, _, _), (.description, _, _):
      return edited
    }
  }

  static func numerical(_ edited: Numerical, echo: Numerical, stored: Numerical) -> Numerical {
    var merged = edited
    merged.units = Keep.value(edited.units, echo: echo.units, stored: stored.units)
    merged.unitGrading = Keep.value(edited.unitGrading, echo: echo.unitGrading, stored: stored.unitGrading)
    merged.unitPenalty = Keep.value(edited.unitPenalty, echo: echo.unitPenalty, stored: stored.unitPenalty)
    merged.unitInput = Keep.value(edited.unitInput, echo: echo.unitInput, stored: stored.unitInput)
    merged.unitsLeft = Keep.value(edited.unitsLeft, echo: echo.unitsLeft, stored: stored.unitsLeft)
    return merged
  }

  static func essay(_ edited: Essay, echo: Essay, stored: Essay) -> Essay {
    var merged = edited
    merged.responseFormat = Keep.value(edited.responseFormat, echo: echo.responseFormat, stored: stored.responseFormat)
    merged.responseRequired = Keep.value(
      edited.responseRequired, echo: echo.responseRequired, stored: stored.responseRequired)
    merged.responseLines = Keep.value(edited.responseLines, echo: echo.responseLines, stored: stored.responseLines)
    merged.minWords = Keep.value(edited.minWords, echo: echo.minWords, stored: stored.minWords)
    merged.maxWords = Keep.value(edited.maxWords, echo: echo.maxWords, stored: stored.maxWords)
    merged.responseTemplate = Keep.value(
      edited.responseTemplate, echo: echo.responseTemplate, stored: stored.responseTemplate)
    merged.graderInfo = Keep.value(edited.graderInfo, echo: echo.graderInfo, stored: stored.graderInfo)
    return merged
  }

  /// Each edited pair with the id of the stored pair it stands for: the one whose stem reads back
  /// as its stem, else the one at its place; a new pair keeps its id unless a kept one has it.
  static func pairs(_ edited: [MatchPair], echo: [MatchPair], stored: [MatchPair]) -> [MatchPair] {
    let shown = echo.count == stored.count ? echo : stored
    let ids = matchedIDs(edited.map(\.stem), shown: shown.map(\.stem), stored: stored.map(\.id), own: edited.map(\.id))
    return zip(edited, ids).map { pair, id in
      var pair = pair
      pair.id = id
      return pair
    }
  }

  /// Each gap of the same kind as its stored gap keeps its stored choices' ids (a choice matched
  /// by its text as shown, then by place).
  static func gaps(_ edited: [ClozePart], echo: [ClozePart], stored: [ClozePart]) -> [ClozePart] {
    guard edited.count == stored.count, echo.count == stored.count else { return edited }
    return edited.indices.map { index in
      guard case .choice(var gap) = edited[index].body, case .choice(let shown) = echo[index].body,
        case .choice(let old) = stored[index].body
      else { return edited[index] }
      let shownTexts = shown.choices.count == old.choices.count ? shown.choices.map(\.text) : old.choices.map(\.text)
      let ids = matchedIDs(
        gap.choices.map(\.text), shown: shownTexts, stored: old.choices.map(\.id), own: gap.choices.map(\.id))
      for (position, id) in ids.enumerated() { gap.choices[position].id = id }
      var part = edited[index]
      part.body = .choice(gap)
      return part
    }
  }

  /// For each edited item (by its key: a stem, a text), the stored id of the item whose key
  /// reads back as it, else of the item at its place, else its own id (or the first free
  /// letter when a kept one has it).
  static func matchedIDs(_ keys: [String], shown: [String], stored: [String], own: [String]) -> [String] {
    var used = Set<Int>()
    var matched: [Int?] = keys.map { key in
      guard let index = shown.indices.first(where: { !used.contains($0) && shown[$0] == key }) else { return nil }
      used.insert(index)
      return index
    }
    for position in matched.indices
    where matched[position] == nil && position < stored.count && !used.contains(position) {
      used.insert(position)
      matched[position] = position
    }
    var taken = Set(matched.compactMap { $0.map { stored[$0] } })
    return matched.enumerated().map { position, match in
      if let match { return stored[match] }
      var id = own[position]
      var letter = 0
      while taken.contains(id) {
        id = Choice.defaultID(at: letter)
        letter += 1
      }
      taken.insert(id)
      return id
    }
  }
}
