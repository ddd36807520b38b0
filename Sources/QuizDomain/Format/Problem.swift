/// One thing wrong with an input, where it is (a JSON path such as
/// `$.quizzes[3].sections[0].questions[12].choices`) and why.
public struct Problem: Equatable, Sendable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}
