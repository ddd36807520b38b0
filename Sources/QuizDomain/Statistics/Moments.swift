/// Sample statistics of a list of numbers, with the (n − 1) denominator for every variance and
/// covariance, as Moodle's quiz statistics use. Undefined values are nil, never NaN.
enum Moments {
  static func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }

  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// Σ(x − x̄)(y − ȳ) / (n − 1); nil for fewer than two values.
  static func covariance(_ x: [Double], _ y: [Double]) -> Double? {
    guard x.count == y.count, x.count >= 2, let mx = mean(x), let my = mean(y) else { return nil }
    var sum = 0.0
    for index in x.indices { sum += (x[index] - mx) * (y[index] - my) }
    return sum / Double(x.count - 1)
  }

  static func variance(_ x: [Double]) -> Double? { covariance(x, x) }

  /// The central moment m_k = Σ(x − x̄)^k / n.
  static func centralMoment(_ x: [Double], _ k: Int) -> Double? {
    guard let m = mean(x) else { return nil }
    return x.reduce(0) { sum, value in
      var power = 1.0
      for _ in 0..<k { power *= value - m }
      return sum + power
    } / Double(x.count)
  }

  /// a / b, or nil when b is 0 (or either is nil).
  static func ratio(_ a: Double?, _ b: Double?) -> Double? {
    guard let a, let b, b != 0, a.isFinite, b.isFinite else { return nil }
    let value = a / b
    return value.isFinite ? value : nil
  }
}
