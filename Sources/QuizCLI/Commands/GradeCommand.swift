import QuizBankFormat
import QuizDomain
import QuizRepository

enum GradeCommand {
  static let command = Command(
    name: "grade",
    summary: "Score and record attempts given on the command line or as newline-delimited JSON.",
    discussion: """
      quiz grade QUIZ --as NAME --answer QUESTION=RESPONSE... records one attempt. A choice question takes \
      its choice ids, comma-separated (--answer what-is-sqlite=a,c); a short-answer, numerical or essay question \
      the text after the first '=', whole, commas and all (--answer capital=Paris, --answer pi=3.14 cm); a \
      numerical question whose units are picked from a list also --unit QUESTION=UNIT; a matching question \
      one --answer QUESTION[STEM]=ANSWER per stem, the answer text after the first '=' that follows ']' \
      (--answer 'cities[a]=Paris, France'); a cloze question one --answer QUESTION[GAP]=ANSWER per gap, 1 the \
      first, each read as its gap's kind (--answer 'capitals[1]=Paris' --answer 'capitals[2]=b'), the gaps not \
      given left blank. quiz grade --attempts FILE records one attempt per line of FILE \
      ('-' for standard input), each an attempt object of quiz-bank/1; all lines land or none does. \
      Unanswered questions score 0.
      """,
    arguments: [ArgumentSpec(name: "quiz", help: "The quiz the attempt is at.", optional: true)],
    options: [
      .value("as", valueName: "name", help: "Who took the quiz."),
      .value(
        "answer", valueName: "question=response",
        help: "The response to one question: choice ids comma-separated, the text typed, QUESTION[STEM]=ANSWER "
          + "or QUESTION[GAP]=ANSWER.",
        repeatable: true),
      .value(
        "unit", valueName: "question=unit", help: "The unit picked for a numerical question that lists its units.",
        repeatable: true),
      .value("at", valueName: "timestamp", help: "When it was submitted, RFC 3339 (default: now)."),
      .value(
        "given", valueName: "questions",
        help:
          "The questions the attempt was given, comma-separated in order (needed when sections pick; "
          + "with random slots, drawn with --seed when left out)."),
      .value("seed", valueName: "n", help: "Seed for drawing the random slots' questions when --given is left out."),
      .value("attempts", valueName: "file", help: "Newline-delimited JSON attempts to record instead."),
      .flag("dry-run", help: "Score without saving."),
      .format(["text", "json"]),
    ],
    access: .readWrite,
    run: run)

  static func run(_ invocation: Invocation) throws {
    if let file = invocation.arguments.value("attempts") {
      let conflicting = ["as", "answer", "unit", "at", "given"].filter { !invocation.arguments.all($0).isEmpty }
      guard invocation.arguments.positionals.isEmpty, conflicting.isEmpty else {
        throw CLIError.usage(
          "'--attempts' records attempts from a file; it takes no quiz, --as, --answer, --at or --given",
          command: invocation.command)
      }
      try gradeFile(file, invocation: invocation)
    } else {
      try gradeOne(invocation)
    }
  }

  // MARK: - One attempt from the command line

