import HTTP
import Locking
import QuizDomain
import QuizRepository

/// What every route shares: the configuration, the connection pool, the sign-in limits and
/// the monitor. One value, called from every thread of the HTTP server's pool.
final class ServerState: Sendable {
  let configuration: QuizServerConfiguration
  let pool: ConnectionPool
  let limits = SignInLimits()
  /// The attempts whose page used the grace after their deadline (`PageNavigation.timeUpGrace`):
  /// one page's answer each, so that a script posting every question at once past the deadline
  /// saves one, as one page would. Each attempt's gate is held while its grace page is saved.
  let timeUpGraces = Locked<[String: Locked<Bool>]>([:])
  let monitorToken: String
  let monitor: MonitorFeed

  init(configuration: QuizServerConfiguration, pool: ConnectionPool, monitor: MonitorFeed, monitorToken: String) {
    self.configuration = configuration
    self.pool = pool
    self.monitor = monitor
    self.monitorToken = monitorToken
  }

  /// The HTTP server's handler: every response with the security headers; an error that is
  /// the server's own fault logged and answered 500 without its details. A deferred response
  /// (an answer save) goes out as it is: its reply is answered through `respond` later.
  func handle(_ request: HTTPRequest) -> HTTPResponse {
    respond(to: request, Result { try route(request) })
  }

  /// What the client gets for a route's outcome.
  func respond(to request: HTTPRequest, _ outcome: Result<HTTPResponse, any Error>) -> HTTPResponse {
    do {
      let response = try outcome.get()
      if response.isDeferred { return response }
      return Responses.secured(response, cacheable: request.path.hasPrefix("/static/"))
    } catch {
      if let known = RouteError.from(error) {
        if known.status >= 500 { configuration.log("\(request.method) \(Tokens.redacted(request.path)): \(error)") }
        return Responses.secured(known.response)
      }
      configuration.log("\(request.method) \(Tokens.redacted(request.path)): \(error)")
      return Responses.secured(Responses.error(500, "the server could not do that; try again"))
    }
  }

  /// 415 unless the body is declared JSON. A page of another site can post a form or plain
  /// text across sites without asking (a "simple" request), but not JSON: requiring the type
  /// keeps such pages from starting attempts or saving answers through the API.
  static func requireJSON(_ request: HTTPRequest) throws {
    let type = request.header("content-type")?.split(separator: ";").first.map {
      $0.filter { $0 != " " && $0 != "\t" }.lowercased()
    }
    guard type == "application/json" else {
      throw RouteError(status: 415, message: "the body must be JSON, sent with Content-Type: application/json")
    }
  }

  /// Whether attempts show their resume code: without a roster, where a name alone resumes
  /// nothing (with one, the roster code does).
  var showsResumeCodes: Bool { configuration.roster == nil }

  /// Whether `quiz` is one this server serves.
  func isServed(_ quiz: String) -> Bool {
    ServedAttempt.isServed(quiz, by: configuration.quizzes)
  }

  /// What an open attempt's pages and replies reveal: the server's `--reveal`, except that an
  /// attempt that locks its answers (signed in under `each`, whose taker may have seen right
  /// answers) is still taken under `each` on a server revealing at the end, its saved answers
  /// shown locked, as revealed. A server revealing nothing reveals nothing; such an attempt's
  /// saved answers stay locked all the same.
  func reveal(for attempt: ServedAttempt) -> RevealPolicy {
    attempt.locksAnswers && configuration.reveal == .end ? .each : configuration.reveal
  }

  /// `attempt`, about to be shown by this server in reply to `request`, as its taker is sent
  /// it: choices named by their shown positions (`ServedAttempt.withShownChoiceIDs`). Revealing
  /// each answer, the server first makes an open attempt lock its answers (what it shows
  /// reveals them), so that no server serving it later lets them change, and shows it as it is
  /// then. Once per attempt; not for HEAD, which shows nothing.
  func shownHere(_ attempt: ServedAttempt, for request: HTTPRequest) throws -> ServedAttempt {
    var attempt = attempt
    if attempt.deadline == nil, attempt.submitted == nil, let limit = configuration.timeLimit, request.method != "HEAD"
    {
      // Begun on a server without a time limit: this one's limit holds from now.
      attempt =
        try pool.with { try $0.limitServedAttempt(token: attempt.token, timeLimit: limit, now: Clock.now) }
        ?? attempt
    }
    guard configuration.reveal == .each, !attempt.locksAnswers, attempt.submitted == nil, request.method != "HEAD"
    else { return attempt.withShownChoiceIDs() }
    let locked = try pool.with { try $0.lockServedAnswers(token: attempt.token, now: Clock.now) }
    return (locked ?? attempt).withShownChoiceIDs()
  }
}
