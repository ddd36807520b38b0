/// Where a category stands in its bank: the names from the top down. Written as Moodle writes
/// category paths, `Biology/Cells`: `/` separates levels, `\/` is a slash inside a name and
/// `\\` a backslash. The bank's top is the empty path, written `""`.
public struct CategoryPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var names: [String]

  public init(_ names: [String]) { self.names = names }

  /// The top of a bank.
  public static let top = CategoryPath([])

  /// The path `text` writes, or why it is none (an empty name: `a//b`, a leading or trailing `/`).
  public static func parse(_ text: String) -> Result<CategoryPath, CategoryPathError> {
    guard !text.isEmpty else { return .success(.top) }
    var names: [String] = []
    var name = ""
    var escaped = false
    for character in text {
      if escaped {
        // Only a slash and a backslash are escaped; any other backslash is kept as written.
        if character != "/" && character != "\\" { name.append("\\") }
        name.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "/" {
        names.append(name)
        name = ""
      } else {
        name.append(character)
      }
    }
    if escaped { name.append("\\") }
    names.append(name)
    if names.contains(where: \.isEmpty) {
      return .failure(CategoryPathError(text: text))
    }
    return .success(CategoryPath(names))
  }

  /// The path as written: names escaped and joined by `/`.
  public var text: String {
    names.map { $0.replacing("\\", with: "\\\\").replacing("/", with: "\\/") }.joined(separator: "/")
  }

  public var description: String { text }

  /// Whether `self` is `other` or lies under it.
  public func isWithin(_ other: CategoryPath) -> Bool { names.starts(with: other.names) }

  /// The path one level up; nil at the top.
  public var parent: CategoryPath? { names.isEmpty ? nil : CategoryPath(Array(names.dropLast())) }

  /// Depth-first order: a category before those under it, siblings by name.
  public static func < (lhs: CategoryPath, rhs: CategoryPath) -> Bool {
    lhs.names.lexicographicallyPrecedes(rhs.names)
  }
}

/// A category path with an empty name in it.
public struct CategoryPathError: Error, Equatable, Sendable, CustomStringConvertible {
  public var text: String
  public var description: String {
    "\"\(text)\" is not a category path: a name between two '/' is empty (write a slash inside a name as \\/)"
  }
}
