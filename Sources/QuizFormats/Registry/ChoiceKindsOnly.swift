import QuizDomain

/// GIFT, Aiken, Moodle XML and Canvas QTI carry choice questions only, for now (their
/// `carries` lacks `.questionKinds`): a quiz's other kinds (short answer, numerical, matching,
/// essay, description) are left out of what they write, with a warning naming each, and
/// `keeping` puts them back when such a file is edited or imported over the quiz.
/// quiz-bank/1 carries every kind.
extension QuizFileFormat {
  /// quiz-bank/1 carries every kind; a format of one quiz's questions when its `carries` says so.
  public var carriesEveryKind: Bool { carriesQuizzes || carries.contains(.questionKinds) }

  /// `quiz` in this format, or nil for quiz-bank/1 (which the repository streams itself).
  public func write(_ quiz: Quiz) throws -> FormatWriting? {
    guard let writer else { return nil }
    let (shown, others) = carriesEveryKind ? (quiz, []) : Self.choiceQuestions(of: quiz)
    var writing = try writer(shown)
    writing.warnings =
      others.map {
        "question \($0.id) is \($0.kind.rawValue), which \(title) export does not carry yet: it is left out "
          + "(export --format json keeps it)"
      } + writing.warnings
    return writing
  }

  /// The quiz with its choice questions only, and the questions left out.
  static func choiceQuestions(of quiz: Quiz) -> (Quiz, [Question]) {
    let others = quiz.questions.filter { $0.kind != .choice }
    guard !others.isEmpty else { return (quiz, []) }
    var kept = quiz
    for s in kept.sections.indices { kept.sections[s].questions.removeAll { $0.kind != .choice } }
    return (kept, others)
  }

  /// The quiz as an edited file shows it: its choice questions only, unless the format carries
  /// every kind; one question of another kind cannot be shown at all.
  public func editable(_ quiz: Quiz, _ address: QuestionAddress) throws -> Quiz {
    guard !carriesEveryKind else { return quiz }
    if let id = address.question, let question = quiz.questions.first(where: { $0.id == id }), question.kind != .choice
    {
      throw EditProblems(lines: [
        "question \(id) is \(question.kind.rawValue), which \(title) does not show yet: edit it without --format "
          + "(quiz-bank/1 JSON)"
      ])
    }
    return Self.choiceQuestions(of: quiz).0
  }
}
