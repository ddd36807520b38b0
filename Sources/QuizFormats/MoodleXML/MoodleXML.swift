import QuizDomain

/// Moodle's XML question format (question/format/xml/format.php is the reference): a `<quiz>`
/// of `<question>` elements. Its multiple-choice (`multichoice`) and true/false questions become
/// questions and its category questions sections; every other type is skipped with a warning at
/// the line of its `<question` tag. Files embedded in a text (`<file encoding="base64">`) are
/// kept with their question.
///
/// Reading streams the file through libxml2 (module XML), holding one `<question>` at a time.
/// Writing gives a file Moodle imports, and that reads back as the same quiz: export, import and
/// export again give the same bytes. What Moodle XML cannot carry is named in a warning.
public enum MoodleXML {
  public static func read(_ bytes: [UInt8]) -> FormatReading {
    bytes.withUnsafeBufferPointer { read(buffer: $0) }
  }

  /// Reads `buffer` without copying it (a mapped file); `release` is told now and then that the
  /// bytes before an offset will not be read again.
  public static func read(buffer: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)? = nil) -> FormatReading {
    var reader = Reader()
    return reader.read(buffer, release: release)
  }

  public static func write(_ quiz: Quiz) -> FormatWriting {
    var writer = Writer()
    return writer.write(quiz)
  }
}

// MARK: - Text formats

extension MoodleXML {
  /// The `format` attribute Moodle writes for `format`.
  static func formatName(_ format: TextFormat) -> String {
    switch format {
    case .html: "html"
    case .moodle: "moodle_auto_format"
    case .plain: "plain_text"
    case .markdown: "markdown"
    }
  }

  /// The text format a `format` attribute names: html when there is none or Moodle's name is
  /// unknown to quiz (`wiki_like`).
  static func textFormat(named name: String?) -> TextFormat {
    switch PlainTextFile.trimmed(name ?? "") {
    case "moodle_auto_format": .moodle
    case "plain_text": .plain
    case "markdown": .markdown
    default: .html
    }
  }
}

// MARK: - Numbers and fractions

extension MoodleXML {
  /// A number as Moodle writes them (PHP's float to string: `100`, `-33.33333`, `1.0000000`,
  /// `1.0E-5`): an optional sign, digits with an optional decimal point (digits on at least one
  /// side), an optional exponent; ASCII whitespace around it. Its value times 10^`shift`,
  /// computed from the decimal text (so `33.33333` with shift −2 is exactly the double nearest
  /// 0.3333333, as the writer's grade list expects), or nil for anything else or an infinity.
  static func number(_ text: String, shift: Int = 0) -> Double? {
    let bytes = Array(PlainTextFile.trimmed(text).utf8)
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    var index = 0
    var negative = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    let integerStart = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    let integer = bytes[integerStart..<index]
    var fraction = bytes[index..<index]
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      fraction = bytes[fractionStart..<index]
    }
    guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    var exponent = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      var exponentNegative = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      let exponentStart = index
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      // Six digits are more than any double needs; more would overflow Int.
      guard index > exponentStart, index - exponentStart <= 6,
        let value = Int(String(decoding: bytes[exponentStart..<index], as: UTF8.self))
      else { return nil }
      exponent = exponentNegative ? -value : value
    }
    guard index == bytes.count else { return nil }
    let decimal =
      (negative ? "-" : "") + (integer.isEmpty ? "0" : String(decoding: integer, as: UTF8.self)) + "."
      + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) + "e" + String(exponent + shift)
    guard let value = Double(decimal), value.isFinite else { return nil }
    return value
  }

  /// Moodle's grade list (`question_bank::fraction_options_full`, question/engine/bank.php):
  /// the only fractions its answers take, largest first, each as Moodle writes it (a percentage)
  /// and as the weight the reader makes of that text. The writer prints fractions from this
  /// table only, so that a weight read from it is written back as the same text.
  static let grades: [(text: String, weight: Double)] = {
    let positive = [
      "100", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50", "40", "33.33333", "30", "25", "20",
      "16.66667", "14.28571", "12.5", "11.11111", "10", "5",
    ]
    let texts = positive + ["0"] + positive.reversed().map { "-" + $0 }
    return texts.map { ($0, MoodleXML.number($0, shift: -2) ?? 0) }
  }()

  /// How far a weight may be from a grade and still be that grade: Moodle's own tolerance when
  /// it matches imported fractions to the list (`match_grade_options`), so 1/3 is 33.33333
  /// without a warning.
  static let gradeTolerance = 0.00001

  /// A weight as a percentage for messages: at most 5 decimals (`9.09091`).
  static func percentText(_ weight: Double) -> String {
    PlainTextFile.numberText((weight * 100 * 100_000).rounded() / 100_000)
  }
}
