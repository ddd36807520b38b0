/// An RFC 3339 timestamp, kept as written (so that it round-trips byte for byte) together with
/// the instant it names, in seconds since 1970 UTC (for ordering and durations).
public struct Timestamp: Equatable, Hashable, Sendable, Comparable {
  public let text: String
  public let unixSeconds: Double

  /// Parses `2026-11-29T10:04:12Z`, `2026-11-29T10:04:12.5+01:00` and the like; nil when
  /// `text` is not an RFC 3339 date-time.
  public init?(_ text: String) {
    guard let seconds = Timestamp.parse(Array(text.utf8)) else { return nil }
    self.text = text
    self.unixSeconds = seconds
  }

  /// The instant `unixSeconds`, written in UTC with whole seconds: `2026-11-29T10:04:12Z`.
  public init(unixSeconds: Double) {
    let whole = Int64(unixSeconds.rounded(.down))
    self.unixSeconds = Double(whole)
    self.text = Timestamp.format(whole)
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.unixSeconds < rhs.unixSeconds }
}

// MARK: - Parsing

extension Timestamp {
  private static func parse(_ b: [UInt8]) -> Double? {
    func digits(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= b.count else { return nil }
      var value = 0
      for i in start..<(start + count) {
        let d = Int(b[i]) - 48
        guard (0...9).contains(d) else { return nil }
        value = value * 10 + d
      }
      return value
    }
    func byte(_ i: Int, _ expected: Character...) -> Bool {
      i < b.count && expected.contains(Character(Unicode.Scalar(b[i])))
    }
    guard let year = digits(0, 4), byte(4, "-"), let month = digits(5, 2), byte(7, "-"),
      let day = digits(8, 2), byte(10, "T", "t", " "), let hour = digits(11, 2), byte(13, ":"),
      let minute = digits(14, 2), byte(16, ":"), let second = digits(17, 2)
    else { return nil }
    guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second <= 60
    else { return nil }
    var i = 19
    var fraction = 0.0
    if byte(i, ".") {
      i += 1
      var scale = 0.1
      let start = i
      while i < b.count, (48...57).contains(b[i]) {
        fraction += Double(b[i] - 48) * scale
        scale /= 10
        i += 1
      }
      guard i > start else { return nil }
    }
    var offset = 0
    if byte(i, "Z", "z") {
      i += 1
    } else if byte(i, "+", "-") {
      let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
      guard let oh = digits(i + 1, 2), byte(i + 3, ":"), let om = digits(i + 4, 2), oh < 24, om < 60
      else { return nil }
      offset = sign * (oh * 3600 + om * 60)
      i += 6
    } else {
      return nil
    }
    guard i == b.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Double(seconds) + fraction
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

// MARK: - Formatting

extension Timestamp {
  /// `YYYY-MM-DDTHH:MM:SSZ`, written digit by digit: every save and log row of a server formats
  /// the time, and interpolating seven strings cost more than the rest of it. A year outside
  /// 0–9999 (no clock gives one) is written as it comes, padded to four characters.
  static func format(_ seconds: Int64) -> String {
    let days = Int((Double(seconds) / 86_400).rounded(.down))
    let rest = Int(seconds) - days * 86_400
    let (year, month, day) = civilFromDays(days)
    let odd = (0...9999).contains(year) ? nil : Array(String(year).utf8)
    let yearWidth = odd.map { max(4, $0.count) } ?? 4
    return String(unsafeUninitializedCapacity: yearWidth + 16) { buffer in
      func put(_ value: Int, digits: Int, at offset: Int) {
        var rest = value
        for position in stride(from: offset + digits - 1, through: offset, by: -1) {
          buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
      }
      if let odd {
        let padding = yearWidth - odd.count
        for position in 0..<padding { buffer[position] = UInt8(ascii: "0") }
        for (position, byte) in odd.enumerated() { buffer[padding + position] = byte }
      } else {
        put(year, digits: 4, at: 0)
      }
      let tail = yearWidth
      put(month, digits: 2, at: tail + 1)
      put(day, digits: 2, at: tail + 4)
      put(rest / 3600, digits: 2, at: tail + 7)
      put(rest % 3600 / 60, digits: 2, at: tail + 10)
      put(rest % 60, digits: 2, at: tail + 13)
      for (offset, separator) in zip([0, 3, 6, 9, 12, 15], "--T::Z".utf8) { buffer[tail + offset] = separator }
      return yearWidth + 16
    }
  }

  /// `2026-11-29 10:04` in UTC, for tables.
  public var utcMinute: String {
    let text = Timestamp.format(Int64(unixSeconds.rounded(.down)))
    return text.prefix(10) + " " + text.dropFirst(11).prefix(5)
  }
}
