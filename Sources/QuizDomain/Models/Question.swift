/// A question as authored: its identity (`id`, tags), the parts every kind has, and its body:
/// the kind and that kind's own parts (Kinds/).
public struct Question: Equatable, Sendable {
  public var id: String
  public var prompt: String
  public var explanation: String?
  /// What a full answer earns; 0 for a description.
  public var points: Double
  /// Choices (choice) or stems (matching) are shown shuffled.
  public var shuffle: Bool
  public var tags: [String]
  /// How the prompt, explanation, choices and feedback are written.
  public var textFormat: TextFormat
  /// Files the texts embed, in order.
  public var files: [QuestionFile]
  public var body: QuestionBody
  /// Shown after answering by how the answer did as a whole; nil when the document has none.
  public var outcomeFeedback: OutcomeFeedback?
  /// Shown on request while answering, in order.
  public var hints: [Hint]
  /// Moodle's penalty for each wrong try (of the interactive behaviour), kept as written. Nil:
  /// absent.
  public var penalty: Double?
  /// The bank question a quiz's slot places here; nil for a question written in the quiz.
  /// Not content: placing a question by reference never makes a version of it.
  public var slot: SlotReference?

  /// A choice question.
  public init(
    id: String, prompt: String, explanation: String? = nil, points: Double = 1,
    multiple: Bool? = nil, scoring: ScoringRule? = nil, shuffle: Bool = false,
    tags: [String] = [], choices: [Choice], textFormat: TextFormat = .plain, files: [QuestionFile] = []
  ) {
    let body = ChoiceBody(
      multiple: multiple ?? (choices.filter(\.correct).count > 1), scoring: scoring, choices: choices)
    self.init(
      id: id, prompt: prompt, explanation: explanation, points: points, shuffle: shuffle, tags: tags,
      textFormat: textFormat, files: files, body: .choice(body))
  }

  /// A question of any kind.
  public init(
    id: String, prompt: String, explanation: String? = nil, points: Double = 1, shuffle: Bool = false,
    tags: [String] = [], textFormat: TextFormat = .plain, files: [QuestionFile] = [], body: QuestionBody,
    outcomeFeedback: OutcomeFeedback? = nil, hints: [Hint] = [], penalty: Double? = nil
  ) {
    self.outcomeFeedback = outcomeFeedback
    self.hints = hints
    self.penalty = penalty
    self.id = id
    self.prompt = prompt
    self.explanation = explanation
    self.points = points
    self.shuffle = shuffle
    self.tags = tags
    self.textFormat = textFormat
    self.files = files
    self.body = body
  }

  public var kind: QuestionKind { body.kind }

  /// The choice body's parts; for other kinds no choices, single-answer, no rule, and setting
  /// them changes nothing.
  public var choices: [Choice] {
    get { body.choices }
    set { body.choices = newValue }
  }
  public var multiple: Bool {
    get { body.multiple }
    set { body.multiple = newValue }
  }
  public var scoring: ScoringRule? {
    get { body.scoring }
    set { body.scoring = newValue }
  }

  /// A true/false question: single-answer, its choices exactly `true` "True" and `false`
  /// "False", in that order. Formats that have the type read and write it as such.
  public var isTrueFalse: Bool {
    !multiple && choices.count == 2 && choices[0].id == "true" && choices[0].text == "True"
      && choices[1].id == "false" && choices[1].text == "False"
  }

  /// A true/false question whose correct answer is `answer`.
  public static func trueFalse(
    id: String, prompt: String, answer: Bool, feedbackTrue: String? = nil, feedbackFalse: String? = nil
  ) -> Question {
    Question(
      id: id, prompt: prompt, multiple: false,
      choices: [
        Choice(id: "true", text: "True", correct: answer, feedback: feedbackTrue),
        Choice(id: "false", text: "False", correct: !answer, feedback: feedbackFalse),
      ])
  }

  /// Everything a new version is made for: all but the id and the tags. Two questions with
  /// equal content are one version.
  public var content: Content {
    Content(
      prompt: prompt, explanation: explanation, points: points, shuffle: shuffle, textFormat: textFormat,
      files: files, body: body, outcomeFeedback: outcomeFeedback, hints: hints, penalty: penalty)
  }

  public struct Content: Equatable, Sendable {
    public var prompt: String
    public var explanation: String?
    public var points: Double
    public var shuffle: Bool
    public var textFormat: TextFormat
    public var files: [QuestionFile]
    public var body: QuestionBody
    public var outcomeFeedback: OutcomeFeedback?
    public var hints: [Hint]
    public var penalty: Double?

    public init(
      prompt: String, explanation: String?, points: Double, multiple: Bool, scoring: ScoringRule?,
      shuffle: Bool, choices: [Choice], textFormat: TextFormat = .plain, files: [QuestionFile] = []
    ) {
      self.init(
        prompt: prompt, explanation: explanation, points: points, shuffle: shuffle, textFormat: textFormat,
        files: files, body: .choice(ChoiceBody(multiple: multiple, scoring: scoring, choices: choices)))
    }

