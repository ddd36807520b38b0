/// The rules of a question as authored, whatever it was written in: `quiz add`, every format's
/// reader and the import check them; the message says what is wrong, the caller says where.
public enum QuestionRules {
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
}
