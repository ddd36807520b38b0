/// The rules of a question's options (docs/quiz-bank.md, "Question options"), for questions
/// made elsewhere than from a quiz-bank/1 document (whose reader reports them at their paths).
extension QuestionRules {
  /// A penalty outside 0…1, a hint without text, an empty outcome feedback, numbering on a
  /// question that is no choice question.
  public static func optionProblems(_ question: Question) -> [String] {
    var problems: [String] = []
    if let penalty = question.penalty, !(0...1).contains(penalty) {
      problems.append("penalty must be a number from 0 to 1, found \(JSONWriter.numberText(penalty))")
    }
    for (index, hint) in question.hints.enumerated() where hint.text.isEmpty {
      problems.append("hint \(index + 1): text must not be empty")
    }
    if question.outcomeFeedback?.isEmpty == true {
      problems.append("the outcome feedback is empty")
    }
    return problems
  }
}
