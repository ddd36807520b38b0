/// A request's method, by its name as sent (case matters, RFC 9110 9.1). The ones the routes
/// answer have names; any other is kept as sent, to be refused with 405.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public static let get = HTTPMethod(rawValue: "GET")
  public static let head = HTTPMethod(rawValue: "HEAD")
  public static let post = HTTPMethod(rawValue: "POST")
  public static let put = HTTPMethod(rawValue: "PUT")

  public var description: String { rawValue }
}

/// A response's status code, written as its number (`200`) or by name (`.notFound`).
public struct HTTPStatus: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  public let rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue }
  public init(integerLiteral value: Int) { rawValue = value }

  public static let ok: HTTPStatus = 200
  public static let created: HTTPStatus = 201
  public static let seeOther: HTTPStatus = 303
  public static let badRequest: HTTPStatus = 400
  public static let unauthorized: HTTPStatus = 401
  public static let forbidden: HTTPStatus = 403
  public static let notFound: HTTPStatus = 404
  public static let methodNotAllowed: HTTPStatus = 405
  public static let conflict: HTTPStatus = 409
  public static let contentTooLarge: HTTPStatus = 413
  public static let unsupportedMediaType: HTTPStatus = 415
  public static let tooManyRequests: HTTPStatus = 429
  public static let internalServerError: HTTPStatus = 500
  public static let serviceUnavailable: HTTPStatus = 503

  /// Whether it says the server failed (5xx), not the client.
  public var isServerError: Bool { rawValue >= 500 }

  public static func < (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { String(rawValue) }
}

extension HTTPRequest {
  /// The method as a type.
  public var httpMethod: HTTPMethod { HTTPMethod(rawValue: method) }
}
