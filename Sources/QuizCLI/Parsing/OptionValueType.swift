/// What an option's value is, declared with the option: how it is read and checked, once, by
/// the parser, which refuses a value that does not fit with a usage error naming the option
/// (`Invalid '--threads 0': expected a number from 1 to 256`). Commands then read typed values
/// (`ParsedArguments.int`, `double`, `seconds`), and help, completions and the man page keep
/// reading the same declarations.
enum OptionValueType: Sendable {
  /// Any text.
  case text
  /// One of these values.
  case oneOf([String])
  /// A whole number in the range; `expected` says so in the error.
  case whole(ClosedRange<Int>, expected: String)
  /// A number as people type one (`DecimalText`), in the range when there is one.
  case decimal(ClosedRange<Double>?, expected: String)
  /// A duration with its units, `45m`, `1h30m`, `90s` (`DurationText.seconds`): above 0, at
  /// most a week.
  case duration

  /// `text` read as this type, or why it is not one (the usage error's message).
  func read(_ text: String, option: String) -> Result<OptionValue, OptionValueError> {
    func invalid(_ expected: String) -> Result<OptionValue, OptionValueError> {
      .failure(OptionValueError(message: "Invalid '--\(option) \(text)': expected \(expected)"))
    }
    switch self {
    case .text: return .success(.text(text))
    case .oneOf(let values):
      guard values.contains(text) else {
        return .failure(
          OptionValueError(
            message:
              "The value '\(text)' is invalid for '--\(option)' (expected one of: \(values.joined(separator: ", ")))"))
      }
      return .success(.text(text))
    case .whole(let range, let expected):
      guard let value = Int(text), range.contains(value) else { return invalid(expected) }
      return .success(.whole(value))
    case .decimal(let range, let expected):
      guard let value = DecimalText.number(text), range.map({ $0.contains(value) }) ?? true else {
        return invalid(expected)
      }
      return .success(.decimal(value))
    case .duration:
      // "45" could mean minutes as well as seconds: the unit is asked for, not guessed.
      if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
        return .failure(
          OptionValueError(
            message: "Invalid '--\(option) \(text)': give its unit, such as \(text)m (minutes) or \(text)s (seconds)"))
      }
      guard let seconds = DurationText.seconds(text), seconds > 0 else {
        return invalid("a duration such as 45m, 1h30m or 90s")
      }
      return .success(.decimal(seconds))
    }
  }
}

/// An option's value as its type reads it.
enum OptionValue: Sendable, Equatable {
  case text(String)
  case whole(Int)
  case decimal(Double)
}

struct OptionValueError: Error {
  let message: String
}

/// Reading `45m`, `1h30m`, `90s`, `1.5h`: hours, minutes and seconds in that order, each at most once.
extension DurationText {
  static func seconds(_ text: String) -> Double? {
    guard !text.isEmpty else { return nil }
    var total = 0.0
    var number = ""
    var lastUnit = 4
    for character in text {
      if character.isASCII && (character.isNumber || character == ".") {
        number.append(character)
        continue
      }
      let units: [Character: (rank: Int, seconds: Double)] = ["h": (3, 3600), "m": (2, 60), "s": (1, 1)]
      guard let unit = units[character], let value = Double(number), unit.rank < lastUnit else { return nil }
      total += value * unit.seconds
      lastUnit = unit.rank
      number = ""
    }
    guard number.isEmpty, total.isFinite, total <= 7 * 86_400 else { return nil }
    return total
  }
}
