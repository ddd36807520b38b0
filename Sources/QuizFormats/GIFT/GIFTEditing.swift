import QuizDomain

/// `quiz edit --format gift`: the quiz (or one question) as GIFT, and the edited text back.
/// What GIFT cannot show (picks, files, choice ids, points, shuffle, the quiz's rule or its
/// absence, weights left unset, empty sections) is kept as stored: an edit that changes nothing
/// changes nothing (`QuizFileFormat.keeping`).
enum GIFTEditing {
  @Sendable static func render(_ quiz: Quiz, address: QuestionAddress) throws -> String {
    String(decoding: GIFT.write(try shown(quiz, address: address)).bytes, as: UTF8.self)
  }

  /// The quiz, or its one question alone in a quiz of the same id, title and rule.
  static func shown(_ quiz: Quiz, address: QuestionAddress) throws -> Quiz {
    guard let id = address.question else { return quiz }
    let location = try quiz.editedLocation(id)
    return Quiz(
      id: quiz.id, title: quiz.title, scoring: quiz.scoring,
      sections: [Section(questions: [quiz.sections[location.section].questions[location.position]])])
  }

  /// What the GIFT file does not show of the quiz, or of the question edited alone.
  @Sendable static func notShown(_ quiz: Quiz, address: QuestionAddress) -> [String] {
    guard let shown = try? shown(quiz, address: address) else { return [] }
    return QuizFileFormat.gift.notShown(shown)
  }

  @Sendable static func apply(_ text: String, address: QuestionAddress, to stored: Quiz) throws -> Quiz {
    let reading = GIFT.read(Array(text.utf8))
    guard reading.errors.isEmpty else {
      throw EditProblems(located: reading.errors)
    }
    // What the reader warns about (a title taken for an empty prompt, `=%n%`) would not be saved
    // as written: the file reopens with it on top.
    guard reading.warnings.isEmpty else { throw EditProblems(located: reading.warnings) }
    let edited = reading.quiz(id: stored.id, title: stored.title)
    guard let id = address.question else { return QuizFileFormat.gift.keeping(edited, from: stored) }
    let questions = edited.questions
    guard questions.count == 1, var question = questions.first else {
      throw EditProblems(lines: ["keep exactly one question (found \(questions.count))"])
    }
    // Merged as the stored question whatever id it now has; the new id goes on after.
    let newID = question.id
    question.id = id
    let alone = Quiz(id: stored.id, title: stored.title, sections: [Section(questions: [question])])
    var merged =
      QuizFileFormat.gift.keeping(alone, from: try shown(stored, address: address)).questions.first ?? question
    merged.id = newID
    var quiz = stored
    quiz = try quiz.replacing(id, with: merged)
    return quiz
  }
}
