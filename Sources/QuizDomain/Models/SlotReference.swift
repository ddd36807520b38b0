/// A question a quiz places from a bank by reference (a fixed slot): which question, the
/// version the quiz pins (nil: the latest when an attempt starts, Moodle 4's "always latest"),
/// and the points it is worth in this quiz (nil: the question's own).
///
/// A quiz's own questions, written in the quiz, carry none: they live in the quiz's own bank
/// and are placed where they are written, as before banks. A question with a reference is read
/// from its bank when the quiz is read; a document that names one (`{"question": "BANK/ID"}`)
/// carries no content, so its content is the stored one.
public struct SlotReference: Equatable, Hashable, Sendable {
  public var bank: String
  public var question: String
  public var version: Int?
  public var points: Double?

  public init(bank: String, question: String, version: Int? = nil, points: Double? = nil) {
    self.bank = bank
    self.question = question
    self.version = version
    self.points = points
  }

  /// `BANK/QUESTION`, as commands and documents name it.
  public var name: String { "\(bank)/\(question)" }

  /// The reference `BANK/QUESTION` names, or nil when it is not two slugs joined by a slash.
  public init?(name: String, version: Int? = nil, points: Double? = nil) {
    guard let slash = name.firstIndex(of: "/") else { return nil }
    let bank = String(name[..<slash])
    let question = String(name[name.index(after: slash)...])
    guard Slug.isValid(bank), Slug.isValid(question) else { return nil }
    self.init(bank: bank, question: question, version: version, points: points)
  }

  /// The question this slot stands for before its bank is read: the id and points it will have
  /// and no content. The repository replaces it with the stored question.
  public var placeholder: Question {
    var question = Question(id: question, prompt: "", points: points ?? 1, body: .description)
    question.slot = self
    return question
  }
}

/// `count` slots of a section that each draw one question when an attempt starts, as Moodle's
/// random questions do: from a bank's category (and those under it with `subcategories`),
/// among the questions in use that carry every tag of `tags`, descriptions never. The slots of
/// one attempt never draw the same question twice, nor one the quiz places itself. Each is
/// worth `points` (nil: 1, Moodle's mark of a random slot), whichever question it draws.
public struct RandomSlot: Equatable, Hashable, Sendable {
  public var bank: String
  public var category: CategoryPath
  public var subcategories: Bool
  public var tags: [String]
  public var count: Int
  public var points: Double?

  public init(
    bank: String, category: CategoryPath = .top, subcategories: Bool = false, tags: [String] = [], count: Int = 1,
    points: Double? = nil
  ) {
    self.bank = bank
    self.category = category
    self.subcategories = subcategories
    self.tags = tags
    self.count = count
    self.points = points
  }

  /// What each slot is worth.
  public var pointsEach: Double { points ?? 1 }

  /// `BANK` or `BANK/CATEGORY`, as `--from` names it.
  public var source: String { category == .top ? bank : "\(bank)/\(category.text)" }

  /// Where the filter reads in messages: `bio/Cells (and below) tagged easy`.
  public var filterText: String {
    source + (subcategories ? " (and below)" : "")
      + (tags.isEmpty ? "" : " tagged " + tags.joined(separator: ", "))
  }
}

/// Random slots where they stand in a section: before the question at `at` (its number of
/// questions: after them all).
public struct PlacedRandomSlot: Equatable, Sendable {
  public var at: Int
  public var slot: RandomSlot
  /// The questions the slots draw from (but those the quiz places itself), each worth the
  /// slots' points, when a format writes them (a Canvas question group holds them): nil as a
  /// quiz is read, filled for such an export by `QuizRepository.quizWithRandomCandidates`.
  public var candidates: [Question]?

  public init(at: Int, slot: RandomSlot, candidates: [Question]? = nil) {
    self.at = at
    self.slot = slot
    self.candidates = candidates
  }
}

/// One entry of a section in order: a question (written there or placed from a bank) or a
/// group of random slots.
public enum SectionEntry: Equatable, Sendable {
  case question(Question)
  case random(RandomSlot)
}

extension Section {
  /// The section's questions and random slots, in order.
  public var entries: [SectionEntry] {
    guard !random.isEmpty else { return questions.map(SectionEntry.question) }
    var entries: [SectionEntry] = []
    var next = 0
    for index in 0...questions.count {
      while next < random.count && random[next].at <= index {
        entries.append(.random(random[next].slot))
        next += 1
      }
      if index < questions.count { entries.append(.question(questions[index])) }
    }
    return entries
  }

  /// The section made of `entries`, in their order.
  public init(title: String? = nil, pick: Int? = nil, entries: [SectionEntry]) {
    var questions: [Question] = []
    var random: [PlacedRandomSlot] = []
    for entry in entries {
      switch entry {
      case .question(let question): questions.append(question)
      case .random(let slot): random.append(PlacedRandomSlot(at: questions.count, slot: slot))
      }
    }
    self.init(title: title, pick: pick, questions: questions)
    self.random = random
  }

  /// How many questions the random slots draw per attempt.
  public var randomCount: Int { random.reduce(0) { $0 + $1.slot.count } }
}
