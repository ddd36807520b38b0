import CLibXML2

/// A piece of HTML (a question's text, not a whole page) read by libxml2's HTML parser into a
/// small tree of Swift values: what the sanitiser writes back and the terminal shows. Nothing
/// is fetched (HTML_PARSE_NONET), nothing is printed (HTML_PARSE_NOERROR, _NOWARNING), and a
/// `<meta charset>` in the text cannot change how its bytes are read (HTML_PARSE_IGNORE_ENC):
/// the text is UTF-8. Comments and processing instructions are left out; `<script>` and
/// `<style>` content comes as text of its element.
///
///     let nodes = HTMLFragment.parse("<p>Is 5 < 6?</p>")
public enum HTMLFragment {
  /// The nodes of `html` in order, as the children of a page's `<body>` would be. Entities are
  /// decoded; text round-trips byte for byte (libxml2 keeps an `&` or `<` that starts nothing as
  /// text).
  public static func parse(_ html: String) -> [HTMLNode] {
    _ = htmlParserInitialized
    // The fragment goes inside a body of its own: a text that opens with `<td>` or `<title>`
    // then stays where it is written instead of being moved into an implied <head>.
    let page = "<html><body>" + HTMLSource.escapingStrayOpeners(html)
    let bytes = Array(page.utf8)
    let options =
      HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
      | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          htmlReadMemory($0, Int32(clamping: buffer.count), nil, "UTF-8", Int32(options))
        }
      } ?? nil
    }
    guard let document else { return [] }
    defer { xmlFreeDoc(document) }
    return bodyContent(document.pointee.children)
  }

  /// A whole page (`<!doctype html><html …>…`) read by the same parser: its `<html>` element,
  /// with `<head>` and `<body>` as libxml2 builds them (implied ones added); nil when libxml2
  /// gives no tree. For checking pages this project writes, not for sanitising.
  public static func parseDocument(_ html: String) -> HTMLElement? {
    _ = htmlParserInitialized
    let bytes = Array(html.utf8)
    let options =
      HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
      | HTML_PARSE_IGNORE_ENC.rawValue
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          htmlReadMemory($0, Int32(clamping: buffer.count), nil, "UTF-8", Int32(options))
        }
      } ?? nil
    }
    guard let document else { return nil }
    defer { xmlFreeDoc(document) }
    for node in siblings(document.pointee.children) where name(of: node) == "html" {
      if case .element(let element)? = convert(node) { return element }
    }
    return nil
  }

  /// The nodes under `<html>`: `<body>`'s children in their place. libxml2 puts what follows a
  /// `</html>` or `</body>` in the text after the body, so that is kept too, in order.
  private static func bodyContent(_ first: xmlNodePtr?) -> [HTMLNode] {
    var nodes: [HTMLNode] = []
    for node in siblings(first) {
      if node.pointee.type == XML_ELEMENT_NODE, let name = name(of: node), name == "html" || name == "body" {
        nodes += bodyContent(node.pointee.children)
      } else if let converted = convert(node) {
        nodes.append(converted)
      }
    }
    return nodes
  }

  /// One libxml2 node as a Swift value; nil for comments, processing instructions and the
  /// DOCTYPE. libxml2 nests at most 256 elements deep, so the recursion is bounded.
  private static func convert(_ node: xmlNodePtr) -> HTMLNode? {
    switch node.pointee.type {
    case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
      return .text(string(node.pointee.content))
    case XML_ELEMENT_NODE:
      let children = siblings(node.pointee.children).compactMap(convert)
      return .element(
        HTMLElement(name: name(of: node) ?? "", attributes: attributes(of: node), children: children))
    default:
      return nil
    }
  }

  private static func attributes(of node: xmlNodePtr) -> [HTMLAttribute] {
    var attributes: [HTMLAttribute] = []
    var attribute = node.pointee.properties
    while let current = attribute {
      // The HTML parser keeps a value as text nodes, its entities decoded already.
      let value = siblings(current.pointee.children).map { string($0.pointee.content) }.joined()
      attributes.append(HTMLAttribute(name: string(current.pointee.name).lowercased(), value: value))
      attribute = current.pointee.next
    }
    return attributes
  }

  private static func siblings(_ first: xmlNodePtr?) -> [xmlNodePtr] {
    var nodes: [xmlNodePtr] = []
    var node = first
    while let current = node {
      nodes.append(current)
      node = current.pointee.next
    }
    return nodes
  }

  private static func name(of node: xmlNodePtr) -> String? {
    node.pointee.name.map { String(cString: $0).lowercased() }
  }

  private static func string(_ text: UnsafePointer<xmlChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
  }
}

/// libxml2's global state, set up once before the first parse (xmlInitParser must not race
/// with itself; a global is initialized exactly once).
private let htmlParserInitialized: Bool = {
  xmlInitParser()
  return true
}()
