import QuizDomain

/// Why a quiz-bank document was refused.
public enum QuizBankError: Error, Equatable, Sendable {
  /// Not JSON: nothing further could be read.
  case syntax(JSONSyntaxError)
  /// JSON, but not a valid quiz-bank/1 document: the problems found, in document order (at
  /// most `QuizBankReader.problemLimit` of them), and how many there were in all.
  case invalid([Problem], total: Int)
}
