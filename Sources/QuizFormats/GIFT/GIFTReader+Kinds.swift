import QuizDomain

// MARK: - Short answer, numerical and matching blocks

// Read as question/format/gift/format.php's `readquestion` reads them: the block is cut at each
// `=` (a first piece that is empty dropped), each piece trimmed, its `%n%` weight read, then its
// text and `#feedback`.
extension GIFT.Reader {
  /// `{=Paris =%50%Pari#close}`: answers tried in order; no `%n%` is full marks (the fraction left
  /// unset, whose default is 1), `%n%` is n/100 as written.
  mutating func shortAnswer(_ answer: [Unit], line: Int) -> ShortAnswer? {
    let pieces = GIFT.Reader.pieces(answer, at: "=")
    var answers: [TextAnswer] = []
    for piece in pieces {
      let (fraction, rest) = GIFT.Reader.fraction(piece)
      let (text, feedback) = GIFT.Reader.commented(rest)
      answers.append(TextAnswer(text: text, fraction: fraction, feedback: feedback))
    }
    return ShortAnswer(answers: answers)
  }

  /// `{#3.14:0.01}`, `{#3..4}` (the mid-point, half the range as tolerance), `{#=3.14:0.01#fb
  /// =%50%3:1}`, and `~#feedback` after the answers: any other number, worth nothing. An answer
  /// that is not a number is an error (Moodle's reader takes it for `*`, any number, at full
  /// marks: a slip in its test, `$ans = '*'`).
  mutating func numerical(_ answer: [Unit], line: Int) -> Numerical? {
    var block = Array(answer.dropFirst())
    var wrong: [Unit]?
    if let tilde = block.firstIndex(where: { $0.isMark("~") }) {
      wrong = Array(block[(tilde + 1)...])
      block = Array(block[..<tilde])
    }
    let pieces = GIFT.Reader.pieces(block, at: "=")
    guard !pieces.isEmpty else {
      error(line, "a numerical question needs an answer: {#value}, {#value:tolerance} or {#min..max}")
      return nil
    }
    var answers: [NumericAnswer] = []
    for piece in pieces {
      let (fraction, rest) = GIFT.Reader.fraction(piece)
      let (text, feedback) = GIFT.Reader.commented(rest)
      guard let number = GIFT.Reader.numericAnswer(text) else {
        error(
          piece.first?.line ?? line,
          "the numerical answer \"\(PlainTextFile.excerpt(text))\" is not a number (write value, value:tolerance or "
            + "min..max, with . as the decimal point)")
        return nil
      }
      answers.append(
        NumericAnswer(value: number.value, tolerance: number.tolerance, fraction: fraction, feedback: feedback))
    }
    if let wrong {
      let feedback = GIFT.Reader.commented(wrong[...]).feedback
      answers.append(NumericAnswer(value: nil, fraction: 0, feedback: feedback))
    }
    return Numerical(answers: answers)
  }

  /// `{=Canada -> Ottawa =Italy -> Rome = -> Paris}`: pairs, and distractors (no stem).
  mutating func matching(_ answer: [Unit], line: Int) -> Matching? {
    let pieces = GIFT.Reader.pieces(answer, at: "=")
    guard pieces.count >= 2 else {
      error(line, "a matching question needs at least 2 pairs (=stem -> answer), found \(pieces.count)")
      return nil
    }
    var matching = Matching(pairs: [])
    for piece in pieces {
      guard let arrow = GIFT.Reader.find(Array(piece), from: 0, where: { $0.scalar == "-" && $1.scalar == ">" }) else {
        error(piece.first?.line ?? line, "a matching pair needs -> between its stem and its answer")
        return nil
      }
      let units = Array(piece)
      let stem = GIFT.Reader.clean(units[..<arrow]).text
      let answer = GIFT.Reader.string(GIFT.Reader.trim(units[(arrow + 2)...]))
      if stem.isEmpty {
        matching.distractors.append(answer)
      } else {
        matching.pairs.append(MatchPair(id: Choice.defaultID(at: matching.pairs.count), stem: stem, answer: answer))
      }
    }
    return matching
  }
}

// MARK: - Pieces of a block