  static func gradeOne(_ invocation: Invocation) throws {
    let arguments = invocation.arguments
    guard let quizID = arguments.positionals.first else {
      throw CLIError.usage(
        "Missing expected argument '<quiz>' (or give '--attempts FILE')", command: invocation.command)
    }
    guard let taker = arguments.value("as"), !taker.isEmpty else {
      throw CLIError.usage("Missing '--as <name>': who took the quiz", command: invocation.command)
    }
    let raw = arguments.all("answer")
    guard !raw.isEmpty else {
      throw CLIError.usage(
        "Missing '--answer <question=choices>': give at least one answer", command: invocation.command)
    }
    var submittedAt: Timestamp?
    if let text = arguments.value("at") {
      guard let timestamp = Timestamp(text) else {
        throw CLIError.usage(
          "Invalid '--at \(text)': expected an RFC 3339 time such as 2026-11-29T10:04:12Z", command: invocation.command)
      }
      submittedAt = timestamp
    }
    let repository = try invocation.repository()
    var given = arguments.value("given").map {
      $0.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }
    let (shown, drawn) = try attemptQuiz(
      repository.requireQuiz(quizID), given: &given, taker: taker, repository: repository, invocation: invocation)
    let quiz = shown.quiz
    let (answers, sources) = try AnswerOptions.parse(
      raw, units: arguments.all("unit"), quiz: quiz, command: invocation.command)
    let attempt = Attempt(quiz: quizID, taker: taker, submittedAt: submittedAt, given: given, answers: answers)
    // Check here, so that problems name the --answer they come from.
    let problems = QuizBankValidator.attemptProblems(attempt, quiz: quiz, path: "$")
    guard problems.isEmpty else {
      throw CLIError.data(
        problems.count == 1 ? "invalid answer, nothing was saved" : "invalid answers, nothing was saved",
        details: problems.map { problem in
          guard problem.path.hasPrefix("$.answers[") else { return "--given: \(problem.message)" }
          let index = Int(problem.path.dropFirst("$.answers[".count).prefix(while: \.isNumber)) ?? 0
          var source = sources[min(index, sources.count - 1)]
          // A matching question's stems come from an --answer each: name the one at fault.
          if let range = problem.path.firstRange(of: ".matched."), index < attempt.answers.count {
            let stem = problem.path[range.upperBound...]
            source = raw.first { $0.hasPrefix("\(attempt.answers[index].question)[\(stem)]=") } ?? source
          }
          // A cloze question's gaps too: `.parts[0]` is gap 1.
          if let range = problem.path.firstRange(of: ".parts["), index < attempt.answers.count,
            let gap = Int(problem.path[range.upperBound...].prefix(while: \.isNumber))
          {
            source = raw.first { $0.hasPrefix("\(attempt.answers[index].question)[\(gap + 1)]=") } ?? source
          }
          if problem.path.hasSuffix(".unit"), index < attempt.answers.count,
            let unit = arguments.all("unit").first(where: { $0.hasPrefix(attempt.answers[index].question + "=") })
          {
            return "--unit \(unit): \(problem.message)"
          }
          return "--answer \(source): \(problem.message)"
        })
    }
    let dryRun = arguments.flag("dry-run")
    var scored: ScoredAttempt?
    _ = try repository.importing(dryRun: dryRun) { session in
      session.quizzesComplete(source: "--answer")
      scored =
        drawn
        ? try session.add(attempt, pinnedTo: shown, path: "$", source: "--answer")
        : try session.add(attempt, path: "$", source: "--answer")
    }
    guard let scored else { throw CLIError.failure("the attempt was not recorded") }
    let console = invocation.console
    if invocation.format == "json" {
      console.writeBytes(json(scored, quiz: quiz, dryRun: dryRun))
    } else {
      console.write(text(scored, quiz: quiz, dryRun: dryRun, console: console))
    }
  }

  /// The quiz as this attempt got it: with random slots, filled by the questions `--given`
  /// names, or drawn for the taker with `--seed` (and `given` set to them); else as stored.
  /// Whether it was filled or drawn comes second.
  static func attemptQuiz(
    _ stored: StoredQuiz, given: inout [String]?, taker: String, repository: QuizRepository, invocation: Invocation
  ) throws -> (StoredQuiz, Bool) {
    guard stored.quiz.hasRandomSlots else { return (stored, false) }
    if let list = given {
      let (filled, problems) = try repository.attemptQuiz(stored, given: list)
      guard problems.isEmpty else {
        throw CLIError.data("invalid --given, nothing was saved", details: problems.map { "--given: \($0.message)" })
      }
      return (filled, true)
    }
    let seed = try TakeCommand.seedOption(invocation)
    let drawn = try repository.drawnQuiz(stored, taker: taker, seed: seed)
    given = QuestionDraw.questions(of: drawn.quiz, seed: seed).map(\.id)
    return (drawn, true)
  }

  struct ScoreRow: TableRow {
    var question: String
    var selected: String
    var score: String
    var max: String
    static var columns: [TableColumn] { [.left("QUESTION"), .left("RESPONSE"), .right("SCORE"), .right("MAX")] }
    var cells: [String] { [question, selected, score, max] }
  }

  static func text(_ scored: ScoredAttempt, quiz: Quiz, dryRun: Bool, console: Console) -> String {
    var byQuestion: [String: (Answer, Double)] = [:]
    for (answer, score) in zip(scored.attempt.answers, scored.answerScores) {
      byQuestion[answer.question] = (answer, score)
    }
    let questions = QuestionDraw.questions(given: scored.attempt.given, in: quiz).filter { $0.kind != .description }
    var pending = 0
    let rows = questions.map { question -> ScoreRow in
      let answered = byQuestion[question.id]
      let waits =
        answered.map { QuizRepository.needsMarking(question, response: $0.0.response, marked: $0.0.mark != nil) }
        ?? false
      if waits { pending += 1 }
      return ScoreRow(
        question: question.id, selected: answered.map { ResponseText.summary($0.0.response).terminalSafeLine } ?? "–",
        score: waits ? "to mark" : NumberText.points(answered?.1 ?? 0), max: NumberText.points(question.points))
    }
    var text = Table.render(rows, console: console)
    text += "\nTotal: \(NumberText.points(scored.score)) / \(NumberText.points(scored.maxScore))"
    if scored.maxScore > 0 { text += " (\(NumberText.percent(scored.score / scored.maxScore)))" }
    if pending > 0 { text += " · provisional: \(NumberText.plural(pending, "essay")) to be marked (quiz mark)" }
    text += "\n"
    text += dryRun ? "Dry run: not saved.\n" : "Saved attempt \(scored.attempt.id ?? "")\n"
    return text
  }

