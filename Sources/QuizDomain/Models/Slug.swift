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
}
