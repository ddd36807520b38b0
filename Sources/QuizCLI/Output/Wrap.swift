/// Word wrapping by display width.
enum Wrap {
  /// `text` in lines at most `width` columns wide, broken at spaces; a word wider than a line
  /// is broken where it must.
  static func lines(_ text: String, width: Int) -> [String] {
    let width = max(10, width)
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
      var word = Substring(piece)
      var wordWidth = DisplayWidth.of(String(word))
      if !line.isEmpty, lineWidth + 1 + wordWidth > width {
        lines.append(line)
        (line, lineWidth) = ("", 0)
      }
      // Here a word wider than a line has a line to itself: cut it into lines that fit.
      while wordWidth > width {
        var head = ""
        var used = 0
        for character in word {
          let characterWidth = DisplayWidth.of(character)
          if used + characterWidth > width { break }
          head.append(character)
          used += characterWidth
        }
        guard !head.isEmpty else { break }
        lines.append(head)
        word = word.dropFirst(head.count)
        wordWidth -= used
      }
      if line.isEmpty {
        (line, lineWidth) = (String(word), wordWidth)
      } else {
        line += " " + word
        lineWidth += 1 + wordWidth
      }
    }
    lines.append(line)
    return lines
  }
}
