import HTTP
import QuizRepository

/// A route's path: literal segments and named parameters, written `/api/attempts/:token`.
struct PathPattern: Sendable, CustomStringConvertible {
  enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
  }

  let segments: [Segment]

  init(_ text: String) {
    segments = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
      part.hasPrefix(":") ? .parameter(String(part.dropFirst())) : .literal(String(part))
    }
  }

  /// The parameters' values when `path` matches: as many segments, each literal the same, each
  /// parameter a segment that is not empty. Nil otherwise.
  func match(_ path: String) -> RouteParameters? {
    guard path.hasPrefix("/") else { return nil }
    return match(segments: Self.segments(of: path))
  }

  /// `path`'s segments after its leading `/`, split once for every pattern to match.
  static func segments(of path: String) -> ArraySlice<Substring> {
    path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
  }

  /// As `match(_:)`, for a path already split.
  func match(segments parts: ArraySlice<Substring>) -> RouteParameters? {
    guard parts.count == segments.count else { return nil }
    for (segment, part) in zip(segments, parts) {
      switch segment {
      case .literal(let literal): guard part == literal else { return nil }
      case .parameter: guard !part.isEmpty else { return nil }
      }
    }
    var values: [String: String] = [:]
    for case (.parameter(let name), let part) in zip(segments, parts) { values[name] = String(part) }
    return RouteParameters(values: values)
  }

  var description: String {
    "/"
      + segments.map { segment in
        switch segment {
        case .literal(let literal): literal
        case .parameter(let name): ":" + name
        }
      }.joined(separator: "/")
  }
}

/// The named segments of a matched path.
struct RouteParameters: Sendable {
  let values: [String: String]

  subscript(_ name: String) -> String { values[name] ?? "" }

  /// The `:token` segment, when it looks like an attempt token (404 as an unknown attempt
  /// otherwise, before anything is looked up).
  func token() throws -> String {
    let token = self["token"]
    guard Tokens.looksLikeToken(Substring(token)) else { throw RouteError.from(ServedAttemptError.unknownAttempt) }
    return token
  }
}

/// One route: a method, a path pattern and what answers it.
struct Route: Sendable {
  typealias Handler = @Sendable (ServerState, HTTPRequest, RouteParameters) throws -> HTTPResponse

  let method: HTTPMethod
  let pattern: PathPattern
  let handler: Handler

  init(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
    self.method = method
    self.pattern = PathPattern(pattern)
    self.handler = handler
  }
}

/// Every route of the server, from which dispatch comes, and with it HEAD (answered as GET,
/// whose body libmicrohttpd leaves out) and the `Allow` header of a 405 (the methods of the
/// routes whose pattern matches the path).
struct RouteTable: Sendable {
  let routes: [Route]

  enum Resolution {
    case found(Route, RouteParameters)
    case methodNotAllowed(allow: String)
    case notFound
  }

  func resolve(_ method: HTTPMethod, _ path: String) -> Resolution {
    guard path.hasPrefix("/") else { return .notFound }
    let routed = method == .head ? HTTPMethod.get : method
    let parts = PathPattern.segments(of: path)
    var allowed: [HTTPMethod] = []
    for route in routes {
      guard let parameters = route.pattern.match(segments: parts) else { continue }
      if route.method == routed { return .found(route, parameters) }
      allowed.append(route.method)
    }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allow: Self.allow(allowed))
  }

  /// "GET, HEAD, PUT": the methods in the table's order, HEAD after GET.
  static func allow(_ methods: [HTTPMethod]) -> String {
    var names: [String] = []
    for method in methods where !names.contains(method.rawValue) {
      names.append(method.rawValue)
      if method == .get { names.append(HTTPMethod.head.rawValue) }
    }
    return names.joined(separator: ", ")
  }
}
