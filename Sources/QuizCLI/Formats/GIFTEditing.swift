import QuizDomain

/// `quiz edit --format gift`: the quiz (or one question) as GIFT, and the edited text back.
/// GIFT has no points, shuffle or per-question scoring: a question keeps its own values of
/// those, and the quiz its title, description and rule.
enum GIFTEditing {
  @Sendable static func render(_ quiz: Quiz, address: QuestionAddress) throws -> String {
    guard let id = address.question else { return String(decoding: GIFT.write(quiz).bytes, as: UTF8.self) }
    let location = try quiz.requireQuestion(id)
    let alone = Quiz(
      id: quiz.id, title: quiz.title,
      sections: [Section(questions: [quiz.sections[location.section].questions[location.position]])])
    return String(decoding: GIFT.write(alone).bytes, as: UTF8.self)
  }

  @Sendable static func apply(_ text: String, address: QuestionAddress, to stored: Quiz) throws -> Quiz {
    let reading = GIFT.read(Array(text.utf8))
    guard reading.errors.isEmpty else {
      throw EditCommand.Problems(lines: reading.errors.map { "line \($0.description)" })
    }
    let skipped = reading.warnings.map { "line \($0.description) (GIFT questions of other types cannot be kept)" }
    guard skipped.isEmpty else { throw EditCommand.Problems(lines: skipped) }
    var quiz = stored
    if let id = address.question {
      let questions = reading.sections.flatMap(\.questions)
      guard questions.count == 1, let question = questions.first else {
        throw EditCommand.Problems(lines: ["keep exactly one question (found \(questions.count))"])
      }
      try EditCommand.replace(id, in: &quiz, with: keepingWhatGIFTCannotCarry(question, from: stored))
      return quiz
    }
    quiz.sections = reading.sections.map { section in
      Section(title: section.title, questions: section.questions.map { keepingWhatGIFTCannotCarry($0, from: stored) })
    }
    if quiz.scoring == nil, let scoring = reading.scoring { quiz.scoring = scoring }
    return quiz
  }

  /// `question` with the points, shuffle and scoring rule of the stored question of its id.
  static func keepingWhatGIFTCannotCarry(_ question: Question, from stored: Quiz) -> Question {
    guard let old = stored.questions.first(where: { $0.id == question.id }) else { return question }
    var question = question
    question.points = old.points
    question.shuffle = old.shuffle
    question.scoring = old.scoring
    return question
  }
}
