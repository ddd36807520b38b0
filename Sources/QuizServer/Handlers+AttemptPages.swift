import HTTP
import Locking
import QuizDomain
import QuizRepository

// MARK: - The attempt's pages: a question per page, the answer form, the submit, the review

extension ServerState {
  /// `GET /attempt` (the question after the last answered) or `/attempt?q=N`.
  func attemptPage(_ request: HTTPRequest) throws -> HTTPResponse {
    guard let attempt = try pageAttempt(request) else { return Responses.seeOther("/") }
    if attempt.submitted != nil { return Responses.seeOther("/review") }
    if let deadline = attempt.deadline, deadline.unixSeconds <= Clock.unixSeconds {
      _ = try pool.with {
        try $0.submitServedAttempt(token: attempt.token, now: Clock.now, quizzes: configuration.quizzes)
      }
      return Responses.seeOther("/review")
    }
    guard !attempt.questions.isEmpty else { throw RouteError.notFound("this attempt has no questions") }
    var index = PageViews.currentIndex(attempt)
    if let asked = request.query["q"] {
      guard let number = Int(asked), attempt.questions.indices.contains(number - 1) else {
        throw RouteError.notFound("this attempt has no question \(asked)")
      }
      index = number - 1
    }
    let view = PageViews.question(
      attempt, at: index, reveal: reveal(for: attempt), now: Clock.unixSeconds,
      showsResumeCode: showsResumeCodes)
    return Responses.page(QuestionPage.render(view))
  }

  /// `POST /answer` (`question`, `csrf`, the kind's fields, and `go`: `PageNavigation`): saved,
  /// then the page the button asked for. Submit (no `go`) leads with `--reveal each` to the same
  /// question, revealed, else to the next; Previous, Skip, Finish and the timer's end save what
  /// the page holds first (a page that gives nothing is left as it is), so leaving a page never
  /// drops what was typed. A refusal is a page under the status the API gives: an empty answer
  /// to Submit, an unreadable answer, or a field given twice (400, the question's page and
  /// why), an unknown question (404), a revealed answer changed (409, the question's page), the
  /// attempt submitted or past its deadline (409, saying the answer was not saved).
  func answerForm(_ request: HTTPRequest) throws -> HTTPResponse {
    let attempt = try formAttempt(request)
    let fields = request.formFields
    let form = fields.values
    let navigation = try PageNavigation.of(form)
    if attempt.submitted != nil { return notSaved(attempt, .alreadySubmitted) }
    guard let index = attempt.questions.firstIndex(where: { $0.question.id == form["question"] }) else {
      throw RouteError.notFound("the form names no question of this attempt")
    }
    let served = attempt.questions[index]
    if served.question.kind == .description { return try leave(attempt, at: index, by: navigation) }
    // The pages give each field one value (several choices are several boxes): two values of
    // one field (`choice=a&choice=b`) are not an answer the page can send.
    if let name = fields.repeatedNames.sorted().first {
      return refusedAnswer(attempt, at: index, "\(name): given more than once; the form sends one value")
    }
    let answer: Answer
    do {
      answer = try AnswerForm.decode(form, question: served.question, answerChoices: served.answerChoices)
    } catch {
      return refusedAnswer(attempt, at: index, error.message)
    }
    // Under --reveal each a save locks the answer and shows it right or wrong: only Submit, Finish
    // and the timer's end (the attempt ends anyway) save; Previous and Skip leave the page as it
    // is, so that a tentative answer is not locked by looking elsewhere.
    if navigation == .previous || navigation == .next, reveal(for: attempt) == .each,
      served.question.kind.locksOnceRevealed
    {
      return try leave(attempt, at: index, by: navigation)
    }
    if answer.response.givesNothing {
      guard navigation.leavesBlankPages else {
        return refusedAnswer(attempt, at: index, "Give an answer first: nothing was chosen or typed.")
      }
      return try leave(attempt, at: index, by: navigation)
    }
    if let refusal = try save(answer, to: attempt, at: index, by: navigation) { return refusal }
    return try leave(attempt, at: index, by: navigation)
  }

