/// Question texts written in HTML, made safe to embed in a report page: only presentational
/// tags are kept, with only the attributes they need; scripts, styles, event attributes and
/// `javascript:` links are dropped; everything else is escaped.
enum HTMLSanitizer {
  static let allowedTags: Set<String> = [
    "p", "br", "b", "i", "em", "strong", "u", "s", "sub", "sup", "small", "ul", "ol", "li", "code", "pre", "span",
    "div", "img", "a", "table", "thead", "tbody", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
    "hr",
  ]
  static let allowedAttributes: [String: Set<String>] = ["a": ["href", "title"], "img": ["src", "alt", "title"]]

  static func clean(_ html: String) -> String {
    var output = ""
    HTMLText.tokens(html) { token in
      switch token {
      case .tag(let tag):
        guard allowedTags.contains(tag.name) else { return }
        output += tag.closing ? "</\(tag.name)>" : "<\(tag.name)\(attributes(of: tag))>"
      case .entity(let entity):
        output += entity
      case .character("<"): output += "&lt;"
      case .character(">"): output += "&gt;"
      case .character("\""): output += "&quot;"
      case .character(let character): output.append(character)
      }
    }
    return output
  }

  /// A link or image address with no scheme (relative, `@@PLUGINFILE@@/…`), or http, https,
  /// mailto, or a data: image. Browsers ignore white space and control characters inside a
  /// scheme (`java\tscript:`), so they are ignored here too before it is read.
  static func isSafeURL(_ url: String) -> Bool {
    let squeezed = String(url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }.map(Character.init))
      .lowercased()
    guard let colon = squeezed.firstIndex(of: ":") else { return true }
    let scheme = squeezed[..<colon]
    // A colon after a path or query character is not a scheme's ("a/b:c", "?x=y:z").
    if scheme.contains(where: { "/?#".contains($0) }) { return true }
    switch scheme {
    case "http", "https", "mailto": return true
    case "data": return squeezed.hasPrefix("data:image/")
    default: return false
    }
  }

  private static func attributes(of tag: HTMLText.Tag) -> String {
    let allowed = allowedAttributes[tag.name] ?? []
    var text = ""
    for (name, value) in tag.attributes where allowed.contains(name) {
      // The value as the browser will read it: entities decoded (`&#58;` is a colon).
      let decoded = HTMLText.decode(value)
      if (name == "href" || name == "src") && !isSafeURL(decoded) { continue }
      text += " \(name)=\"\(ReportHTML.escape(decoded))\""
    }
    return text
  }
}
