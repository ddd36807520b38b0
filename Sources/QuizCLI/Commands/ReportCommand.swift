import QuizDomain
import QuizRepository

enum ReportCommand {
  static let command = Command(
    name: "report",
    summary: "Quiz statistics and item analysis, as Moodle computes them; or one taker's attempts over time.",
    discussion: """
      For a quiz: the test's mean, median, standard deviation, skewness, kurtosis, coefficient of \
      internal consistency and standard error; per question its facility, discrimination index and \
      efficiency, random guess score, intended and effective weights, and how often each choice \
      was picked. CSV has one row per question. HTML is one self-contained file with charts. \
      For a bank's question (BANK/QUESTION, or every question of --bank BANK): its attempts, \
      facility, discrimination index and efficiency in each quiz that used it and their mean over \
      those quizzes, as Moodle's question bank shows them.
      """,
    arguments: [
      ArgumentSpec(
        name: "quiz", help: "The quizzes to report on, each in turn (or bank questions, BANK/QUESTION).",
        optional: true,
        repeatable: true)
    ],
    options: [
      .value(
        "attempts", valueName: "which", help: "Which attempts count: all, or per taker the first, last or best.",
        allowed: AttemptSelection.allCases.map(\.rawValue), defaultValue: "all"),
      .value("taker", valueName: "name", help: "Report one taker's attempts over time instead."),
      .value("bank", help: "Report every question of this bank that a quiz used, across its quizzes."),
      .flag(
        "responses",
        help: "With --format csv: the response analysis (each answer's count, the responses that matched none)."),
      .format(["table", "json", "csv", "markdown", "html"]),
      .value("output", short: "o", valueName: "file", help: "Write to this file instead of standard output."),
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let arguments = invocation.arguments
    let output: String
    let console = arguments.value("output").map { $0 == "-" } ?? true ? invocation.console : .plain
    if let bank = arguments.value("bank") ?? bankQuestions(arguments.positionals)?.bank {
      output = try bankReport(bank, invocation: invocation, console: console)
    } else if let taker = arguments.value("taker") {
      if arguments.given.contains("attempts") {
        throw CLIError.usage(
          "'--attempts' chooses the attempts of a quiz report; '--taker' shows every attempt of the taker",
          command: invocation.command)
      }
      output = try TakerReport.render(
        taker: taker, quizzes: arguments.positionals, repository: invocation.repository(),
        format: invocation.format, console: console)
    } else {
      guard !arguments.positionals.isEmpty else {
        throw CLIError.usage("Missing expected argument '<quiz>' (or give '--taker NAME')", command: invocation.command)
      }
      let selection = AttemptSelection(rawValue: arguments.value("attempts") ?? "all") ?? .all
      let repository = try invocation.repository()
      let reports = try arguments.positionals.map { id in
        QuizStatistics.report(try repository.reportAttempts(quiz: id), selection: selection)
      }
      if arguments.flag("responses") {
        guard invocation.format == "csv" else {
          throw CLIError.usage(
            "'--responses' selects the CSV of the response analysis; the other formats always include it",
            command: invocation.command)
        }
        output = ReportResponses.csvHeader + reports.map(ReportResponses.csvRows).joined()
      } else {
        output = render(reports, format: invocation.format, console: console)
      }
    }
    if let path = arguments.value("output"), path != "-" {
      let file = try OutputFile(path: path, personal: true)
      try file.write(Array(output.utf8))
      try file.commit()
    } else {
      invocation.console.write(output)
    }
  }
}

extension ReportCommand {
  /// One report as is; several one after the other (JSON: an array of report objects; CSV: one
  /// header; HTML: one page).
  static func render(_ reports: [QuizReport], format: String, console: Console) -> String {
    switch format {
    case "json":
      return String(
        decoding: reports.count == 1 ? ReportData.json(reports[0]) : ReportData.json(reports), as: UTF8.self)
    case "csv":
      return ReportData.csvHeader + reports.map(ReportData.csvRows).joined()
    case "markdown": return reports.map(ReportData.markdown).joined(separator: "\n")
    case "html": return ReportHTML.render(reports)
    default: return reports.map { ReportText.render($0, console: console) }.joined(separator: "\n")
    }
  }
}

/// One taker's attempts over time, per quiz.
enum TakerReport {
  /// "7.5 / 11"
  static func scoreText(_ attempt: AttemptSummary) -> String {
    "\(NumberText.points(attempt.score)) / \(NumberText.points(attempt.maxScore))"
  }

