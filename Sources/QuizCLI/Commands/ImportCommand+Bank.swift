import QuizBankFormat
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
    var readings: [(file: String, format: QuizFileFormat, reading: FormatReading)] = []
    var documents: [(category: CategoryPath, question: Question)] = []
    var errors: [String] = []
    var skipped: [SkippedFile] = []
    for (input, format) in zip(inputs, formats) {
      let read: @Sendable (UnsafeBufferPointer<UInt8>, _ release: @escaping (Int) -> Void) -> FormatReading
      switch format.reader {
      case .questions(let reader): read = reader
      case .quizBank:
        documents += questions(ofDocument: input, errors: &errors, console: invocation.console)
        continue
      case .exportOnly:
        throw CLIError.usage(
          "\(input.name) is \(format.title), which quiz only writes", command: invocation.command)
      }
      let reading = input.bytes.withBuffer { read($0) { _ in } }
      // A file of plugin types only is skipped with a warning, as a quiz import skips it.
      if let file = skippedFile(input.name, reading: reading, console: invocation.console) {
        skipped.append(file)
        continue
      }
      for warning in reading.warnings {
        invocation.console.error("\(input.name):\(lineAndColumn(warning)): warning: \(warning.message)\n".terminalSafe)
      }
      errors += reading.errors.map { "\(input.name):\(lineAndColumn($0)): \($0.message)" }
      for section in reading.sections {
        if case .failure(let error) = categoryPath(ofSectionTitled: section.title) {
          errors.append("\(input.name): \(error)")
        }
      }
      readings.append((input.name, format, reading))
    }
    guard errors.isEmpty else { throw CLIError.data("invalid input, nothing was imported", details: errors) }
    let documentFiles = formats.count { if case .quizBank = $0.reader { return true } else { return false } }
    if let error = nothingImported(importable: readings.count + documentFiles, skipped: skipped) { throw error }
    let title = arguments.value("title") ?? QuizFileFormat.baseName(inputs[0].name)
    guard !title.isEmpty else { throw CLIError.usage("--title must not be empty", command: invocation.command) }
    let dryRun = arguments.flag("dry-run")
    let result = try invocation.repository().importIntoBank(bank, title: title, dryRun: dryRun) { stored in
      documents
        + readings.flatMap { file in questions(of: file.reading, format: file.format, bank: bank, stored: stored) }
    }
    if arguments.value("summary") == "json" {
      invocation.console.writeBytes(JSONWriter.document(BankImportJSON(result: result, dryRun: dryRun)))
    } else {
      invocation.console.write(text(result, dryRun: dryRun))
    }
  }

  /// A file's questions, each in its category. Over a stored bank, what the format cannot carry
  /// (a choice question's fixed order in GIFT, a rule) is kept as stored, as a quiz import keeps
  /// it; a rule the file implies (GIFT's weights) goes to its new questions only.
  static func questions(of reading: FormatReading, format: QuizFileFormat, bank: String, stored: Quiz?)
    -> [(category: CategoryPath, question: Question)]
  {
    let read = reading.quiz(id: bank, title: stored?.title ?? bank)
    let merged = stored.map { format.keeping(read, from: $0) } ?? read
    var kept: [String: Question] = [:]
    for question in merged.questions { kept[question.id] = question }
    let storedIDs = Set(stored?.questions.map(\.id) ?? [])
    return reading.sections.flatMap { section in
      let category = (try? categoryPath(ofSectionTitled: section.title).get()) ?? .top
      return section.questions.map { question in
        var question = storedIDs.contains(question.id) ? kept[question.id] ?? question : question
        if !storedIDs.contains(question.id), question.kind == .choice, question.scoring == nil {
          question.scoring = reading.scoring
        }
        return (category, question)
      }
    }
  }

  /// The questions of a quiz-bank/1 document, each in its category: a bank's in its own, a
  /// quiz's in the category of its section's title (as a GIFT file's `$CATEGORY`). A document
  /// carries everything of a question, so nothing is kept from the stored bank. What is not a
  /// question (slots, random slots, attempts) is left out, with a warning.
  static func questions(ofDocument input: InputFiles.Input, errors: inout [String], console: Console)
    -> [(category: CategoryPath, question: Question)]
  {
    let document: QuizBankDocument
    do {
      document = try input.bytes.withBuffer { buffer in Result { try QuizBankReader.read(buffer) } }.get()
    } catch QuizBankError.syntax(let error) {
      errors.append("\(input.name): \(error)")
      return []
    } catch QuizBankError.invalid(let problems, let total) {
      errors += problems.map { "\(input.name): \($0.path): \($0.message)" }
      if total > problems.count { errors.append("\(input.name): … and \(total - problems.count) more problems") }
      return []
    } catch {
      errors.append("\(input.name): \(error)")
      return []
    }
    var found = document.banks.flatMap(\.questions)
    for (q, quiz) in document.quizzes.enumerated() {
      for (s, section) in quiz.sections.enumerated() {
        switch categoryPath(ofSectionTitled: section.title) {
        case .success(let category):
          found += section.questions.filter { $0.slot == nil }.map { (category, $0) }
        case .failure(let error):
          errors.append("\(input.name): $.quizzes[\(q)].sections[\(s)].title: \(error)")
        }
        let slots = section.questions.count { $0.slot != nil }
        let random = section.random.reduce(0) { $0 + $1.slot.count }
        if slots + random > 0 {
          let what = [(slots, "slot"), (random, "random slot")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: " and ")
          console.error(
            ("\(input.name): $.quizzes[\(q)].sections[\(s)]: warning: its \(what) name questions a bank holds, "
              + "not questions: left out\n").terminalSafe)
        }
      }
    }
    if found.isEmpty {
      errors.append("\(input.name): it holds no question written in full to read into a bank")
    }
    if !document.attempts.isEmpty {
      console.error(
        ("\(input.name): warning: its \(document.attempts.count) attempt(s) are left out: --bank reads questions; "
          + "import the file without --bank to record them\n").terminalSafe)
    }
    return found
  }

  /// A section title read from a file is a category path (`$CATEGORY: Biology/Cells`).
  static func categoryPath(ofSectionTitled title: String?) -> Result<CategoryPath, CategoryPathError> {
    guard let title, !title.isEmpty else { return .success(.top) }
    return CategoryPath.parse(title)
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
