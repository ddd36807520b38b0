/// Text written for roff, the language of man pages (man(7)).
enum Roff {
  /// `text` as one line of roff text: a backslash would start an escape and is written `\e`;
  /// a hyphen is written `\-`, the minus sign that copies as the `-` of an option; other
  /// characters than ASCII are written `\[uXXXX]`, which groff reads whatever the page's
  /// encoding; line breaks and tabs become spaces, other control characters go; and a line
  /// starting with `.` or `'` (a request) starts with `\&` instead.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += #"\e"#
      case "-": result += #"\-"#
      case "\n", "\t": result += " "
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default: result += #"\[u"# + hex(scalar.value) + "]"
      }
    }
    return result.hasPrefix(".") || result.hasPrefix("'") ? #"\&"# + result : result
  }

  /// `text` in bold, escaped.
  static func bold(_ text: String) -> String { #"\fB"# + escaped(text) + #"\fR"# }

  /// `text` in italics (underlined on a terminal), escaped.
  static func italic(_ text: String) -> String { #"\fI"# + escaped(text) + #"\fR"# }

  /// At least four upper-case hexadecimal digits, as groff's `\[uXXXX]` wants them.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
