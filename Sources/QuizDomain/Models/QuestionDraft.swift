/// A question as an author lists it in one go (`quiz add question`): its choices in order,
/// each right or wrong, lettered a, b, c…, and feedback attached by choice id.
public struct QuestionDraft: Sendable {
  public var id: String
  public var prompt: String
  public var explanation: String?
  public var points: Double = 1
  /// Nil: decided by the number of correct choices.
  public var multiple: Bool?
  public var scoring: ScoringRule?
  public var tags: [String] = []
  /// The choices, in the order given.
  public var choices: [(text: String, correct: Bool)] = []
  /// Feedback for the choice with that id (`a`, `b`, …).
  public var feedback: [(choice: String, text: String)] = []

  public init(id: String, prompt: String) {
    self.id = id
    self.prompt = prompt
  }

  /// The question, or every problem that keeps it from being one.
  public func question() -> Result<Question, QuestionDraftError> {
    var choices = self.choices.enumerated().map { position, choice in
      Choice(id: Choice.defaultID(at: position), text: choice.text, correct: choice.correct)
    }
    var problems: [String] = []
    for (choiceID, text) in feedback {
      if let index = choices.firstIndex(where: { $0.id == choiceID }) {
        choices[index].feedback = text
      } else {
        let ids = choices.map(\.id).joined(separator: ", ")
        problems.append(
          "feedback for choice \"\(choiceID)\", which does not exist (choices: \(ids.isEmpty ? "none" : ids))")
      }
    }
    let question = Question(
      id: id, prompt: prompt, explanation: explanation, points: points, multiple: multiple, scoring: scoring,
      tags: tags, choices: choices)
    problems = QuestionRules.questionProblems(question) + problems
    return problems.isEmpty ? .success(question) : .failure(QuestionDraftError(problems: problems))
  }
}

/// Why a draft is not a valid question.
public struct QuestionDraftError: Error, Equatable, Sendable {
  public var problems: [String]

  public init(problems: [String]) { self.problems = problems }
}
