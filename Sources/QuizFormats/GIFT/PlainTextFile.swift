import QuizDomain

// MARK: - Lines of a text file (GIFT and Aiken)

/// The lines of a GIFT or Aiken file: UTF-8 (a leading BOM skipped), split at LF (a CR before
/// it goes with the trimming), or at CR in a file with no LF at all (old Mac line endings, which
/// Moodle's `qformat_default::readdata` splits so), each line trimmed of ASCII whitespace.
enum PlainTextFile {
  /// The trimmed lines, line `n` at index `n - 1`, or the first line with invalid UTF-8.
  /// `trimming: false` keeps each line's spaces (only the CR of a CR LF removed).
  static func lines(_ bytes: [UInt8], trimming: Bool = true) -> (lines: [String], problem: FormatProblem?) {
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    // Valid UTF-8 (the usual case) is checked once for the whole file; otherwise line by line,
    // to name the first bad line.
    let valid = String(validating: bytes[start...], as: UTF8.self) != nil
    let separator: UInt8 = !bytes[start...].contains(0x0A) && bytes[start...].contains(0x0D) ? 0x0D : 0x0A
    var lines: [String] = []
    var lineStart = start
    var index = start
    while true {
      if index == bytes.count || bytes[index] == separator {
        // Trim ASCII whitespace (the CR of a CR LF among it) on the bytes, then decode.
        var low = lineStart
        var high = index
        if trimming {
          while low < high, isSpaceByte(bytes[low]) { low += 1 }
          while high > low, isSpaceByte(bytes[high - 1]) { high -= 1 }
        } else if high > low, bytes[high - 1] == 0x0D {
          high -= 1
        }
        if !valid, String(validating: bytes[lineStart..<index], as: UTF8.self) == nil {
          return (
            lines,
            FormatProblem(
              line: lines.count + 1, message: "the file is not UTF-8 text (invalid bytes on this line)")
          )
        }
        lines.append(String(decoding: bytes[low..<high], as: UTF8.self))
        if index == bytes.count { break }
        lineStart = index + 1
      }
      index += 1
    }
    return (lines, nil)
  }

  static func isSpaceByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }

  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: return true
    default: return false
    }
  }

  /// `text` without ASCII whitespace at either end.
  static func trimmed(_ text: String) -> String {
    // On the UTF-8 bytes: an ASCII space byte is never part of a longer character. Most texts
    // have nothing to trim and come back as they are.
    let bytes = text.utf8
    guard let first = bytes.firstIndex(where: { !isSpaceByte($0) }),
      let last = bytes.lastIndex(where: { !isSpaceByte($0) })
    else { return "" }
    if first == bytes.startIndex && bytes.index(after: last) == bytes.endIndex { return text }
    return String(text[first...last])
  }

  /// Whether `text` starts or ends with whitespace that a reader trims (a newline excepted when
  /// `newlineKept`: GIFT writes it as `\n`, which is kept).
  static func hasOuterSpace(_ text: String, newlineKept: Bool) -> Bool {
    func trimmable(_ scalar: Unicode.Scalar) -> Bool { isSpace(scalar) && !(newlineKept && scalar == "\n") }
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
    return trimmable(first) || trimmable(last)
  }

  /// `text` on one line, at most `limit` characters (an ellipsis marks a cut), for messages.
  static func excerpt(_ text: String, limit: Int = 50) -> String {
    var line = ""
    for character in text { line.append(character.isNewline ? " " : character) }
    guard line.count > limit else { return line }
    return String(line.prefix(limit - 1)) + "…"
  }

  /// "a", "a and b", "a, b and c".
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
  }

  /// The warnings for what a question has that neither GIFT nor Aiken can write.
  static func settingWarnings(_ question: Question, format: String) -> [String] {
    var warnings: [String] = []
    let name = "question \"\(question.id)\""
    if question.points != 1 {
      warnings.append(
        "\(name): points (\(numberText(question.points))) cannot be written in \(format); it reads back with 1")
    }
    if question.shuffle != MoodleImportDefaults.shuffle(of: question) {
      warnings.append(
        question.shuffle
          ? "\(name): shuffle cannot be written in \(format); it reads back without"
          : "\(name): its fixed order cannot be written in \(format); it reads back shuffled, as Moodle imports it")
    }
    if let scoring = question.scoring {
      warnings.append(
        "\(name): its own scoring rule (\(scoring.rawValue)) cannot be written in \(format); it reads back with the quiz's rule"
      )
    }
    if !question.files.isEmpty {
      let names = question.files.map { "\"\($0.name)\"" }
      warnings.append(
        "\(name): embedded files cannot be written in \(format) (\(list(names)) left out); it reads back without")
    }
    return warnings
  }

  /// The warnings for what a quiz and its sections have that neither GIFT nor Aiken can write
  /// (as the Moodle XML writer warns for them).
  static func quizWarnings(_ quiz: Quiz, format: String) -> [String] {
    var warnings: [String] = []
    if quiz.shuffleQuestions == true {
      warnings.append("shuffle_questions cannot be written in \(format); the quiz reads back without it")
    }
    for (index, section) in quiz.sections.enumerated() {
      guard let pick = section.pick else { continue }
      let name = section.title.map { "section \"\(excerpt($0))\"" } ?? "section \(index + 1)"
      warnings.append("\(name): pick (\(pick)) cannot be written in \(format); it reads back with all its questions")
    }
    return warnings
  }

  static func numberText(_ value: Double) -> String {
    value.isFinite ? JSONWriter.numberText(value) : String(value)
  }
}
