/// A path into a JSON document, built as the decoder walks it.
struct JSONPath {
  enum Component {
    case key(String)
    case index(Int)
  }
  private(set) var components: [Component] = []

  mutating func push(_ component: Component) { components.append(component) }
  mutating func pop() { components.removeLast() }

  var text: String {
    var text = "$"
    for component in components {
      switch component {
      case .key(let key): text += "." + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
