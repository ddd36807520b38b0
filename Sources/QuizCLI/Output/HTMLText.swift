/// HTML (and Moodle's auto-format, which is HTML or text) shown readably on a terminal: tags
/// removed, entities decoded, `<br>`, `<p>` and `<li>` as line breaks, `<img alt="…">` as
/// `[image: …]`, `<pre>` and `<code>` kept as written. Not a browser: enough for quiz texts.
enum HTMLText {
  static func plain(_ html: String) -> String {
    var text = ""
    var preformatted = 0
    /// A line break, without the spaces before it.
    func breakLine() {
      while text.last == " " { text.removeLast() }
      text += "\n"
    }
    tokens(html) { token in
      switch token {
      case .tag(let tag):
        switch tag.name {
        case "br": breakLine()
        case "p", "div", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "blockquote":
          if !text.isEmpty && !text.hasSuffix("\n") { breakLine() }
        case "li":
          if !tag.closing {
            if !text.isEmpty && !text.hasSuffix("\n") { breakLine() }
            text += "• "
          }
        case "img": text += "[image: \(decode(tag.attribute("alt") ?? tag.attribute("src") ?? ""))]"
        case "pre":
          if !text.isEmpty && !text.hasSuffix("\n") { breakLine() }
          preformatted += tag.closing ? -1 : 1
        case "td", "th": if tag.closing { text += " " }
        default: break
        }
      case .entity(let entity):
        text += decode(entity)
      case .character(let character):
        if preformatted > 0 {
          text.append(character)
        } else if character.isWhitespace {
          // Runs of white space are one space, as a browser shows them; none starts a line.
          if let last = text.last, !last.isWhitespace { text += " " }
        } else {
          text.append(character)
        }
      }
    }
    // At most one blank line in a row; none at either end.
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    while let first = lines.first, first.isEmpty { lines.removeFirst() }
    if let last = lines.last { lines[lines.count - 1] = String(last.reversed().drop { $0 == " " }.reversed()) }
    var result: [String] = []
    for line in lines where !(line.isEmpty && result.last?.isEmpty == true) { result.append(line) }
    return result.joined(separator: "\n")
  }

  /// A piece of HTML text.
  enum Token {
    case tag(Tag)
    /// A character reference as written (`&amp;`, `&#58;`).
    case entity(String)
    case character(Character)
  }

  /// Hands `body` the pieces of `html` in order, leaving out `<script>` and `<style>` elements
  /// whole (their content is not text): what the terminal rendering and the report's
  /// sanitiser both walk.
  static func tokens(_ html: String, _ body: (Token) -> Void) {
    var skipping: String?
    var index = html.startIndex
    while index < html.endIndex {
      let character = html[index]
      if character == "<", let close = html[index...].firstIndex(of: ">") {
        let tag = Tag(String(html[html.index(after: index)..<close]))
        index = html.index(after: close)
        if let skipped = skipping {
          if tag.closing && tag.name == skipped { skipping = nil }
        } else if !tag.closing && (tag.name == "script" || tag.name == "style") {
          skipping = tag.name
        } else if !(tag.closing && (tag.name == "script" || tag.name == "style")) {
          body(.tag(tag))
        }
        continue
      }
      if character == "&", let end = html[index...].prefix(12).firstIndex(of: ";") {
        if skipping == nil { body(.entity(String(html[index...end]))) }
        index = html.index(after: end)
        continue
      }
      index = html.index(after: index)
      if skipping == nil { body(.character(character)) }
    }
  }

  /// Character references: named ones in use in quiz texts, and numeric ones.
  static func decode(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "&", let end = text[index...].prefix(12).firstIndex(of: ";") {
        let name = text[text.index(after: index)..<end]
        if let value = entity(String(name)) {
          result += value
          index = text.index(after: end)
          continue
        }
      }
      result.append(text[index])
      index = text.index(after: index)
    }
    return result
  }

  private static func entity(_ name: String) -> String? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos", "#39": return "'"
    case "nbsp": return "\u{A0}"
    case "mdash": return "—"
    case "ndash": return "–"
    case "hellip": return "…"
    case "laquo": return "«"
    case "raquo": return "»"
    case "times": return "×"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
  }

  /// A tag's name (lower case), whether it closes, and its attributes.
  struct Tag {
    let name: String
    let closing: Bool
    let body: String

    init(_ text: String) {
      closing = text.hasPrefix("/")
      body = closing ? String(text.dropFirst()) : text
      name = String(body.prefix { $0.isLetter || $0.isNumber }).lowercased()
    }

    /// The value of attribute `name` (quoted with " or ', or bare).
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// Every attribute, names in lower case, in order.
    var attributes: [(name: String, value: String)] {
      var result: [(String, String)] = []
      var rest = body.drop { $0.isLetter || $0.isNumber }
      while true {
        rest = rest.drop { $0.isWhitespace || $0 == "/" }
        let attributeName = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" && $0 != ">" }
        guard !attributeName.isEmpty else { return result }
        rest = rest.dropFirst(attributeName.count).drop(while: \.isWhitespace)
        var value = ""
        if rest.first == "=" {
          rest = rest.dropFirst().drop(while: \.isWhitespace)
          if let quote = rest.first, quote == "\"" || quote == "'" {
            let inner = rest.dropFirst().prefix { $0 != quote }
            value = String(inner)
            rest = rest.dropFirst(inner.count + 2)
          } else {
            let bare = rest.prefix { !$0.isWhitespace }
            value = String(bare)
            rest = rest.dropFirst(bare.count)
          }
        }
        result.append((attributeName.lowercased(), value))
      }
    }
  }
}
