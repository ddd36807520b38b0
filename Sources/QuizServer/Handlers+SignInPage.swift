import HTTP
import QuizDomain
import QuizRepository

// MARK: - The sign-in page

extension ServerState {
  /// `GET /` (every served quiz) or `GET /quiz/ID` (that one): the sign-in form, with a CSRF
  /// token in a cookie and in the form.
  func signInPage(_ request: HTTPRequest) throws -> HTTPResponse {
    let csrf = PageCookies.token(PageCookies.signIn, of: request) ?? RandomToken.make()
    var view = try signInView(request, csrf: csrf)
    if request.path.hasPrefix("/quiz/") {
      let id = String(request.path.dropFirst("/quiz/".count))
      guard let quiz = view.quizzes.first(where: { $0.id == id }) else {
        throw RouteError.from(ServedAttemptError.unknownQuiz(id))
      }
      view.fixedQuiz = quiz
      view.action = "/sign-in"
    }
    return Responses.page(
      SignInPage.render(view), headers: [PageCookies.set(PageCookies.signIn, csrf, secure: request.isTLS)])
  }

  /// `POST /sign-in` (`quiz`, `taker`, `code`, `csrf`): on success the attempt's cookie and a
  /// redirect to its question; on a refusal the form again, with why.
  func signInForm(_ request: HTTPRequest) throws -> HTTPResponse {
    let form = request.form
    try PageCookies.checkCSRF(request, expected: PageCookies.token(PageCookies.signIn, of: request))
    let outcome: ServedSignIn
    do {
      outcome = try signIn(
        quiz: form["quiz"] ?? "", taker: form["taker"] ?? "", code: form["code"], resumeCode: form["resume"],
        cookieToken: PageCookies.token(PageCookies.attempt, of: request), client: request.clientAddress)
    } catch {
      guard let refusal = RouteError.from(error) else { throw error }
      return try signInRefused(request, refusal, taker: form["taker"] ?? "")
    }
    switch outcome {
    case .started(let attempt), .resumed(let attempt):
      return Responses.seeOther(
        "/attempt", headers: [PageCookies.set(PageCookies.attempt, attempt.token, secure: request.isTLS)])
    case .submitted(let attempt):
      let view = MessageView.submitted(attempt, link: (href: "/", label: "Back to the start"))
      return Responses.page(MessagePage.render(view), status: 409)
    }
  }

  /// The sign-in form again with the refusal's words, status and headers (Retry-After).
  private func signInRefused(_ request: HTTPRequest, _ refusal: RouteError, taker: String) throws -> HTTPResponse {
    let csrf = PageCookies.token(PageCookies.signIn, of: request) ?? RandomToken.make()
    var view = try signInView(request, csrf: csrf)
    view.error = refusal.message.hasPrefix("$.taker: ") ? String(refusal.message.dropFirst(9)) : refusal.message
    view.taker = taker
    return Responses.page(SignInPage.render(view), status: refusal.status, headers: refusal.headers)
  }

  private func signInView(_ request: HTTPRequest, csrf: String) throws -> SignInView {
    let quizzes = try pool.with { repository in
      try repository.read { repository in
        try (configuration.quizzes ?? repository.quizIDs()).compactMap { try repository.storedQuiz($0)?.quiz }
      }
    }
    return SignInView(
      quizzes: quizzes.map { SignInView.QuizOption(id: $0.id, title: $0.title) },
      usesRoster: configuration.roster != nil, csrf: csrf)
  }
}
