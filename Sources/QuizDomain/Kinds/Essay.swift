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
    let plain = decodingEntities(PHPTagStripper.strip(spacingAfterClosingTags(Array(text.unicodeScalars))))
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

// `html_entity_decode($text, ENT_COMPAT)` in UTF-8 with the HTML 4.01 entities.
extension Essay {
  static func decodingEntities(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var index = 0
    while index < text.count {
      guard text[index] == "&", index + 3 < text.count else {
        result.append(text[index])
        index += 1
        continue
      }
      let entity = self.entity(text, at: index)
      if let code = entity.code, let scalar = Unicode.Scalar(code) {
        result.append(scalar)
        index = entity.end + 1
      } else {
        result.append(contentsOf: text[index..<entity.end])
        index = entity.end
      }
    }
    return result
  }

  /// The entity starting with the `&` at `index`: where its reading stopped (at its `;` when it
  /// is one) and the character it stands for, nil when it is none PHP decodes: unknown names,
  /// numbers past U+10FFFF or not allowed in HTML 4.01, and the single quote (ENT_COMPAT).
  static func entity(_ text: [Unicode.Scalar], at index: Int) -> (end: Int, code: UInt32?) {
    var end = index + 1
    var code: UInt32?
    if text[end] == "#" {
      end += 1
      let hexadecimal = end < text.count && (text[end] == "x" || text[end] == "X")
      if hexadecimal { end += 1 }
      let digits = end
      var value: UInt64 = 0
      while end < text.count, let digit = digitValue(text[end], hexadecimal: hexadecimal) {
        value = min(value * (hexadecimal ? 16 : 10) + digit, 0xFFFF_FFFF)
        end += 1
      }
      guard end > digits, end < text.count, text[end] == ";" else { return (end, nil) }
      code = value <= 0x10FFFF && isAllowedInHTML401(UInt32(value)) ? UInt32(value) : nil
    } else {
      while end < text.count, text[end].isASCII, isASCIIWordCharacter(text[end]), text[end] != "_" { end += 1 }
      guard end > index + 1, end < text.count, text[end] == ";" else { return (end, nil) }
      var name = String.UnicodeScalarView()
      name.append(contentsOf: text[(index + 1)..<end])
      code = html401Entities[String(name)]
    }
    return (end, code == 0x27 ? nil : code)
  }

  static func digitValue(_ scalar: Unicode.Scalar, hexadecimal: Bool) -> UInt64? {
    guard scalar.isASCII, let digit = Int(String(scalar), radix: hexadecimal ? 16 : 10) else { return nil }
    return UInt64(digit)
  }

  /// PHP's `unicode_cp_is_allowed` for HTML 4.01: what a numeric entity may stand for.
  static func isAllowedInHTML401(_ code: UInt32) -> Bool {
    (0x20...0x7E).contains(code) || code == 0x0A || code == 0x09 || code == 0x0D || (0xA0...0xD7FF).contains(code)
      || ((0xE000...0x10FFFF).contains(code) && (code & 0xFFFF) < 0xFFFE && !(0xFDD0...0xFDEF).contains(code))
  }

