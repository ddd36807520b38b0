import QuizDomain
import QuizRepository

/// `quiz report BANK/QUESTION` and `quiz report --bank BANK`: each bank question's figures in
/// every quiz that used it and over them all, as Moodle's question bank shows them.
enum BankReport {
  /// The figures of `questions` of `bank` (nil: every question a quiz used), each quiz's report
  /// computed once.
  static func figures(
    bank: String, questions: [String]?, selection: AttemptSelection, repository: QuizRepository
  ) throws -> [QuestionAcrossQuizzes] {
    let users = try repository.quizzesUsingQuestions(ofBank: bank)
    if let questions {
      let known = try repository.bankContents(bank).categories.flatMap(\.questions).map(\.id)
      for question in questions where !known.contains(question) {
        throw RepositoryError.refused(
          "bank \"\(bank)\" has no question \"\(question)\"" + Suggestion.didYouMean(question, among: known))
      }
    }
    var reports: [String: QuizReport] = [:]
    return try (questions ?? users.keys.sorted()).map { question in
      let quizzes = try (users[question] ?? []).compactMap { quiz -> (quiz: String, item: ItemStatistics)? in
        if reports[quiz] == nil {
          reports[quiz] = QuizStatistics.report(try repository.reportAttempts(quiz: quiz), selection: selection)
        }
        return reports[quiz]?.items.first { $0.question == question }.map { (quiz, $0) }
      }
      return QuestionAcrossQuizzes(question: "\(bank)/\(question)", quizzes: quizzes)
    }
  }

  static func render(_ figures: [QuestionAcrossQuizzes], format: String, console: Console) -> String {
    switch format {
    case "json":
      var writer = JSONWriter()
      writer.beginArray()
      for question in figures { write(question, to: &writer) }
      writer.endArray()
      return String(decoding: writer.takeBytes(), as: UTF8.self) + "\n"
    default:
      return figures.map { text($0, console: console) }.joined(separator: "\n")
    }
  }

  /// One question: a row per quiz, then the row over them all and whether it needs checking.
  static func text(_ question: QuestionAcrossQuizzes, console: Console) -> String {
    var text = console.styled(question.question.terminalSafeLine, .bold) + "\n"
    guard !question.quizzes.isEmpty else { return text + "  No quiz has used it yet.\n" }
    func row(_ name: String, _ attempts: Int, _ facility: Double?, _ index: Double?, _ efficiency: Double?)
      -> [String]
    {
      [
        name, String(attempts), ReportNumbers.percentOfFraction(facility), ReportNumbers.fixed(index),
        ReportNumbers.fixed(efficiency),
      ]
    }
    var rows = question.quizzes.map {
      row(
        $0.quiz, $0.item.attempts, $0.item.facility, $0.item.discriminationIndex, $0.item.discriminativeEfficiency)
    }
    rows.append(
      row(
        "All (mean of quizzes)", question.attempts, question.facility, question.discriminationIndex,
        question.discriminativeEfficiency))
    text += Table.render(
      columns: [.left("QUIZ"), .right("ATTEMPTS"), .right("FACILITY"), .right("DISCRIM."), .right("EFFIC.")],
      rows: rows, console: console)
    text += "Needs checking: \(question.needsChecking?.rawValue ?? "–")\n"
    return text
  }

  static func write(_ question: QuestionAcrossQuizzes, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("question", question.question)
    writer.key("quizzes")
    writer.beginArray()
    for (quiz, item) in question.quizzes {
      writer.beginObject()
      writer.field("quiz", quiz)
      writeFigures(item.attempts, item.facility, item.discriminationIndex, item.discriminativeEfficiency, &writer)
      writer.endObject()
    }
    writer.endArray()
    writeFigures(
      question.attempts, question.facility, question.discriminationIndex, question.discriminativeEfficiency, &writer)
    writer.optionalField("needs_checking", question.needsChecking?.rawValue)
    writer.endObject()
  }

  private static func writeFigures(
    _ attempts: Int, _ facility: Double?, _ index: Double?, _ efficiency: Double?, _ writer: inout JSONWriter
  ) {
    writer.field("attempts", attempts)
    for (key, value) in [
      ("facility", facility), ("discrimination_index", index), ("discriminative_efficiency", efficiency),
    ] {
      writer.key(key)
      if let value { writer.number(value) } else { writer.null() }
    }
  }
}
