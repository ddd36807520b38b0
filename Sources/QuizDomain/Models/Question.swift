/// A multiple-choice question as authored: its identity (`id`, tags) and its content.
public struct Question: Equatable, Sendable {
  public var id: String
  public var prompt: String
  public var explanation: String?
  public var points: Double
  /// True: any number of choices may be picked; false: exactly one.
  public var multiple: Bool
  /// Overrides the quiz's rule when set.
  public var scoring: ScoringRule?
  public var shuffle: Bool
  public var tags: [String]
  public var choices: [Choice]

  public init(
    id: String, prompt: String, explanation: String? = nil, points: Double = 1,
    multiple: Bool? = nil, scoring: ScoringRule? = nil, shuffle: Bool = false,
    tags: [String] = [], choices: [Choice]
  ) {
    self.id = id
    self.prompt = prompt
    self.explanation = explanation
    self.points = points
    self.multiple = multiple ?? (choices.filter(\.correct).count > 1)
    self.scoring = scoring
    self.shuffle = shuffle
    self.tags = tags
    self.choices = choices
  }

  /// Everything a new version is made for: all but the id and the tags. Two questions with
  /// equal content are one version.
  public var content: Content {
    Content(
      prompt: prompt, explanation: explanation, points: points, multiple: multiple,
      scoring: scoring, shuffle: shuffle, choices: choices)
  }

  public struct Content: Equatable, Sendable {
    public var prompt: String
    public var explanation: String?
    public var points: Double
    public var multiple: Bool
    public var scoring: ScoringRule?
    public var shuffle: Bool
    public var choices: [Choice]

    public init(
      prompt: String, explanation: String?, points: Double, multiple: Bool, scoring: ScoringRule?,
      shuffle: Bool, choices: [Choice]
    ) {
      self.prompt = prompt
      self.explanation = explanation
      self.points = points
      self.multiple = multiple
      self.scoring = scoring
      self.shuffle = shuffle
      self.choices = choices
    }
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
      multiple: content.multiple, scoring: content.scoring, shuffle: content.shuffle, tags: tags,
      choices: content.choices)
  }
}
