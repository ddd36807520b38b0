import QuizBankFormat
import QuizDomain
import QuizFormats
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
  public var banksAdded = 0
  public var banksUpdated = 0
  public var banksUnchanged = 0
  public var attemptsAdded = 0
  public var attemptsSkipped = 0
  /// Marks carried by attempts already recorded (an export made after marking) that were not
  /// recorded yet: an import records them, as marks are history.
  public var marksAdded = 0
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

extension ImportSummary {
  /// Counts a bank a document carried; its questions count among the questions.
  mutating func add(_ result: BankImportResult) {
    if result.bankAdded {
      banksAdded += 1
    } else if result.untouched {
      banksUnchanged += 1
    } else {
      banksUpdated += 1
    }
    questionsNew += result.added.count
    questionsChanged += result.changed.count
    questionsRestored += result.restored.count
  }

  /// Whether the import carried any bank.
  public var hasBanks: Bool { banksAdded + banksUpdated + banksUnchanged > 0 }
}

/// Thrown inside the transaction of a dry run to roll it back after counting.
private struct DryRunRollback: Error {
  let summary: ImportSummary
}

// MARK: - Importing

extension QuizRepository {
  /// Imports in one transaction: `body` hands quizzes and attempts to the session as they are
  /// read; when it returns without problems, everything lands, otherwise nothing does.
  ///
  /// Quizzes are upserted by id with the versioning rules of `saveQuiz`; attempts are scored
  /// and pinned to the versions they answered; an attempt id already recorded with the same
  /// content is skipped, with other content it is a problem. All problems are reported
  /// together as `RepositoryError.invalid`. `dryRun` does all of it and rolls back.
  /// `willCommit` runs when everything is written and checked, just before the commit (for a
  /// caller that must know the moment its work became durable, such as a signal handler).
  public func importing(
    dryRun: Bool = false, willCommit: () -> Void = {}, _ body: (ImportSession) throws -> Void
  ) throws -> ImportSummary {
    return try mappingStorageErrors {
      do {
        return try database.write { _ in
          let session = ImportSession(repository: self, time: now())
          try body(session)
          let summary = try session.finish()
          if dryRun { throw DryRunRollback(summary: summary) }
          willCommit()
          return summary
        }
      } catch let rollback as DryRunRollback {
        return rollback.summary
      }
    }
  }

  /// Imports whole documents in one transaction (see `importing`).
  public func importDocuments(_ sources: [ImportSource], dryRun: Bool = false) throws -> ImportSummary {
    return try mappingStorageErrors {
      try importing(dryRun: dryRun) { session in
        for source in sources {
          for (index, bank) in source.document.banks.enumerated() {
            try session.add(bank, path: "$.banks[\(index)]", source: source.name)
          }
          for (index, quiz) in source.document.quizzes.enumerated() {
            try session.add(quiz, path: "$.quizzes[\(index)]", source: source.name)
          }
          for (index, history) in source.document.history.enumerated() {
            try session.add(history, path: "$.history[\(index)]", source: source.name)
          }
          session.quizzesComplete(source: source.name)
          for (index, attempt) in source.document.attempts.enumerated() {
            _ = try session.add(attempt, path: "$.attempts[\(index)]", source: source.name)
          }
          try session.endDocument(source: source.name)
        }
      }
    }
  }

  /// The quiz attempts at `id` are recorded against, loaded once per import.
  func attemptTarget(
    _ id: String, cache: inout [String: AttemptTarget], carried: [String: [String: CarriedQuestion]] = [:]
  )
    throws -> AttemptTarget?
  {
    if let target = cache[id] { return target }
    guard let stored = try storedQuiz(id) else { return nil }
    let target = AttemptTarget(stored, carried: carried[id] ?? [:])
    cache[id] = target
    return target
  }
}

