/// One HTTP request as the handler sees it: read whole, body included, before the handler runs.
public struct HTTPRequest: Sendable {
  public let method: String
  /// Percent-decoded once by libmicrohttpd, without the query: "/api/attempts/abc".
  public let path: String
  /// The query's arguments, percent-decoded (a name given twice keeps its last value).
  public let query: [String: String]
  /// Header names lower-cased; a header given twice has its values joined by ", ".
  public let headers: [String: String]
  /// The whole body, at most the server's `maxBodyBytes`.
  public let body: [UInt8]
  /// "127.0.0.1", "::1" (an IPv4 client of a dual-stack server is shown as IPv4).
  public let clientAddress: String
  public let isTLS: Bool

  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    body: [UInt8] = [], clientAddress: String = "127.0.0.1", isTLS: Bool = false
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    self.body = body
    self.clientAddress = clientAddress
    self.isTLS = isTLS
  }

  /// The header's value, the name in any case.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

// MARK: - Cookies and forms

extension HTTPRequest {
  /// The Cookie header's pairs ("a=1; b=2"); a value in double quotes loses them. The first of
  /// two cookies of one name wins, as browsers send the most specific first.
  public var cookies: [String: String] {
    guard let header = header("cookie") else { return [:] }
    var cookies: [String: String] = [:]
    for pair in header.split(separator: ";") {
      guard let equals = pair.firstIndex(of: "=") else { continue }
      let name = pair[..<equals].trimmingSpaces
      var value = pair[pair.index(after: equals)...].trimmingSpaces
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      if !name.isEmpty, cookies[name] == nil { cookies[name] = value }
    }
    return cookies
  }

  /// An application/x-www-form-urlencoded body's fields, decoded as UTF-8 ('+' is a space);
  /// empty for any other content type. A field given twice keeps its last value.
  public var form: [String: String] { formFields.values }

  /// `form`, with the names given more than once.
  public var formFields: HTTPFormFields {
    let contentType = header("content-type")?.lowercased() ?? ""
    guard contentType.hasPrefix("application/x-www-form-urlencoded") else { return HTTPFormFields() }
    return FormDecoding.fields(of: body)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}
