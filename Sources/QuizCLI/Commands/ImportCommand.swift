import QuizDomain
import QuizFormats
import QuizRepository

enum ImportCommand {
  static let command = Command(
    name: "import",
    summary: "Import quizzes and attempts: \(QuizFileFormat.readableTitles) files.",
    discussion: discussion,
    arguments: [
      ArgumentSpec(
        name: "path",
        help: "A file, '-' for standard input (\(QuizFileFormat.standardInput.name.uppercased())), or a folder: "
          + "its files of a known ending, in name order (a .\(QuizFileFormat.textEnding) file whose format cannot "
          + "be told is skipped with a warning).",
        repeatable: true)
    ],
    options: [
      .flag("dry-run", help: "Check and count everything, write nothing."),
      .value(
        "format", help: "The files' format: \(QuizFileFormat.readableNames.joined(separator: ", ")).",
        allowed: QuizFileFormat.readableNames),
      .value("quiz", help: "For \(QuizFileFormat.questionFormatTitles): the id of the quiz the questions go to."),
      .value(
        "title", help: "For \(QuizFileFormat.questionFormatTitles): the quiz's title (with --bank, a new bank's)."),
      .value(
        "bank",
        help: "Read the questions of the files into this bank (made when missing), each in the category its file "
          + "names (\(QuizFileFormat.native.title): a bank's own, or its section's title), without making or "
          + "changing a quiz."),
      .value("summary", help: "Summary format: text, json.", allowed: ["text", "json"], defaultValue: "text"),
    ],
    access: .readWrite,
    run: run)

  /// Made from the registry: every format, its endings and the `.txt` rule.
  static var discussion: String {
    let questions = QuizFileFormat.questionFormatTitles
    return """
      All files land in one transaction: if any file is invalid, nothing is written. A file whose \
      questions are all of types quiz does not import (plugin types) is skipped with a warning naming \
      them; the import fails only when no file held anything to import. Quizzes are \
      matched by id: unchanged questions keep their version, changed ones get a new version, and \
      questions missing from the file are retired (their history is kept). The format comes from \
      --format, else the file's ending (\(QuizFileFormat.endings(QuizFileFormat.readable))), else for \
      .\(QuizFileFormat.textEnding) its content (\(QuizFileFormat.contentRule)); an error in a file whose \
      format was told by its content says which format it was read as. \(questions) files carry one \
      quiz's questions: the quiz is --quiz (default: the file name as an id) titled --title (default: \
      the file name). Over a stored quiz, what such a file cannot carry (title, description, the \
      quiz's rule, picks, points, choice ids) is kept as stored. A \(QuizFileFormat.native.title) \
      document's banks are written before its quizzes: each made when missing, its questions \
      versioned as a quiz's are, its other questions left as they are.
      """
  }

  static func run(_ invocation: Invocation) throws {
    let console = invocation.console
    let arguments = invocation.arguments
    let dryRun = arguments.flag("dry-run")
    let (inputs, detections) = try detect(
      try InputFiles.read(arguments.positionals, folderExtensions: QuizFileFormat.folderExtensions),
      given: arguments.value("format"), invocation: invocation)
    let formats = detections.map(\.format)
    if let bank = arguments.value("bank") {
      return try importIntoBank(bank, inputs: inputs, formats: formats, invocation: invocation)
    }
    if arguments.value("quiz") != nil || arguments.value("title") != nil {
      guard formats.allSatisfy({ !$0.carriesQuizzes }) else {
        throw CLIError.usage(
          "--quiz and --title name the quiz of \(QuizFileFormat.questionFormatTitles) files; "
            + "\(QuizFileFormat.native.title) files carry their own",
          command: invocation.command)
      }
      guard inputs.count == 1 else {
        throw CLIError.usage("--quiz and --title name one quiz: give one file", command: invocation.command)
      }
    }
    try checkQuizIDs(inputs, formats: formats, arguments: arguments, command: invocation.command)
    let repository = try invocation.repository()
    let totalBytes = inputs.reduce(0) { $0 + $1.bytes.count }
    let progress =
      console.stderrIsTerminal && totalBytes > 4 << 20 ? ProgressLine(console: console, total: totalBytes) : nil
    var before = 0
    let readAhead = try ReadAhead(
      zip(inputs, formats).compactMap { input, format in
        guard case .questions(let read) = format.reader else { return nil }
        return (input.bytes, read)
      })
    let nothing = "Interrupted: nothing was imported."
    let summary = try naming(assumptions: assumptions(inputs, detections)) {
      try InterruptNotice.around(
        before: nothing,
        after: dryRun ? nothing : "Interrupted after the import was saved: all of it is in the database."
      ) { willCommit in
        try repository.importing(dryRun: dryRun, willCommit: willCommit) { session in
          var (importable, skipped) = (0, [SkippedFile]())
          for (input, format) in zip(inputs, formats) {
            switch format.reader {
            case .quizBank:
              try importQuizBank(input, into: session) { progress?.update(before + $0) }
              importable += 1
            case .questions:
              let reading = readAhead.next()
              if let file = skippedFile(input.name, reading: reading, console: console) {
                skipped.append(file)
              } else {
                try importQuestions(
                  input, format: format, reading: reading, arguments: arguments, into: session, console: console)
                importable += 1
              }
            // `readable` formats only reach here.
            case .exportOnly: break
            }
            try session.endDocument(source: input.name)
            before += input.bytes.count
          }
          progress?.finish()
          if let error = nothingImported(importable: importable, skipped: skipped) { throw error }
        }
      }
    }
    if arguments.value("summary") == "json" {
      console.writeBytes(json(summary, dryRun: dryRun))
    } else {
      console.write(text(summary, dryRun: dryRun))
    }
  }

