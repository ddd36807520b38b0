import QuizDomain

/// How report figures print: rounded for people, "–" when undefined. JSON and CSV carry full
/// precision instead.
enum ReportNumbers {
  static func fixed(_ value: Double?, _ digits: Int = 2) -> String {
    guard let value, value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    // Past 1e306 the scaling overflows: such a value is written as it is.
    guard rounded.isFinite else { return String(value) }
    var text = String(rounded)
    if text.contains("e") { return String(value) }
    // Pad to `digits` decimals.
    if let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      text += String(repeating: "0", count: max(0, digits - decimals))
    } else if digits > 0 {
      text += "." + String(repeating: "0", count: digits)
    }
    return text == "-0.00" ? "0.00" : text
  }

  /// A fraction (0.75) as a percent ("75.00%").
  static func percentOfFraction(_ value: Double?) -> String {
    guard let value else { return "–" }
    return fixed(value * 100) + "%"
  }

  /// A value already in percent (75) as "75.00%".
  static func percent(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    return fixed(value) + "%"
  }

  /// Points as a percent of `max`.
  static func percent(of value: Double?, max: Double) -> String {
    guard let value, max > 0 else { return "–" }
    return percent(100 * value / max)
  }

  /// A JSON or CSV number at full precision; "" (CSV) or null (JSON) when undefined.
  static func csv(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    return JSONWriter.numberText(value)
  }
}

/// Why a question is worth a look: low facility, negative discrimination.
enum ItemFlags {
  static let lowFacility = 0.3

  static func flags(_ item: ItemStatistics) -> [String] {
    var flags: [String] = []
    if let facility = item.facility, facility < lowFacility { flags.append("low facility") }
    if let index = item.discriminationIndex, index < 0 { flags.append("negative discrimination") }
    return flags
  }
}

/// Counts of percent scores in ten bins: 0–10, 10–20, … 90–100 (100 falls in the last).
enum Histogram {
  static func bins(_ percents: [Double]) -> [Int] {
    var bins = [Int](repeating: 0, count: 10)
    for percent in percents where percent.isFinite {
      // Clamped before the conversion: a maximum near 0 makes a percent past what Int holds.
      bins[Int(min(max(percent / 10, 0), 9))] += 1
    }
    return bins
  }

  static func label(_ bin: Int) -> String { "\(bin * 10)–\(bin * 10 + 10)%" }
}
