import QuizDomain
import QuizRepository

/// `quiz mark`: marks for the responses a person scores (essays). Every mark is kept: a new one
/// counts, earlier ones stay in the attempt's history, and `regrade` leaves marks alone.
enum MarkCommand {
  static let command = Command(
    name: "mark",
    summary: "Mark essay responses by hand, one by one or all that wait.",
    discussion: """
      quiz mark ATTEMPT QUESTION SCORE records a mark (0 to the question's points) and brings the attempt's \
      score to it. quiz mark QUIZ walks every unmarked essay of the quiz: it shows the prompt, the notes for \
      markers, the response and its word count, and reads a score (s skips, q stops) and an optional comment. \
      quiz mark --pending [QUIZ] lists what waits. A new mark keeps the earlier ones ('quiz history ATTEMPT' \
      shows them).
      """,
    arguments: [
      ArgumentSpec(
        name: "attempt|quiz", help: "The attempt to mark, or the quiz whose essays to walk.", optional: true,
        completionOverride: .text),
      ArgumentSpec(name: "question", help: "The essay question of the attempt.", optional: true),
      ArgumentSpec(name: "score", help: "The mark, from 0 to the question's points.", optional: true),
    ],
    options: [
      .value("comment", valueName: "text", help: "A comment for the taker, kept with the mark."),
      marker,
      .flag("pending", help: "List the essay responses that wait for a mark."),
      .format(["text", "json"]),
    ],
    access: .readWrite,
    run: run)

  private static var marker: OptionSpec {
    var option = OptionSpec.value("as", valueName: "marker", help: "Who marks (default: $USER).")
    option.completionOverride = .text
    return option
  }

  static func run(_ invocation: Invocation) throws {
    let positionals = invocation.arguments.positionals
    if invocation.arguments.flag("pending") {
      guard positionals.count <= 1 else {
        throw CLIError.usage("'--pending' takes at most a quiz", command: invocation.command)
      }
      return try listPending(quiz: positionals.first, invocation: invocation)
    }
    switch positionals.count {
    case 3:
      try markOne(attempt: positionals[0], question: positionals[1], score: positionals[2], invocation: invocation)
    case 1: try walk(quiz: positionals[0], invocation: invocation)
    case 0:
      throw CLIError.usage(
        "Missing expected argument '<attempt|quiz>' (or give '--pending')", command: invocation.command)
    default:
      throw CLIError.usage(
        "Give ATTEMPT QUESTION SCORE to record a mark, or QUIZ to walk its unmarked essays", command: invocation.command
      )
    }
  }

  private static func markerName(_ invocation: Invocation) -> String? {
    invocation.arguments.value("as") ?? invocation.console.environment["USER"].flatMap { $0.isEmpty ? nil : $0 }
  }

  private static func markOne(attempt: String, question: String, score text: String, invocation: Invocation) throws {
    guard let score = DecimalText.number(text) else {
      throw CLIError.usage("Invalid score '\(text)': expected a number", command: invocation.command)
    }
    let mark = Mark(score: score, comment: invocation.arguments.value("comment"), marker: markerName(invocation))
    let result = try invocation.repository().mark(attempt: attempt, question: question, mark)
    invocation.console.write(summary(result))
  }

  static func summary(_ result: MarkResult) -> String {
    var text = "Marked \(result.question) of attempt \(result.attempt): score "
    text += "\(NumberText.points(result.oldScore)) → \(NumberText.points(result.newScore)) / "
    text += NumberText.points(result.maxScore)
    if result.earlierMarks > 0 {
      text += " (replaces \(NumberText.plural(result.earlierMarks, "earlier mark")), kept in history)"
    }
    return text + "\n"
  }

  // MARK: - What waits