    public init(
      prompt: String, explanation: String?, points: Double, shuffle: Bool, textFormat: TextFormat = .plain,
      files: [QuestionFile] = [], body: QuestionBody, outcomeFeedback: OutcomeFeedback? = nil, hints: [Hint] = [],
      penalty: Double? = nil
    ) {
      self.outcomeFeedback = outcomeFeedback
      self.hints = hints
      self.penalty = penalty
      self.prompt = prompt
      self.explanation = explanation
      self.points = points
      self.shuffle = shuffle
      self.textFormat = textFormat
      self.files = files
      self.body = body
    }

    public var kind: QuestionKind { body.kind }
    public var choices: [Choice] {
      get { body.choices }
      set { body.choices = newValue }
    }
    public var multiple: Bool { body.multiple }
    public var scoring: ScoringRule? { body.scoring }
  }

  public var correctChoiceIDs: [String] { choices.filter(\.correct).map(\.id) }

  public func choice(withID id: String) -> Choice? { choices.first { $0.id == id } }
}

/// One answer option.
public struct Choice: Equatable, Sendable {
  public var id: String
  public var text: String
  public var correct: Bool
  /// For `weighted` scoring: the fraction of the points this choice is worth, in [-1, 1].
  public var weight: Double?
  /// Shown after submission when this choice was picked.
  public var feedback: String?

  public init(id: String, text: String, correct: Bool, weight: Double? = nil, feedback: String? = nil) {
    self.id = id
    self.text = text
    self.correct = correct
    self.weight = weight
    self.feedback = feedback
  }

  /// The default id of the choice at `position`: a, b, … z, then aa, ab, …
  public static func defaultID(at position: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var id = ""
    var n = position
    repeat {
      id = String(letters[n % 26]) + id
      n = n / 26 - 1
    } while n >= 0
    return id
  }
}

extension Question {
  /// A question with identity `id` and `tags` and the given content.
  public init(id: String, tags: [String] = [], content: Content) {
    self.init(
      id: id, prompt: content.prompt, explanation: content.explanation, points: content.points,
      shuffle: content.shuffle, tags: tags, textFormat: content.textFormat, files: content.files,
      body: content.body, outcomeFeedback: content.outcomeFeedback, hints: content.hints, penalty: content.penalty)
  }
}

extension Question.Content {
  /// The names of the fields that differ from `previous`, in the order of the format.
  public func changedFields(since previous: Question.Content) -> [String] {
    var changed: [String] = []
    if prompt != previous.prompt { changed.append("prompt") }
    if explanation != previous.explanation { changed.append("explanation") }
    if points != previous.points { changed.append("points") }
    if multiple != previous.multiple { changed.append("multiple") }
    if scoring != previous.scoring { changed.append("scoring") }
    if shuffle != previous.shuffle { changed.append("shuffle") }
    if textFormat != previous.textFormat { changed.append("text format") }
    if choices.map(\.text) != previous.choices.map(\.text) || choices.map(\.id) != previous.choices.map(\.id) {
      changed.append("choices")
    }
    if choices.map(\.correct) != previous.choices.map(\.correct) { changed.append("correctness") }
    if choices.map(\.weight) != previous.choices.map(\.weight) { changed.append("weights") }
    if choices.map(\.feedback) != previous.choices.map(\.feedback) { changed.append("feedback") }
    if files != previous.files { changed.append("files") }
    if outcomeFeedback != previous.outcomeFeedback { changed.append("outcome feedback") }
    if hints != previous.hints { changed.append("hints") }
    if penalty != previous.penalty { changed.append("penalty") }
    if case .choice(let body) = body, case .choice(let old) = previous.body, body.numbering != old.numbering {
      changed.append("numbering")
    }
    if kind != previous.kind {
      changed.append("type")
    } else if case .choice = body {
    } else if body != previous.body {
      changed.append(kind.rawValue + " parts")
    }
    return changed
  }
}

extension Quiz {
  /// What differs between `self` and `other` (the same quiz as another saw it), one line each:
  /// questions added, removed or changed (with their fields), and the quiz's own fields.
  public func differences(from other: Quiz) -> [String] {
    var lines: [String] = []
    if title != other.title { lines.append("the title") }
    if description != other.description { lines.append("the description") }
    if scoring != other.scoring { lines.append("the scoring rule") }
    if sections.map(\.title) != other.sections.map(\.title) { lines.append("the sections") }
    let mine = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let theirs = Dictionary(other.questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for question in other.questions where mine[question.id] == nil { lines.append("question \(question.id): added") }
    for question in questions where theirs[question.id] == nil { lines.append("question \(question.id): removed") }
    for question in questions {
      guard let changed = theirs[question.id] else { continue }
      var fields = changed.content.changedFields(since: question.content)
      if changed.tags != question.tags { fields.append("tags") }
      if !fields.isEmpty { lines.append("question \(question.id): \(fields.joined(separator: ", "))") }
    }
    if lines.isEmpty && questions.map(\.id) != other.questions.map(\.id) { lines.append("the order of the questions") }
    return lines
  }
}
