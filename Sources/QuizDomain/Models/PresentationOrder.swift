/// The order one attempt shows a question's parts in: the choices of a question marked
/// `shuffle`, the stems of a matching question marked `shuffle`, every matching question's
/// answers (Moodle always shuffles them) and the choices of cloze gaps marked `shuffle`. Each
/// is a permutation of indices into the question as stored (nil: as stored), so that it can be
/// kept beside a pinned version and applied to the stored texts or to texts made safe for a
/// terminal alike.
public struct PresentationOrder: Equatable, Sendable {
  /// Choice question: the indices of its choices in the order shown.
  public var choices: [Int]?
  /// Matching: the indices of its pairs (stems) in the order shown.
  public var stems: [Int]?
  /// Matching: the indices of its `answerChoices` in the order offered.
  public var answers: [Int]?
  /// Cloze: per gap, the indices of a choice gap's choices in the order shown; empty when no
  /// gap is shuffled.
  public var gaps: [[Int]?]

  public init(choices: [Int]? = nil, stems: [Int]? = nil, answers: [Int]? = nil, gaps: [[Int]?] = []) {
    self.choices = choices
    self.stems = stems
    self.answers = answers
    self.gaps = gaps
  }

  /// True when everything is shown as stored.
  public var isStored: Bool { choices == nil && stems == nil && answers == nil && gaps.allSatisfy { $0 == nil } }

  /// The orders of `questions` (as drawn, in the order drawn) for the attempt of `seed`: the same
  /// seed gives the same orders on every machine. `take --seed N` shows exactly these.
  public static func draw(for questions: [Question], seed: UInt64) -> [PresentationOrder] {
    var generator = SplitMix64(seed: seed)
    return questions.map { draw(for: $0, using: &generator) }
  }

  /// One question's order. A shuffle of `0..<n` makes the same swaps as a shuffle of the n
  /// elements themselves (it depends on the count only), so these are the orders `take` has
  /// always shown for a seed.
  private static func draw(for question: Question, using generator: inout SplitMix64) -> PresentationOrder {
    var order = PresentationOrder()
    if question.shuffle { order.choices = shuffled(question.choices.count, &generator) }
    switch question.body {
    case .matching(let matching):
      if question.shuffle { order.stems = shuffled(matching.pairs.count, &generator) }
      order.answers = shuffled(matching.answerChoices.count, &generator)
    case .cloze(let cloze):
      order.gaps = cloze.parts.map { part in
        guard case .choice(let gap) = part.body, gap.isShuffled else { return nil }
        return shuffled(gap.choices.count, &generator)
      }
      if order.gaps.allSatisfy({ $0 == nil }) { order.gaps = [] }
    case .choice, .shortAnswer, .numerical, .essay, .description: break
    }
    if question.kind != .choice { order.choices = nil }
    return order
  }

  private static func shuffled(_ count: Int, _ generator: inout SplitMix64) -> [Int] {
    var indices = Array(0..<count)
    indices.shuffle(using: &generator)
    return indices
  }
}

// MARK: - Applying an order

extension PresentationOrder {
  /// `question` with its choices, stems and gap choices in this order. An order that does not
  /// fit the question (another count) leaves that part as it is.
  public func apply(to question: Question) -> Question {
    var shown = question
    switch question.body {
    case .choice:
      shown.choices = Self.arranged(question.choices, by: choices)
    case .matching(var matching):
      matching.pairs = Self.arranged(matching.pairs, by: stems)
      shown.body = .matching(matching)
    case .cloze(var cloze):
      for index in cloze.parts.indices where index < gaps.count {
        guard case .choice(var gap) = cloze.parts[index].body else { continue }
        gap.choices = Self.arranged(gap.choices, by: gaps[index])
        cloze.parts[index].body = .choice(gap)
      }
      shown.body = .cloze(cloze)
    case .shortAnswer, .numerical, .essay, .description: break
    }
    return shown
  }

  /// A matching question's answers in the order offered; `[]` for another kind.
  public func offeredAnswers(of question: Question) -> [String] {
    guard case .matching(let matching) = question.body else { return [] }
    return Self.arranged(matching.answerChoices, by: answers)
  }

  /// `elements` in `order` (indices into them), or as they are when `order` is nil or is not a
  /// permutation of their indices.
  public static func arranged<T>(_ elements: [T], by order: [Int]?) -> [T] {
    guard let order, order.count == elements.count, Set(order) == Set(elements.indices) else { return elements }
    return order.map { elements[$0] }
  }
}

// MARK: - Storage

extension PresentationOrder {
  /// The order as one compact JSON object (`{"choices":[2,0,1]}`, gaps as an array holding
  /// null for a gap shown as stored), nil when everything is shown as stored: how the
  /// repository keeps it beside a pinned version.
  public var storageText: String? {
    guard !isStored else { return nil }
    var writer = JSONWriter(pretty: false)
    writer.beginObject()
    func write(_ key: String, _ indices: [Int]?) {
      guard let indices else { return }
      writer.key(key)
      writeIndices(indices, to: &writer)
    }
    write("choices", choices)
    write("stems", stems)
    write("answers", answers)
    if gaps.contains(where: { $0 != nil }) {
      writer.key("gaps")
      writer.beginArray()
      for gap in gaps {
        if let gap { writeIndices(gap, to: &writer) } else { writer.null() }
      }
      writer.endArray()
    }
    writer.endObject()
    return writer.string
  }

  private func writeIndices(_ indices: [Int], to writer: inout JSONWriter) {
    writer.beginArray()
    for index in indices { writer.number(index) }
    writer.endArray()
  }

  /// The order `text` holds (nil: as stored); nil when it is not such an object.
  public init?(storageText text: String?) {
    guard let text else {
      self.init()
      return
    }
    let bytes = Array(text.utf8)
    guard
      let order = bytes.withUnsafeBufferPointer({ buffer -> PresentationOrder? in
        var scanner = JSONScanner(buffer)
        return try? Self.decode(&scanner)
      })
    else { return nil }
    self = order
  }

  private struct NotStored: Error {}

  private static func decode(_ scanner: inout JSONScanner) throws -> PresentationOrder {
    guard try scanner.peekKind() == .object else { throw NotStored() }
    try scanner.beginObject()
    var order = PresentationOrder()
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      switch key {
      case "choices": order.choices = try decodeIndices(&scanner)
      case "stems": order.stems = try decodeIndices(&scanner)
      case "answers": order.answers = try decodeIndices(&scanner)
      case "gaps":
        guard try scanner.peekKind() == .array else { throw NotStored() }
        try scanner.beginArray()
        var firstGap = true
        while try scanner.nextElement(first: &firstGap) {
          if try scanner.peekKind() == .null {
            try scanner.readNull()
            order.gaps.append(nil)
          } else {
            order.gaps.append(try decodeIndices(&scanner))
          }
        }
      default: throw NotStored()
      }
    }
    try scanner.expectEnd()
    return order
  }

  private static func decodeIndices(_ scanner: inout JSONScanner) throws -> [Int] {
    guard try scanner.peekKind() == .array else { throw NotStored() }
    try scanner.beginArray()
    var indices: [Int] = []
    var first = true
    while try scanner.nextElement(first: &first) {
      let value = try scanner.readNumber()
      guard value >= 0, value < 1_000_000, value == value.rounded() else { throw NotStored() }
      indices.append(Int(value))
    }
    return indices
  }
}
