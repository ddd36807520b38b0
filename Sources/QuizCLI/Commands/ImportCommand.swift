import QuizDomain
import QuizRepository

enum ImportCommand {
  static let command = Command(
    name: "import",
    summary: "Import quizzes and attempts from quiz-bank/1 JSON files.",
    discussion: """
      All files land in one transaction: if any document is invalid, nothing is written. \
      Quizzes are matched by id: unchanged questions keep their version, changed ones get a new \
      version, and questions missing from the document are retired (their history is kept).
      """,
    arguments: [
      ArgumentSpec(
        name: "path", help: "A JSON file, '-' for standard input, or a folder of .json files.", repeatable: true)
    ],
    options: [
      .flag("dry-run", help: "Check and count everything, write nothing."),
      .format(["text", "json"], help: "Summary format"),
    ],
    access: .readWrite,
    run: run)

  static func run(_ invocation: Invocation) throws {
    let console = invocation.console
    let dryRun = invocation.arguments.flag("dry-run")
    let inputs = try InputFiles.read(invocation.arguments.positionals)
    let repository = try invocation.repository()
    let totalBytes = inputs.reduce(0) { $0 + $1.bytes.count }
    let progress =
      console.stderrIsTerminal && totalBytes > 4 << 20 ? ProgressLine(console: console, total: totalBytes) : nil
    var before = 0
    InterruptNotice.install("Interrupted: nothing was imported.")
    let summary = try repository.importing(dryRun: dryRun) { session in
      for input in inputs {
        try ImportPipeline.run(input.bytes) { message in
          switch message {
          case .item(.quiz(let quiz, let path)): try session.add(quiz, path: path, source: input.name)
          case .item(.rejectedQuiz(let id)): session.reject(quizID: id)
          case .item(.attempt(let attempt, let path)): try session.add(attempt, path: path, source: input.name)
          case .item(.quizzesComplete): session.quizzesComplete(source: input.name)
          case .progress(let offset): progress?.update(before + offset)
          case .finished, .line: break
          case .failed(.syntax(let error)): session.report(message: error.description, source: input.name)
          case .failed(.invalid(let problems, let total)): session.report(problems, source: input.name, total: total)
          }
        }
        try session.endDocument(source: input.name)
        before += input.bytes.count
      }
      progress?.finish()
    }
    if invocation.format == "json" {
      console.writeBytes(json(summary, dryRun: dryRun))
    } else {
      console.write(text(summary, dryRun: dryRun))
    }
  }

  static func text(_ summary: ImportSummary, dryRun: Bool) -> String {
    var text = dryRun ? "Dry run: nothing was written.\n" : ""
    text +=
      "Quizzes:   \(summary.quizzesAdded) added, \(summary.quizzesUpdated) updated, \(summary.quizzesUnchanged) unchanged\n"
    var questions =
      "Questions: \(summary.questionsNew) new, \(summary.questionsChanged) changed, \(summary.questionsRetired) retired"
    if summary.questionsRestored > 0 { questions += ", \(summary.questionsRestored) restored" }
    text += questions + "\n"
    text += "Attempts:  \(summary.attemptsAdded) added, \(summary.attemptsSkipped) already recorded\n"
    if !dryRun, let first = summary.quizzes.first {
      text += "\nNext: 'quiz list' to see the quizzes, 'quiz show \(first.quiz)' to read one, "
      text += "'quiz export' to write them back as JSON.\n"
    }
    return text
  }

  static func json(_ summary: ImportSummary, dryRun: Bool) -> [UInt8] {
    var writer = JSONWriter(pretty: true)
    writer.beginObject()
    writer.field("dry_run", dryRun)
    writer.key("quizzes")
    writer.beginObject()
    writer.field("added", summary.quizzesAdded)
    writer.field("updated", summary.quizzesUpdated)
    writer.field("unchanged", summary.quizzesUnchanged)
    writer.endObject()
    writer.key("questions")
    writer.beginObject()
    writer.field("new", summary.questionsNew)
    writer.field("changed", summary.questionsChanged)
    writer.field("retired", summary.questionsRetired)
    writer.field("restored", summary.questionsRestored)
    writer.endObject()
    writer.key("attempts")
    writer.beginObject()
    writer.field("added", summary.attemptsAdded)
    writer.field("skipped", summary.attemptsSkipped)
    writer.endObject()
    writer.endObject()
    writer.endLine()
    return writer.bytes
  }
}
