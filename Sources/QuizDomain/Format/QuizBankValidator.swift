/// The rules of quiz-bank/1 that span more than one field.
public enum QuizBankValidator {
  /// What is wrong with a question's list of choices: too few, none correct, repeated ids. A
  /// single-answer question may have several correct choices, each a full answer (as Moodle
  /// imports `{=2 =4 ~3}`); it takes one pick all the same.
  public static func choiceProblems(_ question: Question) -> [String] {
    var problems: [String] = []
    if question.choices.count < 2 {
      problems.append("a question needs at least 2 choices, found \(question.choices.count)")
    }
    let correct = question.choices.count(where: \.correct)
    if correct == 0 && !question.choices.isEmpty {
      problems.append("no correct choice")
    }
    for id in repeatedIDs(question.choices.map(\.id)) { problems.append("duplicate choice id \"\(id)\"") }
    return problems
  }

  /// Each id that repeats an earlier one, in order. A short list (a question's choices usually
  /// are) is compared pairwise: no set to build for every question of an import.
  static func repeatedIDs(_ ids: [String]) -> [String] {
    guard ids.count > 16 else {
      return ids.indices.compactMap { index in ids[..<index].contains(ids[index]) ? ids[index] : nil }
    }
    var seen = Set<String>()
    return ids.filter { !seen.insert($0).inserted }
  }

  /// What is wrong with a question's files: one that belongs to no text of the question (an
  /// unknown field, a choice it lacks), or the same name twice in one text.
  public static func fileProblems(_ question: Question) -> [String] {
    // Most questions have no files: no list of their fields to build.
    guard !question.files.isEmpty else { return [] }
    let fields = Set(QuestionFile.fields(of: question))
    var problems: [String] = []
    var seen = Set<String>()
    for file in question.files {
      if !fields.contains(file.field) {
        problems.append(
          "file \"\(file.name)\": \"\(file.field)\" is not a text of this question (expected prompt, "
            + "explanation, choices.ID.text or choices.ID.feedback)")
      }
      if !seen.insert(file.field + "\u{0}" + file.name).inserted {
        problems.append("file \"\(file.name)\" appears twice in \(file.field)")
      }
    }
    return problems
  }

  /// Every problem of a question as authored, with the messages of `choiceProblems`, plus an
  /// invalid id or an empty prompt.
  public static func questionProblems(_ question: Question) -> [String] {
    var problems: [String] = []
    if !Slug.isValid(question.id) { problems.append("\"\(question.id)\" is not a valid id (\(Slug.rule))") }
    if question.prompt.isEmpty { problems.append("the prompt must not be empty") }
    if question.kind == .description {
      if question.points != 0 { problems.append("a description is worth nothing: its points must be 0") }
    } else if !(question.points > 0) {
      problems.append("points must be greater than 0")
    }
    if !question.points.isFinite { problems.append("points must be a finite number") }
    for choice in question.choices {
      if !Slug.isValid(choice.id) { problems.append("choice id \"\(choice.id)\" is not valid (\(Slug.rule))") }
      if choice.text.isEmpty { problems.append("choice \(choice.id): text must not be empty") }
      if let weight = choice.weight, !(-1...1).contains(weight) {
        problems.append("choice \(choice.id): weight must be between -1 and 1")
      }
    }
    for file in question.files where file.name.isEmpty || file.name.contains("/") {
      problems.append("file name \"\(file.name)\" must not be empty or contain \"/\"")
    }
    return problems + bodyProblems(question) + optionProblems(question) + fileProblems(question)
  }

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

/// "did you mean …" for a mistyped name.
public enum Suggestion {
  /// The closest of `candidates` to `name`, when close enough to be a likely typo.
  public static func closest(to name: String, among candidates: [String]) -> String? {
    let target = Array(name)
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(target, Array(candidate))
      // A third of the name, at least 1: two edits to a four-letter name ("tcsh" to "bash")
      // leave half of it, no likely typo.
      if distance <= max(1, target.count / 3), distance < (best?.1 ?? .max) { best = (candidate, distance) }
    }
    return best?.0
  }

  /// " (did you mean \"x\"?)" or "".
  public static func didYouMean(_ name: String, among candidates: [String]) -> String {
    closest(to: name, among: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
  }

  /// Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`: the
  /// optimal string alignment distance, so that "lsit" is one edit from "list".
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
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
    // The path is written out only when needed: a valid quiz needs none of them.
    func here(_ s: Int, _ q: Int) -> String { "\(path).sections[\(s)].questions[\(q)]" }
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
        for message in questionProblems(question) { problems.append(Problem(path: here(s, q), message: message)) }
      }
      if let pick = section.pick, pick < 1 {
        problems.append(Problem(path: "\(path).sections[\(s)].pick", message: "must be at least 1"))
      }
    }
    return problems
  }
}
