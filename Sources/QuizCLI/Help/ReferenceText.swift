import QuizDomain
import QuizFormats

/// The parts of the reference that are not a command: what quiz is, its exit statuses,
/// environment, files and examples. One text for the two pages made from the command list,
/// the manual page (`ManPage`, roff) and the Markdown reference (`MarkdownReference`,
/// docs/cli.md), so that the two cannot say different things.
enum ReferenceText {
  /// The manual page's NAME line, after "quiz - ".
  static let tagline = "author, import, export, take, serve and report quizzes of every Moodle question kind, in SQLite"

  /// The description's paragraphs.
  static let description: [String] = [
    "quiz keeps quizzes of every Moodle core question kind (\(QuestionKind.names)) in one SQLite file: it imports them from "
      + "\(QuizFileFormat.readableTitles) and exports them to "
      + "\(QuizFileFormat.list(QuizFileFormat.all.map(\.title))), lets you author and edit them with versioning, "
      + "records and scores attempts (in the terminal, or served to browsers by quiz serve), and reports Moodle's "
      + "quiz statistics.",
    "Every command that uses the database takes --db PATH; without it the database is $QUIZ_DB, else "
      + "$XDG_DATA_HOME/quiz/quiz.sqlite. Only commands that write ("
      + Commands.all.filter { $0.access == .readWrite }.map(\.name).joined(separator: ", ")
      + ") create a missing database; the others exit 66. The file is created readable by its "
      + "owner only: it holds people's names and answers.",
    "quiz help COMMAND and quiz COMMAND --help show a command's help, wrapped to the terminal; "
      + "quiz help --man prints the manual page and quiz help --markdown this reference in Markdown; "
      + "quiz completions bash|zsh|fish prints a completion script.",
  ]

  /// What `--version` does, beside the options every command has.
  static let versionHelp = "Show the version, with SQLite's and the newest schema version (before the command only)."

  static let exitStatuses: [(tag: String, text: String)] = [
    ("0", "Success."),
    (
      "1",
      "Any other failure: an unknown quiz, removing a quiz with attempts without --force, a full disk, "
        + "a read-only database, a database made by a newer quiz; quiz check finding a violation."
    ),
    ("64", "A usage error: an unknown option, a missing argument, an option of another form of add."),
    (
      "65",
      "Invalid input data, given or stored: an invalid file (every problem listed), a duplicate quiz id, "
        + "a file that is not a SQLite database, a damaged database."
    ),
    (
      "66",
      "An input that cannot be opened: a missing file, no database for a reading command, a database "
        + "path that cannot be one."
    ),
    ("130, 143", "Interrupted (SIGINT, SIGTERM): nothing of the interrupted import or attempt was written."),
  ]

  static let environment: [(tag: String, text: String)] = [
    ("QUIZ_DB", "The database file, when --db is not given."),
    ("XDG_DATA_HOME", "Without --db or QUIZ_DB, the database is $XDG_DATA_HOME/quiz/quiz.sqlite."),
    ("HOME", "When XDG_DATA_HOME is unset or empty, $HOME/.local/share stands for it."),
    ("VISUAL, EDITOR", "The editor quiz edit opens: VISUAL, else EDITOR, else vi."),
    ("TMPDIR", "Where quiz edit makes the private folder of the file it opens (default: /tmp)."),
    ("NO_COLOR", "When set and not empty, no colors, even on a terminal."),
    ("QUIZ_SAVE_WAIT", "Seconds quiz take waits for another writer to save an attempt (default: 60)."),
  ]

  static let files: [(tag: String, text: String)] = [
    (
      "$XDG_DATA_HOME/quiz/quiz.sqlite",
      "The default database (~/.local/share/quiz/quiz.sqlite), readable by "
        + "its owner only, with SQLite's -wal and -shm files beside it."
    ),
    (
      "DB.before-vN",
      "A copy of the database DB kept before it was migrated to schema version N "
        + "(DB.before-vN-2 and so on when that exists)."
    ),
    ("DB.attempt-ID.ndjson", "An attempt quiz take could not save; record it with quiz grade --attempts FILE."),
  ]

  static let examples: [(text: String, lines: [String])] = [
    (
      "Import the sample quizzes, then list them and show one with its answers:",
      ["quiz import seeds/", "quiz list", "quiz show reactive-swift --answers"]
    ),
    (
      "Write a quiz on the command line, then take it:",
      [
        "quiz add quiz geo --title Geography",
        "quiz add question geo --id nile --prompt 'Which is the longest river?' --right 'The Nile' --wrong 'The Amazon'",
        "quiz take geo --as ada",
      ]
    ),
    (
      "Its attempts and statistics, then a copy of everything for another database:",
      [
        "quiz history --quiz geo", "quiz report geo --format html -o geo.html",
        "quiz export --with-attempts -o bank.json", "quiz --db other.sqlite import bank.json",
      ]
    ),
    (
      "Install the completion script and this page:",
      [
        "quiz completions bash > ~/.local/share/bash-completion/completions/quiz",
        "quiz help --man > ~/.local/share/man/man1/quiz.1",
      ]
    ),
  ]
}
