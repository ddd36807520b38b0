import QuizDomain

/// The problems of an edited file, each with the line of the edited text it is at when it
/// has one. Thrown by a format's `Editing.apply`; `quiz edit` shows them on top of the file.
public struct EditProblems: Error {
  public struct Entry: Sendable {
    public var line: Int?
    public var text: String
  }
  public let entries: [Entry]

  public init(lines: [String]) { entries = lines.map { Entry(line: nil, text: $0) } }

  public init(located: [FormatProblem]) {
    entries = located.map { Entry(line: $0.line, text: ($0.column.map { ":\($0)" } ?? "") + ": " + $0.message) }
  }

  public init(line: Int, text: String) { entries = [Entry(line: line, text: text)] }

  /// One line each, line numbers moved down by `offset`: the lines of the header on top.
  public func lines(offset: Int) -> [String] {
    entries.map { entry in entry.line.map { "line \($0 + offset)" + entry.text } ?? entry.text }
  }
}

extension Quiz {
  /// Where question `id` stands. The command checks the address before editing (with its
  /// own words for an unknown question); this is the editing formats' guard.
  func editedLocation(_ id: String) throws -> (section: Int, position: Int) {
    guard let location = location(of: id) else {
      throw EditProblems(lines: ["quiz \"\(self.id)\" has no question \"\(id)\""])
    }
    return location
  }

  /// Puts `question` where question `id` stands; its id may change to one not taken.
  func replacing(_ id: String, with question: Question) throws -> Quiz {
    let location = try editedLocation(id)
    guard question.id == id || self.location(of: question.id) == nil else {
      throw EditProblems(lines: ["quiz \"\(self.id)\" already has a question \"\(question.id)\""])
    }
    var quiz = self
    quiz.sections[location.section].questions[location.position] = question
    return quiz
  }
}
