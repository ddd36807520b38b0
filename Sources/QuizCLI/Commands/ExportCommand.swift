import QuizBankFormat
import QuizDomain
import QuizFormats
import QuizRepository

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

enum ExportCommand {
  static let command = Command(
    name: "export",
    summary: "Export quizzes as \(QuizFileFormat.native.title) (all, or those named), or one quiz as "
      + "\(QuizFileFormat.list(QuizFileFormat.all.filter { $0.writer != nil }.map(\.title))).",
    discussion: discussion,
    arguments: [
      ArgumentSpec(name: "quiz", help: "Quiz ids to export (default: all).", optional: true, repeatable: true)
    ],
    options: [
      .flag("with-attempts", help: "Include the attempts at the exported quizzes (JSON only)."),
      .value(
        "format", help: "The format: \(QuizFileFormat.names.joined(separator: ", ")).", allowed: QuizFileFormat.names,
        defaultValue: QuizFileFormat.native.name),
      .value("output", short: "o", valueName: "file", help: "Write to this file instead of standard output."),
      .value(
        "bank",
        help: "Write this bank, each category's questions under it, in a format with categories "
          + "(\(QuizFileFormat.list([QuizFileFormat.native.name] + bankFormats.map(\.name), "or"))), instead of quizzes."
      ),
    ],
    run: run)

  /// Made from the registry: what each format writes, and what it cannot carry.
  static var discussion: String {
    let notes = QuizFileFormat.all.compactMap(\.exportNote)
    return """
      The output is deterministic: exporting the same database twice gives the same bytes, and \
      importing an export into an empty database and exporting again gives it back exactly.
      """ + notes.map { " " + $0 }.joined()
  }

  static func run(_ invocation: Invocation) throws {
    let ids = invocation.arguments.positionals
    let withAttempts = invocation.arguments.flag("with-attempts")
    let format =
      invocation.arguments.value("format").flatMap(QuizFileFormat.named) ?? QuizFileFormat.native
    let path = invocation.arguments.value("output").flatMap { $0 == "-" ? nil : $0 }
    if let bank = invocation.arguments.value("bank") {
      return try exportBank(bank, format: format, to: path, invocation: invocation)
    }
    if format.writer != nil {
      guard ids.count == 1 else {
        throw CLIError.usage("\(format.name) carries one quiz: name it", command: invocation.command)
      }
      guard !withAttempts else {
        throw CLIError.usage(
          "\(format.name) carries no attempts: leave out --with-attempts", command: invocation.command)
      }
      // A zip is no use on a terminal or in a pipe: it goes to a file.
      guard path != nil || !format.binary else {
        throw CLIError.usage(
          "\(format.name) writes a zip file: give -o FILE.zip (it is not written to standard output)",
          command: invocation.command)
      }
      let repository = try invocation.repository()
      // A format that writes random slots as groups holds the questions they draw from.
      let quiz =
        format.carries.contains(.randomSlotGroups)
        ? try repository.quizWithRandomCandidates(ids[0]) : try repository.requireQuiz(ids[0]).quiz
      guard let written = try format.write(quiz) else { throw CLIError.failure("\(format.name) writes nothing") }
      for warning in written.warnings { invocation.console.error("warning: \(warning)\n".terminalSafe) }
      try output(written.bytes, to: path, personal: false)
      return
    }
    let repository = try invocation.repository()
    let console = invocation.console
    let warn = { (warning: String) in console.error("warning: \(warning)\n".terminalSafe) }
    if let path {
      let file = try OutputFile(path: path, personal: withAttempts)
      try repository.export(quizzes: ids.isEmpty ? nil : ids, withAttempts: withAttempts, warn: warn) {
        try file.write($0)
      }
      try file.commit()
    } else {
      try repository.export(quizzes: ids.isEmpty ? nil : ids, withAttempts: withAttempts, warn: warn) { bytes in
        Console.writeOutput(bytes)
        try Console.checkOutput()
      }
    }
  }

  /// The formats that write a bank: those whose sections are categories, which `import --bank`
  /// reads back into the same categories.
  static var bankFormats: [QuizFileFormat] {
    QuizFileFormat.all.filter { format in
      guard format.writer != nil, format.carries.contains(.sections), case .questions = format.reader else {
        return false
      }
      return true
    }
  }

  /// `--bank BANK`: the bank as one document of its categories.
  static func exportBank(_ bank: String, format: QuizFileFormat, to path: String?, invocation: Invocation) throws {
    let arguments = invocation.arguments
    guard arguments.positionals.isEmpty, !arguments.flag("with-attempts") else {
      throw CLIError.usage(
        "--bank writes a bank's questions: name no quiz and leave out --with-attempts", command: invocation.command)
    }
    guard Slug.isValid(bank) else {
      throw CLIError.usage("--bank \"\(bank)\" is not a valid id (\(Slug.rule))", command: invocation.command)
    }
    if format.name == QuizFileFormat.native.name {
      let bank = try invocation.repository().bankForExport(bank)
      try output(QuizBankWriter.write(banks: [bank], quizzes: []), to: path, personal: false)
      return
    }
    guard bankFormats.contains(where: { $0.name == format.name }) else {
      throw CLIError.usage(
        "--bank writes \(QuizFileFormat.list([QuizFileFormat.native.name] + bankFormats.map(\.name), "or")), "
          + "whose categories hold the bank's; give --format", command: invocation.command)
    }
    let quiz = try invocation.repository().bankAsQuiz(bank)
    guard let written = try format.write(quiz) else { throw CLIError.failure("\(format.name) writes nothing") }
    for warning in written.warnings { invocation.console.error("warning: \(warning)\n".terminalSafe) }
    try output(written.bytes, to: path, personal: false)
  }

  /// `bytes` to the file at `path`, or to standard output.
  static func output(_ bytes: [UInt8], to path: String?, personal: Bool) throws {
    guard let path else {
      Console.writeOutput(bytes)
      return
    }
    let file = try OutputFile(path: path, personal: personal)
    try file.write(bytes)
    try file.commit()
  }
}
