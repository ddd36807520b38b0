import CMicroHTTPD
import Glibc

// MARK: - Starting libmicrohttpd

extension HTTPServer {
  static func startDaemon(
    _ configuration: HTTPServerConfiguration, address: ListenAddress, tls: TLSMemory, core: HTTPServerCore
  ) throws -> Daemon {
    var storage = address.storage
    let started = withUnsafeMutablePointer(to: &storage) { storage in
      storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        var options = configuration.options(address: socketAddress, tls: tls)
        return quiz_mhd_start_daemon(
          configuration.flags(address), 0, accessHandler, core.unretained, requestCompleted, core.unretained,
          connectionNotified, core.unretained, unescaper, logger, core.unretained, &options)
      }
    }
    let messages = core.endStartMessages()
    guard let started else { throw startFailure(configuration, address: address, messages: messages) }
    return Daemon(pointer: started)
  }

  private static func startFailure(
    _ configuration: HTTPServerConfiguration, address: ListenAddress, messages: [String]
  ) -> HTTPError {
    var reason = messages.last ?? String(cString: strerror(errno))
    // "Failed to bind to port 0: Address already in use": the port is given in the socket
    // address, not as libmicrohttpd's port argument, which is 0; the address says which.
    if reason.hasPrefix("Failed to bind"), let colon = reason.lastIndex(of: ":") {
      reason = String(reason[reason.index(after: colon)...].drop { $0 == " " })
    }
    let mentionsTLS = messages.contains { message in
      ["tls", "x509", "certificate", "key"].contains { message.lowercased().contains($0) }
    }
    if configuration.isTLS, mentionsTLS {
      return HTTPError(.invalidTLS, "invalid TLS certificate or key: \(messages.joined(separator: "; "))")
    }
    return HTTPError(.cannotListen, "cannot listen on \(address.description): \(reason)")
  }
}

// MARK: - Flags and options

extension HTTPServerConfiguration {
  func flags(_ address: ListenAddress) -> UInt32 {
    // poll(), not epoll: a deferred reply suspends its connection and resumes it, which under
    // epoll takes it out of the kernel's interest list and puts it back, two epoll_ctl calls per
    // answer saved (about 7 µs of a save's server time in `bench-serve-throughput.py`). A pool
    // thread's poll covers its share of the connections (a class's worth, not thousands).
    var flags =
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue | MHD_USE_ERROR_LOG.rawValue
      | MHD_ALLOW_SUSPEND_RESUME.rawValue
    if isTLS { flags |= MHD_USE_TLS.rawValue }
    if address.isIPv6 { flags |= address.isAnyAddress ? MHD_USE_DUAL_STACK.rawValue : MHD_USE_IPv6.rawValue }
    return flags
  }

  /// The options besides the callbacks, ending with .END; the pointers must stay
  /// valid while the daemon starts.
  func options(address: UnsafeMutablePointer<sockaddr>, tls: TLSMemory) -> [MHD_OptionItem] {
    var options = [
      MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(address)),
      MHD_OptionItem(option: .CONNECTION_LIMIT, value: connectionLimit, ptr_value: nil),
      MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: connectionTimeoutSeconds, ptr_value: nil),
    ]
    if threads > 1 {
      options.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: threads, ptr_value: nil))
    }
    if perClientConnectionLimit > 0 {
      options.append(
        MHD_OptionItem(option: .PER_IP_CONNECTION_LIMIT, value: perClientConnectionLimit, ptr_value: nil))
    }
    if let certificate = tls.certificate, let key = tls.key {
      options.append(MHD_OptionItem(option: .HTTPS_MEM_CERT, value: 0, ptr_value: certificate))
      options.append(MHD_OptionItem(option: .HTTPS_MEM_KEY, value: 0, ptr_value: key))
    }
    options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
    return options
  }

  /// Descriptors for the process's other files beside the connections: 128, and for each
  /// thread its event descriptors and a database connection's files (the file, its log, its
  /// shared memory), with room to spare.
  var reservedDescriptors: Int { 128 + 8 * threads }

  /// Raises the soft limit on open files (`ulimit -n`, often 1024) to hold `connectionLimit`
  /// connections and the reserve, as far as the hard limit allows; beyond it, an error saying
  /// how many connections fit.
  func ensureFileDescriptors() throws {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    let needed = rlim_t(connectionLimit + reservedDescriptors)
    guard limit.rlim_cur < needed else { return }
    guard limit.rlim_max >= needed else {
      let fitting = max(0, Int(limit.rlim_max) - reservedDescriptors)
      throw HTTPError(
        .invalidConfiguration,
        "\(connectionLimit) connections need \(needed) open files, and this process may open \(limit.rlim_max) "
          + "(ulimit -Hn): lower the connection limit to at most \(fitting), or raise that limit")
    }
    limit.rlim_cur = needed
    guard setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
      throw HTTPError(
        .invalidConfiguration, "could not raise the open-file limit to \(needed): \(String(cString: strerror(errno)))")
    }
  }

  func validate() throws {
    func check(_ valid: Bool, _ what: String) throws {
      if !valid { throw HTTPError(.invalidConfiguration, "invalid HTTP server configuration: \(what)") }
    }
    try check((1...1024).contains(threads), "threads must be 1 to 1024, not \(threads)")
    try check(connectionLimit >= 1, "the connection limit must be at least 1, not \(connectionLimit)")
    try check(perClientConnectionLimit >= 0, "the per-client connection limit must not be negative")
    try check(connectionTimeoutSeconds >= 0, "the connection timeout must not be negative")
    try check(requestDeadlineSeconds >= 0, "the request deadline must not be negative")
    try check(maxBodyBytes >= 0, "the largest body must not be negative")
    if MHD_is_feature_supported(.FEATURE_POLL) != .YES {
      throw HTTPError(.invalidConfiguration, "this libmicrohttpd was built without poll(), which quiz serve uses")
    }
    guard isTLS else { return }
    if tlsCertificatePEM == nil || tlsKeyPEM == nil {
      throw HTTPError(
        .invalidTLS,
        "TLS needs both a certificate and a key; only the \(tlsKeyPEM == nil ? "certificate" : "key") was given")
    }
    if MHD_is_feature_supported(.FEATURE_TLS) != .YES {
      throw HTTPError(.invalidTLS, "this libmicrohttpd was built without TLS")
    }
  }
}
