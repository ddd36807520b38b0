import Testing

@testable import QuizCLI

/// The bytes a terminal sends, decoded into keys: control keys, escape sequences, UTF-8 and
/// bracketed paste, however the bytes are split between reads.
@Suite struct KeyDecoderTests {
  /// The keys of `bytes`, fed at once, then flushed (the input paused).
  private func keys(_ bytes: [UInt8]) -> [Terminal.Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flush()
  }

  private func keys(_ text: String) -> [Terminal.Key] { keys(Array(text.utf8)) }

  /// The keys of `bytes` fed one byte at a time, with the keys each byte completed.
  private func keysByteByByte(_ bytes: [UInt8]) -> [[Terminal.Key]] {
    var decoder = KeyDecoder()
    return bytes.map { decoder.feed($0) }
  }

  @Test func theKeysTheTakerAlreadyUsedKeepTheirMeaning() {
    #expect(keys([0x03]) == [.interrupt])
    #expect(keys([0x04]) == [.interrupt])
    #expect(keys([0x1A]) == [.suspend])
    #expect(keys([0x0D]) == [.enter])
    #expect(keys([0x0A]) == [.enter])
    #expect(keys([0x20]) == [.space])
    #expect(keys("jkqny") == [.character("j"), .character("k"), .character("q"), .character("n"), .character("y")])
    #expect(keys("\u{1B}[A\u{1B}[B") == [.up, .down])
  }

  @Test func controlKeysAreEditingKeys() {
    #expect(keys([0x01]) == [.home])
    #expect(keys([0x05]) == [.end])
    #expect(keys([0x15]) == [.clearToStart])
    #expect(keys([0x0B]) == [.clearToEnd])
    #expect(keys([0x17]) == [.deleteWordBack])
    #expect(keys([0x7F]) == [.backspace])
    #expect(keys([0x08]) == [.backspace])
    #expect(keys([0x09]) == [.tab])
    // Other control bytes still arrive, as characters: an editor refuses to insert them.
    #expect(keys([0x0C]) == [.character("\u{0C}")])
  }

