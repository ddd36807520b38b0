import Testing

@testable import QuizCLI

/// The one-line text field: the keys of a shell's line editor, graphemes as one character,
/// display columns for drawing, sideways scrolling.
@Suite struct LineEditorTests {
  /// A field after typing `text` one scalar at a time, as the decoder delivers it.
  private func typed(_ text: String, into editor: LineEditor = LineEditor()) -> LineEditor {
    var editor = editor
    for scalar in text.unicodeScalars {
      let used = editor.apply(scalar == " " ? .space : .character(Character(scalar)))
      #expect(used)
    }
    return editor
  }

  private func applying(_ keys: [Terminal.Key], to editor: LineEditor) -> LineEditor {
    var editor = editor
    for key in keys {
      let used = editor.apply(key)
      #expect(used, "\(key)")
    }
    return editor
  }

  /// Renders `editor` (which keeps its scroll) and checks the text and cursor column shown.
  private func expectRender(
    _ editor: inout LineEditor, width: Int, _ text: String, _ column: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let shown = editor.render(width: width)
    #expect(shown.text == text && shown.cursorColumn == column, "\(shown)", sourceLocation: sourceLocation)
    #expect(DisplayWidth.of(shown.text) == width, sourceLocation: sourceLocation)
  }

  @Test func typingAndMovingTheCursor() {
    var editor = typed("helo")
    #expect(editor.text == "helo" && editor.cursor == 4)
    editor = applying([.left, .character("l")], to: editor)
    #expect(editor.text == "hello" && editor.cursor == 4)
    editor = applying([.home, .left], to: editor)
    #expect(editor.cursor == 0)
    editor = applying([.right, .end, .right], to: editor)
    #expect(editor.cursor == 5)
    editor = applying([.space, .character("w")], to: editor)
    #expect(editor.text == "hello w")
  }

  @Test func backspaceAndDelete() {
    var editor = applying([.home, .delete, .end, .backspace], to: typed("abcd"))
    #expect(editor.text == "bc" && editor.cursor == 2)
    // At the ends: nothing, but still the field's keys.
    editor = applying([.delete, .home, .backspace], to: editor)
    #expect(editor.text == "bc" && editor.cursor == 0)
  }

  @Test func clearingAndDeletingWords() {
    let start = applying([.left, .left, .left], to: typed("one two  three"))
    let toStart = applying([.clearToStart], to: start)
    #expect(toStart.text == "ree" && toStart.cursor == 0)
    let toEnd = applying([.clearToEnd], to: start)
    #expect(toEnd.text == "one two  th" && toEnd.cursor == 11)
    var words = applying([.end, .deleteWordBack], to: start)
    #expect(words.text == "one two  " && words.cursor == 9)
    // Spaces, then the word before them.
    words = applying([.deleteWordBack], to: words)
    #expect(words.text == "one " && words.cursor == 4)
    words = applying([.deleteWordBack, .deleteWordBack], to: words)
    #expect(words.text.isEmpty && words.cursor == 0)
  }

  @Test func keysThatAreNotTheFieldsAreLeftToTheCaller() {
    var editor = typed("a")
    for key: Terminal.Key in [.enter, .tab, .up, .down, .escape, .interrupt, .suspend, .endOfInput, .resize] {
      let used = editor.apply(key)
      #expect(!used, "\(key)")
    }
    // Control characters are never inserted.
    for control in ["\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}"] {
      let used = editor.apply(.character(Character(control)))
      #expect(!used)
    }
    #expect(editor.text == "a")
  }

  @Test func aPasteIsOneLine() {
    var editor = typed("ab")
    let moved = editor.apply(.left)
    let pasted = editor.apply(.paste("x\ny\r\nz\tw\u{1B}v"))
    #expect(moved && pasted)
    #expect(editor.text == "ax y z w vb")
    #expect(editor.cursor == 10)
    #expect(LineEditor(text: "a\nb\u{7}").text == "a b ")
  }

  @Test func aCombiningMarkMergesIntoTheCharacterBeforeIt() {
    var editor = typed("e\u{301}")
    #expect(editor.text == "é")
    #expect(editor.text.count == 1 && editor.cursor == 1)
    expectRender(&editor, width: 5, "é    ", 1)
    // Before another character: the cursor stays right after the merged grapheme.
    editor = typed("ex")
    editor = applying([.left, .character("\u{301}")], to: editor)
    #expect(editor.text == "éx" && editor.cursor == 1)
    // Removed as one.
    editor = applying([.backspace], to: editor)
    #expect(editor.text == "x" && editor.cursor == 0)
  }

  @Test func aZWJEmojiIsOneGraphemeTwoColumnsWide() {
    var editor = typed("a👨\u{200D}👩\u{200D}👧b")
    #expect(editor.text.count == 3 && editor.cursor == 3)
    expectRender(&editor, width: 6, "a👨‍👩‍👧b  ", 4)
    editor = applying([.left, .backspace], to: editor)
    #expect(editor.text == "ab" && editor.cursor == 1)
  }

  @Test func arabicTextWithVowelMarks() {
    var editor = typed("سلام")
    #expect(editor.text.count == 4)
    expectRender(&editor, width: 6, "سلام  ", 4)
    // A fatha after a letter is part of it.
    editor = applying([.home], to: typed("ب\u{64E}", into: editor))
    #expect(editor.text.count == 5)
    editor = applying([.end, .backspace], to: editor)
    #expect(editor.text == "سلام")
  }

  @Test func japaneseIsTwoColumnsACharacter() {
    var editor = typed("東京タワー")
    expectRender(&editor, width: 12, "東京タワー  ", 10)
    editor = applying([.left, .left], to: editor)
    expectRender(&editor, width: 12, "東京タワー  ", 6)
    // Home; a wide character cut by the right edge is a space, never half of it.
    editor = applying([.home], to: editor)
    expectRender(&editor, width: 7, "東京タ ", 0)
  }

  @Test func scrollingSidewaysKeepsTheCursorInView() {
    var editor = typed("abcdefghij")
    // The cursor's cell after the last character must show: scrolled by 6.
    expectRender(&editor, width: 5, "ghij ", 4)
    editor = applying([.left, .left, .left, .left], to: editor)
    expectRender(&editor, width: 5, "ghij ", 0)
    editor = applying([.left], to: editor)
    expectRender(&editor, width: 5, "fghij", 0)
    editor = applying([.home], to: editor)
    expectRender(&editor, width: 5, "abcde", 0)
    editor = applying([.end], to: editor)
    expectRender(&editor, width: 5, "ghij ", 4)
    // Once the text is shorter, the view comes back.
    editor = applying([.clearToStart, .character("z")], to: editor)
    expectRender(&editor, width: 5, "z    ", 1)
  }

  @Test func scrollingJapaneseNeverCutsACharacterInHalf() {
    var editor = typed("東京タワー")
    // Scrolled by one column: 東's right half is a space.
    expectRender(&editor, width: 10, " 京タワー ", 9)
    editor = applying([.home], to: editor)
    expectRender(&editor, width: 10, "東京タワー", 0)
    // The cursor on a wide character at the right edge: scrolled until it shows whole.
    editor = applying([.right, .right], to: editor)
    expectRender(&editor, width: 5, " 京タ", 3)
    editor = applying([.right], to: editor)
    expectRender(&editor, width: 5, " タワ", 3)
  }

  @Test func aFieldNarrowerThanAWideCharacter() {
    var editor = typed("東")
    expectRender(&editor, width: 1, " ", 0)
    editor = applying([.home], to: editor)
    expectRender(&editor, width: 1, " ", 0)
  }
}
