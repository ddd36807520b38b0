/// Turns the bytes a terminal sends into keys, one byte at a time: pure, so that every sequence
/// can be tested without a terminal, and resumable, because a key's bytes (a UTF-8 character,
/// an escape sequence, a paste) may arrive in more than one read.
///
/// The terminal reader feeds each byte it reads; when a lone Esc is pending
/// (`awaitsEscapeTimeout`) and no further byte arrives soon, it calls `flush()`, which makes it
/// the Esc key. Unknown escape sequences are consumed whole and give no key, so that a key this
/// program does not know (F5, a mouse report) never arrives as the letters of its sequence.
struct KeyDecoder {
  private enum State {
    case ground
    /// After Esc: a lone Esc, or the start of a sequence.
    case escape
    /// After Esc [: parameter bytes, up to the final byte.
    case csi
    /// After Esc O: one final byte.
    case ss3
    /// Inside a UTF-8 character: how many bytes it has in all.
    case utf8(length: Int)
    /// Between Esc [ 200 ~ and Esc [ 201 ~.
    case paste
  }

  private var state = State.ground
  /// The parameter bytes of a CSI sequence, or the bytes of a UTF-8 character so far.
  private var sequence: [UInt8] = []
  /// A CSI sequence longer than any key's: consumed, never taken for a key.
  private var sequenceOverflowed = false
  /// Kept apart from `sequence` and out of `state`, so that a long paste is appended to in
  /// place and not copied byte by byte.
  private var pasted: [UInt8] = []

  private static let longestSequence = 16
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // Esc [ 201 ~

  /// Whether the last byte was an Esc that may stand alone: the reader waits briefly for the
  /// rest of a sequence, then calls `flush()`.
  var awaitsEscapeTimeout: Bool {
    if case .escape = state { return true }
    return false
  }

  /// The keys that `byte` completes (none while a key is still incomplete; two when it shows a
  /// pending Esc to have been a key of its own).
  mutating func feed(_ byte: UInt8) -> [Terminal.Key] {
    switch state {
    case .ground: return ground(byte)
    case .escape: return afterEscape(byte)
    case .csi: return inCSI(byte)
    case .ss3: return afterSS3(byte)
    case .utf8(let length): return inUTF8(byte, length: length)
    case .paste: return inPaste(byte)
    }
  }

