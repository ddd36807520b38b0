/// The lookup functions the bash and zsh scripts share, both shells reading the same `case`
/// syntax: what each option's value is, and what each argument is. A kind is a word the
/// scripts' `__quiz_complete` understands (`CompletionKind.scriptWord`).
enum ShellCaseTables {
  /// The `case` of `__quiz_options COMMAND FORM` (after its header): sets `variable` to what
  /// `render` makes of the options of the command, or of its form for a command with forms.
  /// bash sets a word list, zsh a described array.
  static func optionsCase(
    _ model: CompletionModel, variable: String, render: ([CompletionModel.Option]) -> String
  ) -> String {
    var text = "    '') \(variable)=\(render(model.globalOptions)) ;;\n"
    for command in model.subcommands {
      if command.forms.isEmpty {
        text += "    \(command.name)) \(variable)=\(render(command.options)) ;;\n"
        continue
      }
      text += "    \(command.name))\n      case $2 in\n"
      for form in command.forms { text += "        \(form.name)) \(variable)=\(render(form.options)) ;;\n" }
      text += "        *) \(variable)=\(render(command.options)) ;;\n      esac\n      ;;\n"
    }
    text += "  esac\n}\n"
    return text
  }

  /// `__quiz_option_kind COMMAND OPTION`: sets `__quiz_kind` to the kind of the option's
  /// value, or to nothing for a flag (so the parsing loop knows which words are values).
  static func optionKinds(_ model: CompletionModel) -> String {
    var text = """
      # Sets __quiz_kind to what the value of option $2 of command $1 ('' before the command) is:
      # file, directory, quiz, question, quiz-or-question, taker, bank, text or 'values A B ...';
      # to nothing for a flag.
      __quiz_option_kind() {
        __quiz_kind=
        case $1 in

      """
    let groups = [("''", model.globalOptions)] + model.subcommands.map { ($0.name, $0.options) }
    for (name, options) in groups {
      let valued = options.compactMap { option in option.value.map { (option.spellings, $0) } }
      guard !valued.isEmpty else { continue }
      text += "    \(name))\n      case $2 in\n"
      for (spellings, kind) in valued {
        text += "        \(spellings.joined(separator: " | "))) __quiz_kind=\(quoted(kind.scriptWord)) ;;\n"
      }
      text += "      esac\n      ;;\n"
    }
    text += "  esac\n}\n"
    return text
  }

  /// `__quiz_argument_kind COMMAND FIRST INDEX`: sets `__quiz_kind` to the kind of argument
  /// INDEX (0 for the first) of COMMAND, whose first argument is FIRST (the form, for a
  /// command with forms). The command's name itself is argument 0 of the command ''.
  static func argumentKinds(_ model: CompletionModel) -> String {
    var text = """
      # Sets __quiz_kind to what argument $3 (0 for the first) of command $1 is, $2 being its first
      # argument (the form, for a command with forms); the command is argument 0 of ''.
      __quiz_argument_kind() {
        __quiz_kind=
        case $1 in
          '')
            case $3 in
              0) __quiz_kind=\(quoted(CompletionKind.values(model.subcommands.map(\.name)).scriptWord)) ;;
            esac
            ;;

      """
    for command in model.subcommands {
      var cases: [(pattern: String, kind: CompletionKind)] = []
      if command.forms.isEmpty {
        for (index, kind) in command.arguments.enumerated() {
          let repeats = command.repeatsLast && index == command.arguments.count - 1
          cases.append((repeats ? "*" : String(index), kind))
        }
      } else {
        cases = command.arguments.prefix(1).map { (pattern: "*:0", kind: $0) }
        for form in command.forms {
          for (index, kind) in form.arguments.enumerated() { cases.append(("\(form.name):\(index + 1)", kind)) }
        }
      }
      cases.removeAll { $0.kind == .text }
      guard !cases.isEmpty else { continue }
      text += "    \(command.name))\n      case \(command.forms.isEmpty ? "$3" : "$2:$3") in\n"
      for (pattern, kind) in cases { text += "        \(pattern)) __quiz_kind=\(quoted(kind.scriptWord)) ;;\n" }
      text += "      esac\n      ;;\n"
    }
    text += "  esac\n}\n"
    return text
  }

  /// `text` in POSIX single quotes, which bash and zsh read alike.
  static func quoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }
}
