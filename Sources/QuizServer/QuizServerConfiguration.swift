/// What `quiz serve` serves and how: the quizzes, who may sign in, what takers see after each
/// answer, the time limit, and where it listens.
public struct QuizServerConfiguration: Sendable {
  /// The database file; each connection of the pool opens it.
  public var databasePath: String
  /// The quiz ids served; nil: every quiz of the database, as it is when asked.
  public var quizzes: [String]?
  /// Name → personal code; nil: anyone signs in with a name.
  public var roster: Roster?
  public var reveal: RevealPolicy = .end
  /// Seconds from sign-in to the deadline; nil: no limit.
  public var timeLimit: Double?
  public var host: String = "127.0.0.1"
  /// 0: any free port (`QuizServer.port` says which).
  public var port: UInt16 = 8080
  public var tlsCertificatePEM: String?
  public var tlsKeyPEM: String?
  /// The HTTP server's thread pool; the repository pool holds as many connections.
  public var threads: Int = 4
  /// Connections one client address may hold at once; 0: no limit (the default: a class behind
  /// one NAT address shares one address).
  public var clientConnectionLimit: Int = 0
  /// Connections held at once, from every address; past it, new ones wait until one closes.
  public var connectionLimit: Int = 1000
  /// Where the server says what went wrong that no reply could say (a failed poll, a database
  /// error behind a 500). Never handed a taker's answers.
  public var log: @Sendable (String) -> Void = { _ in }

  public init(databasePath: String) {
    self.databasePath = databasePath
  }

  public var usesTLS: Bool { tlsCertificatePEM != nil && tlsKeyPEM != nil }
}

/// What a taker sees after answering (`--reveal`).
public enum RevealPolicy: String, CaseIterable, Sendable {
  /// After each answer: right or wrong, the feedback and the right answer; the answer is then
  /// locked.
  case each
  /// Answers may change until the final submit, which shows the review.
  case end
  /// Only the score, at the end.
  case never

  public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}
