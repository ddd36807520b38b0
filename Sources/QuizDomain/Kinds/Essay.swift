/// An essay question (Moodle's `qtype_essay`): no automatic score; a person marks each response.
/// Every option is nil when absent in the document; `effective…` gives its default.
public struct Essay: Equatable, Sendable {
  public var responseFormat: ResponseFormat?
  public var responseRequired: Bool?
  public var responseLines: Int?
  public var minWords: Int?
  public var maxWords: Int?
  /// Shown in the response field to start from; a response equal to it is no response.
  public var responseTemplate: String?
  /// For markers only: never shown to a taker.
  public var graderInfo: String?

  public init(
    responseFormat: ResponseFormat? = nil, responseRequired: Bool? = nil, responseLines: Int? = nil,
    minWords: Int? = nil, maxWords: Int? = nil, responseTemplate: String? = nil, graderInfo: String? = nil
  ) {
    self.responseFormat = responseFormat
    self.responseRequired = responseRequired
    self.responseLines = responseLines
    self.minWords = minWords
    self.maxWords = maxWords
    self.responseTemplate = responseTemplate
    self.graderInfo = graderInfo
  }

  public var effectiveResponseFormat: ResponseFormat { responseFormat ?? .plain }
  public var isResponseRequired: Bool { responseRequired ?? true }
  public var effectiveResponseLines: Int { responseLines ?? 15 }

  public enum ResponseFormat: String, CaseIterable, Sendable {
    case plain, monospaced, html
  }
}

// Moodle's qtype_essay (question.php) and `count_words` (lib/moodlelib.php).
extension Essay {
  /// The number of words as Moodle's `count_words` counts them: a space is put after each closing
  /// tag that is not obviously inline (`</p>`, `</li>`…, but not `</b>`, `</em>`, `</span>`…) and
  /// after each `<br>`; the tags are removed as PHP's `strip_tags` removes them; HTML 4.01 entities
  /// are decoded as PHP's `html_entity_decode` with `ENT_COMPAT` decodes them (`&nbsp;` is a
  /// no-break space, `&#39;` stays as it is); a word is then a run of characters between
  /// separators, which are Unicode separators (Z), control characters (Cc), em and en dashes.
  public static func wordCount(_ text: String) -> Int {
    let plain = PHPEntities.decoding(
      PHPTagStripper.strip(spacingAfterClosingTags(Array(text.unicodeScalars))), singleQuote: false)
    var count = 0
    var inWord = false
    for scalar in plain {
      if isWordSeparator(scalar) {
        inWord = false
      } else if !inWord {
        inWord = true
        count += 1
      }
    }
    return count
  }

  /// Whether the response is no response: empty, or exactly the response template (Moodle's
  /// `is_same_response` takes a response equal to the template for none, so an unchanged template
  /// is never saved as an answer). Like Moodle, nothing is trimmed: a response of spaces is one.
  public func isEmptyResponse(_ text: String) -> Bool {
    guard !text.isEmpty else { return true }
    guard let responseTemplate else { return false }
    return text.unicodeScalars.elementsEqual(responseTemplate.unicodeScalars)
  }

  static func isWordSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control: true
    default: scalar == "\u{2014}" || scalar == "\u{2013}"
    }
  }

  /// The closing tags `count_words` leaves without a space after them: inline ones.
  static let inlineClosingTags = ["a", "b", "del", "em", "i", "ins", "s", "small", "span", "strong", "sub", "sup", "u"]

  /// The text with a space after each closing tag but inline ones, and after each `<br>` or
  /// `<br/>` (`<br />`…), matched case-sensitively with ASCII tag names, as `count_words` does.
  static func spacingAfterClosingTags(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var index = 0
    while index < text.count {
      if let end = closingTagOrBreakEnd(text, at: index) {
        result.append(contentsOf: text[index..<end])
        result.append(" ")
        index = end
      } else {
        result.append(text[index])
        index += 1
      }
    }
    return result
  }

  static func closingTagOrBreakEnd(_ text: [Unicode.Scalar], at index: Int) -> Int? {
    guard text[index] == "<" else { return nil }
    if starts(text, at: index, with: "</") {
      let name = index + 2
      if inlineClosingTags.contains(where: { starts(text, at: name, with: $0 + ">") }) { return nil }
      var end = name
      while end < text.count, isASCIIWordCharacter(text[end]) { end += 1 }
      return end > name && starts(text, at: end, with: ">") ? end + 1 : nil
    }
    guard starts(text, at: index, with: "<br") else { return nil }
    if starts(text, at: index + 3, with: ">") { return index + 4 }
    var end = index + 3
    while end < text.count, isCSpace(text[end]) { end += 1 }
    return starts(text, at: end, with: "/>") ? end + 2 : nil
  }

  static func starts(_ text: [Unicode.Scalar], at index: Int, with prefix: String) -> Bool {
    let prefix = Array(prefix.unicodeScalars)
    return index >= 0 && index + prefix.count <= text.count && Array(text[index..<index + prefix.count]) == prefix
  }

  static func isASCIIWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar))
  }

  /// PCRE's `\s` without Unicode properties, as C's `isspace`: space, tab, line feed, vertical
  /// tab, form feed and carriage return.
  static func isCSpace(_ scalar: Unicode.Scalar) -> Bool {
    [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(scalar.value)
  }
}

