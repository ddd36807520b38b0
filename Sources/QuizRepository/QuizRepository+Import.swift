import QuizDomain
import SQLite

/// One document to import, with the name its problems are reported under (a file name, or
/// "-" for standard input).
public struct ImportSource: Sendable {
  public var name: String
  public var document: QuizBankDocument

  public init(name: String, document: QuizBankDocument) {
    self.name = name
    self.document = document
  }
}

/// What an import did (or, for a dry run, would do).
public struct ImportSummary: Equatable, Sendable {
  public var quizzesAdded = 0
  public var quizzesUpdated = 0
  public var quizzesUnchanged = 0
  public var questionsNew = 0
  public var questionsChanged = 0
  public var questionsRetired = 0
  public var questionsRestored = 0
  public var attemptsAdded = 0
  public var attemptsSkipped = 0
  /// One result per quiz, in document order.
  public var quizzes: [QuizSaveResult] = []

  public init() {}

  mutating func add(_ result: QuizSaveResult) {
    quizzes.append(result)
    switch result.outcome {
    case .added: quizzesAdded += 1
    case .updated: quizzesUpdated += 1
    case .unchanged: quizzesUnchanged += 1
    }
    questionsNew += result.newQuestions.count
    questionsChanged += result.changedQuestions.count
    questionsRetired += result.retiredQuestions.count
    questionsRestored += result.restoredQuestions.count
  }
}

/// Thrown inside the transaction of a dry run to roll it back after counting.
private struct DryRunRollback: Error {
  let summary: ImportSummary
}

// MARK: - Importing

extension QuizRepository {
  /// Imports documents in one transaction: every quiz and attempt lands, or nothing does.
  ///
  /// Quizzes are upserted by id with the versioning rules of `saveQuiz`; attempts are scored
  /// and pinned to the versions they answered; an attempt id already recorded with the same
  /// content is skipped, with other content it is a problem. Problems are reported all
  /// together as `RepositoryError.invalid`, each path prefixed with its source's name.
  /// `dryRun` does all of it and rolls back. `progress` hears (done, total) now and then.
  public func importDocuments(
    _ sources: [ImportSource], dryRun: Bool = false, progress: ((Int, Int) -> Void)? = nil
  ) throws -> ImportSummary {
    do {
      return try database.inTransaction {
        let summary = try importInTransaction(sources, progress: progress)
        if dryRun { throw DryRunRollback(summary: summary) }
        return summary
      }
    } catch let rollback as DryRunRollback {
      return rollback.summary
    }
  }

  private func importInTransaction(_ sources: [ImportSource], progress: ((Int, Int) -> Void)?) throws
    -> ImportSummary
  {
    let time = now()
    var summary = ImportSummary()
    var problems: [Problem] = []
    var targets: [String: AttemptTarget] = [:]
    var quizSource: [String: String] = [:]
    let total = sources.reduce(0) { $0 + $1.document.quizzes.count + $1.document.attempts.count }
    var done = 0
    func tick() {
      done += 1
      if done % 500 == 0 { progress?(done, total) }
    }

    for source in sources {
      for (index, quiz) in source.document.quizzes.enumerated() {
        defer { tick() }
        if let other = quizSource[quiz.id] {
          problems.append(
            Problem(
              path: "\(source.name): $.quizzes[\(index)].id",
              message: "quiz \"\(quiz.id)\" is also in \(other) (one import takes each quiz once)"))
          continue
        }
        quizSource[quiz.id] = source.name
        let found = QuizBankValidator.quizProblems(quiz, path: "$.quizzes[\(index)]")
        guard found.isEmpty else {
          problems += found.map { Problem(path: "\(source.name): \($0.path)", message: $0.message) }
          continue
        }
        let result = try writeQuiz(quiz, existing: try storedQuiz(quiz.id), at: time)
        try logSave(result, at: time)
        summary.add(result)
      }
    }
    guard problems.isEmpty else { throw RepositoryError.invalid(problems) }

    var addedPerQuiz: [String: Int] = [:]
    for source in sources {
      for (index, attempt) in source.document.attempts.enumerated() {
        defer { tick() }
        let path = index < source.document.attemptPaths.count
          ? source.document.attemptPaths[index] : "$.attempts[\(index)]"
        var found: [Problem] = []
        guard let target = try attemptTarget(attempt.quiz, cache: &targets) else {
          let suggestion = Suggestion.didYouMean(attempt.quiz, among: try quizIDs())
          problems.append(
            Problem(path: "\(source.name): \(path).quiz", message: "unknown quiz \"\(attempt.quiz)\"\(suggestion)"))
          continue
        }
        let recording = try recordAttempt(attempt, target: target, path: path, at: time, problems: &found)
        problems += found.map { Problem(path: "\(source.name): \($0.path)", message: $0.message) }
        switch recording {
        case .added?:
          summary.attemptsAdded += 1
          addedPerQuiz[attempt.quiz, default: 0] += 1
        case .alreadyRecorded?: summary.attemptsSkipped += 1
        case nil: break
        }
      }
    }
    guard problems.isEmpty else { throw RepositoryError.invalid(problems) }
    for (quiz, count) in addedPerQuiz.sorted(by: { $0.key < $1.key }) {
      try logChange(.attempt, .insert, quiz: quiz, detail: QuizRepository.countsDetail(["count": count]), at: time)
    }
    progress?(total, total)
    return summary
  }

  /// The quiz attempts at `id` are recorded against, loaded once per import.
  func attemptTarget(_ id: String, cache: inout [String: AttemptTarget]) throws -> AttemptTarget? {
    if let target = cache[id] { return target }
    guard let stored = try storedQuiz(id) else { return nil }
    let target = AttemptTarget(stored)
    cache[id] = target
    return target
  }
}

// MARK: - Exporting

extension QuizRepository {
  /// A quiz-bank/1 document of the quizzes `ids` (all, by id, when nil), with their attempts
  /// when asked. Deterministic: the same database gives the same bytes.
  public func exportDocument(quizzes ids: [String]? = nil, withAttempts: Bool = false) throws -> [UInt8] {
    try database.inTransaction(.deferred) {
      var seen = Set<String>()
      let chosen = try (ids ?? quizIDs()).filter { seen.insert($0).inserted }
      var quizzes: [Quiz] = []
      var attempts: [Attempt] = []
      for id in chosen {
        let stored = try requireQuiz(id)
        quizzes.append(stored.quiz)
        if withAttempts { attempts += try attemptsForExport(ofQuiz: stored) }
      }
      return QuizBankWriter.write(quizzes: quizzes, attempts: withAttempts ? attempts : nil)
    }
  }
}
