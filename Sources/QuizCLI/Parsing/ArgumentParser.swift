import QuizDomain

/// Parses a command's arguments: `--name value`, `--name=value`, `-x value`, flags, positionals,
/// and `--` to end options. Errors are usage errors naming the option or argument.
struct ArgumentParser {
  let command: Command

  func parse(_ arguments: [String]) throws -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") || Self.isNegativeNumber(argument) {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (spec, inlineValue) = try option(for: argument)
      let name = spec.name
      if spec.isFlag {
        if inlineValue != nil { throw CLIError.usage("Flag '--\(name)' takes no value", command: command) }
        parsed.flags.insert(name)
        parsed.given.append(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw CLIError.usage("Missing value for '\(spec.synopsis)'", command: command)
      }
      let read: OptionValue
      switch spec.type.read(value, option: name) {
      case .success(let typed): read = typed
      case .failure(let error): throw CLIError.usage(error.message, command: command)
      }
      if !spec.repeatable, parsed.values[name] != nil {
        throw CLIError.usage("Option '--\(name)' was given more than once", command: command)
      }
      parsed.values[name, default: []].append(value)
      parsed.typed[name, default: []].append(read)
      parsed.ordered.append((name, value))
      parsed.given.append(name)
    }
    // `--help` wins over everything else that is missing or wrong.
    if parsed.flag("help") { return parsed }
    try checkForm(parsed)
    try checkPositionals(parsed.positionals)
    for spec in command.allOptions where parsed.values[spec.name] == nil {
      guard let value = spec.defaultValue else { continue }
      parsed.values[spec.name] = [value]
      // A default is declared to fit its type; one that does not is left untyped, never fatal.
      if case .success(let typed) = spec.type.read(value, option: spec.name) { parsed.typed[spec.name] = [typed] }
    }
    return parsed
  }

  /// `-1`, `-0.5`, `-.5`: a value (a score, a point count) rather than an option, so that the
  /// command can say what is wrong with it; no option has a digit for its letter. A number as the
  /// commands read one (`-1x` is still an unknown option).
  static func isNegativeNumber(_ argument: String) -> Bool {
    argument.hasPrefix("-") && DecimalText.number(argument) != nil
  }

  /// The option `argument` names (`--name`, `--name=value` or `-x`), and its inline value.
  private func option(for argument: String) throws -> (OptionSpec, inlineValue: String?) {
    guard argument.hasPrefix("--") else {
      guard argument.count == 2, let letter = argument.last,
        let found = command.allOptions.first(where: { $0.short == letter })
      else {
        throw CLIError.usage("Unknown option '\(argument)'", command: command)
      }
      return (found, nil)
    }
    var name = String(argument.dropFirst(2))
    var inlineValue: String?
    if let equals = name.firstIndex(of: "=") {
      inlineValue = String(name[name.index(after: equals)...])
      name = String(name[..<equals])
    }
    guard let found = command.allOptions.first(where: { $0.name == name }) else {
      let suggestion = Suggestion.closest(to: name, among: command.allOptions.map(\.name))
      throw CLIError.usage(
        "Unknown option '--\(name)'" + (suggestion.map { " (did you mean '--\($0)'?)" } ?? ""), command: command)
    }
    return (found, inlineValue)
  }

  /// For a command with forms: the first argument names one, and every option given belongs
  /// to it.
  private func checkForm(_ parsed: ParsedArguments) throws {
    guard !command.forms.isEmpty else { return }
    let names = command.forms.map(\.name)
    guard let kind = parsed.positionals.first else {
      throw CLIError.usage(
        "Missing expected argument '<\(command.arguments.first?.name ?? "kind")>' (one of: \(names.joined(separator: ", ")))",
        command: command)
    }
    guard let form = command.form(named: kind) else {
      let suggestion = Suggestion.closest(to: kind, among: names)
      throw CLIError.usage(
        "Unknown \(command.arguments.first?.name ?? "kind") '\(kind)': expected \(names.joined(separator: ", "))"
          + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""), command: command)
    }
    let given = parsed.positionals.dropFirst()
    var expected = form.arguments
    if let option = form.leftOutWith, parsed.given.contains(option), let first = expected.first {
      if given.count == expected.count {
        throw CLIError.usage("Give <\(first)> or --\(option), not both", command: command.narrowed(to: form))
      }
      expected.removeFirst()
    }
    if given.count < expected.count {
      throw CLIError.usage(
        "Missing expected argument '<\(expected[given.count])>'", command: command.narrowed(to: form))
    }
    if given.count > expected.count {
      throw CLIError.usage(
        "Unexpected argument '\(given[given.startIndex + expected.count])'", command: command.narrowed(to: form))
    }
    let shared = Set(command.allOptions.map(\.name)).subtracting(command.options.map(\.name))
    if let stray = parsed.given.first(where: { !form.options.contains($0) && !shared.contains($0) }) {
      throw CLIError.usage(
        "Option '--\(stray)' does not apply to 'quiz \(command.name) \(form.name)'",
        command: command.narrowed(to: form))
    }
  }

  private func checkPositionals(_ positionals: [String]) throws {
    // A command with forms has its arguments counted by the form (`checkForm`).
    guard command.forms.isEmpty else { return }
    let specs = command.arguments
    let required = specs.filter { !$0.optional }.count
    if positionals.count < required {
      let missing = specs.filter { !$0.optional }[positionals.count]
      throw CLIError.usage("Missing expected argument '<\(missing.name)>'", command: command)
    }
    if !(specs.last?.repeatable ?? false), positionals.count > specs.count {
      throw CLIError.usage("Unexpected argument '\(positionals[specs.count])'", command: command)
    }
  }
}
