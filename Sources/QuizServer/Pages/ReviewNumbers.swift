/// Numbers as the pages write them: points without a needless ".0", percents whole.
enum ReviewNumbers {
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  /// Points to at most two decimals: 1, 0.5, 0.33.
  static func points(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    return number((value * 100).rounded() / 100)
  }

  static func percent(_ fraction: Double) -> String {
    guard fraction.isFinite else { return "–" }
    return number((fraction * 100).rounded()) + "%"
  }
}