  /// Saves `answer`; the page to answer with when it was refused, nil when it was saved. A page
  /// sent by its timer reaching zero is saved as at the deadline within `timeUpGrace` of it.
  private func save(_ answer: Answer, to attempt: ServedAttempt, at index: Int, by navigation: PageNavigation)
    throws -> HTTPResponse?
  {
    let now = Clock.now
    if navigation == .timeUp, let deadline = attempt.deadline?.unixSeconds, now.unixSeconds >= deadline,
      now.unixSeconds < deadline + PageNavigation.timeUpGrace
    {
      // The attempt's gate is held through the save, so a second page posted at once waits
      // for the first to be stored before it submits the attempt.
      let gate = timeUpGraces.withLock { gates in
        if let gate = gates[attempt.token] { return gate }
        let gate = Locked(false)
        gates[attempt.token] = gate
        return gate
      }
      return try gate.withLock { (used: inout Bool) throws -> HTTPResponse? in
        guard !used else { return try leave(attempt, at: index, by: .finish) }
        used = true
        return try store(answer, to: attempt, at: index, by: navigation, now: Timestamp(unixSeconds: deadline - 0.001))
      }
    }
    return try store(answer, to: attempt, at: index, by: navigation, now: now)
  }

  /// Stores `answer` as given at `now`; the page to answer with when it was refused.
  private func store(
    _ answer: Answer, to attempt: ServedAttempt, at index: Int, by navigation: PageNavigation, now: Timestamp
  ) throws -> HTTPResponse? {
    let policy = reveal(for: attempt)
    do {
      _ = try pool.with {
        try $0.saveServedAnswer(
          token: attempt.token, answer: answer, lockAnswered: policy == .each, now: now, quizzes: configuration.quizzes,
          choicesAsShown: true)
      }
    } catch ServedAttemptError.invalidAnswer(let message) {
      return refusedAnswer(attempt, at: index, message, sent: answer.response)
    } catch ServedAttemptError.locked {
      let shown = policy == .never ? "" : " and shown"
      return refusedAnswer(
        attempt, at: index, "This question was answered\(shown) already: its answer cannot change.", status: 409)
    } catch let refusal as ServedAttemptError where refusal == .alreadySubmitted || refusal == .pastDeadline {
      // The time ran out: what the timer sent in its last seconds is gone, but the attempt is
      // submitted with what was saved, and the taker sees it.
      if navigation == .timeUp { return try leave(attempt, at: index, by: .finish) }
      return notSaved(attempt, refusal)
    }
    return nil
  }

  /// Where the page goes once what it held is saved: Submit to the same question revealed
  /// (`--reveal each`, a kind that reveals something) or to the next; Previous and Skip to
  /// theirs; Finish and the timer's end submit the attempt and show the review.
  private func leave(_ attempt: ServedAttempt, at index: Int, by navigation: PageNavigation) throws -> HTTPResponse {
    let last = attempt.questions.count - 1
    switch navigation {
    case .save:
      let question = attempt.questions[index].question
      if reveal(for: attempt) == .each && question.kind.locksOnceRevealed {
        return Responses.seeOther(PageViews.href(index))
      }
      return Responses.seeOther(PageViews.href(min(index + 1, last)))
    case .next: return Responses.seeOther(PageViews.href(min(index + 1, last)))
    case .previous: return Responses.seeOther(PageViews.href(max(index - 1, 0)))
    case .finish, .timeUp:
      do {
        _ = try pool.with {
          try $0.submitServedAttempt(token: attempt.token, now: Clock.now, quizzes: configuration.quizzes)
        }
      } catch ServedAttemptError.alreadySubmitted {
        // Submitted meanwhile (the deadline's sweeper, another tab): the review shows it.
      }
      return Responses.seeOther("/review")
    }
  }

  /// The question's page again with why the answer was refused, in words (without the API's
  /// JSON path), and with what was sent still in its fields (`sent`), so that nothing typed is
  /// lost: a number mistyped is corrected, not typed again.
  private func refusedAnswer(
    _ attempt: ServedAttempt, at index: Int, _ message: String, status: HTTPStatus = .badRequest, sent: Response? = nil
  ) -> HTTPResponse {
    var view = PageViews.question(
      attempt, at: index, reveal: reveal(for: attempt), now: Clock.unixSeconds, error: Self.inWords(message),
      showsResumeCode: showsResumeCodes)
    if let sent, !view.isLocked { view.saved = sent }
    return Responses.page(QuestionPage.render(view), status: status)
  }

  /// A refusal's message without the JSON path the API's reply begins with (`$.response: `).
  static func inWords(_ message: String) -> String {
    guard message.hasPrefix("$"), let colon = message.firstRange(of: ": ") else { return message }
    let rest = message[colon.upperBound...]
    return rest.prefix(1).uppercased() + rest.dropFirst()
  }

