/// A bank as a document carries it (quiz-bank/1's `banks`): its id, title and description, and
/// its categories, each with the questions written in full in it.
public struct Bank: Equatable, Sendable {
  public var id: String
  public var title: String
  public var description: String?
  /// Categories in tree order (the top, when it holds questions, first).
  public var categories: [Category]

  public struct Category: Equatable, Sendable {
    public var path: CategoryPath
    public var questions: [Question]

    public init(path: CategoryPath, questions: [Question]) {
      self.path = path
      self.questions = questions
    }
  }

  public init(id: String, title: String, description: String? = nil, categories: [Category]) {
    self.id = id
    self.title = title
    self.description = description
    self.categories = categories
  }

  /// Every question with its category, in document order.
  public var questions: [(category: CategoryPath, question: Question)] {
    categories.flatMap { category in category.questions.map { (category.path, $0) } }
  }
}
