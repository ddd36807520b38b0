import XML

/// A rendered page read back by libxml2's HTML parser, for asserting its structure.
struct PageTree {
  let html: String
  let root: HTMLElement

  init(_ html: String) throws {
    self.html = html
    guard let root = HTMLFragment.parseDocument(html) else { throw ParseFailure() }
    self.root = root
  }

  struct ParseFailure: Error {}

  /// Every element, depth first.
  var elements: [HTMLElement] {
    var all: [HTMLElement] = []
    func walk(_ element: HTMLElement) {
      all.append(element)
      for case .element(let child) in element.children { walk(child) }
    }
    walk(root)
    return all
  }

  func all(_ name: String) -> [HTMLElement] { elements.filter { $0.name == name } }

  func element(id: String) -> HTMLElement? { elements.first { $0.attribute("id") == id } }

  /// The controls (input but hidden, select, textarea) and whether each has a label: a
  /// `<label for>` naming its id, or an `aria-label`.
  var unlabelledControls: [HTMLElement] {
    let labelled = Set(all("label").compactMap { $0.attribute("for") })
    return elements.filter { element in
      guard ["input", "select", "textarea"].contains(element.name), element.attribute("type") != "hidden" else {
        return false
      }
      return element.attribute("aria-label") == nil && !labelled.contains(element.attribute("id") ?? "\u{0}")
    }
  }

  /// The text of an element, tags dropped.
  static func text(_ element: HTMLElement) -> String {
    element.children.map { node in
      switch node {
      case .text(let text): text
      case .element(let child): text(child)
      }
    }.joined()
  }
}
