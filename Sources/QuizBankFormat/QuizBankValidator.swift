import QuizDomain

/// The rules of a quiz-bank/1 document that span more than one field: a quiz as a whole, an
/// attempt against its quiz, an answer against its question, each at its JSON path.
public enum QuizBankValidator {
  /// What is wrong with `attempt` against `quiz`: its list of given questions, answers to
  /// questions it was not given, unknown questions or choices, and more than one pick on a
  /// single-answer question. `path` locates the attempt (`$.attempts[4]`).
  /// An attempt that is a record of history (it carries `max_score`) is not held to the
  /// sections' picks as they are now: only its questions must be known.
  public static func attemptProblems(_ attempt: Attempt, quiz: Quiz, path: String) -> [Problem] {
    let positions = quiz.questionPositions
    var problems = QuestionDraw.problems(
      given: attempt.given, quiz: quiz, path: path, exactCounts: attempt.maxScore == nil)
    let given = attempt.given.map(Set.init)
    for (index, answer) in attempt.answers.enumerated() {
      // Made only for a message: this runs for every answer of every attempt recorded.
      var here: String { "\(path).answers[\(index)]" }
      let position = positions[answer.question]
      if let given, position != nil, !given.contains(answer.question) {
        problems.append(
          Problem(
            path: here + ".question",
            message: "question \"\(answer.question)\" was not given in this attempt"))
        continue
      }
      guard let position else {
        problems.append(
          Problem(
            path: here + ".question",
            message: "unknown question \"\(answer.question)\" in quiz \"\(quiz.id)\""
              + Suggestion.didYouMean(answer.question, among: quiz.questions.map(\.id))))
        continue
      }
      problems += answerProblems(
        answer, question: quiz.sections[position.section].questions[position.position], here: here)
    }
    return problems
  }
}

// MARK: - Whole quizzes

extension QuizBankValidator {
  /// Every problem of a quiz as a whole, each at its JSON path under `path` (`$.quizzes[0]`):
  /// its id and title, at least one section, unique question ids, and each question's rules.
  public static func quizProblems(_ quiz: Quiz, path: String = "$") -> [Problem] {
    var problems: [Problem] = []
    if !Slug.isValid(quiz.id) {
      problems.append(Problem(path: path + ".id", message: "\"\(quiz.id)\" is not a valid id (\(Slug.rule))"))
    }
    if quiz.title.isEmpty { problems.append(Problem(path: path + ".title", message: "must not be empty")) }
    if quiz.sections.isEmpty {
      problems.append(Problem(path: path + ".sections", message: "a quiz needs at least one section"))
    }
    if !quiz.maxScore.isFinite {
      problems.append(
        Problem(
          path: path + ".sections",
          message: "the points of the questions add up to more than the largest number quiz can hold"))
    }
    // The path is written out only when needed: a valid quiz needs none of them. A section's
    // random slots stand among its questions in the document.
    func here(_ s: Int, _ q: Int) -> String {
      let entry = q + quiz.sections[s].random.count(where: { $0.at <= q })
      return "\(path).sections[\(s)].questions[\(entry)]"
    }
    // Question id → where it first stood (section, position).
    var seen: [String: (Int, Int)] = [:]
    for (s, section) in quiz.sections.enumerated() {
      for (q, question) in section.questions.enumerated() {
        if let (s0, q0) = seen[question.id] {
          problems.append(
            Problem(
              path: here(s, q) + ".id", message: "duplicate question id \"\(question.id)\" (also \(here(s0, q0)))"))
        } else {
          seen[question.id] = (s, q)
        }
        // A bank question placed by reference was checked when its bank stored it.
        for message in question.slot == nil ? QuestionRules.questionProblems(question) : [] {
          problems.append(Problem(path: here(s, q), message: message))
        }
      }
      if let pick = section.pick, pick < 1 {
        problems.append(Problem(path: "\(path).sections[\(s)].pick", message: "must be at least 1"))
      }
      if section.pick != nil && !section.random.isEmpty {
        problems.append(
          Problem(
            path: "\(path).sections[\(s)].pick",
            message: "a section with random slots does not also pick: its random slots draw already"))
      }
    }
    return problems
  }
}
