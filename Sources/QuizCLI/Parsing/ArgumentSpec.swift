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
  /// What its value is, read and checked by the parser (OptionValueType.swift).
  var type: OptionValueType = .text
  var defaultValue: String? = nil
  /// What the shell completes its value with, when its names would suggest something else.
  var completionOverride: CompletionKind? = nil

  static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, help: help)
  }

  static func value(
    _ name: String, short: Character? = nil, valueName: String? = nil, help: String, repeatable: Bool = false,
    allowed: [String]? = nil, type: OptionValueType = .text, defaultValue: String? = nil
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: short, valueName: valueName ?? name, help: help, repeatable: repeatable,
      type: allowed.map(OptionValueType.oneOf) ?? type, defaultValue: defaultValue)
  }

  /// When set, the only values accepted.
  var allowed: [String]? {
    if case .oneOf(let values) = type { values } else { nil }
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

  /// Each option's values as their types read them (`OptionSpec.type`), defaults included.
  var typed: [String: [OptionValue]] = [:]

  func value(_ name: String) -> String? { values[name]?.last }
  /// The whole number of an option declared `.whole`.
  func int(_ name: String) -> Int? {
    if case .whole(let value)? = typed[name]?.last { value } else { nil }
  }
  /// The number of an option declared `.decimal`, or the seconds of a `.duration`.
  func double(_ name: String) -> Double? {
    if case .decimal(let value)? = typed[name]?.last { value } else { nil }
  }
  /// Every number given to a repeated `.decimal` option, in order.
  func doubles(_ name: String) -> [Double] {
    (typed[name] ?? []).compactMap { if case .decimal(let value) = $0 { value } else { nil } }
  }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func flag(_ name: String) -> Bool { flags.contains(name) }
}
