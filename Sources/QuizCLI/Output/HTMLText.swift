import XML

/// HTML (and Moodle's auto-format) shown readably on a terminal, from libxml2's reading of it:
/// tags removed, entities decoded, `<br>`, `<p>` and `<li>` as line breaks, `<img alt="…">` as
/// `[image: …]`, `<pre>` kept as written, `<script>` and `<style>` left out. A `<` that starts
/// no tag is text (`5 < 6`). Not a browser: enough for quiz texts.
enum HTMLText {
  static func plain(_ html: String) -> String { plain(HTMLFragment.parse(html)) }

  static func plain(_ nodes: [HTMLNode]) -> String {
    var writer = Writer()
    writer.write(nodes)
    return tidy(writer.text)
  }

  /// At most one blank line in a row; none at either end, no spaces at the end.
  private static func tidy(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    while let first = lines.first, first.isEmpty { lines.removeFirst() }
    if let last = lines.last { lines[lines.count - 1] = String(last.reversed().drop { $0 == " " }.reversed()) }
    var result: [String] = []
    for line in lines where !(line.isEmpty && result.last?.isEmpty == true) { result.append(line) }
    return result.joined(separator: "\n")
  }

  /// Elements that begin and end a line of their own.
  static let blocks: Set<String> = [
    "p", "div", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "blockquote",
  ]
  /// Elements whose content is not text: the sanitiser's.
  static let hidden = HTMLSanitizer.hiddenElements

  /// The walk over the tree, text accumulated.
  private struct Writer {
    var text = ""
    var preformatted = 0

    mutating func write(_ nodes: [HTMLNode]) {
      for node in nodes {
        switch node {
        case .text(let content): write(content)
        case .element(let element): write(element)
        }
      }
    }

    mutating func write(_ element: HTMLElement) {
      let name = element.name
      if hidden.contains(name) { return }
      switch name {
      case "br": breakLine()
      case "img": text += "[image: \(element.attribute("alt") ?? element.attribute("src") ?? "")]"
      case "li":
        endLine()
        text += "• "
        write(element.children)
      case "pre":
        endLine()
        preformatted += 1
        write(element.children)
        preformatted -= 1
        endLine()
      case "td", "th":
        write(element.children)
        text += " "
      default:
        let block = blocks.contains(name)
        if block { endLine() }
        write(element.children)
        if block { endLine() }
      }
    }

    mutating func write(_ content: String) {
      for character in content {
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

    /// A line break, without the spaces before it.
    mutating func breakLine() {
      while text.last == " " { text.removeLast() }
      text += "\n"
    }

    /// A line break unless at the start of a line.
    mutating func endLine() {
      if !text.isEmpty && !text.hasSuffix("\n") { breakLine() }
    }
  }
}