extension GIFT.Reader {
  /// The block cut before each `mark`, each piece trimmed; a first piece that is empty is dropped.
  static func pieces(_ units: [Unit], at mark: Unicode.Scalar) -> [ArraySlice<Unit>] {
    var pieces: [ArraySlice<Unit>] = []
    var start = 0
    for (index, unit) in units.enumerated() where unit.isMark(mark) {
      pieces.append(units[start..<index])
      start = index + 1
    }
    pieces.append(units[start...])
    let trimmed = pieces.map { trim($0) }
    return trimmed.first?.isEmpty == true ? Array(trimmed.dropFirst()) : trimmed
  }

  /// A piece's `%n%` weight as a fraction (nil when none is written) and what follows it.
  static func fraction(_ piece: ArraySlice<Unit>) -> (Double?, ArraySlice<Unit>) {
    guard let parsed = weight(piece) else { return (nil, piece) }
    return (parsed.weight, parsed.rest)
  }

  /// A piece's text and its `#feedback` (nil when empty), each trimmed, format prefix removed.
  static func commented(_ piece: ArraySlice<Unit>) -> (text: String, feedback: String?) {
    guard let hash = piece.firstIndex(where: { $0.isMark("#") }) else { return (clean(piece).text, nil) }
    return (clean(piece[..<hash]).text, nonEmpty(clean(piece[(hash + 1)...]).text))
  }

  /// `min..max` (the mid-point and half the range), `value:tolerance` or `value`, as numbers;
  /// `*` is any number. Nil when a part is not a number.
  static func numericAnswer(_ text: String) -> (value: Double?, tolerance: Double?)? {
    let scalars = Array(text.unicodeScalars)
    func part(_ range: Range<Int>) -> Substring { Substring(String(String.UnicodeScalarView(scalars[range]))) }
    if let dots = (1..<max(1, scalars.count - 1)).first(where: { scalars[$0] == "." && scalars[$0 + 1] == "." }) {
      guard let low = number(part(0..<dots)), let high = number(part((dots + 2)..<scalars.count)) else { return nil }
      let middle = (low + high) / 2
      return (middle, high - middle)
    }
    if let colon = scalars.firstIndex(of: ":"), colon > 0 {
      guard let tolerance = number(part((colon + 1)..<scalars.count)) else { return nil }
      let value = PlainTextFile.trimmed(String(part(0..<colon)))
      if value == "*" { return (nil, tolerance) }
      return number(value[...]).map { ($0, tolerance) }
    }
    if text == "*" { return (nil, nil) }
    return number(text[...]).map { ($0, nil) }
  }

  /// A decimal number as PHP's `is_numeric` takes one (sign, digits, a point, an exponent), trimmed;
  /// not `inf`, `nan` or hexadecimal, which Swift's `Double(_:)` would also read.
  static func number(_ text: Substring) -> Double? {
    let trimmed = PlainTextFile.trimmed(String(text))
    var scalars = Array(trimmed.unicodeScalars)[...]
    if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
    let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
    var mantissa = scalars
    if let e = scalars.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = scalars[..<e]
      var exponent = scalars[(e + 1)...]
      if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
      guard !exponent.isEmpty, exponent.allSatisfy(isDigit) else { return nil }
    }
    let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.allSatisfy({ $0.allSatisfy(isDigit) }), parts.contains(where: { !$0.isEmpty }) else { return nil }
    guard let value = Double(trimmed), value.isFinite else { return nil }
    return value
  }

  /// Whether the block is Moodle's cloze syntax, `{1:SHORTANSWER:…}`: GIFT has none.
  static func isClozeGap(_ answer: [Unit]) -> Bool {
    let text = string(answer.prefix(40))
    let fields = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count == 3, !fields[0].isEmpty, fields[0].allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return false
    }
    return clozeTypes.contains(String(fields[1]))
  }

  static let clozeTypes: Set<String> = [
    "NUMERICAL", "NM", "SHORTANSWER", "SA", "MW", "SHORTANSWER_C", "SAC", "MWC", "MULTICHOICE", "MC",
    "MULTICHOICE_V", "MCV", "MULTICHOICE_H", "MCH", "MCS", "MCVS", "MCHS", "MULTIRESPONSE", "MR", "MRH", "MRS", "MRHS",
  ]
}
