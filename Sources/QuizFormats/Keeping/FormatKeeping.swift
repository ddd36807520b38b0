import QuizDomain

/// What a file format can say about a quiz beyond its questions' texts. Declared once per
/// format (see the format registry); what a format does not carry is kept from the stored quiz
/// when a file of it is edited or imported over one (`Quiz.keeping`).
public struct FormatCarries: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Question ids (Aiken has none: its questions are matched by their prompts).
  public static let questionIDs = FormatCarries(rawValue: 1 << 0)
  /// Choice ids other than a, b, c…
  public static let choiceIDs = FormatCarries(rawValue: 1 << 1)
  /// Sections and their titles.
  public static let sections = FormatCarries(rawValue: 1 << 2)
  /// Embedded files.
  public static let files = FormatCarries(rawValue: 1 << 3)
  /// Points other than 1.
  public static let points = FormatCarries(rawValue: 1 << 4)
  /// Questions of every kind but cloze, not only choice questions (true/false among them).
  public static let questionKinds = FormatCarries(rawValue: 1 << 5)
  /// Cloze questions (embedded answers).
  public static let cloze = FormatCarries(rawValue: 1 << 6)
  /// Choice questions of several answers (Aiken has single answers only).
  public static let severalAnswers = FormatCarries(rawValue: 1 << 7)
  /// Random slots (no format but quiz-bank/1 yet: they are kept from the stored quiz).
  public static let randomSlots = FormatCarries(rawValue: 1 << 8)
  /// Random slots written as groups of the questions they draw from (Canvas question groups),
  /// which a file read back cannot tell from a section that picks: export only. The export
  /// fills each slot's `candidates`.
  public static let randomSlotGroups = FormatCarries(rawValue: 1 << 9)

  /// Whether a question of `kind` is carried: choice questions always, cloze with `.cloze`,
  /// the other kinds with `.questionKinds`.
  public func carries(_ kind: QuestionKind) -> Bool {
    switch kind {
    case .choice: true
    case .cloze: contains(.cloze)
    case .shortAnswer, .numerical, .matching, .essay, .description: contains(.questionKinds)
    }
  }

  /// Whether `question` is carried: its kind, and for a choice question of several answers,
  /// `.severalAnswers`. One that is not stays as stored when a file is imported over its quiz.
  public func carries(question: Question) -> Bool {
    carries(question.kind) && (question.kind != .choice || !question.multiple || contains(.severalAnswers))
  }

  /// Whether every kind is carried.
  public var carriesEveryKind: Bool { QuestionKind.allCases.allSatisfy(carries) }
}

// MARK: - Keeping what a format cannot carry

extension Quiz {
  /// This quiz, read from a file of a format that carries `carries`, with what that file could
  /// not show taken from `stored`, the quiz it replaces: an edit that changes nothing changes
  /// nothing. `echo` gives a quiz as the format reads it back once written (nil when it cannot);
  /// a value equal to the stored one's echo is the author leaving it alone, and the stored value
  /// stays (a weight left unset, spaces the format trims, points, the quiz's rule or its absence).
  public func keeping(_ stored: Quiz, carries: FormatCarries, echo: @escaping (Quiz) -> Quiz?) -> Quiz {
    var merged = self
    let whole = echo(stored)
    merged.title = Keep.value(title, echo: whole?.title, stored: stored.title)
    merged.description = Keep.value(description, echo: whole?.description, stored: stored.description)
    merged.scoring = Keep.value(scoring, echo: whole?.scoring, stored: stored.scoring)
    merged.shuffleQuestions = Keep.value(
      shuffleQuestions, echo: whole?.shuffleQuestions, stored: stored.shuffleQuestions)
    var matcher = QuestionMatcher(stored: stored, carries: carries, echo: echo)
    let sections = carries.contains(.sections) ? sections : [Section(questions: questions)]
    merged.sections = sections.map { section in
      var section = section
      section.questions = section.questions.map { matcher.merge($0) }
      return section
    }
    if carries.contains(.sections) {
      merged.sections = Keep.sections(merged.sections, stored: stored, echo: echo)
    } else {
      merged.sections = Keep.storedLayout(merged.questions, stored: stored, matched: matcher.storedIDs)
    }
    if !carries.carriesEveryKind { Keep.otherKinds(into: &merged, stored: stored, carries: carries) }
    if !carries.contains(.randomSlots) { Keep.randomSlots(into: &merged, stored: stored) }
    return merged
  }
}

