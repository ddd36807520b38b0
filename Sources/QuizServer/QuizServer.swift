import HTTP
import QuizDomain
import QuizRepository
import Synchronization

/// `quiz serve`: takers answer in a browser or any HTTP client while their attempts land in
/// the database; the teacher watches on the monitor page. Starts listening on `init`; `stop()`
/// lets the requests in flight finish, then ends the poller and the sweeper.
public final class QuizServer: Sendable {
  public let configuration: QuizServerConfiguration
  /// The monitor's secret: 128 random bits.
  public let monitorToken: String
  let state: ServerState
  let http: HTTPServer
  let poller: LoopThread
  let sweeper: LoopThread
  let checkpointer: LoopThread

  public init(_ configuration: QuizServerConfiguration) throws {
    var configuration = configuration
    configuration.threads = max(1, min(configuration.threads, 256))
    let pool = try ConnectionPool(path: configuration.databasePath, maxIdle: configuration.threads + 2)
    // Whatever fails from here on, the pool's committer thread and writer go with it.
    let started: (HTTPServer, MonitorFeed, ServerState, PooledConnection)
    do {
      try pool.with { repository in try Self.checkServable(configuration, repository) }
      let monitor = try MonitorFeed(
        databasePath: configuration.databasePath, quizzes: configuration.quizzes, log: configuration.log)
      let checkpointing = try ConnectionPool.openConnection(configuration.databasePath)
      let state = ServerState(
        configuration: configuration, pool: pool, monitor: monitor, monitorToken: RandomToken.make())
      let http = try HTTPServer(Self.httpConfiguration(configuration)) { state.handle($0) }
      started = (http, monitor, state, checkpointing)
    } catch let error as HTTPError where error.kind == .invalidTLS {
      pool.drain()
      throw QuizServerError.invalidTLS(error.description)
    } catch {
      pool.drain()
      throw error
    }
    let (http, monitor, state, checkpointing) = started
    self.configuration = configuration
    self.state = state
    self.http = http
    monitorToken = state.monitorToken
    poller = LoopThread(name: "serve monitor", interval: MonitorFeed.pollInterval) { monitor.poll() }
    let log = configuration.log
    sweeper = LoopThread(name: "serve deadlines", interval: 1) { Self.sweep(pool, log: log) }
    checkpointer = LoopThread(name: "serve checkpts", interval: Self.checkpointInterval) {
      Self.checkpoint(checkpointing, log: log)
    }
  }

  /// How often the write-ahead log is copied back (the writer's commits do not: see
  /// `QuizRepository.shareServedWrites`). At thousands of saves a second the log grows by a few
  /// megabytes meanwhile.
  static let checkpointInterval = 0.25

  /// The bound port (the one picked when 0 was asked for).
  public var port: UInt16 { http.port }

  /// Where takers go: `http://HOST:PORT/`. Listening on every interface ("0.0.0.0", "::"), one
  /// address for each of the machine's network addresses (the loopback address when it has
  /// none): "0.0.0.0" is nowhere a browser can go.
  public var takersURLs: [String] { hostsForURLs.map { "\(scheme)://\($0):\(port)/" } }

  /// The first of `takersURLs`.
  public var takersURL: String { takersURLs.first ?? "" }

  /// The teacher's live page, holding the monitor token, at the first of the takers' addresses.
  public var monitorURL: String { takersURL + "monitor?token=\(monitorToken)" }

  var scheme: String { configuration.usesTLS ? "https" : "http" }

  /// The hosts of the addresses printed, IPv6 ones in brackets.
  var hostsForURLs: [String] {
    let host = configuration.host
    var hosts = [host]
    if host == "0.0.0.0" || host == "::" {
      let found = NetworkInterfaces.addresses(includingIPv6: host == "::")
      hosts = found.isEmpty ? [host == "::" ? "::1" : "127.0.0.1"] : found
    }
    return hosts.map { $0.contains(":") ? "[\($0)]" : $0 }
  }

  /// Stops accepting, lets the requests in flight finish (each answer they save is committed
  /// or not begun), then stops the poller and the sweeper and closes the event streams.
  public func stop() {
    state.monitor.closeAll()
    http.stop()
    poller.stop()
    sweeper.stop()
    state.pool.drain()
    checkpointer.stop()
  }

  static func httpConfiguration(_ configuration: QuizServerConfiguration) -> HTTPServerConfiguration {
    var http = HTTPServerConfiguration()
    http.host = configuration.host
    http.port = configuration.port
    http.threads = configuration.threads
    http.perClientConnectionLimit = configuration.clientConnectionLimit
    http.connectionLimit = configuration.connectionLimit
    http.maxBodyBytes = 65_536
    // The pages' forms get a page, as every refusal of theirs; the API its JSON error.
    let tooLargeJSON = Responses.secured(Responses.error(413, "the request body is larger than 64 KiB"))
    let tooLargePage = Responses.secured(
      Responses.page(
        MessagePage.render(
          MessageView(
            title: "Too long",
            message: "What you sent is larger than 64 KiB, so it was not saved. Go back and shorten it.",
            link: (href: "/attempt", label: "Back to the quiz"))), status: 413))
    http.bodyTooLarge = { path in path == "/api" || path.hasPrefix("/api/") ? tooLargeJSON : tooLargePage }
    http.stoppedBeforeReplying = Responses.secured(
      Responses.error(
        503, "the server is stopping and could not confirm the save: it may not have been made; send the answer again",
        headers: [("Retry-After", "1")]))
    http.tlsCertificatePEM = configuration.tlsCertificatePEM
    http.tlsKeyPEM = configuration.tlsKeyPEM
    return http
  }

  /// The database must be writable and every named quiz must exist.
  static func checkServable(_ configuration: QuizServerConfiguration, _ repository: QuizRepository) throws {
    guard !repository.isReadOnly else { throw QuizServerError.readOnlyDatabase(path: repository.path) }
    for quiz in configuration.quizzes ?? [] { _ = try repository.requireQuiz(quiz) }
  }

  static func checkpoint(_ connection: PooledConnection, log: @Sendable (String) -> Void) {
    do {
      try connection.repository.checkpointWriteAheadLog()
    } catch {
      log("checkpoint: the write-ahead log could not be copied back: \(error)")
    }
  }

  /// Submits the attempts whose deadline passed, with what they saved.
  static func sweep(_ pool: ConnectionPool, log: @Sendable (String) -> Void) {
    do {
      _ = try pool.with { try $0.submitExpiredServedAttempts(now: Clock.now, grace: PageNavigation.timeUpGrace) }
    } catch {
      log("deadlines: expired attempts could not be submitted: \(error)")
    }
  }
}

/// Why a server could not start.
public enum QuizServerError: Error, Equatable, Sendable, CustomStringConvertible {
  case readOnlyDatabase(path: String)
  /// The TLS certificate and key cannot be used (not a pair, an encrypted key, …): what
  /// libmicrohttpd and GnuTLS said.
  case invalidTLS(String)

  public var description: String {
    switch self {
    case .readOnlyDatabase(let path): "the database \(path) is read-only: answers could not be saved"
    case .invalidTLS(let message): message
    }
  }
}
