import QuizDomain
import QuizRepository

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

enum ExportCommand {
  static let command = Command(
    name: "export",
    summary: "Export quizzes (all, or those named) as a quiz-bank/1 JSON document.",
    discussion: """
      The output is deterministic: exporting the same database twice gives the same bytes, and \
      importing an export into an empty database and exporting again gives it back exactly.
      """,
    arguments: [
      ArgumentSpec(name: "quiz", help: "Quiz ids to export (default: all).", optional: true, repeatable: true)
    ],
    options: [
      .flag("with-attempts", help: "Include the attempts at the exported quizzes."),
      .value("output", short: "o", valueName: "file", help: "Write to this file instead of standard output."),
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let ids = invocation.arguments.positionals
    let repository = try invocation.repository()
    let withAttempts = invocation.arguments.flag("with-attempts")
    if let path = invocation.arguments.value("output"), path != "-" {
      let file = try OutputFile(path: path, personal: withAttempts)
      try repository.export(quizzes: ids.isEmpty ? nil : ids, withAttempts: withAttempts) { try file.write($0) }
      try file.commit()
    } else {
      try repository.export(quizzes: ids.isEmpty ? nil : ids, withAttempts: withAttempts) { bytes in
        Console.writeOutput(bytes)
        try Console.checkOutput()
      }
    }
  }
}