/// PHP's `strip_tags` (without allowed tags): a state machine over the text that drops HTML tags
/// (`<` … `>`, quotes inside a tag protecting `>`, nested `<` counted), `<!…>` declarations,
/// `<!-- … -->` comments and `<? … ?>` processing instructions, and NUL characters. A `<`
/// followed by white space is kept, as is a `>` outside a tag. Only ASCII characters steer it,
/// so reading Unicode scalars gives what PHP gives reading UTF-8 bytes.
struct PHPTagStripper {
  enum State { case text, tag, processing, declaration, comment }

  var state = State.text
  /// The quote a tag's attribute value is in (PHP's `in_q`).
  var quote: Unicode.Scalar?
  /// The last significant character (PHP's `lc`).
  var last: Unicode.Scalar?
  var depth = 0
  var parentheses = 0
  var isXML = false

  static func strip(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var stripper = PHPTagStripper()
    return text.indices.compactMap { stripper.step(text, at: $0) }
  }

  /// Reads the character at `index`; returns it when it is kept.
  mutating func step(_ text: [Unicode.Scalar], at index: Int) -> Unicode.Scalar? {
    let scalar = text[index]
    let previous = index > 0 ? text[index - 1] : nil
    switch state {
    case .text: return inText(text, at: index)
    case .tag: inTag(text, at: index)
    case .processing: inProcessing(text, at: index)
    case .declaration: inDeclaration(text, at: index)
    case .comment:
      if scalar == ">", index >= 2, previous == "-", text[index - 2] == "-" {
        quote = nil
        state = .text
      }
    }
    return nil
  }

  mutating func inText(_ text: [Unicode.Scalar], at index: Int) -> Unicode.Scalar? {
    switch text[index] {
    case "\0": return nil
    case "<":
      if index + 1 < text.count, Essay.isCSpace(text[index + 1]) { return "<" }
      last = "<"
      state = .tag
      return nil
    case ">":
      guard depth == 0 else {
        depth -= 1
        return nil
      }
      return ">"
    default: return text[index]
    }
  }

  mutating func inTag(_ text: [Unicode.Scalar], at index: Int) {
    let scalar = text[index]
    let previous = index > 0 ? text[index - 1] : nil
    switch scalar {
    case "<":
      let spaceFollows = index + 1 < text.count && Essay.isCSpace(text[index + 1])
      if quote == nil, !spaceFollows { depth += 1 }
    case ">":
      if depth > 0 {
        depth -= 1
      } else if quote == nil {
        last = ">"
        if !(isXML && previous == "-") {
          quote = nil
          isXML = false
          state = .text
        }
      }
    case "\"", "'":
      if index > 0, quote == nil || quote == scalar { quote = quote == nil ? scalar : nil }
    case "!":
      if previous == "<" {
        state = .declaration
        last = "!"
      }
    case "?":
      if previous == "<" {
        parentheses = 0
        state = .processing
      }
    default: break
    }
  }

  mutating func inProcessing(_ text: [Unicode.Scalar], at index: Int) {
    let scalar = text[index]
    let previous = index > 0 ? text[index - 1] : nil
    switch scalar {
    case "(", ")":
      if last != "\"" && last != "'" {
        last = scalar
        parentheses += scalar == "(" ? 1 : -1
      }
    case ">":
      if depth > 0 {
        depth -= 1
      } else if quote == nil, parentheses == 0, last != "\"", previous == "?" {
        quote = nil
        state = .text
      }
    case "\"", "'":
      if previous != "\\" {
        if last == scalar { last = nil } else if last != "\\" { last = scalar }
      }
      if index > 0, quote == nil || quote == scalar { quote = quote == nil ? scalar : nil }
    case "l", "L":
      if index >= 4, String(String.UnicodeScalarView(text[(index - 4)..<index])).lowercased() == "<?xm" {
        state = .tag
        isXML = true
      }
    default: break
    }
  }

  mutating func inDeclaration(_ text: [Unicode.Scalar], at index: Int) {
    let scalar = text[index]
    let previous = index > 0 ? text[index - 1] : nil
    switch scalar {
    case ">":
      if depth > 0 {
        depth -= 1
      } else if quote == nil {
        state = .text
      }
    case "\"", "'":
      if index > 0, previous != "\\", quote == nil || quote == scalar { quote = quote == nil ? scalar : nil }
    case "-":
      if index >= 2, previous == "-", text[index - 2] == "!" { state = .comment }
    case "E", "e":
      if index >= 6, String(String.UnicodeScalarView(text[(index - 6)..<index])).lowercased() == "doctyp" {
        state = .tag
      }
    default: break
    }
  }
}
