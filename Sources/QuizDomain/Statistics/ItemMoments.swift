/// The figures of one question that need its marks one by one, over the attempts given it: x its
/// marks, t those attempts' totals and o = t − x the rest of each total (o = t for a question a
/// pool draws). Computed from the
/// attempts' columns with the marks of this question only in memory.
struct ItemMoments {
  /// How many of the counted attempts were given the question.
  var given: Int
  var mean: Double?
  var variance: Double?
  /// cov(x, t), for the effective weight.
  var covarianceWithTotal: Double?
  /// 100·cov(x, o)/√(var x·var o).
  var discriminationIndex: Double?
  /// 100·cov(x, o)/cov_max(x, o), cov_max pairing both sorted.
  var discriminativeEfficiency: Double?

  /// `chosen` are the positions of the counted attempts in `recorded`, `totals` their totals.
  /// A question a pool draws (`drawn`) is measured as Moodle measures a question a random slot
  /// drew: against each attempt's whole total, its own mark included (Moodle's calculator sets a
  /// subquestion's other marks to the sum of marks, a slot's to the sum less its mark).
  init(_ recorded: ReportAttempts, chosen: [Int], totals: [Double], question: Int, drawn: Bool = false) {
    var x: [Double] = []
    var t: [Double] = []
    x.reserveCapacity(chosen.count)
    t.reserveCapacity(chosen.count)
    for (position, attempt) in chosen.enumerated() where recorded.wasGiven(attempt: attempt, question: question) {
      x.append(recorded.mark(attempt: attempt, question: question))
      t.append(totals[position])
    }
    let rest = drawn ? t : zip(t, x).map { $0 - $1 }
    given = x.count
    mean = Moments.mean(x)
    variance = Moments.variance(x)
    covarianceWithTotal = Moments.covariance(x, t)
    discriminationIndex = ItemMoments.discriminationIndex(x, rest)
    discriminativeEfficiency = ItemMoments.discriminativeEfficiency(x, rest)
  }

  static func discriminationIndex(_ x: [Double], _ rest: [Double]) -> Double? {
    guard let covRest = Moments.covariance(x, rest), let varX = Moments.variance(x),
      let varRest = Moments.variance(rest), varX > 0, varRest > 0
    else { return nil }
    return 100 * covRest / (varX * varRest).squareRoot()
  }

  static func discriminativeEfficiency(_ x: [Double], _ rest: [Double]) -> Double? {
    guard let covRest = Moments.covariance(x, rest), let covMax = Moments.covariance(x.sorted(), rest.sorted()),
      covMax > 0
    else { return nil }
    return 100 * covRest / covMax
  }
}
