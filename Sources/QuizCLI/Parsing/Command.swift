import QuizDomain
import QuizRepository

/// A command is a value: its name, help and `run`. Help, dispatch and "did you mean" all come
/// from the one list in `Commands.all`.
struct Command: Sendable {
  var name: String
  var summary: String
  var discussion: String? = nil
  /// For a command whose first argument picks a form (`add quiz|section|question`): the forms,
  /// each with the options it takes. An option of another form is a usage error.
  var forms: [Form] = []
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
  /// Whether it opens the database (and so takes `--db`).
  var usesDatabase = true
  /// The usage line to show instead of the one made from the specs (one form's, in an error).
  var usageLine: String? = nil
  /// Whether it writes (and so creates a missing database) or only reads.
  var access: QuizRepository.Access = .read
  var run: @Sendable (Invocation) throws -> Void

  /// One form of a command: `quiz add section QUIZ TITLE [--at N]`.
  struct Form: Sendable {
    var name: String
    /// The arguments after the form's name.
    var arguments: [String]
    /// The rest of the usage line after `quiz <command> <name>`.
    var synopsis: String
    var options: Set<String>
    /// An option that takes the place of the first argument when given: `--bank` for the
    /// `<quiz>` of `quiz add question`, which then writes into a bank without placing it.
    var leftOutWith: String? = nil
  }

  /// The command's own options plus the shared ones.
  var allOptions: [OptionSpec] {
    options + (usesDatabase ? [Command.databaseOption, Command.verboseOption] : []) + [Command.helpOption]
  }

  static let databaseOption = OptionSpec.value(
    "db", valueName: "path", help: "The database file (default: $QUIZ_DB, else $XDG_DATA_HOME/quiz/quiz.sqlite).")
  static let verboseOption = OptionSpec.flag(
    "verbose", help: "With a database error, also show SQLite's own message, codes and statement.")
  static let helpOption = OptionSpec.flag("help", short: "h", help: "Show help information.")

  func form(named name: String) -> Form? { forms.first { $0.name == name } }

  /// The command as one of its forms, for an error about that form.
  func narrowed(to form: Form) -> Command {
    var command = self
    command.usageLine = usage(of: form)
    return command
  }
}

// MARK: - Usage and help

extension Command {
  /// "quiz list [--format <format>] [--db <path>]"; when wider than `width`, the options
  /// collapse to `[<options>]`, as swift-argument-parser does.
  func usage(width: Int = 80) -> String {
    if let usageLine { return usageLine }
    var options: [String] = []
    for option in allOptions where option.name != "help" {
      let text = option.isFlag ? "--\(option.name)" : "--\(option.name) <\(option.valueName ?? "value")>"
      options.append(option.repeatable ? "[\(text) ...]" : "[\(text)]")
    }
    let positionals = arguments.map { argument in
      var text = "<\(argument.name)>"
      if argument.repeatable { text += " ..." }
      return argument.optional ? "[\(text)]" : text
    }
    let full = (["quiz", name] + options + positionals).joined(separator: " ")
    if DisplayWidth.of(full) <= width { return full }
    return (["quiz", name, "[<options>]"] + positionals).joined(separator: " ")
  }

  /// The usage line of one form: `quiz add section <quiz> <title> [--at <n>]`.
  func usage(of form: Form) -> String { "quiz \(name) \(form.name) \(form.synopsis)" }

  /// OVERVIEW, USAGE, ARGUMENTS, OPTIONS, wrapped to `width` columns.
  func help(width: Int = 80) -> String {
    var text = HelpFormatter.hanging("OVERVIEW: \(summary)", indent: 0, width: width, continuation: 0)
    if let discussion { text += "\n" + HelpFormatter.paragraphs(discussion, width: width) }
    if forms.isEmpty {
      text += "\nUSAGE: \(usage(width: width - 7))\n"
    } else {
      text += "\nUSAGE:\n" + forms.map { HelpFormatter.hanging(usage(of: $0), indent: 2, width: width) }.joined()
    }
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      text += HelpFormatter.rows(arguments.map { ("<\($0.name)>", $0.help) }, width: width)
    }
    text += "\nOPTIONS:\n"
    text += HelpFormatter.rows(
      allOptions.map { option in
        var help = option.help
        if let value = option.defaultValue, !help.contains("(default") { help += " (default: \(value))" }
        return (option.synopsis, help)
      }, width: width)
    return text
  }
}

/// Help text laid out for a terminal `width` columns wide, by display width.
enum HelpFormatter {
  /// Two columns, the second aligned and wrapped.
  static func rows(_ rows: [(String, String)], width: Int) -> String {
    let labelWidth = min(28, width / 2 - 2, (rows.map { DisplayWidth.of($0.0) }.max() ?? 0) + 2)
    let textWidth = max(10, width - labelWidth - 2)
    let indent = String(repeating: " ", count: labelWidth + 2)
    var text = ""
    for (left, right) in rows {
      var line = "  " + left
      if DisplayWidth.of(left) + 2 > labelWidth {
        text += line + "\n"
        line = indent
      } else {
        line += String(repeating: " ", count: labelWidth - DisplayWidth.of(left))
      }
      for (index, chunk) in Wrap.lines(collapsingSpaces(right), width: textWidth).enumerated() {
        text += (index == 0 ? line : indent) + chunk + "\n"
      }
    }
    return text
  }

  /// Each line of `text` wrapped on its own (a line is a paragraph or an example), runs of
  /// spaces folded; an example's (`quiz …`) continuation lines are indented by 2. Examples set
  /// apart by an empty line before them are indented by 2 themselves, so that they stand out
  /// from the paragraph they follow.
  static func paragraphs(_ text: String, width: Int) -> String {
    var result = ""
    var afterEmpty = false
    var inBlock = false
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = collapsingSpaces(String(raw))
      let example = line.hasPrefix("quiz ")
      inBlock = example && (inBlock || afterEmpty)
      result += hanging(line, indent: inBlock ? 2 : 0, width: width, continuation: example ? 2 : 0)
      afterEmpty = line.isEmpty
    }
    return result
  }

  /// `line` wrapped to `width` after an `indent`, continuation lines `continuation` further in.
  static func hanging(_ line: String, indent: Int, width: Int, continuation: Int = 2) -> String {
    let first = String(repeating: " ", count: indent)
    let rest = String(repeating: " ", count: indent + continuation)
    return Wrap.lines(line, width: width - indent - continuation).enumerated().map { index, chunk in
      (index == 0 ? first : rest) + chunk + "\n"
    }.joined()
  }

  static func collapsingSpaces(_ text: String) -> String {
    text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}