  /// Each input's format. A file of a folder whose format cannot be told (a README.txt beside
  /// the quizzes) is skipped with a warning; any other such input is a usage error.
  static func detect(_ found: [InputFiles.Input], given: String?, invocation: Invocation) throws -> (
    [InputFiles.Input], [FormatDetection]
  ) {
    var inputs: [InputFiles.Input] = []
    var detections: [FormatDetection] = []
    var skipped: [String] = []
    for input in found {
      if let detection = QuizFileFormat.detect(name: input.name, bytes: input.bytes.prefix, given: given) {
        inputs.append(input)
        detections.append(detection)
      } else if let folder = input.folder {
        invocation.console.error(
          "warning: \(input.name) skipped: its content is none of \(QuizFileFormat.readableTitles)\n".terminalSafe)
        skipped.append(folder)
      } else {
        throw CLIError.usage(
          "Cannot tell the format of \(input.name): give --format "
            + "(\(QuizFileFormat.readableNames.joined(separator: ", ")))",
          command: invocation.command)
      }
    }
    guard !inputs.isEmpty else {
      throw CLIError.noInput("no file of a known format in folder \(skipped.first ?? "")")
    }
    return (inputs, detections)
  }

  /// A line for each input whose format nothing named: said beside its errors.
  static func assumptions(_ inputs: [InputFiles.Input], _ detections: [FormatDetection]) -> [String] {
    zip(inputs, detections).compactMap { input, detection in
      detection.assumption.map {
        let name = input.name == "-" ? "standard input" : input.name
        return "\(name) was read as \(detection.format.title) (\($0)); give --format if it is not"
      }
    }
  }

  /// Runs `body`; invalid input is reported with a line for each input whose format was assumed.
  static func naming<T>(assumptions: [String], _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as RepositoryError {
      guard case .invalid = error, !assumptions.isEmpty, case .data(let message, let details) = CLIError(error) else {
        throw error
      }
      throw CLIError.data(message, details: details + assumptions)
    }
  }

  /// The quiz id of each GIFT, Aiken or Moodle XML file, --quiz or made from the file name, is
  /// a valid id: a usage error otherwise, before anything is read, since --quiz is the fix.
  static func checkQuizIDs(
    _ inputs: [InputFiles.Input], formats: [QuizFileFormat], arguments: ParsedArguments, command: Command
  ) throws {
    if let id = arguments.value("quiz") {
      guard Slug.isValid(id) else {
        throw CLIError.usage("--quiz \"\(id)\" is not a valid id (\(Slug.rule))", command: command)
      }
      return
    }
    for (input, format) in zip(inputs, formats) where !format.carriesQuizzes {
      guard Slug.make(from: QuizFileFormat.baseName(input.name)).isEmpty else { continue }
      throw CLIError.usage(
        "cannot make a quiz id from the file name \"\(input.name)\" (it has no letter or digit a-z 0-9): "
          + "give the quiz's id with --quiz ID", command: command)
    }
  }