  /// The 252 character entity references of HTML 4.01 (PHP's table for `ENT_HTML401`).
  static let html401Entities: [String: UInt32] = [
    "quot": 34, "amp": 38, "lt": 60, "gt": 62, "nbsp": 160, "iexcl": 161, "cent": 162, "pound": 163, "curren": 164,
    "yen": 165, "brvbar": 166, "sect": 167, "uml": 168, "copy": 169, "ordf": 170, "laquo": 171, "not": 172,
    "shy": 173, "reg": 174, "macr": 175, "deg": 176, "plusmn": 177, "sup2": 178, "sup3": 179, "acute": 180,
    "micro": 181, "para": 182, "middot": 183, "cedil": 184, "sup1": 185, "ordm": 186, "raquo": 187, "frac14": 188,
    "frac12": 189, "frac34": 190, "iquest": 191, "Agrave": 192, "Aacute": 193, "Acirc": 194, "Atilde": 195,
    "Auml": 196, "Aring": 197, "AElig": 198, "Ccedil": 199, "Egrave": 200, "Eacute": 201, "Ecirc": 202, "Euml": 203,
    "Igrave": 204, "Iacute": 205, "Icirc": 206, "Iuml": 207, "ETH": 208, "Ntilde": 209, "Ograve": 210, "Oacute": 211,
    "Ocirc": 212, "Otilde": 213, "Ouml": 214, "times": 215, "Oslash": 216, "Ugrave": 217, "Uacute": 218,
    "Ucirc": 219, "Uuml": 220, "Yacute": 221, "THORN": 222, "szlig": 223, "agrave": 224, "aacute": 225, "acirc": 226,
    "atilde": 227, "auml": 228, "aring": 229, "aelig": 230, "ccedil": 231, "egrave": 232, "eacute": 233,
    "ecirc": 234, "euml": 235, "igrave": 236, "iacute": 237, "icirc": 238, "iuml": 239, "eth": 240, "ntilde": 241,
    "ograve": 242, "oacute": 243, "ocirc": 244, "otilde": 245, "ouml": 246, "divide": 247, "oslash": 248,
    "ugrave": 249, "uacute": 250, "ucirc": 251, "uuml": 252, "yacute": 253, "thorn": 254, "yuml": 255, "OElig": 338,
    "oelig": 339, "Scaron": 352, "scaron": 353, "Yuml": 376, "fnof": 402, "circ": 710, "tilde": 732, "Alpha": 913,
    "Beta": 914, "Gamma": 915, "Delta": 916, "Epsilon": 917, "Zeta": 918, "Eta": 919, "Theta": 920, "Iota": 921,
    "Kappa": 922, "Lambda": 923, "Mu": 924, "Nu": 925, "Xi": 926, "Omicron": 927, "Pi": 928, "Rho": 929,
    "Sigma": 931, "Tau": 932, "Upsilon": 933, "Phi": 934, "Chi": 935, "Psi": 936, "Omega": 937, "alpha": 945,
    "beta": 946, "gamma": 947, "delta": 948, "epsilon": 949, "zeta": 950, "eta": 951, "theta": 952, "iota": 953,
    "kappa": 954, "lambda": 955, "mu": 956, "nu": 957, "xi": 958, "omicron": 959, "pi": 960, "rho": 961,
    "sigmaf": 962, "sigma": 963, "tau": 964, "upsilon": 965, "phi": 966, "chi": 967, "psi": 968, "omega": 969,
    "thetasym": 977, "upsih": 978, "piv": 982, "ensp": 8194, "emsp": 8195, "thinsp": 8201, "zwnj": 8204, "zwj": 8205,
    "lrm": 8206, "rlm": 8207, "ndash": 8211, "mdash": 8212, "lsquo": 8216, "rsquo": 8217, "sbquo": 8218,
    "ldquo": 8220, "rdquo": 8221, "bdquo": 8222, "dagger": 8224, "Dagger": 8225, "bull": 8226, "hellip": 8230,
    "permil": 8240, "prime": 8242, "Prime": 8243, "lsaquo": 8249, "rsaquo": 8250, "oline": 8254, "frasl": 8260,
    "euro": 8364, "image": 8465, "weierp": 8472, "real": 8476, "trade": 8482, "alefsym": 8501, "larr": 8592,
    "uarr": 8593, "rarr": 8594, "darr": 8595, "harr": 8596, "crarr": 8629, "lArr": 8656, "uArr": 8657, "rArr": 8658,
    "dArr": 8659, "hArr": 8660, "forall": 8704, "part": 8706, "exist": 8707, "empty": 8709, "nabla": 8711,
    "isin": 8712, "notin": 8713, "ni": 8715, "prod": 8719, "sum": 8721, "minus": 8722, "lowast": 8727, "radic": 8730,
    "prop": 8733, "infin": 8734, "ang": 8736, "and": 8743, "or": 8744, "cap": 8745, "cup": 8746, "int": 8747,
    "there4": 8756, "sim": 8764, "cong": 8773, "asymp": 8776, "ne": 8800, "equiv": 8801, "le": 8804, "ge": 8805,
    "sub": 8834, "sup": 8835, "nsub": 8836, "sube": 8838, "supe": 8839, "oplus": 8853, "otimes": 8855, "perp": 8869,
    "sdot": 8901, "lceil": 8968, "rceil": 8969, "lfloor": 8970, "rfloor": 8971, "lang": 9001, "rang": 9002,
    "loz": 9674, "spades": 9824, "clubs": 9827, "hearts": 9829, "diams": 9830,
  ]
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
