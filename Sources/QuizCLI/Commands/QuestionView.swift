import QuizBankFormat
import QuizDomain
import QuizRepository

/// `quiz show QUIZ/QUESTION [--history]`: one question, and its versions.
enum QuestionView {
  static func run(quiz quizID: String, question id: String, invocation: Invocation) throws {
    let repository = try invocation.repository()
    let console = invocation.console
    try LiveView.show(watching: invocation.arguments.flag("watch"), repository: repository, console: console) {
      // QUIZ/QUESTION, else BANK/QUESTION: a question of a bank no quiz is named after.
      var quiz = try repository.storedQuiz(quizID)
      // A question of the quiz's own bank that it does not place (written with --bank) is the bank's.
      if let placed = quiz, placed.quiz.location(of: id) == nil,
        try repository.storedBank(quizID)?.quiz.location(of: id) != nil
      {
        quiz = nil
      }
      guard let stored = try quiz ?? repository.storedBank(quizID) else { throw try unknownQuiz(quizID, repository) }
      if quiz == nil && stored.quiz.location(of: id) == nil {
        throw RepositoryError.refused(
          "no question \"\(id)\" in bank \"\(quizID)\""
            + Suggestion.didYouMean(id, among: stored.quiz.questions.map(\.id)))
      }
      let location = try stored.quiz.requireQuestion(id)
      let history = invocation.arguments.flag("history")
      let versions =
        !history
        ? []
        : quiz != nil
          ? try repository.versions(ofQuestion: id, inQuiz: quizID)
          : try repository.versions(ofQuestion: id, inBank: quizID)
      let shown = Shown(
        stored: stored, section: location.section, position: location.position, versions: versions,
        withAnswers: invocation.arguments.flag("answers"), inBank: quiz == nil)
      return invocation.format == "json"
        ? String(decoding: json(shown), as: UTF8.self) : text(shown, console: console)
    }
  }

  /// The error for a name that is neither a quiz's nor a bank's: the quiz's, with its suggestion.
  private static func unknownQuiz(_ id: String, _ repository: QuizRepository) throws -> any Error {
    do { _ = try repository.requireQuiz(id) } catch { return error }
    return RepositoryError.unknownQuiz(id, suggestion: nil)
  }

  /// The question to show, where it stands, and its versions when asked for.
  struct Shown {
    let stored: StoredQuiz
    let section: Int
    let position: Int
    let versions: [QuestionVersion]
    let withAnswers: Bool
    /// A bank's question (its sections are categories, the top untitled).
    var inBank = false

    var question: Question { stored.quiz.sections[section].questions[position] }
    var version: Int { stored.versions[question.id] ?? 1 }
  }

  static func json(_ shown: Shown) -> [UInt8] {
    return JSONWriter.document(ShownQuestionVersionsJSON(shown: shown))
  }

  static func text(_ shown: Shown, console: Console) -> String {
    let question = shown.question.terminalSafe
    let quiz = shown.stored.quiz
    var facts = [
      "version \(shown.version)",
      NumberText.points(question.points) + (question.points == 1 ? " point" : " points"), KindLines.facts(question),
    ]
    if question.kind == .choice {
      facts.append(quiz.scoringRule(for: question).rawValue)
    } else {
      facts.insert(question.kind.rawValue, at: 1)
    }
    if !question.tags.isEmpty { facts.append("tags: " + question.tags.joined(separator: ", ")) }
    let section =
      quiz.sections[shown.section].title.flatMap { $0.isEmpty ? nil : $0.terminalSafeLine }
      ?? (shown.inBank ? "top" : "Section \(shown.section + 1)")
    var text =
      console.styled(question.id, .bold) + "  "
      + console.styled("(\(quiz.id), \(section), question \(shown.position + 1))", .dim) + "\n"
    text += facts.joined(separator: " · ") + "\n\n"
    text += question.prompt + "\n"
    for choice in question.choices {
      let box = question.multiple ? "[ ]" : "( )"
      var line = "  \(box) \(choice.id)) \(choice.text.replacingNewlines())"
      if shown.withAnswers && choice.correct { line = console.styled(line + "  ✓", .green) }
      text += line + "\n"
      if shown.withAnswers, let feedback = choice.feedback {
        text += console.styled("        \(feedback)", .dim) + "\n"
      }
    }
    text += KindLines.parts(question, withAnswers: shown.withAnswers, console: console, indent: 2)
    text += OptionLines.lines(question, withAnswers: shown.withAnswers, console: console, indent: 2)
    if shown.withAnswers, let explanation = question.explanation {
      text += console.styled("→ " + explanation, .dim) + "\n"
    }
    if !shown.versions.isEmpty {
      text += "\n" + console.styled("History", .bold) + "\n"
      for version in shown.versions {
        let changed = changes(in: version, versions: shown.versions)
        text +=
          "  v\(version.number)  \(version.createdAt)  "
          + (changed.isEmpty ? "created" : "changed: " + changed.joined(separator: ", ")) + "\n"
      }
    }
    return text
  }

  /// What differs between `version` and the one before it (nothing for the first).
  static func changes(in version: QuestionVersion, versions: [QuestionVersion]) -> [String] {
    guard let previous = versions.last(where: { $0.number < version.number })?.content else { return [] }
    return version.content.changedFields(since: previous)
  }
}

/// `quiz show QUIZ/QUESTION --format json`: the question, with its versions when asked.
struct ShownQuestionVersionsJSON: JSONView {
  let shown: QuestionView.Shown

  func write(to writer: inout JSONWriter) {
    QuizBankWriter.write(shown.question, to: &writer, withAnswers: shown.withAnswers) { writer in
      guard !shown.versions.isEmpty else { return }
      writer.field("version", shown.version)
      writer.key("history")
      writer.beginArray()
      for version in shown.versions {
        writer.beginObject()
        writer.field("version", version.number)
        writer.field("created_at", version.createdAt)
        writer.key("changed")
        writer.beginArray()
        for change in QuestionView.changes(in: version, versions: shown.versions) { writer.string(change) }
        writer.endArray()
        writer.endObject()
      }
      writer.endArray()
    }
  }
}