/// The merging rules, one value at a time.
enum Keep {
  /// The stored questions of kinds the format cannot show, back where they stood: in the
  /// section of the same title (else of the same place), at their old position. The file could
  /// not show them, so leaving them out of it removes nothing.
  static func otherKinds(into merged: inout Quiz, stored: Quiz, carries: FormatCarries) {
    let present = Set(merged.questions.map(\.id))
    for (s, section) in stored.sections.enumerated() {
      for (p, question) in section.questions.enumerated()
      where !carries.carries(question: question) && !present.contains(question.id) {
        if merged.sections.isEmpty { merged.sections = [Section(title: section.title, questions: [])] }
        let target =
          merged.sections.firstIndex { $0.title != nil && $0.title == section.title }
          ?? min(s, merged.sections.count - 1)
        let at = min(p, merged.sections[target].questions.count)
        merged.sections[target].questions.insert(question, at: at)
      }
    }
  }

  /// The stored random slots, which the format cannot show, back in the section of the same
  /// title (else of the same place), after the questions they followed there.
  static func randomSlots(into merged: inout Quiz, stored: Quiz) {
    for (s, section) in stored.sections.enumerated() where !section.random.isEmpty {
      if merged.sections.isEmpty { merged.sections = [Section(title: section.title, questions: [])] }
      let target =
        merged.sections.firstIndex { $0.title != nil && $0.title == section.title } ?? min(s, merged.sections.count - 1)
      for placed in section.random {
        let before = Set(section.questions.prefix(placed.at).map(\.id))
        let questions = merged.sections[target].questions
        let at = (questions.lastIndex { before.contains($0.id) }).map { $0 + 1 } ?? 0
        merged.sections[target].random.append(PlacedRandomSlot(at: at, slot: placed.slot))
      }
      merged.sections[target].random.sort { $0.at < $1.at }
    }
  }

  /// `edited`, or the stored value when `edited` is what the format shows of it.
  static func value<T: Equatable>(_ edited: T, echo: T?, stored: T) -> T {
    guard let echo else { return edited }
    return edited == echo ? stored : edited
  }

  /// The edited sections, each matched to the stored one whose title reads back as its own
  /// keeping its title and pick, and the stored empty sections (no format shows them) back
  /// after the section they followed.
  static func sections(_ edited: [Section], stored: Quiz, echo: (Quiz) -> Quiz?) -> [Section] {
    var result = edited
    var used = Set<Int>()
    var resultIndexOfStored: [Int: Int] = [:]
    for (index, section) in edited.enumerated() {
      guard
        let match = stored.sections.indices.first(where: { candidate in
          let old = stored.sections[candidate]
          guard !used.contains(candidate), let first = old.questions.first else { return false }
          let alone = Quiz(
            id: stored.id, title: stored.title, sections: [Section(title: old.title, questions: [first])])
          let shown = echo(alone)
          return (shown?.sections.first?.title ?? old.title) == section.title
        })
      else { continue }
      used.insert(match)
      resultIndexOfStored[match] = index
      result[index].title = stored.sections[match].title
      result[index].pick = section.pick ?? stored.sections[match].pick
    }
    return insertingEmpty(stored: stored, into: result, at: resultIndexOfStored)
  }

  /// `sections` with the empty sections of `stored` put back after the matched section that
  /// came before them there (at the start when none did).
  static func insertingEmpty(stored: Quiz, into sections: [Section], at placed: [Int: Int]) -> [Section] {
    var after: [Int: [Section]] = [:]  // result index (-1: the start) → empty sections after it
    var previous = -1
    for (index, section) in stored.sections.enumerated() {
      if let position = placed[index] { previous = position }
      if section.questions.isEmpty { after[previous, default: []].append(section) }
    }
    var result = after[-1] ?? []
    for (index, section) in sections.enumerated() { result += [section] + (after[index] ?? []) }
    return result
  }

  /// For a format without sections: each question back in the stored section of its stored
  /// question, a new one in the section of the question before it; the stored sections'
  /// titles, picks and empty sections stay.
  static func storedLayout(_ questions: [Question], stored: Quiz, matched: Set<String>) -> [Section] {
    guard !stored.sections.isEmpty else { return [Section(questions: questions)] }
    var home: [String: Int] = [:]
    for (index, section) in stored.sections.enumerated() {
      for question in section.questions { home[question.id] = index }
    }
    var sections = stored.sections.map { Section(title: $0.title, pick: $0.pick, questions: []) }
    var current = 0
    for question in questions {
      if matched.contains(question.id), let index = home[question.id] { current = index }
      sections[current].questions.append(question)
    }
    // A stored section whose questions all left the file goes with them (an empty one stays).
    return sections.enumerated().filter { index, section in
      !section.questions.isEmpty || stored.sections[index].questions.isEmpty
    }.map(\.element)
  }
}
