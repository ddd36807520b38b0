/// Why an XML document could not be read: libxml2's message, at the 1-based line and column
/// (in characters) libxml2 gives; the column is nil when libxml2 gives none.
public struct XMLError: Error, Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int?
  public var message: String

  public init(line: Int, column: Int? = nil, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `LINE:COLUMN: message`, as FormatProblem and compilers write it.
  public var description: String { "\(line)\(column.map { ":\($0)" } ?? ""): \(message)" }
}
