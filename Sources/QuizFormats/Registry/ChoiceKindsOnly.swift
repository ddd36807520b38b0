import QuizDomain

/// GIFT, Aiken, Moodle XML and Canvas QTI carry choice questions only, for now: a quiz's other
/// kinds (short answer, numerical, matching, essay, description) are left out of an export
/// with a warning naming each, and editing a quiz that has them in such a format is refused,
/// so that saving the edited file cannot drop them. quiz-bank/1 carries every kind.
extension QuizFileFormat {
  static func choiceKindsOnly(
    _ write: @escaping @Sendable (Quiz) throws -> FormatWriting, title: String
  ) -> @Sendable (Quiz) throws -> FormatWriting {
    { quiz in
      let others = quiz.questions.filter { $0.kind != .choice }
      guard !others.isEmpty else { return try write(quiz) }
      var kept = quiz
      for s in kept.sections.indices { kept.sections[s].questions.removeAll { $0.kind != .choice } }
      var writing = try write(kept)
      writing.warnings =
        others.map {
          "question \($0.id) is \($0.kind.rawValue), which \(title) export does not carry yet: it is left out "
            + "(export --format json keeps it)"
        } + writing.warnings
      return writing
    }
  }

  static func choiceKindsOnly(
    _ render: @escaping @Sendable (Quiz, QuestionAddress) throws -> String, title: String
  ) -> @Sendable (Quiz, QuestionAddress) throws -> String {
    { quiz, address in
      let shown = address.question.map { id in quiz.questions.filter { $0.id == id } } ?? quiz.questions
      if let other = shown.first(where: { $0.kind != .choice }) {
        throw EditProblems(lines: [
          "question \(other.id) is \(other.kind.rawValue), which \(title) does not show yet: edit it without "
            + "--format (quiz-bank/1 JSON)"
        ])
      }
      return try render(quiz, address)
    }
  }
}