  /// 409: the attempt was submitted (from another tab, by the deadline's sweeper) or its time is
  /// up, so the answer posted was not saved; the link leads to the result (`/attempt` submits an
  /// expired attempt first).
  private func notSaved(_ attempt: ServedAttempt, _ reason: ServedAttemptError) -> HTTPResponse {
    let link = (href: "/attempt", label: "See your result")
    var view =
      reason == .pastDeadline
      ? MessageView.timeIsUp(quizTitle: attempt.quizTitle, link: link) : MessageView.submitted(attempt, link: link)
    view.message += " The answer you sent last was not saved."
    return Responses.page(MessagePage.render(view), status: 409)
  }

  /// `POST /next` (`question`): the question after it.
  func nextForm(_ request: HTTPRequest) throws -> HTTPResponse {
    let attempt = try formAttempt(request)
    let index = attempt.questions.firstIndex { $0.question.id == request.form["question"] } ?? -1
    return Responses.seeOther(PageViews.href(min(index + 1, max(0, attempt.questions.count - 1))))
  }

  /// `POST /submit`: recorded as an ordinary attempt, then the review.
  func submitForm(_ request: HTTPRequest) throws -> HTTPResponse {
    let attempt = try formAttempt(request)
    if attempt.submitted == nil {
      do {
        _ = try pool.with {
          try $0.submitServedAttempt(token: attempt.token, now: Clock.now, quizzes: configuration.quizzes)
        }
      } catch ServedAttemptError.alreadySubmitted {
        // Submitted meanwhile (the deadline's sweeper, another tab): the review shows it.
      }
    }
    return Responses.seeOther("/review")
  }

  /// `GET /review`: the score and, unless `--reveal never`, question by question. Its cookie
  /// ends 10 minutes after it was last shown (or at sign-out), so that the next person at a
  /// shared computer does not find it.
  func reviewPage(_ request: HTTPRequest) throws -> HTTPResponse {
    guard let attempt = try pageAttempt(request) else { return Responses.seeOther("/") }
    guard let submitted = attempt.submitted else { return Responses.seeOther("/attempt") }
    let cookie = PageCookies.set(
      PageCookies.attempt, attempt.token, secure: request.isTLS, maxAge: PageCookies.reviewSeconds)
    return Responses.page(
      ReviewPage.render(PageViews.review(attempt, submitted, reveal: configuration.reveal)), headers: [cookie])
  }

  /// `POST /sign-out` (`csrf`): the attempt's cookie ended, then the sign-in page. The attempt
  /// stays as it is (open ones resume with their resume code or roster code).
  func signOutForm(_ request: HTTPRequest) throws -> HTTPResponse {
    // Without the cookie there is nothing to end (a cross-site post never carries it).
    guard PageCookies.token(PageCookies.attempt, of: request) != nil else { return Responses.seeOther("/") }
    // A cookie of no attempt served here (stale, another server's) is ended as it is.
    if let attempt = (try? cookieAttempt(request)) ?? nil {
      try PageCookies.checkCSRF(request, expected: attempt.csrf)
    }
    return Responses.seeOther("/", headers: [PageCookies.clear(PageCookies.attempt, secure: request.isTLS)])
  }

  /// The attempt of the request's cookie, as this server shows it (`shownHere`): nil without
  /// one; 404 for one that is no attempt of this server.
  func pageAttempt(_ request: HTTPRequest) throws -> ServedAttempt? {
    try cookieAttempt(request).map { try shownHere($0, for: request) }
  }

  private func cookieAttempt(_ request: HTTPRequest) throws -> ServedAttempt? {
    guard let token = PageCookies.token(PageCookies.attempt, of: request) else { return nil }
    let attempt = try pool.with { try $0.servedAttempt(token: token) }
    guard let attempt, isServed(attempt.quiz) else { throw RouteError.from(ServedAttemptError.unknownAttempt) }
    return attempt
  }

  /// The attempt a form posts for, its CSRF token checked first (403 without the cookie or
  /// with a missing or wrong token), then as this server shows it.
  func formAttempt(_ request: HTTPRequest) throws -> ServedAttempt {
    guard let attempt = try cookieAttempt(request) else {
      try PageCookies.checkCSRF(request, expected: nil)
      throw RouteError.forbidden("sign in first")
    }
    try PageCookies.checkCSRF(request, expected: attempt.csrf)
    return try shownHere(attempt, for: request)
  }
}
