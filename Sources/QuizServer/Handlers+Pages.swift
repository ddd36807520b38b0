import HTTP
import QuizDomain
import QuizRepository

// MARK: - The pages: plain forms, post/redirect/get

extension ServerState {
  /// `/static/quiz.css`, `quiz.js`, `monitor.js`.
  static func staticAsset(_ name: String) throws -> HTTPResponse {
    guard let file = StaticAssets.files["/static/" + name] else { throw RouteError.notFound("there is no such file") }
    return HTTPResponse(
      status: .ok, headers: [("Content-Type", file.contentType), ("Cache-Control", "public, max-age=3600")],
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
    return Responses.page(MonitorPage.render(rows: rows, token: monitorToken))
  }
}

// MARK: - Page replies

extension Responses {
  /// A page; one that shows images from elsewhere (a question's `https://` image, which the
  /// sanitiser keeps) gets a policy that lets those origins' images show, and no other.
  static func page(_ html: String, status: HTTPStatus = .ok, headers: [(name: String, value: String)] = [])
    -> HTTPResponse
  {
    var pageHeaders: [(name: String, value: String)] = [("Content-Type", "text/html; charset=utf-8")]
    let origins = Responses.imageOrigins(in: html)
    if !origins.isEmpty { pageHeaders.append(("Content-Security-Policy", Responses.policy(imageOrigins: origins))) }
    return HTTPResponse(status: status, headers: pageHeaders + headers, body: Array(html.utf8))
  }

  /// 303 See Other: after a POST, the browser GETs `location` (a reload does not post again).
  static func seeOther(_ location: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
    HTTPResponse(status: 303, headers: [("Location", location)] + headers)
  }
}
