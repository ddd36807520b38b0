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
    var skipping: String?
    var index = html.startIndex
    while index < html.endIndex {
      let character = html[index]
      if character == "<", let close = html[index...].firstIndex(of: ">") {
        let tag = HTMLText.Tag(String(html[html.index(after: index)..<close]))
        index = html.index(after: close)
        if let skipped = skipping {
          if tag.closing && tag.name == skipped { skipping = nil }
          continue
        }
        if !tag.closing && (tag.name == "script" || tag.name == "style") {
          skipping = tag.name
          continue
        }
        guard allowedTags.contains(tag.name) else { continue }
        output += tag.closing ? "</\(tag.name)>" : "<\(tag.name)\(attributes(of: tag))>"
        continue
      }
      index = html.index(after: index)
      guard skipping == nil else { continue }
      switch character {
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      default: output.append(character)
      }
    }
    return output
  }

  private static func attributes(of tag: HTMLText.Tag) -> String {
    let allowed = allowedAttributes[tag.name] ?? []
    var text = ""
    for (name, value) in tag.attributes where allowed.contains(name) {
      if name == "href" || name == "src" {
        let scheme = String(value.drop(while: \.isWhitespace).prefix { $0 != ":" }).lowercased()
        let safe = ["http", "https", "mailto", "data"].contains(scheme) || !value.contains(":")
        guard safe, !(scheme == "data" && !value.lowercased().hasPrefix("data:image/")) else { continue }
      }
      text += " \(name)=\"\(ReportHTML.escape(HTMLText.decode(value)))\""
    }
    return text
  }
}
