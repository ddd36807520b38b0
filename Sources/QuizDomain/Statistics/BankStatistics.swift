/// A bank question's figures in every quiz that used it and over them all, as Moodle's question
/// bank shows them (qbank_statistics): each figure over all is the mean of the quizzes' own
/// figures, those a quiz could not compute left out.
public struct QuestionAcrossQuizzes: Equatable, Sendable {
  /// `BANK/QUESTION`.
  public var question: String
  /// Each quiz that used it, by id, with the question's figures in that quiz's report.
  public var quizzes: [(quiz: String, item: ItemStatistics)]
  /// Attempts that were given it, in all quizzes.
  public var attempts: Int
  public var facility: Double?
  public var discriminationIndex: Double?
  public var discriminativeEfficiency: Double?

  public init(question: String, quizzes: [(quiz: String, item: ItemStatistics)]) {
    self.question = question
    self.quizzes = quizzes
    attempts = quizzes.reduce(0) { $0 + $1.item.attempts }
    func mean(_ figure: (ItemStatistics) -> Double?) -> Double? {
      let values = quizzes.compactMap { figure($0.item) }
      return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
    facility = mean(\.facility)
    discriminationIndex = mean(\.discriminationIndex)
    discriminativeEfficiency = mean(\.discriminativeEfficiency)
  }

  /// Moodle's "Needs checking?", from the discrimination index (percent): very likely below 30,
  /// likely below 50, else unlikely; nil when there is no index.
  public var needsChecking: NeedsChecking? {
    guard let index = discriminationIndex else { return nil }
    return index < 30 ? .veryLikely : index < 50 ? .likely : .unlikely
  }

  public static func == (lhs: QuestionAcrossQuizzes, rhs: QuestionAcrossQuizzes) -> Bool {
    lhs.question == rhs.question && lhs.quizzes.map(\.quiz) == rhs.quizzes.map(\.quiz)
      && lhs.quizzes.map(\.item) == rhs.quizzes.map(\.item)
  }
}

/// Whether a question needs checking, as Moodle's question bank says it.
public enum NeedsChecking: String, Sendable {
  case veryLikely = "very likely"
  case likely
  case unlikely
}