/// One import in progress, inside its transaction. Hand it each quiz and attempt as it is read,
/// and `endDocument` after each document.
public final class ImportSession {
  private let repository: QuizRepository
  private let time: Timestamp
  private var summary = ImportSummary()
  private var problems: [Problem] = []
  private var problemCount = 0
  private var targets: [String: AttemptTarget] = [:]
  /// Quiz id → the source that carried it.
  private var quizSource: [String: String] = [:]
  /// Bank id → the source that carried it.
  private var bankSource: [String: String] = [:]
  /// Quizzes the reader rejected: attempts at them are not reported again.
  private var rejected = Set<String>()
  private var attemptsPerQuiz: [String: Int] = [:]
  /// Attempts read before their document's quizzes were all in.
  private var pending: [(Attempt, String, String)] = []
  private var quizzesDone = Set<String>()
  /// Every quiz id, read once for "did you mean" (a file of attempts at a mistyped quiz would
  /// otherwise read them once per line).
  private var knownQuizIDs: [String]?
  /// Attempt id → where this import first gave it: an id given twice is a mistake in the input,
  /// not an attempt "already recorded".
  private var attemptIDs: [String: String] = [:]
  /// Quiz id → the questions this import made: only those may take a history's version number.
  private var madeNow: [String: Set<String>] = [:]
  /// The bank questions (`BANK/ID`) this import made: those a quiz's attempts drew may take
  /// the quiz's history's version number too.
  private var madeInBanks = Set<String>()
  /// Quiz id → other banks' questions its history named, by id: its attempts name them so.
  private var carriedQuestions: [String: [String: CarriedQuestion]] = [:]

  init(repository: QuizRepository, time: Timestamp) {
    self.repository = repository
    self.time = time
  }

  /// True once a problem was found: the import will be rolled back.
  public var hasProblems: Bool { problemCount > 0 }

  /// Upserts `quiz`, found at `path` of `source`. `keeping` merges a quiz read from a file
  /// of a format that cannot carry all of a quiz with the stored quiz of its id (read in this
  /// transaction), so that what the file could not say stays as stored. `problems` is what
  /// `QuizBankValidator.quizProblems(quiz, path: path)` found, when the caller ran it already
  /// (on a reading thread); ignored with `keeping`, whose merged quiz is checked here.
  public func add(
    _ quiz: Quiz, path: String, source: String, keeping: ((_ read: Quiz, _ stored: Quiz) -> Quiz)? = nil,
    problems checked: [Problem]? = nil
  ) throws {
    try mappingStorageErrors {
      var quiz = quiz
      let existing = try repository.storedQuiz(quiz.id)
      if let keeping, let existing { quiz = keeping(quiz, existing.quiz) }
      if let other = quizSource[quiz.id] {
        report(
          [
            Problem(
              path: path + ".id", message: "quiz \"\(quiz.id)\" is also in \(other) (one import takes each quiz once)")
          ],
          source: source)
        return
      }
      quizSource[quiz.id] = source
      let found = (keeping == nil ? checked : nil) ?? QuizBankValidator.quizProblems(quiz, path: path)
      guard found.isEmpty else {
        report(found, source: source)
        rejected.insert(quiz.id)
        return
      }
      targets[quiz.id] = nil
      let result: QuizSaveResult
      do {
        result = try repository.writeQuiz(quiz, existing: existing, at: time)
      } catch RepositoryError.unplaceable(let message) {
        // A slot to a question or category not there, a filter matching too few: the quiz's.
        report([Problem(path: path, message: message)], source: source)
        rejected.insert(quiz.id)
        return
      }
      try repository.logSave(result, at: time)
      summary.add(result)
      madeNow[quiz.id, default: []].formUnion(result.newQuestions)
      // Its own bank's (of the quiz's id): another quiz's history may name them BANK/ID.
      madeInBanks.formUnion(result.newQuestions.map { quiz.id + "/" + $0 })
    }
  }

  /// Writes `bank`, found at `path` of `source`, before the quizzes whose slots use it.
  public func add(_ bank: Bank, path: String, source: String) throws {
    try mappingStorageErrors {
      if let other = bankSource[bank.id] {
        report(
          [
            Problem(
              path: path + ".id", message: "bank \"\(bank.id)\" is also in \(other) (one import takes each bank once)")
          ],
          source: source)
        return
      }
      bankSource[bank.id] = source
      do {
        let result = try repository.writeBank(bank)
        madeInBanks.formUnion(result.added.map { bank.id + "/" + $0 })
        summary.add(result)
      } catch RepositoryError.conflict(let message) {
        report([Problem(path: path, message: message)], source: source)
      }
    }
  }

  /// Writes the history of a quiz of this document (or of the database): the versions its
  /// attempts name, before they come.
  public func add(_ history: QuizHistory, path: String, source: String) throws {
    try mappingStorageErrors {
      guard !rejected.contains(history.quiz) else { return }
      guard let stored = try repository.storedQuiz(history.quiz) else {
        report([Problem(path: path + ".quiz", message: "unknown quiz \"\(history.quiz)\"")], source: source)
        return
      }
      targets[history.quiz] = nil
      let (problems, carried) = try repository.importHistory(
        history, into: stored, madeNow: madeNow[history.quiz] ?? [], madeInBanks: madeInBanks, path: path, at: time)
      report(problems, source: source)
      carriedQuestions[history.quiz] = carried
    }
  }

