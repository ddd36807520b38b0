import Testing

@testable import QuizCLI

/// The essay editor: lines, the cursor across them, soft wrapping and scrolling.
@Suite struct TextAreaEditorTests {
  private typealias Position = TextAreaEditor.Position

  private func typed(_ text: String, into editor: TextAreaEditor = TextAreaEditor()) -> TextAreaEditor {
    var editor = editor
    for scalar in text.unicodeScalars {
      let key: Terminal.Key = scalar == " " ? .space : scalar == "\n" ? .enter : .character(Character(scalar))
      let used = editor.apply(key)
      #expect(used)
    }
    return editor
  }

  private func applying(_ keys: [Terminal.Key], to editor: TextAreaEditor) -> TextAreaEditor {
    var editor = editor
    for key in keys {
      let used = editor.apply(key)
      #expect(used, "\(key)")
    }
    return editor
  }

  @Test func enterStartsANewLineAndTheTextJoinsThem() {
    var editor = typed("ab\ncd")
    #expect(editor.lines == ["ab", "cd"] && editor.text == "ab\ncd")
    #expect(editor.cursor == Position(line: 1, column: 2))
    editor = applying([.left, .enter], to: editor)
    #expect(editor.text == "ab\nc\nd" && editor.cursor == Position(line: 2, column: 0))
    #expect(TextAreaEditor().lines == [""])
    #expect(TextAreaEditor(text: "a\r\nb\rc\u{7}").lines == ["a", "b", "c "])
  }

  @Test func backspaceAndDeleteJoinLines() {
    var editor = applying([.home, .backspace], to: typed("ab\ncd"))
    #expect(editor.text == "abcd" && editor.cursor == Position(line: 0, column: 2))
    editor = applying([.enter, .up, .end, .delete], to: editor)
    #expect(editor.text == "abcd" && editor.cursor == Position(line: 0, column: 2))
    editor = applying([.backspace, .delete], to: editor)
    #expect(editor.text == "ad" && editor.cursor == Position(line: 0, column: 1))
    // At the very start and end: nothing.
    editor = applying([.home, .backspace, .end, .delete], to: editor)
    #expect(editor.text == "ad" && editor.cursor == Position(line: 0, column: 2))
  }

  @Test func joiningMergesAnOrphanMarkIntoTheLetterBeforeIt() {
    var editor = typed("e\n\u{301}x")
    editor = applying([.home, .left, .right, .right, .left], to: editor)
    #expect(editor.cursor == Position(line: 1, column: 0))
    editor = applying([.backspace], to: editor)
    #expect(editor.text == "éx" && editor.cursor == Position(line: 0, column: 1))
  }

  @Test func leftAndRightWrapAcrossLines() {
    var editor = applying([.home], to: typed("ab\ncd"))
    editor = applying([.left], to: editor)
    #expect(editor.cursor == Position(line: 0, column: 2))
    editor = applying([.right], to: editor)
    #expect(editor.cursor == Position(line: 1, column: 0))
    editor = applying([.end, .right], to: editor)
    #expect(editor.cursor == Position(line: 1, column: 2))
    editor = applying([.up, .home, .left], to: editor)
    #expect(editor.cursor == Position(line: 0, column: 0))
  }

  @Test func upAndDownKeepTheDisplayColumn() {
    var editor = typed("abcdef\nab\nabcdef")
    editor = applying([.left], to: editor)
    #expect(editor.cursor == Position(line: 2, column: 5))
    editor = applying([.up], to: editor)
    #expect(editor.cursor == Position(line: 1, column: 2))
    // Past the short line, back to column 5.
    editor = applying([.up], to: editor)
    #expect(editor.cursor == Position(line: 0, column: 5))
    editor = applying([.down, .down], to: editor)
    #expect(editor.cursor == Position(line: 2, column: 5))
    // At the first and last lines: nothing.
    editor = applying([.down], to: editor)
    #expect(editor.cursor == Position(line: 2, column: 5))
    editor = applying([.up, .up, .up], to: editor)
    #expect(editor.cursor == Position(line: 0, column: 5))
  }

  @Test func upAndDownByDisplayColumnAcrossWideCharacters() {
    var editor = typed("東京タワー\nabcdef")
    editor = applying([.home, .right, .right, .right], to: editor)
    // Column 3 is the right half of 京: the cursor goes before 京 (column 2).
    editor = applying([.up], to: editor)
    #expect(editor.cursor == Position(line: 0, column: 1))
    // And back to column 3, not 2.
    editor = applying([.down], to: editor)
    #expect(editor.cursor == Position(line: 1, column: 3))
    // Another key forgets the goal column.
    editor = applying([.up, .right, .down], to: editor)
    #expect(editor.cursor == Position(line: 1, column: 4))
  }

