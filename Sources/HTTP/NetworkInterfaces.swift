import Glibc

/// The addresses this machine is reached at over the network: what a server listening on every
/// interface ("0.0.0.0", "::") tells its users to open, since "0.0.0.0" is no address a browser
/// can reach.
public enum NetworkInterfaces {
  /// The numeric addresses of the interfaces that are up, loopback left out, IPv4 before IPv6,
  /// each once, in the order the system lists them. IPv6 ones only `includingIPv6` (a server
  /// on "::"), and never link-local ones (fe80::/10), which need the interface's name to reach.
  public static func addresses(includingIPv6: Bool) -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return [] }
    defer { freeifaddrs(list) }
    var ipv4: [String] = []
    var ipv6: [String] = []
    for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
      let flags = Int(entry.pointee.ifa_flags)
      guard let address = entry.pointee.ifa_addr, flags & IFF_UP != 0,
        flags & IFF_LOOPBACK == 0
      else { continue }
      switch Int32(address.pointee.sa_family) {
      case AF_INET:
        if let text = numericHost(address, length: MemoryLayout<sockaddr_in>.size), !ipv4.contains(text) {
          ipv4.append(text)
        }
      case AF_INET6 where includingIPv6:
        if let text = numericHost(address, length: MemoryLayout<sockaddr_in6>.size), !isLinkLocal(text),
          !ipv6.contains(text)
        {
          ipv6.append(text)
        }
      default: continue
      }
    }
    return ipv4 + ipv6
  }

  private static func numericHost(_ address: UnsafeMutablePointer<sockaddr>, length: Int) -> String? {
    var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
    let status = getnameinfo(
      address, socklen_t(length), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
    guard status == 0 else { return nil }
    return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// fe80::/10: fe80 to febf.
  private static func isLinkLocal(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return ["fe8", "fe9", "fea", "feb"].contains { lowered.hasPrefix($0) }
  }
}
