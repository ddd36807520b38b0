// The nodes an XMLStreamReader hands out. Nested in the reader: Foundation (on macOS) has an
// `XMLNode` class of its own, and a file may import both.

extension XMLStreamReader {
  /// One node of the document, in document order. Comments, processing instructions, the XML
  /// declaration and the DOCTYPE are passed over.
  public enum Node: Equatable, Sendable {
    /// A start tag (`<a>` or an empty `<a/>`, which has no `.end`).
    case start(StartTag)
    case end(name: String)
    /// Character data: text (entities and character references replaced), a CDATA section's
    /// content, or whitespace. Consecutive pieces (text, then CDATA) come as separate nodes.
    case text(String)
  }

  public struct StartTag: Equatable, Sendable {
    /// The name as written, prefix included (`xsi:type`).
    public var name: String
    /// In document order; namespace declarations (`xmlns…`) among them.
    public var attributes: [Attribute]
    /// `<a/>`: no `.end` node follows.
    public var isEmpty: Bool
    /// Where its `<` is: 1-based line, and column in characters.
    public var line: Int
    public var column: Int

    public init(name: String, attributes: [Attribute] = [], isEmpty: Bool = false, line: Int, column: Int) {
      self.name = name
      self.attributes = attributes
      self.isEmpty = isEmpty
      self.line = line
      self.column = column
    }

    /// The value of the attribute `name`, nil when absent.
    public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
  }

  public struct Attribute: Equatable, Sendable {
    public var name: String
    /// Entities and character references replaced, as XML normalizes attribute values.
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }
}
