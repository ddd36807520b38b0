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

extension XMLError {
  /// libxml2's own words for a limit it keeps (it is not given XML_PARSE_HUGE), which tell a
  /// user of quiz to pass that option, as what limit was hit and what it is; nil for any other
  /// message. Told by the message: the codes (XML_ERR_NO_MEMORY for a huge text node,
  /// XML_ERR_INTERNAL_ERROR for a huge lookup) are shared with failures that are not limits.
  static func limitMessage(for message: String) -> String? {
    let tenMB = "libxml2's limit of 10,000,000 bytes (10 MB)"
    if message.contains("huge text node") {
      return "a text is longer than \(tenMB); an embedded file, in base64, can be at most about 7.5 MB"
    }
    if message.contains("Huge input lookup") {
      return "a tag is longer than \(tenMB) (its attributes, or the space in it)"
    }
    if message.contains("AttValue length too long") { return "an attribute value is longer than \(tenMB)" }
    if message.contains("Comment too big") { return "a comment is longer than \(tenMB)" }
    if message.hasPrefix("PI ") && message.contains("too big") {
      return "a processing instruction is longer than \(tenMB)"
    }
    if message.hasPrefix("Excessive depth in document") {
      return "elements are nested deeper than libxml2's limit of 256 levels"
    }
    if message.hasPrefix("Name too long") { return "a name is longer than libxml2's limit of 50,000 characters" }
    if message.contains("XML_PARSE_HUGE") {
      return "the document is over one of libxml2's size limits ("
        + message.replacing("use XML_PARSE_HUGE option", with: "").split(separator: " ").joined(separator: " ") + ")"
    }
    return nil
  }
}
