/// A one-line text field (a short answer, a number): the text, a cursor between graphemes, and
/// the keys of a shell's line editor. Pure, so that editing and drawing are tested without a
/// terminal; the caller reads keys, gives them here first, and draws what `render` returns.
///
/// The cursor counts graphemes (what a reader sees as one character), so that "é" written as
/// "e" + U+0301 or a family emoji joined by ZWJ is stepped over and deleted as one.
struct LineEditor {
  /// The field's text: never a control character.
  private(set) var text: String
  /// Graphemes before the cursor, 0...text.count.
  private(set) var cursor: Int
  /// The display column the field's view starts at: kept between renders so that the view only
  /// moves when the cursor would leave it.
  private var scroll = 0

  /// A field holding `text` (control characters as spaces), the cursor at its end.
  init(text: String = "") {
    self.text = TextEditing.insertable(text, keepingNewlines: false)
    self.cursor = self.text.count
  }

  /// Applies `key`; true when it is one of the field's keys (even if it changed nothing, like
  /// Backspace at the start), false when the caller should handle it (enter, tab, up, escape…,
  /// and control characters, which are never inserted).
  mutating func apply(_ key: Terminal.Key) -> Bool {
    switch key {
    case .character(let character):
      guard TextEditing.isInsertable(character) else { return false }
      insert(String(character))
    case .space: insert(" ")
    case .paste(let pasted): insert(TextEditing.insertable(pasted, keepingNewlines: false))
    case .backspace:
      if cursor > 0 { replace(cursor - 1..<cursor, with: "") }
    case .delete:
      if cursor < text.count { replace(cursor..<cursor + 1, with: "") }
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = text.count
    case .clearToStart: replace(0..<cursor, with: "")
    case .clearToEnd: replace(cursor..<text.count, with: "")
    case .deleteWordBack: replace(TextEditing.wordStart(before: cursor, in: Array(text))..<cursor, with: "")
    default: return false
    }
    return true
  }

  private mutating func insert(_ inserted: String) {
    replace(cursor..<cursor, with: inserted)
  }

  /// Replaces the graphemes in `range` and puts the cursor after the new text. A combining mark
  /// inserted after a letter merges with it: the cursor then follows the merged grapheme.
  private mutating func replace(_ range: Range<Int>, with replacement: String) {
    (text, cursor) = TextEditing.replacing(range, in: text, with: replacement)
  }

  /// The field drawn `width` display columns wide: exactly `width` columns of text (padded with
  /// spaces), and the cursor's column in it. Scrolls sideways as little as keeps the cursor
  /// (and the whole grapheme under it) in view; a wide character cut by an edge is a space.
  mutating func render(width: Int) -> (text: String, cursorColumn: Int) {
    let width = max(1, width)
    let characters = Array(text)
    let widths = characters.map { DisplayWidth.of($0) }
    let cursorColumn = widths[..<cursor].reduce(0, +)
    // The cursor needs a cell even at the end of the text or on a zero-width grapheme.
    let cell = cursor < widths.count ? max(1, widths[cursor]) : 1
    let total = widths.reduce(0, +) + 1
    // No blank space on the right while scrolled (after deleting), then the cursor in view.
    scroll = min(scroll, max(0, total - width))
    if cursorColumn < scroll { scroll = cursorColumn }
    if cursorColumn + cell > scroll + width { scroll = min(cursorColumn, cursorColumn + cell - width) }
    let shown = TextEditing.slice(characters, widths: widths, from: scroll, width: width)
    return (shown, cursorColumn - scroll)
  }
}

/// What the line editor and the text area share: which text may be inserted, where a word
/// starts, replacing graphemes with the cursor following merges, and cutting text by columns.
enum TextEditing {
  /// C0, DEL and C1: never inserted (they would move the terminal's cursor or worse).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  static func isInsertable(_ character: Character) -> Bool {
    !character.unicodeScalars.contains(where: isControl)
  }

  /// `text` as it may be inserted: each line break as "\n" (or a space), any other control
  /// character (a tab, an Esc) as a space.
  static func insertable(_ text: String, keepingNewlines: Bool) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for character in text {
      if character.isNewline {
        result.append(keepingNewlines ? "\n" : " ")
      } else if isInsertable(character) {
        result.append(character)
      } else {
        // A control scalar is a grapheme of its own, but a mark may follow it in the same one.
        for scalar in character.unicodeScalars { result.unicodeScalars.append(isControl(scalar) ? " " : scalar) }
      }
    }
    return result
  }

  /// Where Ctrl-W deletes back to from `cursor`: over spaces, then over the word before them
  /// (as in a shell, a word runs up to whitespace).
  static func wordStart(before cursor: Int, in characters: [Character]) -> Int {
    var start = min(cursor, characters.count)
    while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
    while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
    return start
  }

  /// `text` with the graphemes in `range` replaced, and the cursor after the replacement: the
  /// count of graphemes that start before its end, so that a grapheme the replacement merged
  /// into (e + U+0301, a ZWJ sequence growing) is wholly before the cursor.
  static func replacing(_ range: Range<Int>, in text: String, with replacement: String) -> (String, Int) {
    let count = text.count
    let lower = min(max(0, range.lowerBound), count)
    let upper = min(max(lower, range.upperBound), count)
    let start = text.index(text.startIndex, offsetBy: lower)
    let end = text.index(start, offsetBy: upper - lower)
    let before = text[..<start]
    let result = String(before) + replacement + String(text[end...])
    return (result, graphemes(in: result, startingBefore: before.utf8.count + replacement.utf8.count))
  }

  /// How many graphemes of `text` start before the UTF-8 offset `offset`.
  static func graphemes(in text: String, startingBefore offset: Int) -> Int {
    var position = 0
    var count = 0
    for character in text {
      guard position < offset else { break }
      position += character.utf8.count
      count += 1
    }
    return count
  }

  /// The characters shown from display column `start`, `width` columns: a wide character cut by
  /// either edge shows as spaces (half of one would garble the line), and the rest is padding.
  static func slice(_ characters: [Character], widths: [Int], from start: Int, width: Int) -> String {
    var shown = ""
    var column = 0
    var used = 0
    for (character, characterWidth) in zip(characters, widths) {
      defer { column += characterWidth }
      if column < start {
        // Left of the view, or a wide character's right half at its left edge.
        let visible = column + characterWidth - start
        if visible > 0 {
          shown += String(repeating: " ", count: min(visible, width))
          used += min(visible, width)
        }
        continue
      }
      if used + characterWidth > width { break }
      shown.append(character)
      used += characterWidth
    }
    return shown + String(repeating: " ", count: max(0, width - used))
  }
}
