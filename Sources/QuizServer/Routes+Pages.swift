import HTTP
import QuizDomain
import QuizRepository

// MARK: - The pages: plain forms, post/redirect/get

extension Routes {
  /// The browser's routes. Errors are pages (HTML) with the status the API would give.
  func routePage(_ request: HTTPRequest) throws -> HTTPResponse {
    do {
      return try pageRoute(request)
    } catch {
      guard let known = RouteError.from(error) else { throw error }
      var response = Reply.page(MessagePage.render(.error(known.message)), status: known.status)
      response.headers += known.headers
      return response
    }
  }

  private func pageRoute(_ request: HTTPRequest) throws -> HTTPResponse {
    if request.path.hasPrefix("/static/") { return try staticAsset(request) }
    switch (request.routedMethod, request.path) {
    case ("GET", "/"): return try signInPage(request)
    case ("POST", "/sign-in"): return try signInForm(request)
    case ("GET", "/attempt"): return try attemptPage(request)
    case ("POST", "/answer"): return try answerForm(request)
    case ("POST", "/next"): return try nextForm(request)
    case ("POST", "/submit"): return try submitForm(request)
    case ("GET", "/review"): return try reviewPage(request)
    case ("POST", "/sign-out"): return try signOutForm(request)
    case ("GET", "/monitor"): return try monitorPage(request)
    case (_, "/"): throw RouteError.methodNotAllowed(request, allow: "GET, HEAD")
    case (_, "/sign-in"), (_, "/answer"), (_, "/next"), (_, "/submit"), (_, "/sign-out"):
      throw RouteError.methodNotAllowed(request, allow: "POST")
    case (_, "/attempt"), (_, "/review"), (_, "/monitor"):
      throw RouteError.methodNotAllowed(request, allow: "GET, HEAD")
    default:
      if request.routedMethod == "GET", request.path.hasPrefix("/quiz/") { return try signInPage(request) }
      throw RouteError.notFound("there is no such page")
    }
  }

  /// `/static/quiz.css`, `quiz.js`, `monitor.js`.
  func staticAsset(_ request: HTTPRequest) throws -> HTTPResponse {
    guard request.routedMethod == "GET" else {
      throw RouteError.methodNotAllowed(request, allow: "GET, HEAD")
    }
    guard let file = StaticAssets.files[request.path] else { throw RouteError.notFound("there is no such file") }
    return HTTPResponse(
      status: 200, headers: [("Content-Type", file.contentType), ("Cache-Control", "public, max-age=3600")],
      body: Array(file.body.utf8))
  }

  /// `GET /monitor?token=`: the teacher's live table, drawn now and kept up to date by its script.
  func monitorPage(_ request: HTTPRequest) throws -> HTTPResponse {
    try checkMonitorToken(request)
    let summaries = try pool.with { try $0.servedAttemptSummaries(quizzes: configuration.quizzes) }
    let now = Clock.unixSeconds
    let rows = summaries.sorted { ($0.quiz, $0.taker) < ($1.quiz, $1.taker) }.map { summary in
      MonitorRow(
        quiz: summary.quiz, taker: summary.taker, answered: summary.answered, questions: summary.questions,
        score: summary.score, maxScore: summary.maxScore,
        secondsLeft: summary.deadline.map { Int(($0.unixSeconds - now).rounded(.down)) }, submitted: summary.submitted)
    }
    return Reply.page(MonitorPage.render(rows: rows, token: monitorToken))
  }
}

// MARK: - Page replies

extension Reply {
  /// A page; one that shows images from elsewhere (a question's `https://` image, which the
  /// sanitiser keeps) gets a policy that lets those origins' images show, and no other.
  static func page(_ html: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
    var pageHeaders: [(name: String, value: String)] = [("Content-Type", "text/html; charset=utf-8")]
    let origins = Reply.imageOrigins(in: html)
    if !origins.isEmpty { pageHeaders.append(("Content-Security-Policy", Reply.policy(imageOrigins: origins))) }
    return HTTPResponse(status: status, headers: pageHeaders + headers, body: Array(html.utf8))
  }

  /// 303 See Other: after a POST, the browser GETs `location` (a reload does not post again).
  static func seeOther(_ location: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
    HTTPResponse(status: 303, headers: [("Location", location)] + headers)
  }
}
