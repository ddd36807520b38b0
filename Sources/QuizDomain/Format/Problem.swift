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

/// Why a quiz-bank document was refused.
public enum QuizBankError: Error, Equatable, Sendable {
  /// Not JSON: nothing further could be read.
  case syntax(JSONSyntaxError)
  /// JSON, but not a valid quiz-bank/1 document: the problems found, in document order (at
  /// most `QuizBankReader.problemLimit` of them), and how many there were in all.
  case invalid([Problem], total: Int)
}

/// A path into a JSON document, built as the decoder walks it.
struct JSONPath {
  enum Component {
    case key(String)
    case index(Int)
  }
  private(set) var components: [Component] = []

  mutating func push(_ component: Component) { components.append(component) }
  mutating func pop() { components.removeLast() }

  var text: String {
    var text = "$"
    for component in components {
      switch component {
      case .key(let key): text += "." + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
