import Foundation
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
    run: run)

  static func run(_ invocation: Invocation) throws {
    let console = invocation.console
    let inputs = try InputFiles.read(invocation.arguments.positionals)
    let sources = try parse(inputs)
    let repository = try invocation.repository()
    let totalBytes = inputs.reduce(0) { $0 + $1.bytes.count }
    let showProgress = console.stderrIsTerminal && totalBytes > 4 << 20
    let summary = try repository.importDocuments(
      sources, dryRun: invocation.arguments.flag("dry-run"),
      progress: showProgress
        ? { done, total in console.error("\rImporting… \(done * 100 / max(total, 1))%") } : nil)
    if showProgress { console.error("\r\u{1B}[K") }
    if invocation.format == "json" {
      console.writeBytes(json(summary, dryRun: invocation.arguments.flag("dry-run")))
    } else {
      console.write(text(summary, dryRun: invocation.arguments.flag("dry-run")))
    }
  }

  /// Parses every input, reporting the problems of all of them together.
  static func parse(_ inputs: [InputFiles.Input]) throws -> [ImportSource] {
    var sources: [ImportSource] = []
    var problems: [String] = []
    for input in inputs {
      do {
        sources.append(ImportSource(name: input.name, document: try QuizBankReader.read(input.bytes)))
      } catch QuizBankError.syntax(let error) {
        problems.append("\(input.name): \(error.description)")
      } catch QuizBankError.invalid(let found) {
        problems += found.map { "\(input.name): \($0.description)" }
      }
    }
    guard problems.isEmpty else {
      throw CLIError.data(
        "invalid quiz-bank document\(problems.count == 1 ? "" : "s"), nothing was imported",
        details: CLIError.limited(problems))
    }
    return sources
  }

  static func text(_ summary: ImportSummary, dryRun: Bool) -> String {
    var text = dryRun ? "Dry run: nothing was written.\n" : ""
    text += "Quizzes:   \(summary.quizzesAdded) added, \(summary.quizzesUpdated) updated, \(summary.quizzesUnchanged) unchanged\n"
    var questions = "Questions: \(summary.questionsNew) new, \(summary.questionsChanged) changed, \(summary.questionsRetired) retired"
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
