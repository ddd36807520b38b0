/// The command line as the completion scripts see it, made from `Commands.all`: the
/// commands, what each positional argument is, and the options with the kind of value each
/// takes. Every shell's script is generated from this one model, so that a command added to
/// the list completes in every shell.
struct CompletionModel {
  struct Option {
    /// The long name, without dashes.
    var name: String
    var short: Character? = nil
    /// What its value is; nil for a flag.
    var value: CompletionKind?
    var help: String

    /// `--name` and `-x`, as typed.
    var spellings: [String] { ["--\(name)"] + (short.map { ["-\($0)"] } ?? []) }
  }

  /// A form of a command with forms (`add quiz|section|question`).
  struct Form {
    var name: String
    /// The arguments after the form's name.
    var arguments: [CompletionKind]
    /// Its own options and the command's shared ones.
    var options: [Option]
  }

  struct Subcommand {
    var name: String
    var summary: String
    /// The positional arguments; for a command with forms, the first is the form's name.
    var arguments: [CompletionKind]
    /// Whether the last argument may be given again and again.
    var repeatsLast: Bool
    var options: [Option]
    var forms: [Form]
  }

  /// The options that may come before the command's name.
  var globalOptions: [Option]
  var subcommands: [Subcommand]

  init(commands: [Command] = Commands.all) {
    globalOptions = [
      Option(Command.databaseOption),
      Option(Command.verboseOption),
      Option(name: "version", value: nil, help: "Show the version."),
      Option(Command.helpOption),
    ]
    subcommands = commands.map(Subcommand.init(command:))
    // `help` is handled by the dispatcher rather than listed, but completes like a command.
    subcommands.append(
      Subcommand(
        name: "help", summary: "Show help for a command, or the manual page with --man.",
        arguments: [.values(commands.map(\.name))], repeatsLast: false,
        options: [
          Option(name: "man", value: nil, help: "Print the manual page (roff), for man(1)."),
          Option(name: "markdown", value: nil, help: "Print the command reference in Markdown (docs/cli.md)."),
        ], forms: []))
  }
}

// MARK: - From the specs

extension CompletionModel.Option {
  init(_ spec: OptionSpec) {
    self.init(name: spec.name, short: spec.short, value: spec.isFlag ? nil : spec.completion, help: spec.help)
  }
}

extension CompletionModel.Subcommand {
  init(command: Command) {
    name = command.name
    summary = command.summary
    options = command.allOptions.map { CompletionModel.Option($0) }
    if command.forms.isEmpty {
      arguments = command.arguments.map(\.completion)
      repeatsLast = command.arguments.last?.repeatable ?? false
      forms = []
    } else {
      arguments = [.values(command.forms.map(\.name))]
      repeatsLast = false
      // The options of no form are the shared ones (--db, --help…).
      let own = Set(command.options.map(\.name))
      forms = command.forms.map { form in
        CompletionModel.Form(
          name: form.name, arguments: form.arguments.map { CompletionKind.inferred(from: [$0]) },
          options: command.allOptions.filter { form.options.contains($0.name) || !own.contains($0.name) }.map {
            CompletionModel.Option($0)
          })
      }
    }
  }
}

// MARK: - Kinds in the scripts

extension CompletionKind {
  /// The kind as the scripts' helpers name it: `file`, `quiz`, `values json gift aiken`…
  /// A fixed value that is not a plain word (formats, rules and command names all are) is
  /// left out rather than quoted for three shells.
  var scriptWord: String {
    switch self {
    case .text: return "text"
    case .file: return "file"
    case .directory: return "directory"
    case .quiz: return "quiz"
    case .question: return "question"
    case .quizOrQuestion: return "quiz-or-question"
    case .taker: return "taker"
    case .bank: return "bank"
    case .values(let values): return (["values"] + values.filter(CompletionKind.isPlainWord)).joined(separator: " ")
    }
  }

  /// Letters, digits, `.`, `_` and `-`, not starting with `-`: safe unquoted in every shell.
  static func isPlainWord(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first != "-" else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": return true
      default: return false
      }
    }
  }
}
