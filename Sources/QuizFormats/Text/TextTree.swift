import QuizDomain
import XML

/// A question's text read once as an HTML tree: what the report's sanitiser writes back and
/// what the terminal shows, so both agree on what is a tag and what is text.
public enum TextTree {
  /// HTML texts parsed; Moodle's auto-format parsed with its line breaks made `<br>`s; plain and
  /// Markdown texts one text node (they are never read as HTML).
  public static func nodes(_ text: String, _ format: TextFormat) -> [HTMLNode] {
    switch format {
    case .html: return HTMLFragment.parse(text)
    case .moodle: return lineBreaks(HTMLFragment.parse(text))
    case .plain, .markdown: return [.text(text)]
    }
  }

  /// Moodle's FORMAT_MOODLE runs `nl2br`: a `<br>` before each line break of the text. Done on
  /// the tree, a line break inside a tag or an attribute is left alone (Moodle's would put a
  /// `<br />` there), and so is one inside `<pre>`, which shows its line breaks already.
  public static func lineBreaks(_ nodes: [HTMLNode]) -> [HTMLNode] {
    nodes.flatMap { node -> [HTMLNode] in
      switch node {
      case .text(let text): return breaking(text)
      case .element(var element):
        if element.name != "pre" { element.children = lineBreaks(element.children) }
        return [.element(element)]
      }
    }
  }

  /// `text` as text nodes with a `<br>` before each line break (CR LF is one).
  private static func breaking(_ text: String) -> [HTMLNode] {
    guard text.contains(where: \.isNewline) else { return [.text(text)] }
    var nodes: [HTMLNode] = []
    var run = ""
    for character in text {
      if character.isNewline {
        if !run.isEmpty { nodes.append(.text(run)) }
        nodes.append(.element(HTMLElement(name: "br")))
        run = String(character)
      } else {
        run.append(character)
      }
    }
    if !run.isEmpty { nodes.append(.text(run)) }
    return nodes
  }
}