  /// A quiz-bank/1 document, streamed.
  static func importQuizBank(_ input: InputFiles.Input, into session: ImportSession, progress: (Int) -> Void) throws {
    try ImportPipeline.run(input.bytes) { message in
      switch message {
      case .quiz(let quiz, let path, let problems):
        try session.add(quiz, path: path, source: input.name, problems: problems)
      case .item(.bank(let bank, let path)): try session.add(bank, path: path, source: input.name)
      case .item(.quiz(let quiz, let path)): try session.add(quiz, path: path, source: input.name)
      case .item(.rejectedQuiz(let id)): session.reject(quizID: id)
      case .item(.history(let history, let path)): try session.add(history, path: path, source: input.name)
      case .item(.attempt(let attempt, let path)): try session.add(attempt, path: path, source: input.name)
      case .item(.quizzesComplete): session.quizzesComplete(source: input.name)
      case .progress(let offset): progress(offset)
      case .finished, .line: break
      case .failed(.syntax(let error)): session.report(message: error.description, source: input.name)
      case .failed(.invalid(let problems, let total)): session.report(problems, source: input.name, total: total)
      }
    }
  }

  /// A file of one quiz's questions: warnings go to stderr as they are, errors to the session
  /// (which then writes nothing).
  static func importQuestions(
    _ input: InputFiles.Input, format: QuizFileFormat, reading: FormatReading, arguments: ParsedArguments,
    into session: ImportSession, console: Console
  ) throws {
    for warning in reading.warnings {
      console.error("\(input.name):\(lineAndColumn(warning)): warning: \(warning.message)\n".terminalSafe)
    }
    guard reading.errors.isEmpty else {
      session.report(located: reading.errors.map { (lineAndColumn($0), $0.message) }, source: input.name)
      return
    }
    let name = QuizFileFormat.baseName(input.name)
    let id = arguments.value("quiz") ?? Slug.make(from: name)
    let title = arguments.value("title")
    let quiz = reading.quiz(id: id, title: title ?? name)
    // Over a stored quiz, what the format cannot carry stays as stored, and so does the title
    // unless --title gives one.
    try session.add(quiz, path: "$", source: input.name) { read, stored in
      var read = read
      if title == nil { read.title = stored.title }
      return format.keeping(read, from: stored)
    }
    session.quizzesComplete(source: input.name)
  }

  static func lineAndColumn(_ problem: FormatProblem) -> String {
    "\(problem.line)" + (problem.column.map { ":\($0)" } ?? "")
  }

  static func text(_ summary: ImportSummary, dryRun: Bool) -> String {
    var text = dryRun ? "Dry run: nothing was written.\n" : ""
    if summary.hasBanks {
      text +=
        "Banks:     \(summary.banksAdded) added, \(summary.banksUpdated) updated, \(summary.banksUnchanged) unchanged\n"
    }
    text +=
      "Quizzes:   \(summary.quizzesAdded) added, \(summary.quizzesUpdated) updated, \(summary.quizzesUnchanged) unchanged\n"
    var questions =
      "Questions: \(summary.questionsNew) new, \(summary.questionsChanged) changed, \(summary.questionsRetired) retired"
    if summary.questionsRestored > 0 { questions += ", \(summary.questionsRestored) restored" }
    text += questions + "\n"
    text += "Attempts:  \(summary.attemptsAdded) added, \(summary.attemptsSkipped) already recorded"
    if summary.marksAdded > 0 {
      text += " (\(summary.marksAdded) essay mark\(summary.marksAdded == 1 ? "" : "s") they carry recorded)"
    }
    text += "\n"
    if !dryRun, let first = summary.quizzes.first {
      text += "\nNext: 'quiz list' to see the quizzes, 'quiz show \(first.quiz)' to read one, "
      text += "'quiz export' to write them back as JSON.\n"
    } else if !dryRun, summary.hasBanks {
      text += "\nNext: 'quiz bank list' to see the banks, 'quiz bank show BANK' to read one.\n"
    }
    return text
  }

  static func json(_ summary: ImportSummary, dryRun: Bool) -> [UInt8] {
    return JSONWriter.document(ImportSummaryJSON(summary: summary, dryRun: dryRun))
  }
}

/// `quiz import --summary json`: what was added, changed and skipped.
struct ImportSummaryJSON: JSONView {
  let summary: ImportSummary
  let dryRun: Bool

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("dry_run", dryRun)
    writer.key("banks")
    writer.beginObject()
    writer.field("added", summary.banksAdded)
    writer.field("updated", summary.banksUpdated)
    writer.field("unchanged", summary.banksUnchanged)
    writer.endObject()
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
  }
}
