/// A node of an HTML fragment (`HTMLFragment.parse`): an element or text, as plain values that
/// carry nothing of libxml2.
public enum HTMLNode: Equatable, Sendable {
  case element(HTMLElement)
  /// Character data, entities decoded.
  case text(String)
}

/// An element: its name and attribute names in lower case, attribute values decoded.
public struct HTMLElement: Equatable, Sendable {
  public var name: String
  public var attributes: [HTMLAttribute]
  public var children: [HTMLNode]

  public init(name: String, attributes: [HTMLAttribute] = [], children: [HTMLNode] = []) {
    self.name = name
    self.attributes = attributes
    self.children = children
  }

  /// The value of the first attribute called `name`.
  public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
}

public struct HTMLAttribute: Equatable, Sendable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
