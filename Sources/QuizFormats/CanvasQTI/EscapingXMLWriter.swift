import QuizDomain
import XML

/// XML written element by element, every text and attribute value escaped, two spaces of
/// indentation per level. Enough for documents of elements holding either elements or text
/// (QTI, IMS manifests): there is no mixed content, so indentation never changes a text.
///
/// Texts are kept exactly as an XML parser will read them back: `&`, `<`, `>` (and `"` in
/// attributes) are escaped, and so are the carriage returns, tabs and line feeds a parser
/// would otherwise normalise away. The characters XML 1.0 cannot carry at all (C0 controls
/// other than tab, LF and CR; U+FFFE, U+FFFF) become U+FFFD.
struct EscapingXMLWriter {
  private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  /// The elements started and not yet ended, innermost last.
  private var open: [String] = []

  var bytes: [UInt8] { Array(text.utf8) }

  /// Whether every started element has been ended.
  var isComplete: Bool { open.isEmpty }

  /// `<name attributes…>` on its own line; `end()` closes it.
  mutating func start(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
    text += indentation + "<" + name + Self.attributes(attributes) + ">\n"
    open.append(name)
  }

  /// The closing tag of the innermost element started.
  mutating func end() {
    guard let name = open.popLast() else { return }
    text += indentation + "</" + name + ">\n"
  }

  /// `<name attributes…>text</name>` on one line, or `<name attributes…/>` when `text` is nil.
  mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], text content: String?) {
    let head = indentation + "<" + name + Self.attributes(attributes)
    guard let content else {
      text += head + "/>\n"
      return
    }
    text += head + ">" + Self.escapedText(content) + "</" + name + ">\n"
  }

  /// `<name attributes…/>`.
  mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
    element(name, attributes, text: nil)
  }

  private var indentation: String { String(repeating: "  ", count: open.count) }
}

// MARK: - Escaping

extension EscapingXMLWriter {
  static func attributes(_ attributes: KeyValuePairs<String, String>) -> String {
    attributes.map { " " + $0.key + "=\"" + escapedAttribute($0.value) + "\"" }.joined()
  }

  /// `value` for a text node; characters XML cannot carry become U+FFFD.
  static func escapedText(_ value: String) -> String { XMLText.escaped(XMLText.replacingDisallowed(value).text) }

  /// `value` for a double-quoted attribute; characters XML cannot carry become U+FFFD.
  static func escapedAttribute(_ value: String) -> String {
    XMLText.attribute(XMLText.replacingDisallowed(value).text)
  }
}
