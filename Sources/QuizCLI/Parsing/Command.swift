import QuizDomain

/// A command is a value: its name, help and `run`. Help, dispatch and "did you mean" all come
/// from the one list in `Commands.all`.
struct Command: Sendable {
  var name: String
  var summary: String
  var discussion: String? = nil
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
  /// Whether it opens the database (and so takes `--db`).
  var usesDatabase = true
  var run: @Sendable (Invocation) throws -> Void

  /// The command's own options plus the shared ones.
  var allOptions: [OptionSpec] {
    options + (usesDatabase ? [Command.databaseOption] : []) + [Command.helpOption]
  }

  static let databaseOption = OptionSpec.value(
    "db", valueName: "path", help: "The database file (default: $QUIZ_DB, else $XDG_DATA_HOME/quiz/quiz.sqlite).")
  static let helpOption = OptionSpec.flag("help", short: "h", help: "Show help information.")

  /// "quiz list [--format <format>] [--db <path>]"
  var usage: String {
    var parts = ["quiz", name]
    for option in allOptions where option.name != "help" {
      let text = option.isFlag ? "--\(option.name)" : "--\(option.name) <\(option.valueName ?? "value")>"
      parts.append(option.repeatable ? "[\(text) ...]" : "[\(text)]")
    }
    for argument in arguments {
      var text = "<\(argument.name)>"
      if argument.repeatable { text += " ..." }
      parts.append(argument.optional ? "[\(text)]" : text)
    }
    return parts.joined(separator: " ")
  }

  var help: String {
    var text = "OVERVIEW: \(summary)\n"
    if let discussion { text += "\n\(discussion)\n" }
    text += "\nUSAGE: \(usage)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      text += HelpFormatter.rows(arguments.map { ("<\($0.name)>", $0.help) })
    }
    text += "\nOPTIONS:\n"
    text += HelpFormatter.rows(
      allOptions.map { option in
        var help = option.help
        if let value = option.defaultValue, !help.contains("(default") { help += " (default: \(value))" }
        return (option.synopsis, help)
      })
    return text
  }
}

enum HelpFormatter {
  /// Two columns, the second aligned, wrapped at 80 characters.
  static func rows(_ rows: [(String, String)]) -> String {
    let width = min(28, (rows.map { $0.0.count }.max() ?? 0) + 2)
    var text = ""
    for (left, right) in rows {
      var line = "  " + left
      if left.count + 2 > width {
        text += line + "\n"
        line = String(repeating: " ", count: width + 2)
      } else {
        line += String(repeating: " ", count: width - left.count)
      }
      for (index, chunk) in wrap(right, width: 78 - width).enumerated() {
        text += (index == 0 ? line : String(repeating: " ", count: width + 2)) + chunk + "\n"
      }
    }
    return text
  }

  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
