import CMicroHTTPD
import Glibc

/// One request while libmicrohttpd delivers it: the head read on the first callback, the body
/// gathered over the next ones. Lives in the connection's `*con_cls` (retained) until
/// libmicrohttpd reports the request completed; only that connection's thread touches it.
final class HTTPRequestBuilder {
  let method: String
  let path: String
  let query: [String: String]
  let headers: [String: String]
  let clientAddress: String
  let isTLS: Bool
  private(set) var body: [UInt8] = []
  /// The body passed `maxBodyBytes`: what follows is dropped, `bodyTooLarge` answers.
  private(set) var isTooLarge = false
  private var droppedBytes = 0
  /// Set when the handler answered `deferred`: the connection is suspended until it is filled.
  var replySlot: HTTPReplySlot?
  /// The connection's way toward a whole request (`requestDeadlineSeconds`).
  let progress: HTTPConnectionProgress?

  init(connection: OpaquePointer, method: String, path: String, isTLS: Bool) {
    self.method = method
    self.path = Self.originForm(path)
    self.isTLS = isTLS
    query = Self.values(of: connection, kind: .GET_ARGUMENT_KIND, joining: nil)
    headers = Self.values(of: connection, kind: .HEADER_KIND, joining: ", ")
    clientAddress = ClientAddress.text(of: quiz_mhd_client_address(connection))
    progress = HTTPConnectionProgress.of(connection)
  }

  /// The declared Content-Length, when there is one and it is a number.
  var declaredLength: Int? { headers["content-length"].flatMap { Int($0) } }

  /// Takes a piece of the body. False: the client keeps sending long past the limit, and the
  /// connection should be dropped rather than read on.
  func append(_ data: UnsafePointer<CChar>, count: Int, limit: Int) -> Bool {
    if isTooLarge || body.count + count > limit {
      if !isTooLarge { body = [] }
      isTooLarge = true
      droppedBytes += count
      return droppedBytes <= max(16 * limit, 1 << 20)
    }
    data.withMemoryRebound(to: UInt8.self, capacity: count) {
      body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
    }
    return true
  }

  var request: HTTPRequest {
    HTTPRequest(
      method: method, path: path, query: query, headers: headers, body: body, clientAddress: clientAddress,
      isTLS: isTLS)
  }
}

// MARK: - The request target

extension HTTPRequestBuilder {
  /// The path of a request target in absolute form ("http://host:8080/api/ping", which a
  /// server must accept, RFC 9112 3.2.2, and libmicrohttpd passes on as it came): "/api/ping".
  /// Any other target is kept as it is.
  static func originForm(_ target: String) -> String {
    let lowered = target.prefix(8).lowercased()
    guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else { return target }
    let authorityAndPath = target.dropFirst(scheme.count)
    guard let slash = authorityAndPath.firstIndex(of: "/") else { return "/" }
    return String(authorityAndPath[slash...])
  }
}

// MARK: - Reading libmicrohttpd's key-value lists

extension HTTPRequestBuilder {
  /// A connection's headers (names lower-cased) or query arguments; a name given twice has its
  /// values joined by `separator`, or keeps the last when nil. Not UTF-8: U+FFFD.
  private static func values(of connection: OpaquePointer, kind: MHD_ValueKind, joining separator: String?)
    -> [String: String]
  {
    var pairs: [(String, String)] = []
    _ = withUnsafeMutablePointer(to: &pairs) { pairsPointer in
      MHD_get_connection_values_n(
        connection, kind,
        { context, _, key, keySize, value, valueSize in
          guard let context, let key else { return .YES }
          let pairs = context.assumingMemoryBound(to: [(String, String)].self)
          pairs.pointee.append(
            (HTTPRequestBuilder.text(key, keySize), value.map { HTTPRequestBuilder.text($0, valueSize) } ?? ""))
          return .YES
        }, pairsPointer)
    }
    let lowerCased = kind == .HEADER_KIND
    return Dictionary(pairs.map { (lowerCased ? $0.0.lowercased() : $0.0, $0.1) }) { first, second in
      separator.map { first + $0 + second } ?? second
    }
  }

  fileprivate static func text(_ pointer: UnsafePointer<CChar>, _ count: Int) -> String {
    pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
  }
}

/// A socket address as text: "127.0.0.1", "::1"; an IPv4-mapped IPv6 address as IPv4.
enum ClientAddress {
  static func text(of address: UnsafePointer<sockaddr>?) -> String {
    guard let address else { return "" }
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      var ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
      guard inet_ntop(AF_INET, &ipv4, &buffer, socklen_t(buffer.count)) != nil else { return "" }
    case AF_INET6:
      var ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
      guard inet_ntop(AF_INET6, &ipv6, &buffer, socklen_t(buffer.count)) != nil else { return "" }
    default:
      return ""
    }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let mapped = "::ffff:"
    if text.hasPrefix(mapped), text.contains(".") { return String(text.dropFirst(mapped.count)) }
    return text
  }
}
