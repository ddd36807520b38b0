import QuizDomain
import QuizFormats
import QuizRepository

/// `quiz import FILE… --bank BANK`: the questions of question files into a bank, each in the
/// category its file names (GIFT's `$CATEGORY`, Moodle XML's category questions), no quiz made.
extension ImportCommand {
  static func importIntoBank(
    _ bank: String, inputs: [InputFiles.Input], formats: [QuizFileFormat], invocation: Invocation
  ) throws {
    let arguments = invocation.arguments
    guard arguments.value("quiz") == nil else {
      throw CLIError.usage("--quiz names a quiz and --bank a bank: give one", command: invocation.command)
    }
    guard Slug.isValid(bank) else {
      throw CLIError.usage("--bank \"\(bank)\" is not a valid id (\(Slug.rule))", command: invocation.command)
    }
    var questions: [(category: CategoryPath, question: Question)] = []
    var errors: [String] = []
    for (input, format) in zip(inputs, formats) {
      guard case .questions(let read) = format.reader else {
        throw CLIError.usage(
          "\(input.name) is \(format.title), which carries quizzes: --bank reads "
            + QuizFileFormat.questionFormatTitles, command: invocation.command)
      }
      let reading = input.bytes.withBuffer { read($0) { _ in } }
      for warning in reading.warnings {
        invocation.console.error("\(input.name):\(lineAndColumn(warning)): warning: \(warning.message)\n".terminalSafe)
      }
      errors += reading.errors.map { "\(input.name):\(lineAndColumn($0)): \($0.message)" }
      for section in reading.sections {
        let category = categoryPath(ofSectionTitled: section.title)
        for var question in section.questions {
          // A rule the file implies for its questions (GIFT's weights), kept on each of them.
          if question.kind == .choice, question.scoring == nil { question.scoring = reading.scoring }
          questions.append((category, question))
        }
      }
    }
    guard errors.isEmpty else { throw CLIError.data("invalid input, nothing was imported", details: errors) }
    let title = arguments.value("title") ?? QuizFileFormat.baseName(inputs[0].name)
    let dryRun = arguments.flag("dry-run")
    let result = try invocation.repository().importIntoBank(bank, title: title, questions: questions, dryRun: dryRun)
    if arguments.value("summary") == "json" {
      invocation.console.writeBytes(JSONWriter.document(BankImportJSON(result: result, dryRun: dryRun)))
    } else {
      invocation.console.write(text(result, dryRun: dryRun))
    }
  }

  /// A section title read from a file is a category path (`$CATEGORY: Biology/Cells`); one that
  /// is no path (an empty name, `a//b`) is one category named as written.
  static func categoryPath(ofSectionTitled title: String?) -> CategoryPath {
    guard let title, !title.isEmpty else { return .top }
    return (try? CategoryPath.parse(title).get()) ?? CategoryPath([title])
  }

  static func text(_ result: BankImportResult, dryRun: Bool) -> String {
    var text = dryRun ? "Dry run: nothing was written.\n" : ""
    text += "Bank \(result.bank)\(result.bankAdded ? " (new)" : ""): \(result.added.count) new, "
    text += "\(result.changed.count) changed, \(result.unchanged.count) unchanged"
    if !result.moved.isEmpty { text += ", \(result.moved.count) moved" }
    if !result.restored.isEmpty { text += ", \(result.restored.count) restored" }
    return text + "\n"
  }
}

/// `quiz import --bank B --summary json`.
struct BankImportJSON: JSONView {
  let result: BankImportResult
  let dryRun: Bool

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("dry_run", dryRun)
    writer.field("bank", result.bank)
    writer.field("bank_added", result.bankAdded)
    writer.key("questions")
    writer.beginObject()
    writer.field("new", result.added.count)
    writer.field("changed", result.changed.count)
    writer.field("unchanged", result.unchanged.count)
    writer.field("moved", result.moved.count)
    writer.field("restored", result.restored.count)
    writer.endObject()
    writer.endObject()
  }
}
