/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji
/// take two, combining marks and zero-width characters none, everything else one.
enum DisplayWidth {
  /// Columns of `text`; the program's own ANSI escape sequences (colors) take none.
  static func of(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    for character in text {
      if skipsEscape(character, &inEscape) { continue }
      width += of(character)
    }
    return width
  }

  /// Whether `character` is part of an ANSI CSI sequence (ESC [ … final), tracking the state.
  private static func skipsEscape(_ character: Character, _ inEscape: inout Bool) -> Bool {
    if character == "\u{1B}" {
      inEscape = true
      return true
    }
    guard inEscape else { return false }
    if character != "[", let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) { inEscape = false }
    return true
  }

  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
    // An emoji presentation sequence (base + U+FE0F) or an emoji shown as such by default.
    if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
    if isWide(first.value) { return 2 }
    if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark
      || first.value == 0x200B
    {
      return 0
    }
    return 1
  }

  // East_Asian_Width W and F ranges (Unicode 15, abridged to the blocks in use).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `text` padded with spaces to `width` columns, on the right (or the left for numbers).
  static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - of(text)))
    return alignRight ? padding + text : text + padding
  }

  /// `text` cut to at most `width` columns, ending in "…" when cut (and with colors reset, if
  /// it had any).
  static func truncate(_ text: String, to width: Int) -> String {
    guard of(text) > width else { return text }
    var result = ""
    var used = 0
    var inEscape = false
    var styled = false
    for character in text {
      if skipsEscape(character, &inEscape) {
        result.append(character)
        styled = true
        continue
      }
      let w = of(character)
      if used + w > width - 1 { break }
      result.append(character)
      used += w
    }
    return result + "…" + (styled ? "\u{1B}[0m" : "")
  }
}
