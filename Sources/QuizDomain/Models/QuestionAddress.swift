/// `QUIZ` or `QUIZ/QUESTION`, as authoring commands and editing formats name things.
public struct QuestionAddress: Sendable {
  public var quiz: String
  public var question: String?

  public init(_ text: String) {
    if let slash = text.firstIndex(of: "/") {
      quiz = String(text[..<slash])
      question = String(text[text.index(after: slash)...])
    } else {
      quiz = text
    }
  }
}

extension Quiz {
  /// Where question `id` stands: its section and position.
  public func location(of id: String) -> (section: Int, position: Int)? {
    for (s, section) in sections.enumerated() {
      if let q = section.questions.firstIndex(where: { $0.id == id }) { return (s, q) }
    }
    return nil
  }
}
