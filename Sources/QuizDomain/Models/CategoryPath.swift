/// Where a category stands in its bank: the names from the top down, written `Biology/Cells`:
/// `/` separates levels, `\/` (or Moodle's `//`) is a slash inside a name and `\\` a
/// backslash. Each name is trimmed of spaces, as Moodle trims them. The bank's top is the empty
/// path, written `""`.
public struct CategoryPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var names: [String]

  public init(_ names: [String]) { self.names = names }

  /// The top of a bank.
  public static let top = CategoryPath([])

  /// The most levels a path may have: far more than any bank's tree, few enough that removing
  /// a bank never runs into SQLite's limits.
  public static let maxDepth = 32
  /// The most Unicode scalars a name may have.
  public static let maxNameLength = 255

  /// The path `text` writes, or why it is none.
  public static func parse(_ text: String) -> Result<CategoryPath, CategoryPathError> {
    guard !text.isEmpty else { return .success(.top) }
    var names: [String] = []
    var name = ""
    var characters = text[...]
    while let character = characters.popFirst() {
      if character == "\\", let next = characters.first, next == "/" || next == "\\" {
        name.append(next)
        characters.removeFirst()
      } else if character == "/", characters.first == "/" {
        name.append("/")
        characters.removeFirst()
      } else if character == "/" {
        names.append(name)
        name = ""
      } else {
        name.append(character)
      }
    }
    names.append(name)
    return check(names.map(trimmed), text: text)
  }

  private static func check(_ names: [String], text: String) -> Result<CategoryPath, CategoryPathError> {
    if names.contains(where: \.isEmpty) {
      return .failure(CategoryPathError(text: text, reason: "a name between two '/' is empty"))
    }
    if names.count > maxDepth {
      return .failure(
        CategoryPathError(text: text, reason: "it has \(names.count) levels, at most \(maxDepth) are kept"))
    }
    if names.contains(where: { $0.unicodeScalars.count > maxNameLength }) {
      return .failure(CategoryPathError(text: text, reason: "a name is longer than \(maxNameLength) characters"))
    }
    if names.contains(where: { $0.unicodeScalars.contains(where: isControl) }) {
      return .failure(CategoryPathError(text: text, reason: "a name holds a control character"))
    }
    return .success(CategoryPath(names))
  }

  private static func trimmed(_ name: String) -> String {
    String(name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The path as written: names escaped and joined by `/`.
  public var text: String {
    names.map { $0.replacing("\\", with: "\\\\").replacing("/", with: "\\/") }.joined(separator: "/")
  }

  public var description: String { text }

  /// The path as Moodle writes it in GIFT's `$CATEGORY` and Moodle XML's categories: a slash
  /// inside a name doubled (`Part 1//2`), which Moodle reads back as one name and so does `parse`.
  public var moodleText: String { names.map { $0.replacing("/", with: "//") }.joined(separator: "/") }

  /// Whether `self` is `other` or lies under it.
  public func isWithin(_ other: CategoryPath) -> Bool { names.starts(with: other.names) }

  /// The path one level up; nil at the top.
  public var parent: CategoryPath? { names.isEmpty ? nil : CategoryPath(Array(names.dropLast())) }

  /// Depth-first order: a category before those under it, siblings by name.
  public static func < (lhs: CategoryPath, rhs: CategoryPath) -> Bool {
    lhs.names.lexicographicallyPrecedes(rhs.names)
  }
}

/// Why a text is no category path.
public struct CategoryPathError: Error, Equatable, Sendable, CustomStringConvertible {
  public var text: String
  public var reason: String
  public var description: String {
    "\"\(text)\" is not a category path: \(reason) (write a slash inside a name as \\/)"
  }
}
