import HTTP

// MARK: - The route table

extension ServerState {
  /// Every route the server answers: the JSON API under `/api/`, then the pages. A route is
  /// added here and nowhere else; dispatch, HEAD and 405 come from this list.
  static let table = RouteTable(routes: [
    // The API (docs/serve-api.md).
    Route(.get, "/api/ping") { _, _, _ in pong },
    // A PUT's body was read (up to the 64 KiB limit) and is ignored: the HTTP floor of a PUT.
    Route(.put, "/api/ping") { _, _, _ in pong },
    Route(.get, "/api/quizzes") { routes, _, _ in try routes.listQuizzes() },
    Route(.post, "/api/attempts") { routes, request, _ in
      try requireJSON(request)
      return try routes.signInAPI(request)
    },
    Route(.get, "/api/attempts/:token") { routes, request, path in try routes.attemptState(try path.token(), request) },
    Route(.put, "/api/attempts/:token/answers/:question") { routes, request, path in
      let token = try path.token()
      try requireJSON(request)
      return try routes.saveAnswer(token, question: path["question"], request)
    },
    Route(.post, "/api/attempts/:token/submit") { routes, _, path in try routes.submit(try path.token()) },
    Route(.get, "/api/monitor/events") { routes, request, _ in try routes.monitorEvents(request) },
    // The pages: plain forms, post/redirect/get.
    Route(.get, "/") { routes, request, _ in try routes.signInPage(request) },
    Route(.get, "/quiz/:quiz") { routes, request, _ in try routes.signInPage(request) },
    Route(.post, "/sign-in") { routes, request, _ in try routes.signInForm(request) },
    Route(.get, "/attempt") { routes, request, _ in try routes.attemptPage(request) },
    Route(.post, "/answer") { routes, request, _ in try routes.answerForm(request) },
    Route(.post, "/next") { routes, request, _ in try routes.nextForm(request) },
    Route(.post, "/submit") { routes, request, _ in try routes.submitForm(request) },
    Route(.get, "/review") { routes, request, _ in try routes.reviewPage(request) },
    Route(.post, "/sign-out") { routes, request, _ in try routes.signOutForm(request) },
    Route(.get, "/monitor") { routes, request, _ in try routes.monitorPage(request) },
    Route(.get, "/static/:file") { _, _, path in try staticAsset(path["file"]) },
  ])

  static let pong = Responses.json(PongJSON())

  /// The route's answer. An error under `/api/` is JSON; elsewhere a page (HTML) with the
  /// status the API would give.
  func route(_ request: HTTPRequest) throws -> HTTPResponse {
    let isAPI = request.path == "/api" || request.path.hasPrefix("/api/")
    do {
      switch Self.table.resolve(request.httpMethod, request.path) {
      case .found(let route, let parameters): return try route.handler(self, request, parameters)
      case .methodNotAllowed(let allow): throw RouteError.methodNotAllowed(request, allow: allow)
      case .notFound: throw RouteError.notFound(isAPI ? "no such route" : "there is no such page")
      }
    } catch {
      guard !isAPI, let known = RouteError.from(error) else { throw error }
      var response = Responses.page(MessagePage.render(.error(known.message)), status: known.status)
      response.headers += known.headers
      return response
    }
  }
}
