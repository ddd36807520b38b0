import QuizDomain
import QuizFormats

/// Every command of `quiz`, in the order help lists them.
enum Commands {
  static let all: [Command] = [
    InitCommand.command,
    ListCommand.command,
    ShowCommand.command,
    ImportCommand.command,
    ExportCommand.command,
    AddCommand.command,
    EditCommand.command,
    RemoveCommand.command,
    MoveCommand.command,
    BankCommand.command,
    SearchCommand.command,
    TakeCommand.command,
    GradeCommand.command,
    MarkCommand.command,
    HistoryCommand.command,
    RegradeCommand.command,
    ReportCommand.command,
    WatchCommand.command,
    ServeCommand.command,
    CheckCommand.command,
    BackupCommand.command,
    CompletionsCommand.command,
  ]

  static func named(_ name: String) throws -> Command {
    if let command = all.first(where: { $0.name == name }) { return command }
    let suggestion = Suggestion.closest(to: name, among: all.map(\.name))
    throw CLIError.usage(
      "Unknown command '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""), command: nil)
  }

  static let usage = "quiz [--db <path>] [--verbose] <subcommand>"

  /// What quiz does today, in one sentence, with the kinds and formats from their registries.
  static var summary: String {
    "Author quizzes of every Moodle core question kind (\(QuestionKind.names)), "
      + "import and export them (\(QuizFileFormat.list(QuizFileFormat.all.map(\.title), "and"))), take them in the terminal "
      + "or serve them to browsers, and review every attempt and question; stored in SQLite."
  }

  static func overview(width: Int) -> String {
    var text = """
      OVERVIEW: \(summary)

      USAGE: \(usage)

      OPTIONS:

      """
    text += HelpFormatter.rows(
      [
        ("--db <path>", Command.databaseOption.help),
        ("--verbose", Command.verboseOption.help),
        ("--version", "Show the version."),
        ("-h, --help", "Show help information."),
      ], width: width)
    text += "\nSUBCOMMANDS:\n"
    text += HelpFormatter.rows(all.map { ($0.name, $0.summary) }, width: width)
    text += "\n  See 'quiz help <subcommand>' for detailed help.\n  See 'quiz help --man' for the manual page, "
    text += "'quiz help --markdown' for the reference in Markdown.\n"
    return text
  }
}
