/// A positional argument of a command.
struct ArgumentSpec: Sendable {
  var name: String
  var help: String
  var optional = false
  var repeatable = false
  /// What the shell completes it with, when its name would suggest something else.
  var completionOverride: CompletionKind? = nil
}

/// An option (`--format json`) or flag (`--dry-run`) of a command.
struct OptionSpec: Sendable {
  /// Long name without dashes ("format").
  var name: String
  var short: Character? = nil
  /// Nil for a flag; the placeholder shown in help ("format") for an option taking a value.
  var valueName: String? = nil
  var help: String
  var repeatable = false
  /// When set, the only values accepted.
  var allowed: [String]? = nil
  var defaultValue: String? = nil
  /// What the shell completes its value with, when its names would suggest something else.
  var completionOverride: CompletionKind? = nil

  static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, help: help)
  }

  static func value(
    _ name: String, short: Character? = nil, valueName: String? = nil, help: String, repeatable: Bool = false,
    allowed: [String]? = nil, defaultValue: String? = nil
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: short, valueName: valueName ?? name, help: help, repeatable: repeatable, allowed: allowed,
      defaultValue: defaultValue)
  }

  var isFlag: Bool { valueName == nil }

  /// "--format <format>" or "-o, --output <file>".
  var synopsis: String {
    var text = short.map { "-\($0), " } ?? ""
    text += "--\(name)"
    if let valueName { text += " <\(valueName)>" }
    return text
  }

  /// The `--format table|json` option most listing commands have.
  static func format(_ formats: [String], help: String = "Output format") -> OptionSpec {
    .value(
      "format", help: "\(help): \(formats.joined(separator: ", ")).", allowed: formats, defaultValue: formats.first)
  }
}

/// Arguments parsed against a command's specs.
struct ParsedArguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  /// Every option value in command-line order, for options whose relative order matters
  /// (`--right a --wrong b --right c`).
  var ordered: [(name: String, value: String)] = []
  /// The names of the options and flags given, in command-line order (defaults not included).
  var given: [String] = []

  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func flag(_ name: String) -> Bool { flags.contains(name) }
}
