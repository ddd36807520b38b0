/// Ids of quizzes, questions and choices: 1–100 characters of `a-z 0-9 - _ .`, starting with a
/// letter or a digit.
public enum Slug {
  public static func isValid(_ text: String) -> Bool {
    let bytes = text.utf8
    guard (1...100).contains(bytes.count), let first = bytes.first, isAlphanumeric(first) else {
      return false
    }
    return bytes.allSatisfy {
      isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  public static let rule = "1–100 characters of a-z 0-9 - _ ., starting with a letter or digit"

  /// A slug made from `text`: lower-cased; each run of characters outside `a-z 0-9 . _ -` (any
  /// non-ASCII letter included: there is no transliteration) becomes one `-`; `-`, `.` and `_`
  /// are stripped at both ends. Longer than `limit`, it is cut before the last `-` that keeps it
  /// within the limit (at the limit when there is none) and stripped again at the end. Empty
  /// when `text` has no letter or digit of `a-z 0-9` (a Japanese-only prompt).
  public static func make(from text: String, limit: Int = 100) -> String {
    let dash = UInt8(ascii: "-")
    var bytes: [UInt8] = []
    var inRun = false
    for character in text.lowercased() {
      if let ascii = character.asciiValue, isAlphanumeric(ascii) || isPunctuation(ascii) {
        bytes.append(ascii)
        inRun = false
      } else if !inRun {
        bytes.append(dash)
        inRun = true
      }
    }
    var start = 0
    var end = bytes.count
    while start < end, isPunctuation(bytes[start]) { start += 1 }
    while end > start, isPunctuation(bytes[end - 1]) { end -= 1 }
    var slug = Array(bytes[start..<end])
    if slug.count > limit {
      guard limit > 0 else { return "" }
      // The longest prefix within the limit that the full slug follows with a `-`.
      let cut = (1...limit).reversed().first { slug[$0] == dash } ?? limit
      slug.removeSubrange(cut...)
      while let last = slug.last, isPunctuation(last) { slug.removeLast() }
    }
    return String(decoding: slug, as: UTF8.self)
  }

  /// `base` when `taken` lacks it, else the first free of `base-2`, `base-3`, …; the result is
  /// added to `taken`. A base near the 100-character limit is shortened (and stripped of
  /// punctuation at its end) so that the suffix fits: the result is a valid id when `base` is.
  public static func unique(_ base: String, taken: inout Set<String>) -> String {
    if taken.insert(base).inserted { return base }
    var number = 2
    while true {
      let suffix = Array("-\(number)".utf8)
      var stem = Array(base.utf8.prefix(max(1, 100 - suffix.count)))
      while stem.count > 1, let last = stem.last, isPunctuation(last) { stem.removeLast() }
      let candidate = String(decoding: stem + suffix, as: UTF8.self)
      if taken.insert(candidate).inserted { return candidate }
      number += 1
    }
  }

  private static func isPunctuation(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
  }
}
