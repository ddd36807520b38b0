import QuizDomain

/// A format carries the kinds its `carries` names (`FormatCarries.carries(_:)`): a quiz's
/// other kinds are left out of what it writes, with a warning naming each, and `keeping` puts
/// them back when such a file is edited or imported over the quiz. quiz-bank/1 carries every
/// kind.
extension QuizFileFormat {
  /// quiz-bank/1 carries every kind; a format of one quiz's questions when its `carries` says so.
  public var carriesEveryKind: Bool { carriesQuizzes || carries.carriesEveryKind }

  /// The kinds the format carries. (A set of values: the closures that test questions against
  /// it capture no format, whose own closures a capture inside a mutation made the 6.3
  /// optimiser's ownership check crash on.)
  public var carriedKinds: Set<QuestionKind> {
    let flags = carries
    let everything = carriesQuizzes
    return Set(QuestionKind.allCases.filter { everything || flags.carries($0) })
  }

  /// `quiz` in this format, or nil for quiz-bank/1 (which the repository streams itself).
  public func write(_ quiz: Quiz) throws -> FormatWriting? {
    guard let writer else { return nil }
    let (shown, others) = carriesEveryKind ? (quiz, []) : carriedQuestions(of: quiz)
    var written = shown
    var dropped: [String] = []
    if !carries.contains(.randomSlots) && !carries.contains(.randomSlotGroups) {
      for s in written.sections.indices {
        for placed in written.sections[s].random {
          dropped.append(
            "section \(s + 1)'s random slots (\(placed.slot.count) from \(placed.slot.filterText)) cannot be written "
              + "in \(title): they are left out (export --format json keeps them)")
        }
        written.sections[s].random = []
      }
    }
    var writing = try writer(written)
    writing.warnings =
      others.map {
        "question \($0.id) is \($0.kind.rawValue), which \(title) export does not carry: it is left out "
          + "(export --format json keeps it)"
      } + dropped + writing.warnings
    return writing
  }

  /// The quiz with the questions of kinds the format carries, and the questions left out.
  func carriedQuestions(of quiz: Quiz) -> (Quiz, [Question]) {
    let carried = carriedKinds
    let others = quiz.questions.filter { !carried.contains($0.kind) }
    guard !others.isEmpty else { return (quiz, []) }
    var kept = quiz
    for s in kept.sections.indices {
      // Random slots stay after the questions they followed, with what they draw from.
      let random = kept.sections[s].random
      kept.sections[s] = Section(
        title: kept.sections[s].title, pick: kept.sections[s].pick,
        entries: kept.sections[s].entries.filter { entry in
          guard case .question(let question) = entry else { return true }
          return carried.contains(question.kind)
        })
      for r in random.indices { kept.sections[s].random[r].candidates = random[r].candidates }
    }
    return (kept, others)
  }

  /// The quiz as an edited file shows it: its choice questions only, unless the format carries
  /// every kind; one question of another kind cannot be shown at all.
  public func editable(_ quiz: Quiz, _ address: QuestionAddress) throws -> Quiz {
    guard !carriesEveryKind else { return quiz }
    let carried = carriedKinds
    if let id = address.question, let question = quiz.questions.first(where: { $0.id == id }),
      !carried.contains(question.kind)
    {
      throw EditProblems(lines: [
        "question \(id) is \(question.kind.rawValue), which \(title) does not show: edit it without --format "
          + "(quiz-bank/1 JSON)"
      ])
    }
    return carriedQuestions(of: quiz).0
  }
}
