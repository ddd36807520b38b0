/// Word wrapping by display width.
enum Wrap {
  static func lines(_ text: String, width: Int) -> [String] {
    let width = max(10, width)
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if DisplayWidth.of(candidate) > width, !line.isEmpty {
        lines.append(line)
        line = String(word)
      } else {
        line = candidate
      }
    }
    lines.append(line)
    return lines
  }
}
