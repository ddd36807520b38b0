import Locking

/// Counts events per key (a client address, an address and a name) in a sliding window and
/// refuses a key that had `limit` of them in the last `window` seconds: wrong codes, new
/// attempts. Bounded in memory: keys whose events have all expired are forgotten, and past
/// `maxAddresses` keys the oldest go first.
final class RateLimiter: Sendable {
  let limit: Int
  let window: Double
  let maxAddresses: Int
  private let failures = Locked<[String: [Double]]>([:])

  init(limit: Int, window: Double = 60, maxAddresses: Int = 10_000) {
    self.limit = limit
    self.window = window
    self.maxAddresses = maxAddresses
  }

  /// Seconds until `address` (a key) may try again; nil when it may now.
  func retryAfter(_ address: String, now: Double) -> Int? {
    failures.withLock { table in
      let recent = (table[address] ?? []).filter { now - $0 < window }
      table[address] = recent.isEmpty ? nil : recent
      guard recent.count >= limit, let oldest = recent.first else { return nil }
      return max(1, Int((oldest + window - now).rounded(.up)))
    }
  }

  func record(_ address: String, now: Double) {
    failures.withLock { table in
      if table[address] == nil && table.count >= maxAddresses { forgetOldest(&table, now: now) }
      var recent = (table[address] ?? []).filter { now - $0 < window }
      recent.append(now)
      table[address] = Array(recent.suffix(limit))
    }
  }

  private func forgetOldest(_ table: inout [String: [Double]], now: Double) {
    table = table.filter { $0.value.contains { now - $0 < window } }
    while table.count >= maxAddresses, let oldest = table.min(by: { ($0.value.last ?? 0) < ($1.value.last ?? 0) }) {
      table[oldest.key] = nil
    }
  }
}
