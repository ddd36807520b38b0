import QuizDomain

/// Writes quiz-bank/1 documents: 2-space indents, keys in the order of the format's example,
/// absent optional fields left out, choice ids always written, a trailing newline. The same
/// content always gives the same bytes.
public enum QuizBankWriter {
  public static func write(banks: [Bank] = [], quizzes: [Quiz], attempts: [Attempt]? = nil) -> [UInt8] {
    var stream = QuizBankStreamWriter()
    for bank in banks { stream.write(bank) }
    for quiz in quizzes { stream.write(quiz) }
    if let attempts {
      stream.beginAttempts()
      for attempt in attempts { stream.write(attempt) }
    }
    stream.finish()
    return stream.takeBytes()
  }

  public static func write(_ quiz: Quiz, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("id", quiz.id)
    writer.field("title", quiz.title)
    writer.optionalField("description", quiz.description)
    writer.optionalField("scoring", quiz.scoring?.rawValue)
    if let shuffle = quiz.shuffleQuestions { writer.field("shuffle_questions", shuffle) }
    writer.key("sections")
    writer.beginArray()
    for section in quiz.sections {
      writer.beginObject()
      writer.optionalField("title", section.title)
      if let pick = section.pick { writer.field("pick", pick) }
      writer.key("questions")
      writer.beginArray()
      for entry in section.entries {
        switch entry {
        case .question(let question):
          if let slot = question.slot { write(slot, to: &writer) } else { write(question, to: &writer) }
        case .random(let random): write(random, to: &writer)
        }
      }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }

  /// A bank: its categories in order, the top's without a path, each with its questions.
  public static func write(_ bank: Bank, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("id", bank.id)
    writer.field("title", bank.title)
    writer.optionalField("description", bank.description)
    writer.key("categories")
    writer.beginArray()
    for category in bank.categories {
      writer.beginObject()
      if category.path != .top { writer.field("path", category.path.text) }
      writer.key("questions")
      writer.beginArray()
      for question in category.questions { write(question, to: &writer) }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }

  /// A slot placing a bank's question: its name, and the points and version only when the
  /// quiz sets them.
  static func write(_ slot: SlotReference, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("question", slot.name)
    if let points = slot.points { writer.field("points", points) }
    if let version = slot.version { writer.field("version", version) }
    writer.endObject()
  }

  /// Random slots: their filter, with only what differs from the defaults, and their points
  /// when set.
  public static func write(_ random: RandomSlot, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("random")
    writer.beginObject()
    writer.field("bank", random.bank)
    if random.category != .top { writer.field("category", random.category.text) }
    if random.subcategories { writer.field("subcategories", true) }
    if !random.tags.isEmpty {
      writer.key("tags")
      writer.beginArray()
      for tag in random.tags { writer.string(tag) }
      writer.endArray()
    }
    if random.count != 1 { writer.field("count", random.count) }
    writer.endObject()
    if let points = random.points { writer.field("points", points) }
    writer.endObject()
  }

  /// One question; `withAnswers: false` leaves out what gives the answer away (correctness,
  /// weights, feedback, explanation).
  /// `extraFields` writes further fields at the end of the object (for views that add facts).
  public static func write(
    _ question: Question, to writer: inout JSONWriter, withAnswers: Bool = true,
    extraFields: (inout JSONWriter) -> Void = { _ in }
  ) {
    writer.beginObject()
    writer.field("id", question.id)
    if question.kind != .choice { writer.field("type", question.kind.rawValue) }
    writer.field("prompt", question.prompt)
    if withAnswers { writer.optionalField("explanation", question.explanation) }
    // A cloze question's points are its parts'.
    if question.kind != .description && question.kind != .cloze { writer.field("points", question.points) }
    if case .choice = question.body {
      writer.field("multiple", question.multiple)
      writer.optionalField("scoring", question.scoring?.rawValue)
    }
    if question.kind == .choice || question.kind == .matching { writer.field("shuffle", question.shuffle) }
    writeNumbering(question.body, to: &writer)
    if question.textFormat != .plain { writer.field("text_format", question.textFormat.rawValue) }
    if !question.tags.isEmpty {
      writer.key("tags")
      writer.beginArray()
      for tag in question.tags { writer.string(tag) }
      writer.endArray()
    }
    writeBody(question.body, to: &writer, withAnswers: withAnswers)
    writeOptions(question, to: &writer, withAnswers: withAnswers)
    if withAnswers && !question.files.isEmpty {
      writer.key("files")
      writer.beginArray()
      for file in question.files {
        writer.beginObject()
        writer.field("field", file.field)
        writer.field("name", file.name)
        writer.field("data", Base64.encode(file.bytes))
        writer.endObject()
      }
      writer.endArray()
    }
    extraFields(&writer)
    writer.endObject()
  }

  public static func write(_ attempt: Attempt, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.optionalField("id", attempt.id)
    writer.field("quiz", attempt.quiz)
    writer.field("taker", attempt.taker)
    writer.optionalField("started_at", attempt.startedAt?.text)
    writer.optionalField("submitted_at", attempt.submittedAt?.text)
    if let given = attempt.given {
      writer.key("given")
      writer.beginArray()
      for question in given { writer.string(question) }
      writer.endArray()
    }
    writer.key("answers")
    writer.beginArray()
    for answer in attempt.answers { write(answer, to: &writer) }
    writer.endArray()
    writeVersionNumbers("versions", attempt.versions, to: &writer)
    writeVersionNumbers("scored_versions", attempt.scoredVersions, to: &writer)
    if !attempt.points.isEmpty {
      writer.key("points")
      writer.beginObject()
      for (question, points) in attempt.points.sorted(by: { $0.key < $1.key }) { writer.field(question, points) }
      writer.endObject()
    }
    writer.optionalField("scoring", attempt.scoring?.rawValue)
    if let maxScore = attempt.maxScore { writer.field("max_score", maxScore) }
    writer.endObject()
  }

  public static func write(_ history: QuizHistory, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("quiz", history.quiz)
    writeVersionNumbers("current", history.current, to: &writer)
    writer.key("versions")
    writer.beginArray()
    for version in history.versions {
      writer.beginObject()
      writer.field("version", version.number)
      if let bank = version.bank { writer.field("bank", bank) }
      writer.key("question")
      write(version.question, to: &writer)
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }

  /// An object of question ids to version numbers, by id; left out when empty.
  private static func writeVersionNumbers(_ key: String, _ numbers: [String: Int], to writer: inout JSONWriter) {
    guard !numbers.isEmpty else { return }
    writer.key(key)
    writer.beginObject()
    for (id, number) in numbers.sorted(by: { $0.key < $1.key }) { writer.field(id, number) }
    writer.endObject()
  }
}

/// Writes a quiz-bank/1 document piece by piece, so that a large export never sits whole in
/// memory: write the quizzes, then (optionally) `beginAttempts` and the attempts, then
/// `finish`; `takeBytes` hands over what was written so far. The bytes are those of
/// `QuizBankWriter.write`.
public struct QuizBankStreamWriter {
  private var writer = JSONWriter(pretty: true)
  /// Whether `banks` is open: the banks come first, and a document without any has no `banks`.
  private var inBanks = false
  private var inQuizzes = false

  public init() {
    writer.beginObject()
    writer.field("format", QuizBankReader.format)
  }

  /// Writes a bank, before every quiz (whose slots it may hold the questions of).
  public mutating func write(_ bank: Bank) {
    if !inBanks {
      writer.key("banks")
      writer.beginArray()
      inBanks = true
    }
    QuizBankWriter.write(bank, to: &writer)
  }

  public mutating func write(_ quiz: Quiz) {
    beginQuizzes()
    QuizBankWriter.write(quiz, to: &writer)
  }

  /// Opens `quizzes` (required, so written even when empty), closing `banks`.
  private mutating func beginQuizzes() {
    guard !inQuizzes else { return }
    if inBanks { writer.endArray() }
    writer.key("quizzes")
    writer.beginArray()
    inQuizzes = true
  }

  public mutating func beginAttempts() {
    beginQuizzes()
    writer.endArray()
    writer.key("attempts")
    writer.beginArray()
  }

  private var inHistory = false

  /// Writes the history of a quiz, after every quiz and before any attempt; a document with
  /// no history has no `history` key.
  public mutating func write(_ history: QuizHistory) {
    beginQuizzes()
    if !inHistory {
      writer.endArray()
      writer.key("history")
      writer.beginArray()
      inHistory = true
    }
    QuizBankWriter.write(history, to: &writer)
  }

  public mutating func write(_ attempt: Attempt) { QuizBankWriter.write(attempt, to: &writer) }

  public mutating func finish() {
    beginQuizzes()
    writer.endArray()
    writer.endObject()
    writer.endLine()
  }

  /// The bytes written since the last call.
  public mutating func takeBytes() -> [UInt8] { writer.takeBytes() }
}
