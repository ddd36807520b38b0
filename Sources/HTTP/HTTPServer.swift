import CMicroHTTPD
import Glibc
import Locking

/// An HTTP/1.1 server on libmicrohttpd: a pool of threads, each serving many connections, calls
/// the handler concurrently with whole requests.
public final class HTTPServer: Sendable {
  private let core: HTTPServerCore
  private let daemon: Locked<Daemon?>
  private let watcher: HTTPWatcher
  private let tlsMemory: TLSMemory
  /// The bound port (the one chosen when the configuration asked for port 0).
  public let port: UInt16

  struct Daemon: @unchecked Sendable { let pointer: OpaquePointer }

  /// Starts listening; throws `HTTPError` naming what failed (the address, the TLS key).
  public init(
    _ configuration: HTTPServerConfiguration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws {
    try configuration.validate()
    try configuration.ensureFileDescriptors()
    let address = try ListenAddress(host: configuration.host, port: configuration.port)
    core = HTTPServerCore(configuration: configuration, handler: handler)
    tlsMemory = TLSMemory(certificate: configuration.tlsCertificatePEM, key: configuration.tlsKeyPEM)
    let started = try Self.startDaemon(configuration, address: address, tls: tlsMemory, core: core)
    let bound = quiz_mhd_bound_port(started.pointer)
    port = bound == 0 ? configuration.port : bound
    daemon = Locked(started)
    watcher = HTTPWatcher(core: core)
    watcher.start()
  }

  deinit { stop() }

  /// Stops accepting connections, ends open event streams, lets the requests in flight finish
  /// (up to `stopGraceSeconds`), then stops. Calling it again does nothing.
  public func stop() {
    guard let daemon = daemon.withLock({ $0.take() }) else { return }
    // The listening socket is handed back and becomes ours to close, after MHD_stop_daemon.
    let listening = MHD_quiesce_daemon(daemon.pointer)
    for stream in core.beginStopping() { stream.close() }
    _ = core.waitForRequests(seconds: core.configuration.stopGraceSeconds)
    // A reply still not given after the grace: its client is told to try again, so that no
    // connection is left suspended (libmicrohttpd aborts when it stops with one). From here
    // on a handler that defers is answered so at once.
    let unanswered = core.closeReplies()
    let stopped = core.configuration.stoppedBeforeReplying
    for slot in unanswered { slot.fill { stopped } }
    for slot in unanswered { slot.waitUntilResumed(seconds: 2) }
    if !unanswered.isEmpty { _ = core.waitForRequests(seconds: 1) }
    watcher.stop()
    // libmicrohttpd must not be stopped with a connection suspended.
    for stream in core.openStreams() { stream.abandon() }
    MHD_stop_daemon(daemon.pointer)
    if listening >= 0 { Glibc.close(listening) }
  }
}

/// Copies of the PEM texts for libmicrohttpd, which keeps their addresses.
final class TLSMemory: @unchecked Sendable {
  let certificate: UnsafeMutablePointer<CChar>?
  let key: UnsafeMutablePointer<CChar>?

  init(certificate: String?, key: String?) {
    self.certificate = certificate.flatMap { strdup($0) }
    self.key = key.flatMap { strdup($0) }
  }

  deinit {
    free(certificate)
    free(key)
  }
}