  /// The keys of all of `bytes`.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [Terminal.Key] {
    bytes.flatMap { feed($0) }
  }

  /// The input paused or ended: a pending Esc is the Esc key, a paste cut short is pasted as
  /// far as it came; an incomplete character or sequence is dropped.
  mutating func flush() -> [Terminal.Key] {
    defer { reset() }
    switch state {
    case .escape: return [.escape]
    case .paste: return [.paste(Self.pasteText(pasted))]
    default: return []
    }
  }

  private mutating func reset() {
    state = .ground
    sequence.removeAll(keepingCapacity: true)
    sequenceOverflowed = false
    pasted = []
  }

  // MARK: - States

  private mutating func ground(_ byte: UInt8) -> [Terminal.Key] {
    switch byte {
    case 0x1B:
      state = .escape
      return []
    case 0x00...0x7F:
      return [Self.key(ascii: byte)]
    case 0xC2...0xDF, 0xE0...0xEF, 0xF0...0xF4:
      sequence = [byte]
      state = .utf8(length: byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2)
      return []
    default:
      // A continuation byte without its start, or a byte UTF-8 never uses.
      return []
    }
  }

  /// One-byte keys: the control keys by their ASCII codes, anything else as a character.
  private static func key(ascii byte: UInt8) -> Terminal.Key {
    switch byte {
    case 0x01: return .home  // Ctrl-A
    case 0x03, 0x04: return .interrupt  // Ctrl-C, Ctrl-D
    case 0x05: return .end  // Ctrl-E
    case 0x08, 0x7F: return .backspace  // Ctrl-H, DEL (what the Backspace key sends)
    case 0x09: return .tab
    case 0x0A, 0x0D: return .enter
    case 0x0B: return .clearToEnd  // Ctrl-K
    case 0x15: return .clearToStart  // Ctrl-U
    case 0x17: return .deleteWordBack  // Ctrl-W
    case 0x1A: return .suspend  // Ctrl-Z
    case 0x20: return .space
    default: return .character(Character(Unicode.Scalar(byte)))
    }
  }

  private mutating func afterEscape(_ byte: UInt8) -> [Terminal.Key] {
    switch byte {
    case UInt8(ascii: "["):
      state = .csi
      sequence.removeAll(keepingCapacity: true)
      sequenceOverflowed = false
      return []
    case UInt8(ascii: "O"):
      state = .ss3
      return []
    case 0x1B:
      // Esc Esc: the first was a key; the second may start a sequence.
      return [.escape]
    case 0x20...0x7E:
      // Alt with a printable key (Esc b is Alt-B): not a key here, and not the letter either.
      state = .ground
      return []
    default:
      // A control key or a UTF-8 character right after Esc: both were keys.
      state = .ground
      return [.escape] + ground(byte)
    }
  }

  private mutating func inCSI(_ byte: UInt8) -> [Terminal.Key] {
    switch byte {
    case 0x20...0x3F:
      // Parameter and intermediate bytes.
      if sequence.count < Self.longestSequence { sequence.append(byte) } else { sequenceOverflowed = true }
      return []
    case 0x40...0x7E:
      state = .ground
      guard !sequenceOverflowed else { return [] }
      return csiKey(final: byte)
    default:
      // Not part of a sequence: the sequence is dropped, the byte is read afresh.
      state = .ground
      return ground(byte)
    }
  }

  /// The key of Esc [ `sequence` `final`; none for a sequence this program does not use.
  private mutating func csiKey(final: UInt8) -> [Terminal.Key] {
    let parameters = String(decoding: sequence, as: UTF8.self)
    // Digits and semicolons only: a private sequence (Esc [ < … mouse reports) is no key.
    guard parameters.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else { return [] }
    let first = parameters.split(separator: ";", omittingEmptySubsequences: false).first.flatMap { Int($0) }
    switch final {
    // Arrows, Home and End with modifiers (Esc [ 1 ; 5 C is Ctrl-Right) are the plain keys.
    case UInt8(ascii: "A"): return [.up]
    case UInt8(ascii: "B"): return [.down]
    case UInt8(ascii: "C"): return [.right]
    case UInt8(ascii: "D"): return [.left]
    case UInt8(ascii: "H"): return [.home]
    case UInt8(ascii: "F"): return [.end]
    case UInt8(ascii: "Z"): return [.backTab]
    case UInt8(ascii: "~"):
      switch first {
      case 1, 7: return [.home]
      case 4, 8: return [.end]
      case 3: return [.delete]
      case 200 where parameters == "200":
        state = .paste
        pasted = []
        return []
      default: return []
      }
    default:
      return []
    }
  }

  private mutating func afterSS3(_ byte: UInt8) -> [Terminal.Key] {
    switch byte {
    case 0x30...0x3F:
      // A modifier some terminals put in (Esc O 5 C).
      return []
    case 0x40...0x7E:
      state = .ground
      switch byte {
      case UInt8(ascii: "A"): return [.up]
      case UInt8(ascii: "B"): return [.down]
      case UInt8(ascii: "C"): return [.right]
      case UInt8(ascii: "D"): return [.left]
      case UInt8(ascii: "H"): return [.home]
      case UInt8(ascii: "F"): return [.end]
      default: return []  // F1–F4 and the keypad
      }
    default:
      state = .ground
      return ground(byte)
    }
  }

  private mutating func inUTF8(_ byte: UInt8, length: Int) -> [Terminal.Key] {
    guard (0x80...0xBF).contains(byte) else {
      // The character was cut short: dropped; the byte starts something new.
      state = .ground
      return ground(byte)
    }
    sequence.append(byte)
    guard sequence.count == length else { return [] }
    state = .ground
    // Overlong forms and surrogates are not characters.
    guard let text = String(validating: sequence, as: UTF8.self), let scalar = text.unicodeScalars.first else {
      return []
    }
    return [.character(Character(scalar))]
  }

  private mutating func inPaste(_ byte: UInt8) -> [Terminal.Key] {
    pasted.append(byte)
    guard byte == 0x7E, pasted.count >= Self.pasteEnd.count,
      pasted[(pasted.count - Self.pasteEnd.count)...].elementsEqual(Self.pasteEnd)
    else { return [] }
    pasted.removeLast(Self.pasteEnd.count)
    let text = Self.pasteText(pasted)
    reset()
    return [.paste(text)]
  }

  /// Pasted bytes as text: invalid UTF-8 as U+FFFD, and every line break (CR LF, CR — what a
  /// terminal sends for Enter — or LF) as "\n".
  private static func pasteText(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    var afterCR = false
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      defer { afterCR = scalar == "\r" }
      if scalar == "\n" && afterCR { continue }
      scalars.append(scalar == "\r" ? "\n" : scalar)
    }
    return String(scalars)
  }
}