  private static func listPending(quiz: String?, invocation: Invocation) throws {
    let pending = try invocation.repository().pendingMarks(quiz: quiz)
    let console = invocation.console
    if invocation.format == "json" {
      return console.writeBytes(JSONWriter.document(JSONArray(pending.map(PendingMarkJSON.init))))
    }
    guard !pending.isEmpty else { return console.write("Nothing waits for a mark.\n") }
    let rows = pending.map {
      PendingRow(
        attempt: $0.attempt, quiz: $0.quiz, question: $0.question.id, taker: $0.taker.terminalSafeLine,
        submitted: $0.submittedAt.utcMinute, words: String(Essay.wordCount($0.response)))
    }
    console.write(Table.render(rows, console: console) + "\n\(NumberText.plural(pending.count, "response")) to mark.\n")
  }

  struct PendingRow: TableRow {
    var attempt, quiz, question, taker, submitted, words: String
    static var columns: [TableColumn] {
      [.left("ATTEMPT"), .left("QUIZ"), .left("QUESTION"), .left("TAKER"), .left("SUBMITTED"), .right("WORDS")]
    }
    var cells: [String] { [attempt, quiz, question, taker, submitted, words] }
  }

  // MARK: - One by one

  /// Shows each unmarked essay of `quiz` and reads its mark: a line with the score (`s` skips,
  /// `q` stops), then a line with the comment (empty: none). Each mark is saved as it is given.
  private static func walk(quiz: String, invocation: Invocation) throws {
    let repository = try invocation.repository()
    let pending = try repository.pendingMarks(quiz: quiz)
    let console = invocation.console
    guard !pending.isEmpty else { return console.write("Nothing in \(quiz) waits for a mark.\n") }
    var marked = 0
    for (index, item) in pending.enumerated() {
      let question = item.question.terminalSafe
      var text = "\n" + console.styled("Response \(index + 1) of \(pending.count)", .bold)
      text += console.styled("  attempt \(item.attempt) · \(item.taker.terminalSafeLine) · \(question.id)", .dim) + "\n"
      text += question.prompt + "\n"
      if case .essay(let essay) = question.body, let info = essay.graderInfo, !info.isEmpty {
        text += console.styled("For the marker: ", .yellow) + info + "\n"
      }
      text += console.styled("Response (\(Essay.wordCount(item.response)) words):", .dim) + "\n"
      text += ShowCommand.indented(item.response.terminalSafe, by: 2) + "\n"
      console.write(text)
      guard let score = try askScore(max: item.question.points, console: console) else { break }
      guard let value = score else { continue }
      console.write("Comment (optional): ")
      let comment = Swift.readLine(strippingNewline: true) ?? ""
      if !console.stdinIsTerminal { console.write(comment + "\n") }
      // Listed as unmarked when the walk began: another marker may have marked it since.
      do {
        let result = try repository.mark(
          attempt: item.attempt, question: item.question.id,
          Mark(score: value, comment: comment.isEmpty ? nil : comment, marker: markerName(invocation)),
          onlyIfUnmarked: true)
        console.write(summary(result))
        marked += 1
      } catch RepositoryError.refused(let reason) {
        console.write("Not saved: \(reason)\n")
      }
    }
    console.write("\nMarked \(NumberText.plural(marked, "response")) of \(pending.count).\n")
  }

  /// The score typed: `.some(nil)` to skip, nil to stop (`q` or the end of input).
  private static func askScore(max: Double, console: Console) throws -> Double?? {
    while true {
      console.write("Score (0 to \(NumberText.points(max)); s: skip, q: stop): ")
      guard let line = Swift.readLine(strippingNewline: true) else { return nil }
      if !console.stdinIsTerminal { console.write(line + "\n") }
      let typed = line.trimmingSpaces
      if typed == "q" { return nil }
      if typed == "s" { return .some(nil) }
      if let value = DecimalText.number(typed), value >= 0, value <= max { return .some(value) }
      console.write("  Type a number from 0 to \(NumberText.points(max)), s or q.\n")
    }
  }
}

/// `quiz mark --pending --format json`: one object per response waiting for a mark.
struct PendingMarkJSON: JSONView {
  let item: PendingMark

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("attempt", item.attempt)
    writer.field("quiz", item.quiz)
    writer.field("question", item.question.id)
    writer.field("taker", item.taker)
    writer.field("submitted_at", item.submittedAt.text)
    writer.field("words", Essay.wordCount(item.response))
    writer.endObject()
  }
}
