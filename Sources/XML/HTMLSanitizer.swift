/// Question texts written in HTML, made safe to embed in a page: the one sanitiser every
/// output that embeds HTML uses (the report, the served pages and the JSON API). The text is
/// read by libxml2's HTML parser (`HTMLFragment`, through QuizFormats' `TextTree`) and written
/// back from the tree: only presentational elements, with only the attributes they
/// need and only safe URLs; everything else (the text of unknown elements, `<` and `&` that
/// start nothing) as escaped text. `<script>`, `<style>` and `<template>` are left out whole.
/// The output is balanced (each element closed), so nothing of it can reach the page around it.
public enum HTMLSanitizer {
  public static let allowedTags: Set<String> = [
    "p", "br", "b", "i", "em", "strong", "u", "s", "sub", "sup", "small", "ul", "ol", "li", "code", "pre", "span",
    "div", "img", "a", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6",
    "blockquote", "hr",
  ]
  public static let allowedAttributes: [String: Set<String>] = [
    "a": ["href", "title"], "img": ["src", "alt", "title"],
  ]
  /// Elements whose content is not text: left out whole (what the terminal leaves out too).
  public static let hiddenElements: Set<String> = ["script", "style", "template", "head"]
  /// Elements with no content and no end tag.
  public static let voidTags: Set<String> = ["br", "img", "hr"]
  /// Table parts, kept only where a browser keeps them: inside the parent named here. Out of
  /// place, a `<td>` would close the page's own table cell.
  public static let tableParents: [String: Set<String>] = [
    "thead": ["table"], "tbody": ["table"], "tfoot": ["table"], "tr": ["table", "thead", "tbody", "tfoot"],
    "td": ["tr"], "th": ["tr"],
  ]

  /// An HTML text sanitised.
  public static func clean(_ html: String) -> String { clean(HTMLFragment.parse(html)) }

  /// Parsed HTML sanitised.
  public static func clean(_ nodes: [HTMLNode]) -> String { clean(nodes, writingText: HTMLEscape.text) }

  /// Parsed HTML sanitised, each text node (never an attribute value) written by `writingText`,
  /// whose output goes into the page as it is: it must escape what it does not mean as markup.
  /// For a served cloze question, whose gaps become form controls in the text.
  public static func clean(_ nodes: [HTMLNode], writingText: (String) -> String) -> String {
    var output = ""
    write(nodes, inside: nil, writingText: writingText, to: &output)
    return output
  }

  private static func write(
    _ nodes: [HTMLNode], inside parent: String?, writingText: (String) -> String, to output: inout String
  ) {
    for node in nodes {
      switch node {
      case .text(let text): output += writingText(text)
      case .element(let element): write(element, inside: parent, writingText: writingText, to: &output)
      }
    }
  }

  private static func write(
    _ element: HTMLElement, inside parent: String?, writingText: (String) -> String, to output: inout String
  ) {
    let name = element.name
    guard !hiddenElements.contains(name) else { return }
    guard isAllowed(name, inside: parent) else {
      // The element goes; its text stays.
      write(element.children, inside: parent, writingText: writingText, to: &output)
      return
    }
    output += "<\(name)\(attributes(of: element))>"
    guard !voidTags.contains(name) else { return }
    write(element.children, inside: name, writingText: writingText, to: &output)
    output += "</\(name)>"
  }

  private static func isAllowed(_ name: String, inside parent: String?) -> Bool {
    guard allowedTags.contains(name) else { return false }
    guard let parents = tableParents[name] else { return true }
    return parent.map(parents.contains) ?? false
  }

  private static func attributes(of element: HTMLElement) -> String {
    let allowed = allowedAttributes[element.name] ?? []
    var text = ""
    for attribute in element.attributes where allowed.contains(attribute.name) {
      // libxml2 has decoded the value as a browser would (`&#58;` is a colon).
      if attribute.name == "href" && !isSafeURL(attribute.value, image: false) { continue }
      if attribute.name == "src" && !isSafeURL(attribute.value, image: true) { continue }
      text += " \(attribute.name)=\"\(HTMLEscape.text(attribute.value))\""
    }
    return text
  }

  /// An http, https or mailto address, an embedded file (`@@PLUGINFILE@@/…`), or for an image a
  /// data: image. Browsers ignore white space and control characters inside a scheme
  /// (`java\tscript:`), so they are ignored here too before it is read. Relative addresses
  /// go: a report is one file, with nothing beside it to point at, and a served page's
  /// neighbours are the server's own routes.
  public static func isSafeURL(_ url: String, image: Bool = true) -> Bool {
    let squeezed = String(url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }.map(Character.init))
      .lowercased()
    if squeezed.hasPrefix("@@pluginfile@@/") { return true }
    guard let colon = squeezed.firstIndex(of: ":") else { return false }
    switch squeezed[..<colon] {
    case "http", "https", "mailto": return true
    case "data": return image && squeezed.hasPrefix("data:image/")
    default: return false
    }
  }
}