  @Test func homeEndClearingAndWordsStayInTheLine() {
    let start = applying([.up, .end, .left], to: typed("one two\nthree four"))
    #expect(start.cursor == Position(line: 0, column: 6))
    #expect(applying([.clearToStart], to: start).text == "o\nthree four")
    #expect(applying([.clearToEnd], to: start).text == "one tw\nthree four")
    #expect(applying([.deleteWordBack], to: start).text == "one o\nthree four")
    #expect(applying([.home], to: start).cursor == Position(line: 0, column: 0))
    #expect(applying([.end], to: start).cursor == Position(line: 0, column: 7))
    // Ctrl-W at a line's start joins it to the line before, as Backspace does.
    let joined = applying([.down, .home, .deleteWordBack], to: start)
    #expect(joined.text == "one twothree four" && joined.cursor == Position(line: 0, column: 7))
  }

  @Test func aPasteKeepsItsLines() {
    var editor = applying([.left], to: typed("[]"))
    let used = editor.apply(.paste("one\ntwo\r\nthree\tend"))
    #expect(used)
    #expect(editor.lines == ["[one", "two", "three end]"])
    #expect(editor.cursor == Position(line: 2, column: 9))
  }

  @Test func keysThatAreNotTheEditorsAreLeftToTheCaller() {
    var editor = typed("a")
    for key: Terminal.Key in [.tab, .escape, .interrupt, .suspend, .endOfInput, .resize] {
      let used = editor.apply(key)
      #expect(!used, "\(key)")
    }
    for control in ["\u{0}", "\u{1B}", "\u{7F}", "\u{9B}"] {
      let used = editor.apply(.character(Character(control)))
      #expect(!used)
    }
    #expect(editor.text == "a")
  }

  @Test func graphemesJapaneseArabicAndEmoji() {
    var editor = typed("e\u{301}\n東京\nسلام\n👨\u{200D}👩\u{200D}👧")
    #expect(editor.lines.map(\.count) == [1, 2, 4, 1])
    #expect(editor.cursor == Position(line: 3, column: 1))
    let shown = editor.render(width: 6, height: 4)
    #expect(shown.lines == ["é     ", "東京  ", "سلام  ", "👨‍👩‍👧    "])
    #expect(shown.cursorRow == 3 && shown.cursorColumn == 2)
  }

  @Test func longLinesWrapAtTheWidthWithoutSplittingWideCharacters() {
    var editor = typed("東京タワー")
    let shown = editor.render(width: 5, height: 4)
    #expect(shown.lines == ["東京 ", "タワ ", "ー   ", "     "])
    #expect(shown.cursorRow == 2 && shown.cursorColumn == 2)
    // A line exactly as wide as the area: the cursor after it on a row of its own.
    var exact = typed("abcde")
    let exactShown = exact.render(width: 5, height: 3)
    #expect(exactShown.lines == ["abcde", "     ", "     "])
    #expect(exactShown.cursorRow == 1 && exactShown.cursorColumn == 0)
    exact = applying([.left], to: exact)
    let before = exact.render(width: 5, height: 3)
    #expect(before.cursorRow == 0 && before.cursorColumn == 4)
  }

  @Test func afterARenderUpAndDownMoveByDisplayRows() {
    var editor = typed("abcdefghij\nxy")
    _ = editor.render(width: 4, height: 5)
    editor = applying([.up], to: editor)
    // From "xy" column 2 to the last row of the line above ("ij"), its end.
    #expect(editor.cursor == Position(line: 0, column: 10))
    editor = applying([.up], to: editor)
    #expect(editor.cursor == Position(line: 0, column: 6))
    editor = applying([.up, .up], to: editor)
    #expect(editor.cursor == Position(line: 0, column: 2))
    editor = applying([.down], to: editor)
    #expect(editor.cursor == Position(line: 0, column: 6))
  }

  @Test func scrollingKeepsTheCursorsRowInView() {
    var editor = typed((0..<10).map { "line \($0)" }.joined(separator: "\n"))
    var shown = editor.render(width: 8, height: 3)
    #expect(shown.lines == ["line 7  ", "line 8  ", "line 9  "] && shown.cursorRow == 2 && shown.cursorColumn == 6)
    editor = applying([.up, .up], to: editor)
    shown = editor.render(width: 8, height: 3)
    #expect(shown.lines.first == "line 7  " && shown.cursorRow == 0)
    editor = applying([.up], to: editor)
    shown = editor.render(width: 8, height: 3)
    #expect(shown.lines == ["line 6  ", "line 7  ", "line 8  "] && shown.cursorRow == 0)
    // Wrapped rows count: at width 4 each line is two rows ("line", " 6"), the cursor on row 13.
    shown = editor.render(width: 4, height: 3)
    #expect(shown.lines == [" 5  ", "line", " 6  "] && shown.cursorRow == 2 && shown.cursorColumn == 2)
    // Emptied, the view comes back to the top.
    editor = applying([.end, .clearToStart], to: TextAreaEditor(text: "a"))
    shown = editor.render(width: 4, height: 2)
    #expect(shown.lines == ["    ", "    "] && shown.cursorRow == 0)
  }
}
