/// A multi-line editor for an essay: lines, a cursor (line, grapheme), soft wrapping at the
/// area's width, scrolling to keep the cursor in view. Pure, like `LineEditor`.
///
/// Enter starts a new line, so submitting is the caller's: `apply` leaves Tab, Esc and the
/// other keys it does not use to the caller (Tab then Enter, say).
struct TextAreaEditor {
  /// A place in the text: a line and the graphemes before the cursor in it.
  struct Position: Equatable {
    var line: Int
    var column: Int
  }

  /// The lines; never empty (an empty text is one empty line), never a control character.
  private(set) var lines: [String]
  private(set) var cursor: Position
  /// The first display row shown: kept between renders so that the view only moves when the
  /// cursor would leave it.
  private var scroll = 0
  /// The width of the last render: Up and Down move between the rows it showed (a paragraph
  /// is one long line). Before any render they move between lines.
  private var wrapWidth = Int.max
  /// The display column Up and Down aim for: where the first of them started, so that passing
  /// a short row does not pull the cursor to the left for good.
  private var goalColumn: Int?

  /// The text, lines joined by "\n".
  var text: String { lines.joined(separator: "\n") }

  /// An editor holding `text` (line breaks as "\n", other controls as spaces), the cursor at
  /// its end.
  init(text: String = "") {
    let clean = TextEditing.insertable(text, keepingNewlines: true)
    lines = clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    cursor = Position(line: lines.count - 1, column: lines[lines.count - 1].count)
  }

  /// Applies `key`; true when it is one of the editor's keys (even if it changed nothing),
  /// false when the caller should handle it (Tab, Esc, control characters…).
  mutating func apply(_ key: Terminal.Key) -> Bool {
    let goal = goalColumn
    goalColumn = nil
    switch key {
    case .up, .down:
      moveVertically(down: key == .down, goal: goal)
    case .character(let character):
      guard TextEditing.isInsertable(character) else { return false }
      insert(String(character))
    case .space: insert(" ")
    case .enter: insert("\n")
    case .paste(let pasted): insert(TextEditing.insertable(pasted, keepingNewlines: true))
    case .left, .right, .home, .end: move(key)
    case .backspace, .delete, .clearToStart, .clearToEnd, .deleteWordBack: delete(key)
    default: return false
    }
    return true
  }

  // MARK: - Editing

  private var line: String { lines[cursor.line] }

  private mutating func insert(_ inserted: String) {
    replace(cursor.column..<cursor.column, with: inserted)
  }

  /// Replaces graphemes of the cursor's line (newlines in `replacement` make more lines) and
  /// puts the cursor after the replacement, following a merge as `LineEditor` does.
  private mutating func replace(_ range: Range<Int>, with replacement: String) {
    let (edited, end) = TextEditing.replacing(range, in: line, with: replacement)
    let pieces = edited.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The cursor's line among the pieces: the newlines before it in the edited text.
    let newlines = edited.prefix(end).filter { $0 == "\n" }.count
    var column = end
    for piece in pieces.prefix(newlines) { column -= piece.count + 1 }
    lines.replaceSubrange(cursor.line...cursor.line, with: pieces)
    cursor = Position(line: cursor.line + newlines, column: column)
  }

  /// Joins the cursor's line to the one before, the cursor where they meet.
  private mutating func joinWithPreviousLine() {
    guard cursor.line > 0 else { return }
    let previous = lines[cursor.line - 1]
    let joined = previous + line
    lines.replaceSubrange(cursor.line - 1...cursor.line, with: [joined])
    cursor = Position(
      line: cursor.line - 1, column: TextEditing.graphemes(in: joined, startingBefore: previous.utf8.count))
  }

  private mutating func delete(_ key: Terminal.Key) {
    let column = cursor.column
    switch key {
    case .backspace where column == 0, .deleteWordBack where column == 0:
      joinWithPreviousLine()
    case .backspace:
      replace(column - 1..<column, with: "")
    case .delete where column == line.count:
      guard cursor.line + 1 < lines.count else { return }
      cursor = Position(line: cursor.line + 1, column: 0)
      joinWithPreviousLine()
    case .delete:
      replace(column..<column + 1, with: "")
    case .clearToStart:
      replace(0..<column, with: "")
    case .clearToEnd:
      replace(column..<line.count, with: "")
    default:
      replace(TextEditing.wordStart(before: column, in: Array(line))..<column, with: "")
    }
  }

