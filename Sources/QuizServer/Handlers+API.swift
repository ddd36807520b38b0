import HTTP
import QuizBankFormat
import QuizDomain
import QuizRepository

// MARK: - The JSON API (docs/serve-api.md)

extension ServerState {
  /// `GET /api/quizzes`: id, title, questions per attempt and time limit of each served quiz.
  func listQuizzes() throws -> HTTPResponse {
    let quizzes = try pool.with { repository in
      try repository.read { repository in
        try (configuration.quizzes ?? repository.quizIDs()).compactMap { try repository.storedQuiz($0)?.quiz }
      }
    }
    return Responses.json(ServedQuizzesJSON(quizzes: quizzes, timeLimit: configuration.timeLimit))
  }

  /// `POST /api/attempts` `{"quiz", "taker", "code", "resume"}`: 201 started, 200 resumed, 409
  /// submitted, or another attempt's name given without its resume code.
  func signInAPI(_ request: HTTPRequest) throws -> HTTPResponse {
    let fields = try QuizBankReader.readStringFields(request.body, allowed: ["quiz", "taker", "code", "resume"])
    guard let quiz = fields["quiz"] else { throw RouteError.badRequest("$.quiz: missing required field \"quiz\"") }
    guard let taker = fields["taker"] else {
      throw RouteError.badRequest("$.taker: missing required field \"taker\"")
    }
    let outcome = try signIn(
      quiz: quiz, taker: taker, code: fields["code"], resumeCode: fields["resume"], client: request.clientAddress)
    switch outcome {
    case .started(let attempt): return attemptReply(attempt.withShownChoiceIDs(), status: 201)
    case .resumed(let attempt): return attemptReply(attempt.withShownChoiceIDs(), status: 200)
    case .submitted:
      throw RouteError.conflict("this quiz was already submitted under that name")
    }
  }

  /// Checks the name, and the code that makes it the taker's: with a roster, their roster code;
  /// without one, for an attempt already under that name, its token (`cookieToken`, the browser
  /// the attempt began in) or its resume code. Wrong codes are limited per address and name
  /// (and, more loosely, per address), new attempts per address (`SignInLimits`). Shared by the
  /// API and the sign-in page.
  func signIn(
    quiz: String, taker rawTaker: String, code: String?, resumeCode: String? = nil, cookieToken: String? = nil,
    client: String
  ) throws -> ServedSignIn {
    guard isServed(quiz) else { throw RouteError.from(ServedAttemptError.unknownQuiz(quiz)) }
    let taker = try TakerName.checked(rawTaker)
    let now = Clock.monotonic
    let guesser = SignInLimits.key(client, taker)
    let typedResume = resumeCode.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    // Only a sign-in that gives a code can be a guess: a new name, or a browser's own cookie,
    // is not held back by others' wrong codes from the same address.
    if configuration.roster != nil || typedResume != nil {
      try limits.checkCodes(client: client, guesser: guesser, now: now)
    }
    let resume: ResumeProof
    if let roster = configuration.roster {
      // An unknown name and a wrong code get the same answer.
      guard roster.admits(name: taker, code: code ?? "") else {
        limits.recordWrongCode(client: client, guesser: guesser, now: now)
        throw RouteError(status: 401, message: "unknown name or wrong code")
      }
      resume = .proven
    } else {
      resume = .given(token: cookieToken, resumeCode: typedResume)
    }
    try limits.checkNewAttempts(client: client, now: now)
    // A timestamp keeps whole seconds: the part of a second it drops is added to the limit, so
    // that the deadline is the whole limit after the sign-in (not up to a second before).
    let unixNow = Clock.unixSeconds
    let dropped = unixNow - unixNow.rounded(.down)
    do {
      let outcome = try pool.with { repository in
        try repository.signIn(
          quiz: quiz, taker: taker, timeLimit: configuration.timeLimit.map { $0 + dropped },
          now: Timestamp(unixSeconds: unixNow), locksAnswers: configuration.reveal == .each, resume: resume)
      }
      if case .started = outcome { limits.recordNewAttempt(client: client, now: now) }
      return outcome
    } catch ServedAttemptError.resumeRefused {
      // A code typed and wrong is a guess; no code at all is a taker who did not know one.
      if case .given(_, _?) = resume { limits.recordWrongCode(client: client, guesser: guesser, now: now) }
      throw RouteError.from(ServedAttemptError.resumeRefused)
    }
  }

  /// `attempt` (its choices named as shown) in JSON.
  func attemptReply(_ attempt: ServedAttempt, status: HTTPStatus) -> HTTPResponse {
    Responses.json(
      status, AttemptJSON(attempt: attempt, reveal: reveal(for: attempt), resumeCode: showsResumeCodes))
  }

  /// `GET /api/attempts/TOKEN`.
  func attemptState(_ token: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let attempt = try pool.with { try $0.servedAttempt(token: token) }
    guard let attempt, isServed(attempt.quiz) else { throw RouteError.from(ServedAttemptError.unknownAttempt) }
    return attemptReply(try shownHere(attempt, for: request), status: 200)
  }

  /// `PUT /api/attempts/TOKEN/answers/QUESTION`: committed before the reply. The request's
  /// thread does not wait for the commit: the reply is sent when the save's batch committed,
  /// and its JSON is written back on the request's thread.
  func saveAnswer(_ token: String, question: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let answer = try QuizBankReader.readAnswer(request.body, question: question)
    let lockAnswered = configuration.reveal == .each
    return .deferred { [self] reply in
      do {
        try pool.with { repository in
          repository.saveServedAnswer(
            token: token, answer: answer, lockAnswered: lockAnswered, now: Clock.now, quizzes: configuration.quizzes,
            choicesAsShown: true
          ) { saved in
            reply.send { self.respond(to: request, saved.map { self.savedReply($0, question: question, answer) }) }
          }
        }
      } catch {
        reply.send(respond(to: request, .failure(error)))
      }
    }
  }

  /// The reply to a committed save: once the answer is locked (reveal `each`, or an attempt
  /// signed in under it) and unless the server reveals nothing, the fraction, score and right
  /// answer.
  func savedReply(_ saved: ServedSave, question: String, _ answer: Answer) -> HTTPResponse {
    Responses.json(
      SavedAnswerJSON(
        saved: saved, question: question, answer: answer, reveals: saved.locked && configuration.reveal != .never))
  }

  /// `POST /api/attempts/TOKEN/submit`: recorded as an ordinary attempt.
  func submit(_ token: String) throws -> HTTPResponse {
    let attempt = try pool.with {
      try $0.submitServedAttempt(token: token, now: Clock.now, quizzes: configuration.quizzes)
    }
    guard let submitted = attempt.submitted else { throw RouteError.conflict("the attempt was not submitted") }
    return Responses.json(
      SubmittedAttemptJSON(attempt: attempt, submitted: submitted, reveals: configuration.reveal != .never))
  }
}
