/// Why an `HTTPServer` could not start, naming what failed and where.
public struct HTTPError: Error, CustomStringConvertible, Sendable {
  public enum Kind: Sendable, Equatable {
    /// The address could not be resolved or bound ("Address already in use").
    case cannotListen
    /// The TLS certificate or key is missing, malformed, or they do not match.
    case invalidTLS
    /// A configuration value is out of range.
    case invalidConfiguration
  }

  public let kind: Kind
  public let description: String

  public init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }
}