  /// Said of an attempt whose essays wait for a mark: its score is provisional (as `history` says).
  static func markingNote(_ attempt: AttemptSummary) -> String { attempt.unmarked > 0 ? " (needs marking)" : "" }

  /// A taker's attempts, quiz by quiz.
  typealias AttemptsByQuiz = [(quiz: String, attempts: [AttemptSummary])]

  /// `quizzes`: only the attempts at these (none: at every quiz).
  static func render(taker: String, quizzes: [String], repository: QuizRepository, format: String, console: Console)
    throws -> String
  {
    for quiz in quizzes { _ = try repository.requireQuiz(quiz) }
    let attempts = try repository.attemptSummaries(
      AttemptFilter(taker: taker, quiz: quizzes.count == 1 ? quizzes[0] : nil)
    ).reversed().filter { quizzes.isEmpty || quizzes.contains($0.quiz) }
    var byQuiz: AttemptsByQuiz = []
    for attempt in attempts {
      if let index = byQuiz.firstIndex(where: { $0.quiz == attempt.quiz }) {
        byQuiz[index].attempts.append(attempt)
      } else {
        byQuiz.append((attempt.quiz, [attempt]))
      }
    }
    byQuiz.sort { $0.quiz < $1.quiz }
    switch format {
    case "json": return json(taker: taker, byQuiz)
    case "csv": return csv(byQuiz)
    case "html": return html(taker: taker, byQuiz)
    case "markdown": return markdown(taker: taker, byQuiz)
    default: return text(taker: taker, byQuiz, console: console)
    }
  }

  static func json(taker: String, _ byQuiz: AttemptsByQuiz) -> String {
    return String(decoding: JSONWriter.document(TakerReportJSON(taker: taker, byQuiz: byQuiz)), as: UTF8.self)
  }

  static func csv(_ byQuiz: AttemptsByQuiz) -> String {
    var text = "quiz,attempt,submitted_at,score,max_score,percent,unmarked\r\n"
    for (quiz, attempts) in byQuiz {
      for attempt in attempts {
        text +=
          [
            quiz, attempt.id, attempt.submittedAt.text, ReportNumbers.csv(attempt.score),
            ReportNumbers.csv(attempt.maxScore),
            ReportNumbers.csv(attempt.fraction.map { $0 * 100 }), String(attempt.unmarked),
          ].map(CSV.field).joined(separator: ",") + "\r\n"
      }
    }
    return text
  }

  /// In the page frame (styles, escaping) of the quiz report.
  static func html(taker: String, _ byQuiz: AttemptsByQuiz) -> String {
    var body = "<h1>\(ReportHTML.escape(taker))</h1>\n"
    for (quiz, attempts) in byQuiz {
      body +=
        "<h2>\(ReportHTML.escape(quiz))</h2>\n<table><tr><th>Submitted (UTC)</th><th>Score</th><th>Percent</th></tr>\n"
      for attempt in attempts {
        body +=
          "<tr><td>\(attempt.submittedAt.utcMinute)</td><td class=\"n\">\(scoreText(attempt))\(markingNote(attempt))</td>"
        body += "<td class=\"n\">\(ReportNumbers.percentOfFraction(attempt.fraction))</td></tr>\n"
      }
      body += "</table>\n"
    }
    return ReportHTML.page(title: taker, body: body)
  }

  static func markdown(taker: String, _ byQuiz: AttemptsByQuiz) -> String {
    var text = "# \(taker)\n"
    for (quiz, attempts) in byQuiz {
      text += "\n## `\(quiz)`\n\n| submitted (UTC) | score | percent |\n|---|---:|---:|\n"
      for attempt in attempts {
        text +=
          "| \(attempt.submittedAt.utcMinute) | \(scoreText(attempt))\(markingNote(attempt)) | "
          + "\(ReportNumbers.percentOfFraction(attempt.fraction)) |\n"
      }
    }
    return text
  }