  @Test func arrowsInBothForms() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
    // With a modifier (Ctrl-Right, Shift-Up): the plain arrow.
    #expect(keys("\u{1B}[1;5C\u{1B}[1;2A") == [.right, .up])
  }

  @Test func homeEndAndDeleteInEveryForm() {
    for home in ["\u{1B}[H", "\u{1B}[1~", "\u{1B}[7~", "\u{1B}OH"] {
      #expect(keys(home) == [.home], "\(home.utf8.map { $0 })")
    }
    for end in ["\u{1B}[F", "\u{1B}[4~", "\u{1B}[8~", "\u{1B}OF"] {
      #expect(keys(end) == [.end], "\(end.utf8.map { $0 })")
    }
    #expect(keys("\u{1B}[3~") == [.delete])
  }

  @Test func utf8CharactersAreOneKeyEvenSplitAcrossReads() {
    #expect(keys("é東😀") == [.character("é"), .character("東"), .character("😀")])
    let bytes = Array("東".utf8)
    #expect(keysByteByByte(bytes) == [[], [], [.character("東")]])
    // Four bytes, each read alone.
    #expect(keysByteByByte(Array("😀".utf8)) == [[], [], [], [.character("😀")]])
  }

  @Test func graphemePiecesArriveAsSeparateScalars() {
    // e + COMBINING ACUTE ACCENT: two keys; the editor merges them.
    #expect(keys("e\u{301}") == [.character("e"), .character("\u{301}")])
    // A ZWJ family: each scalar its own key.
    #expect(keys("👨\u{200D}👩").count == 3)
    #expect(keys("سلام") == [.character("س"), .character("ل"), .character("ا"), .character("م")])
  }

  @Test func invalidUTF8IsDroppedAndWhatFollowsIsRead() {
    // A continuation byte alone, a start byte never used, an overlong "/", a surrogate.
    #expect(keys([0x80, 0xFF, 0xC0, 0xAF, 0x61]) == [.character("a")])
    #expect(keys([0xE0, 0x80, 0xAF, 0x62]) == [.character("b")])
    #expect(keys([0xED, 0xA0, 0x80, 0x63]) == [.character("c")])
    // A character cut short by another key: the key counts.
    #expect(keys([0xE6, 0x9D, 0x61]) == [.character("a")])
    #expect(keys([0xE6, 0x0D]) == [.enter])
  }

  @Test func aLoneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(0x1B) == [])
    #expect(decoder.awaitsEscapeTimeout)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.awaitsEscapeTimeout)
    #expect(decoder.feed(Array("a".utf8)) == [.character("a")])
  }

  @Test func escapeFollowedByAnotherKey() {
    #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
    #expect(keys([0x1B, 0x1B, 0x5B, 0x41]) == [.escape, .up])
    #expect(keys([0x1B, 0x03]) == [.escape, .interrupt])
    #expect(keys([0x1B] + Array("東".utf8)) == [.escape, .character("東")])
    // Alt-B (Esc b) is no key of ours, and not a "b" either.
    #expect(keys("\u{1B}b") == [])
  }

  @Test func unknownSequencesAreConsumedWhole() {
    // F5, F1 (SS3), a mouse report, Shift-F1 (CSI 1;2P), a stray paste end: nothing, and no
    // letters. (Shift-Tab, CSI Z, is a key: the cloze gaps' way back.)
    #expect(keys("\u{1B}[15~a") == [.character("a")])
    #expect(keys("\u{1B}OPa") == [.character("a")])
    #expect(keys("\u{1B}[<0;10;5Ma") == [.character("a")])
    #expect(keys("\u{1B}[1;2Pa") == [.character("a")])
    #expect(keys("\u{1B}[Za") == [.backTab, .character("a")])
    #expect(keys("\u{1B}[201~a") == [.character("a")])
    // Longer than any key: consumed, even when it would read as one once cut short.
    #expect(keys("\u{1B}[" + String(repeating: "3", count: 40) + "~a") == [.character("a")])
    #expect(keys("\u{1B}[200;" + String(repeating: "1", count: 40) + "~a") == [.character("a")])
    // A sequence broken by a control byte: the byte is read.
    #expect(keys("\u{1B}[1\r") == [.enter])
  }

  @Test func bracketedPasteIsOneKeyWithLineBreaksAsNewlines() {
    let pasted = keys("\u{1B}[200~q line\r\nand\rthree\nfour\u{1B}[201~")
    #expect(pasted == [.paste("q line\nand\nthree\nfour")])
    // Control keys and escape sequences inside are text, not keys.
    #expect(keys("\u{1B}[200~a\u{03}\u{1B}[Ab\u{1B}[201~x") == [.paste("a\u{03}\u{1B}[Ab"), .character("x")])
    #expect(keys("\u{1B}[200~\u{1B}[201~") == [.paste("")])
  }

  @Test func bracketedPasteSplitAcrossReadsAndInsideCharacters() {
    let bytes = Array("\u{1B}[200~東京タワー é\r\n😀\u{1B}[201~".utf8)
    let perByte = keysByteByByte(bytes)
    #expect(perByte.dropLast().allSatisfy { $0.isEmpty })
    #expect(perByte.last == [.paste("東京タワー é\n😀")])
    // Cut in the middle of a character and of the closing sequence.
    var decoder = KeyDecoder()
    let cut = Array("\u{1B}[200~".utf8) + [0xE6, 0x9D]
    #expect(decoder.feed(cut) == [])
    #expect(decoder.feed([0xB1, 0x1B, 0x5B, 0x32]) == [])
    #expect(decoder.feed([0x30, 0x31, 0x7E]) == [.paste("東")])
  }

  @Test func aPasteCutShortByTheEndOfInputIsPastedAsFarAsItCame() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~half".utf8)) == [])
    #expect(decoder.flush() == [.paste("half")])
    #expect(decoder.feed(Array("a".utf8)) == [.character("a")])
  }
}
