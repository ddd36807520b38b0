import Glibc

/// The socket address to bind, resolved from the configured host (a literal or a name).
struct ListenAddress: CustomStringConvertible {
  var storage = sockaddr_storage()
  let isIPv6: Bool
  /// "::" (or "0.0.0.0"): every interface.
  let isAnyAddress: Bool
  let description: String  // "127.0.0.1:8080", "[::1]:8080"

  init(host: String, port: UInt16) throws {
    let shown = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var result: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &result)
    defer { if let result { freeaddrinfo(result) } }
    guard status == 0, let first = result, let address = first.pointee.ai_addr else {
      throw HTTPError(.cannotListen, "cannot listen on \(shown): \(String(cString: gai_strerror(status)))")
    }
    withUnsafeMutableBytes(of: &storage) { storage in
      storage.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(first.pointee.ai_addrlen)))
    }
    isIPv6 = first.pointee.ai_family == AF_INET6
    isAnyAddress = host == "::" || host == "0.0.0.0"
    description = shown
  }
}