  static func text(taker: String, _ byQuiz: AttemptsByQuiz, console: Console) -> String {
    let taker = taker.terminalSafeLine
    guard !byQuiz.isEmpty else { return "No attempts by \(taker).\n" }
    let count = byQuiz.reduce(0) { $0 + $1.attempts.count }
    var text =
      console.styled(taker, .bold) + " — " + NumberText.plural(count, "attempt") + " at "
      + NumberText.plural(byQuiz.count, "quiz", "quizzes") + "\n"
    for (quiz, attempts) in byQuiz {
      text += "\n" + console.styled(quiz, .cyan) + "\n"
      for attempt in attempts {
        // Below 0 (a cloze gap's negative fraction) no bar; past the maximum a full one.
        let fraction = min(max(attempt.fraction ?? 0, 0), 1)
        let bar = String(repeating: "█", count: Int((fraction * 20).rounded()))
        text +=
          "  \(attempt.submittedAt.utcMinute)  "
          + DisplayWidth.pad(scoreText(attempt), to: 12, alignRight: true)
          + "  " + DisplayWidth.pad(attempt.fraction.map(NumberText.percent) ?? "–", to: 5, alignRight: true) + "  "
          + bar + (attempt.unmarked > 0 ? "  " + console.styled("needs marking", .yellow) : "") + "\n"
      }
    }
    return text
  }
}

/// `quiz report --taker NAME --format json`: one taker's attempts over time, by quiz.
struct TakerReportJSON: JSONView {
  let taker: String
  let byQuiz: TakerReport.AttemptsByQuiz

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("taker", taker)
    writer.key("quizzes")
    writer.beginArray()
    for (quiz, attempts) in byQuiz {
      writer.beginObject()
      writer.field("quiz", quiz)
      writer.key("attempts")
      writer.beginArray()
      for attempt in attempts {
        writer.beginObject()
        writer.field("id", attempt.id)
        writer.field("submitted_at", attempt.submittedAt.text)
        writer.field("score", attempt.score)
        writer.field("max_score", attempt.maxScore)
        writer.key("percent")
        writer.number(attempt.fraction.map { $0 * 100 })
        if attempt.unmarked > 0 { writer.field("unmarked", attempt.unmarked) }
        writer.endObject()
      }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }
}

// MARK: - Bank questions

extension ReportCommand {
  /// The bank and questions `BANK/QUESTION` arguments name, all of one bank; nil when the first
  /// names a quiz.
  static func bankQuestions(_ positionals: [String]) -> (bank: String, questions: [String])? {
    guard let first = positionals.first, let slash = first.firstIndex(of: "/") else { return nil }
    let bank = String(first[..<slash])
    return (bank, positionals.map { QuestionAddress($0).question ?? "" })
  }

  static func bankReport(_ bank: String, invocation: Invocation, console: Console) throws -> String {
    let arguments = invocation.arguments
    var questions: [String]?
    if let named = bankQuestions(arguments.positionals) {
      let addresses = arguments.positionals.map(QuestionAddress.init)
      guard arguments.value("bank") == nil, addresses.allSatisfy({ $0.quiz == named.bank && $0.question != nil }) else {
        throw CLIError.usage(
          "A bank report takes BANK/QUESTION arguments of one bank, or --bank BANK alone", command: invocation.command)
      }
      questions = named.questions
    } else if !arguments.positionals.isEmpty {
      throw CLIError.usage("'--bank' reports a bank's questions: it takes no quiz", command: invocation.command)
    }
    if arguments.value("taker") != nil || arguments.flag("responses") {
      throw CLIError.usage("A bank report takes neither '--taker' nor '--responses'", command: invocation.command)
    }
    guard invocation.format == "table" || invocation.format == "json" else {
      throw CLIError.usage(
        "A bank report is written as a table or JSON ('--format table' or '--format json')",
        command: invocation.command)
    }
    let selection = AttemptSelection(rawValue: arguments.value("attempts") ?? "all") ?? .all
    let figures = try BankReport.figures(
      bank: bank, questions: questions, selection: selection, repository: invocation.repository())
    if figures.isEmpty && invocation.format != "json" { return "No quiz has used a question of bank \(bank) yet.\n" }
    return BankReport.render(figures, format: invocation.format, console: console)
  }
}
