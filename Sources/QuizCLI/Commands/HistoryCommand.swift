import QuizDomain
import QuizRepository

enum HistoryCommand {
  static let command = Command(
    name: "history",
    summary: "List recorded attempts, newest first, or show one attempt question by question.",
    discussion: """
      With an attempt id, shows the attempt as it was answered: the versions of the questions the \
      taker saw (even if they were edited or retired since), what was picked, what was right, and \
      the points.
      """,
    arguments: [ArgumentSpec(name: "attempt", help: "An attempt id, to show that attempt.", optional: true)],
    options: [
      .value("taker", valueName: "name", help: "Only this taker's attempts."),
      .value("quiz", help: "Only attempts at this quiz."),
      .value("since", valueName: "date", help: "Only attempts submitted since DATE (2026-11-01 or an RFC 3339 time)."),
      .value(
        "limit", valueName: "n",
        help: "Show at most the newest N attempts; 0 shows all (default: 100 in a table, all in JSON and CSV).",
        type: .whole(0...Int.max, expected: "a number, 0 for all")),
      .format(["table", "json", "csv"]),
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let arguments = invocation.arguments
    if let attempt = arguments.positionals.first {
      guard arguments.value("taker") == nil, arguments.value("quiz") == nil, arguments.value("since") == nil else {
        throw CLIError.usage("An attempt id takes no --taker, --quiz or --since", command: invocation.command)
      }
      guard invocation.format != "csv" else {
        throw CLIError.usage("One attempt shows as table or json, not csv", command: invocation.command)
      }
      let detail = try invocation.repository().attemptDetail(attempt)
      invocation.console.write(
        invocation.format == "json"
          ? AttemptView.json(detail) : AttemptView.text(detail.terminalSafe, console: invocation.console))
      return
    }
    var since: Timestamp?
    if let text = arguments.value("since") {
      guard let parsed = Timestamp(text) ?? Timestamp(text + "T00:00:00Z") else {
        throw CLIError.usage(
          "Invalid '--since \(text)': expected a date such as 2026-11-01 or an RFC 3339 time",
          command: invocation.command)
      }
      since = parsed
    }
    var limit: Int? = invocation.format == "table" ? 100 : nil
    if let value = arguments.int("limit") {
      limit = value == 0 ? nil : value
    }
    let filter = AttemptFilter(
      taker: arguments.value("taker"), quiz: arguments.value("quiz"), since: since, limit: limit)
    let repository = try invocation.repository()
    let attempts = try repository.attemptSummaries(filter)
    let console = invocation.console
    switch invocation.format {
    case "json": console.writeBytes(json(attempts))
    case "csv": console.write(csv(attempts))
    default:
      console.write(attempts.isEmpty ? "No attempts.\n" : Table.render(attempts.map(AttemptRow.init), console: console))
      if let limit, attempts.count == limit {
        let total = try repository.attemptCount(filter)
        if total > limit {
          console.write("… and \(total - limit) older (\(total) in all; --limit 0 shows every one)\n")
        }
      }
    }
  }

  struct AttemptRow: TableRow {
    let attempt: AttemptSummary
    static var columns: [TableColumn] {
      [
        .left("ATTEMPT"), .left("TAKER"), .left("QUIZ"), .left("SUBMITTED (UTC)"), .right("DURATION"), .right("SCORE"),
        .right("MAX"), .right("PERCENT"), .left(""),
      ]
    }
    var cells: [String] {
      [
        attempt.id, attempt.taker, attempt.quiz, attempt.submittedAt.utcMinute,
        attempt.duration.map(DurationText.format) ?? "–", NumberText.points(attempt.score),
        NumberText.points(attempt.maxScore), attempt.fraction.map(NumberText.percent) ?? "–",
        [attempt.regraded ? "regraded" : "", attempt.unmarked > 0 ? "needs marking" : ""].filter { !$0.isEmpty }
          .joined(separator: ", "),
      ]
    }
  }

  static func json(_ attempts: [AttemptSummary]) -> [UInt8] {
    return JSONWriter.document(AttemptSummariesJSON(attempts: attempts))
  }

  static func csv(_ attempts: [AttemptSummary]) -> String {
    var text = "id,taker,quiz,started_at,submitted_at,duration_seconds,score,max_score,percent,regraded,unmarked\r\n"
    for attempt in attempts {
      let fields = [
        attempt.id, attempt.taker, attempt.quiz, attempt.startedAt?.text ?? "", attempt.submittedAt.text,
        ReportNumbers.csv(attempt.duration), ReportNumbers.csv(attempt.score),
        ReportNumbers.csv(attempt.maxScore), ReportNumbers.csv(attempt.fraction.map { $0 * 100 }),
        attempt.regraded ? "true" : "false", String(attempt.unmarked),
      ]
      text += fields.map(CSV.field).joined(separator: ",") + "\r\n"
    }
    return text
  }
}

/// RFC 4180 fields: quoted when they hold a comma, a quote or a line break. A text a
/// spreadsheet would run as a formula (a taker named `=HYPERLINK(…)`: starting with `=`, `+`,
/// `@`, a tab, a carriage return, or `-` when it is not a number) starts with an apostrophe,
/// as OWASP advises for CSV injection; numbers are left as they are.
enum CSV {
  static func field(_ text: String) -> String {
    let text = isFormulaLike(text) ? "'" + text : text
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
    return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
  }

  static func isFormulaLike(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    switch first {
    case "=", "+", "@", "\t", "\r": return true
    case "-": return Double(text) == nil
    default: return false
    }
  }
}

/// "45s", "7m 30s", "1h 05m".
enum DurationText {
  static func format(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "–" }
    let total = Int(seconds.rounded())
    if total < 60 { return "\(total)s" }
    if total < 3600 { return "\(total / 60)m \(String(format2: total % 60))s" }
    return "\(total / 3600)h \(String(format2: total % 3600 / 60))m"
  }
}

extension String {
  /// Two digits: "05".
  init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}

/// `quiz history --format json`: the attempts, newest first.
struct AttemptSummariesJSON: JSONView {
  let attempts: [AttemptSummary]

  func write(to writer: inout JSONWriter) {
    writer.beginArray()
    for attempt in attempts {
      writer.beginObject()
      writer.field("id", attempt.id)
      writer.field("taker", attempt.taker)
      writer.field("quiz", attempt.quiz)
      writer.optionalField("started_at", attempt.startedAt?.text)
      writer.field("submitted_at", attempt.submittedAt.text)
      writer.key("duration_seconds")
      writer.number(attempt.duration)
      writer.field("score", attempt.score)
      writer.field("max_score", attempt.maxScore)
      writer.key("percent")
      writer.number(attempt.fraction.map { $0 * 100 })
      writer.field("regraded", attempt.regraded)
      if attempt.unmarked > 0 { writer.field("unmarked", attempt.unmarked) }
      writer.endObject()
    }
    writer.endArray()
  }
}