  /// Notes a quiz that the reader found invalid.
  public func reject(quizID: String) { rejected.insert(quizID) }

  /// Marks the end of `source`'s quizzes: its attempts can be recorded as they come.
  public func quizzesComplete(source: String) { quizzesDone.insert(source) }

  /// Scores and records `attempt`, found at `path` of `source`; returns it scored when it was
  /// recorded now.
  @discardableResult
  public func add(_ attempt: Attempt, path: String, source: String) throws -> ScoredAttempt? {
    return try mappingStorageErrors {
      guard quizzesDone.contains(source) else {
        pending.append((attempt, path, source))
        return nil
      }
      if let id = attempt.id {
        if let first = attemptIDs[id] {
          report(
            [
              Problem(
                path: path + ".id", message: "attempt id \"\(id)\" is given twice in this import (first at \(first))")
            ],
            source: source)
          return nil
        }
        attemptIDs[id] = "\(source): \(path)"
      }
      guard !rejected.contains(attempt.quiz) else { return nil }
      guard let target = try repository.attemptTarget(attempt.quiz, cache: &targets, carried: carriedQuestions)
      else {
        if knownQuizIDs == nil { knownQuizIDs = try repository.quizIDs() }
        let suggestion = Suggestion.didYouMean(attempt.quiz, among: knownQuizIDs ?? [])
        report(
          [Problem(path: path + ".quiz", message: "unknown quiz \"\(attempt.quiz)\"\(suggestion)")], source: source)
        return nil
      }
      var found: [Problem] = []
      let recording = try repository.recordAttempt(attempt, target: target, path: path, at: time, problems: &found)
      report(found, source: source)
      switch recording {
      case .added(let scored)?:
        summary.attemptsAdded += 1
        attemptsPerQuiz[attempt.quiz, default: 0] += 1
        return scored
      case .alreadyRecorded?:
        summary.attemptsSkipped += 1
        var carried: [Problem] = []
        summary.marksAdded += try repository.recordCarriedMarks(attempt, path: path, at: time, problems: &carried)
        report(carried, source: source)
        return nil
      case nil:
        return nil
      }
    }
  }

  /// Scores and records `attempt` against the versions of `shown`, the quiz as it was when the
  /// taker started, even if an author has changed it since: the attempt answered those.
  @discardableResult
  public func add(_ attempt: Attempt, pinnedTo shown: StoredQuiz, path: String, source: String) throws
    -> ScoredAttempt?
  {
    targets[attempt.quiz] = AttemptTarget(shown)
    quizzesDone.insert(source)
    return try add(attempt, path: path, source: source)
  }

  /// Records the attempts of `source` that came before its quizzes.
  public func endDocument(source: String) throws {
    try mappingStorageErrors {
      quizzesDone.insert(source)
      let waiting = pending.filter { $0.2 == source }
      pending.removeAll { $0.2 == source }
      for (attempt, path, source) in waiting { _ = try add(attempt, path: path, source: source) }
    }
  }

  /// Adds problems a text-format reader found, each at `LINE` or `LINE:COLUMN` of `source`:
  /// printed `FILE:LINE: message`, as compilers do.
  public func report(located found: [(location: String, message: String)], source: String) {
    problemCount += found.count
    for (location, message) in found where problems.count < QuizBankReader.problemLimit {
      problems.append(Problem(path: "\(source):\(location)", message: message))
    }
  }

  /// Adds problems found elsewhere (by the reader), with their source's name.
  public func report(_ found: [Problem], source: String, total: Int? = nil) {
    problemCount += total ?? found.count
    for problem in found where problems.count < QuizBankReader.problemLimit {
      problems.append(Problem(path: "\(source): \(problem.path)", message: problem.message))
    }
  }

  /// Adds a problem that concerns a source as a whole (say, a JSON syntax error).
  public func report(message: String, source: String) {
    problemCount += 1
    if problems.count < QuizBankReader.problemLimit { problems.append(Problem(path: source, message: message)) }
  }

  func finish() throws -> ImportSummary {
    guard problemCount == 0 else { throw RepositoryError.invalid(problems, total: problemCount) }
    for (quiz, count) in attemptsPerQuiz.sorted(by: { $0.key < $1.key }) {
      try repository.logChange(
        .attempt, .insert, quiz: quiz, detail: QuizRepository.countsDetail(["count": count]), at: time)
    }
    return summary
  }
}