  /// Left and Right step over line ends to the next line; Home and End stay in the line.
  private mutating func move(_ key: Terminal.Key) {
    switch key {
    case .left:
      if cursor.column > 0 {
        cursor.column -= 1
      } else if cursor.line > 0 {
        cursor = Position(line: cursor.line - 1, column: lines[cursor.line - 1].count)
      }
    case .right:
      if cursor.column < line.count {
        cursor.column += 1
      } else if cursor.line + 1 < lines.count {
        cursor = Position(line: cursor.line + 1, column: 0)
      }
    case .home: cursor.column = 0
    default: cursor.column = line.count
    }
  }

  /// Up or Down one display row (at the last render's width), to the grapheme at the display
  /// column nearest `goal` (or the cursor's own) without passing it.
  private mutating func moveVertically(down: Bool, goal: Int?) {
    let layout = Layout(line, width: wrapWidth)
    let row = layout.row(of: cursor.column)
    let goal = goal ?? layout.column(of: cursor.column, inRow: row)
    goalColumn = goal
    if down ? row + 1 < layout.rows.count : row > 0 {
      cursor.column = layout.position(nearest: goal, inRow: down ? row + 1 : row - 1)
    } else if down ? cursor.line + 1 < lines.count : cursor.line > 0 {
      cursor.line += down ? 1 : -1
      let target = Layout(line, width: wrapWidth)
      cursor.column = target.position(nearest: goal, inRow: down ? 0 : target.rows.count - 1)
    }
  }

  // MARK: - Drawing

  /// The area drawn `width` columns wide and `height` rows high: exactly `height` lines of
  /// exactly `width` columns (long lines wrapped, wide characters never split, padding after
  /// the text), and the cursor's row and column in them. Scrolls as little as keeps the
  /// cursor's row in view.
  mutating func render(width: Int, height: Int) -> (lines: [String], cursorRow: Int, cursorColumn: Int) {
    let width = max(1, width)
    let height = max(1, height)
    wrapWidth = width
    var rows: [String] = []
    var cursorRow = 0
    var cursorColumn = 0
    for (index, text) in lines.enumerated() {
      let layout = Layout(text, width: width)
      if index == cursor.line {
        let row = layout.row(of: cursor.column)
        cursorRow = rows.count + row
        cursorColumn = layout.column(of: cursor.column, inRow: row)
      }
      rows += layout.rows.map { layout.text(ofRow: $0, width: width) }
    }
    scroll = min(scroll, max(0, rows.count - height))
    if cursorRow < scroll { scroll = cursorRow }
    if cursorRow >= scroll + height { scroll = cursorRow - height + 1 }
    var shown = Array(rows.dropFirst(scroll).prefix(height))
    shown += Array(repeating: String(repeating: " ", count: width), count: height - shown.count)
    return (shown, cursorRow - scroll, cursorColumn)
  }
}

/// One line cut into display rows of at most `width` columns, a grapheme never split. The end
/// of the line takes a cell too (the cursor's, after the last grapheme), so a line exactly as
/// wide as the area has an empty row after it: the layout does not change as the cursor moves.
private struct Layout {
  let characters: [Character]
  let widths: [Int]
  /// Graphemes of each row; the last ends at the line's end.
  private(set) var rows: [Range<Int>] = []

  init(_ line: String, width: Int) {
    characters = Array(line)
    widths = characters.map { DisplayWidth.of($0) }
    var start = 0
    var used = 0
    for (index, characterWidth) in widths.enumerated() {
      if used + characterWidth > width && index > start {
        rows.append(start..<index)
        (start, used) = (index, 0)
      }
      used += characterWidth
    }
    if used + 1 > width && characters.count > start {
      rows.append(start..<characters.count)
      start = characters.count
    }
    rows.append(start..<characters.count)
  }

  /// The row showing the cursor before grapheme `position`: a row's end is the next row's start.
  func row(of position: Int) -> Int {
    rows.firstIndex { $0.contains(position) } ?? rows.count - 1
  }

  /// The display column of `position` in `row`.
  func column(of position: Int, inRow row: Int) -> Int {
    widths[rows[row].lowerBound..<max(rows[row].lowerBound, position)].reduce(0, +)
  }

  /// The last position in `row` whose column is at most `goal` (a row other than the last
  /// does not offer its end: that is where the next row starts).
  func position(nearest goal: Int, inRow row: Int) -> Int {
    let range = rows[row]
    let last = row == rows.count - 1 ? range.upperBound : range.upperBound - 1
    var position = range.lowerBound
    var column = 0
    while position < last && column + widths[position] <= goal {
      column += widths[position]
      position += 1
    }
    return position
  }

  /// The row's graphemes padded to `width` columns (a grapheme wider than the area as spaces).
  func text(ofRow range: Range<Int>, width: Int) -> String {
    TextEditing.slice(Array(characters[range]), widths: Array(widths[range]), from: 0, width: width)
  }
}