  static func json(_ scored: ScoredAttempt, quiz: Quiz, dryRun: Bool) -> [UInt8] {
    return JSONWriter.document(GradedAttemptJSON(scored: scored, quiz: quiz, dryRun: dryRun))
  }

  // MARK: - Newline-delimited JSON

  static func gradeFile(_ path: String, invocation: Invocation) throws {
    // One file of lines: a folder's files are not one stream of attempts.
    if path != "-" && FileSystem.kind(atPath: path) == .directory {
      throw CLIError.noInput("cannot read \(path) as attempts: it is a folder (give a file, or - for standard input)")
    }
    guard let input = try InputFiles.read([path]).first else { throw CLIError.noInput("cannot read \(path)") }
    let name = input.name
    let repository = try invocation.repository()
    let dryRun = invocation.arguments.flag("dry-run")
    let nothing = "Interrupted: no attempt was recorded."
    let summary = try InterruptNotice.around(
      before: nothing, after: dryRun ? nothing : "Interrupted after the attempts were saved: all of them are recorded."
    ) { willCommit in
      try repository.importing(dryRun: dryRun, willCommit: willCommit) { session in
        session.quizzesComplete(source: name)
        var lines = 0
        // Lines are parsed on a second thread while this one scores and writes.
        try ImportPipeline.runLines(input.bytes) { message in
          guard case .line(let number, let result) = message else { return }
          lines += 1
          switch result {
          case .success(let attempt):
            try session.add(attempt, path: "line \(number): $", source: name)
          case .failure(.syntax(let error)):
            session.report(message: "line \(number), column \(error.column): \(error.message)", source: name)
          case .failure(.invalid(let problems, let total)):
            session.report(
              problems.map { Problem(path: "line \(number): \($0.path)", message: $0.message) }, source: name,
              total: total)
          }
        }
        if lines == 0 { session.report(message: "no attempts (the input is empty)", source: name) }
      }
    }
    let console = invocation.console
    if invocation.format == "json" {
      console.writeBytes(JSONWriter.document(GradedAttemptsJSON(dryRun: dryRun, summary: summary)))
    } else {
      var text = dryRun ? "Dry run: nothing was saved.\n" : ""
      text +=
        "Attempts: \(summary.attemptsAdded) \(dryRun ? "would be recorded" : "recorded"), "
        + "\(summary.attemptsSkipped) already recorded\n"
      console.write(text)
    }
  }

}

/// `quiz grade --attempts FILE --format json`: how many attempts were added and skipped.
struct GradedAttemptsJSON: JSONView {
  let dryRun: Bool
  let summary: ImportSummary

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("dry_run", dryRun)
    writer.field("added", summary.attemptsAdded)
    writer.field("skipped", summary.attemptsSkipped)
    writer.endObject()
  }
}

/// `quiz grade --format json`: the attempt recorded, question by question.
struct GradedAttemptJSON: JSONView {
  let scored: ScoredAttempt
  let quiz: Quiz
  let dryRun: Bool

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("attempt")
    if dryRun { writer.null() } else { writer.string(scored.attempt.id ?? "") }
    writer.field("quiz", quiz.id)
    writer.field("taker", scored.attempt.taker)
    writer.optionalField("submitted_at", scored.attempt.submittedAt?.text)
    writer.field("score", scored.score)
    writer.field("max_score", scored.maxScore)
    writer.key("percent")
    writer.number(scored.maxScore > 0 ? 100 * scored.score / scored.maxScore : nil)
    writer.field("dry_run", dryRun)
    writer.key("questions")
    writer.beginArray()
    var byQuestion: [String: (Answer, Double)] = [:]
    for (answer, score) in zip(scored.attempt.answers, scored.answerScores) {
      byQuestion[answer.question] = (answer, score)
    }
    for question in QuestionDraw.questions(given: scored.attempt.given, in: quiz) {
      writer.beginObject()
      writer.field("question", question.id)
      let response = byQuestion[question.id]?.0.response ?? .empty(for: question.kind)
      response.writeFields(to: &writer)
      if QuizRepository.needsMarking(question, response: response, marked: false) {
        writer.field("needs_marking", true)
      }
      writer.field("score", byQuestion[question.id]?.1 ?? 0)
      writer.field("max", question.points)
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }
}