// MARK: - Exporting

extension QuizRepository {
  /// `quizzes` in the order an import can write them: a quiz whose slots place or draw
  /// questions of another's own bank after that quiz (which brings them), else as given. A
  /// cycle (two quizzes each using the other's questions) is broken in the given order.
  func importOrder(of quizzes: [String]) throws -> [String] {
    let chosen = Set(quizzes)
    var needs: [String: Set<String>] = [:]
    // One read for every quiz: the quizzes whose own banks each quiz's slots use.
    try database.fetchAll(
      """
      SELECT DISTINCT user.slug, owner.slug FROM slots sl JOIN quizzes user ON user.id = sl.quiz_id
      LEFT JOIN questions q ON q.id = sl.question_id LEFT JOIN categories c ON c.id = sl.category_id
      JOIN quizzes owner ON owner.bank_id = coalesce(q.bank_id, c.bank_id)
      WHERE owner.id <> user.id
      """, []
    ) { ($0.string(0), $0.string(1)) }
    .forEach { user, owner in if chosen.contains(owner) { needs[user, default: []].insert(owner) } }
    guard needs.values.contains(where: { !$0.isEmpty }) else { return quizzes }
    var ordered: [String] = []
    var written = Set<String>()
    var remaining = quizzes
    while !remaining.isEmpty {
      let next = remaining.firstIndex { needs[$0, default: []].isSubset(of: written) } ?? 0
      written.insert(remaining[next])
      ordered.append(remaining.remove(at: next))
    }
    return ordered
  }

  /// Writes a quiz-bank/1 document of the quizzes `ids` (all, by id, when nil), with their
  /// attempts when asked, handing it to `sink` quiz by quiz. Deterministic: the same database
  /// gives the same bytes. Reads in one transaction, so the document is one consistent state.
  ///
  /// With attempts, the document keeps all of their history: the earlier versions and retired
  /// questions they answered go in `history`, so every attempt is exported whole and imports
  /// with the same versions, answers and scores (docs/quiz-bank.md, "History"). `warn` is kept
  /// for what a later export may have to leave out.
  public func export(
    quizzes ids: [String]? = nil, withAttempts: Bool = false, warn: (String) -> Void = { _ in },
    to sink: ([UInt8]) throws -> Void
  ) throws {
    return try mappingStorageErrors {
      try database.read { _ in
        var seen = Set<String>()
        var chosen = try (ids ?? quizIDs()).filter { seen.insert($0).inserted }
        // Unknown ids fail before anything is written.
        for id in chosen where try storedQuizRow(id) == nil { _ = try requireQuiz(id) }
        chosen = try importOrder(of: chosen)
        var stream = QuizFileFormat.nativeStreamWriter()
        // The banks the quizzes' slots use come first, so that the document imports in order.
        for bank in try banksForExport(of: chosen, all: ids == nil, withAttempts: withAttempts) {
          stream.write(bank)
          try sink(stream.takeBytes())
        }
        for id in chosen {
          stream.write(try requireQuiz(id).quiz)
          try sink(stream.takeBytes())
        }
        if withAttempts {
          // History first: an import must have every version before the attempts that name them.
          var histories: [String: ExportedHistory] = [:]
          for id in chosen {
            let exported = try historyForExport(of: try requireQuiz(id))
            histories[id] = exported
            guard let history = exported.history else { continue }
            stream.write(history)
            try sink(stream.takeBytes())
          }
          stream.beginAttempts()
          for id in chosen {
            for attempt in try attemptsForExport(ofQuiz: try requireQuiz(id), history: histories[id]) {
              stream.write(attempt)
            }
            try sink(stream.takeBytes())
          }
        }
        stream.finish()
        try sink(stream.takeBytes())
      }
    }
  }

  /// The whole export document in memory (see `export`).
  public func exportDocument(quizzes ids: [String]? = nil, withAttempts: Bool = false) throws -> [UInt8] {
    return try mappingStorageErrors {
      var bytes: [UInt8] = []
      try export(quizzes: ids, withAttempts: withAttempts) { bytes += $0 }
      return bytes
    }
  }

  func storedQuizRow(_ id: String) throws -> Int64? {
    try database.fetchOne("SELECT id FROM quizzes WHERE slug = ?", [id]) { $0.int64(0) }
  }
}
