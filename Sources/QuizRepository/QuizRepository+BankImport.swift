import QuizDomain
import SQLite

/// What `importIntoBank` did.
public struct BankImportResult: Equatable, Sendable {
  public var bank: String
  /// Whether the bank was made by the import.
  public var bankAdded = false
  public var added: [String] = []
  /// Questions whose content changed: a new version each.
  public var changed: [QuizSaveResult.VersionChange] = []
  public var unchanged: [String] = []
  /// Questions now in another category.
  public var moved: [String] = []
  /// Retired questions back in use.
  public var restored: [String] = []
  /// Whether a document gave a stored bank another title or description.
  public var retitled = false

  /// Whether the bank was left as it was.
  public var untouched: Bool {
    !bankAdded && !retitled && added.isEmpty && changed.isEmpty && moved.isEmpty && restored.isEmpty
  }
}

/// Thrown inside the transaction of a dry run so that it rolls back, carrying what it did.
private struct BankImportDryRun: Error {
  let result: BankImportResult
}

extension QuizRepository {
  /// Writes the questions `read` gives into bank `bank` (made, titled `title`, when missing),
  /// each in its category (made when new), in one transaction: a question of an id the bank
  /// has gets a new version when its content differs, its tags and category as given; the
  /// bank's other questions stay as they are. `read` is given the bank as stored (as
  /// `bankAsQuiz` gives it; nil for a new bank), read in the same transaction, so that what a
  /// file's format cannot carry can be kept from it. Nothing is written when anything is
  /// invalid, or on a dry run.
  public func importIntoBank(
    _ bank: String, title: String, dryRun: Bool = false,
    read: (Quiz?) throws -> [(category: CategoryPath, question: Question)]
  ) throws -> BankImportResult {
    do {
      return try write { repository in
        // The bank's questions are read once: for what the file cannot carry, and to compare.
        let header = try repository.optionalBankHeader(bank)
        let stored = try header.map { try repository.bankQuestions(.everyInBank($0.row)) } ?? []
        let storedQuiz = try header.map {
          try repository.bankQuiz(bank, header: $0, questions: stored.filter { !$0.retired })
        }
        let questions = try read(storedQuiz)
        try repository.checkBankImport(bank, title: title, questions: questions)
        let result = try repository.writeIntoBank(
          bank, bankRow: header?.row, title: title, stored: stored, questions: questions)
        if dryRun { throw BankImportDryRun(result: result) }
        return result
      }
    } catch let rollback as BankImportDryRun {
      return rollback.result
    }
  }

  private func checkBankImport(
    _ bank: String, title: String, questions: [(category: CategoryPath, question: Question)]
  ) throws {
    var problems: [Problem] = []
    if !Slug.isValid(bank) {
      problems.append(Problem(path: "bank", message: "\"\(bank)\" is not a valid id (\(Slug.rule))"))
    }
    if title.isEmpty { problems.append(Problem(path: "bank \(bank)", message: "the title must not be empty")) }
    var seen = Set<String>()
    for (_, question) in questions {
      if !seen.insert(question.id).inserted {
        problems.append(Problem(path: "question \(question.id)", message: "the id appears twice"))
      }
      for message in QuestionRules.questionProblems(question) {
        problems.append(Problem(path: "question \(question.id)", message: message))
      }
    }
    if !problems.isEmpty { throw RepositoryError.invalid(Array(problems.prefix(100)), total: problems.count) }
  }

  /// Writes `bank`, read from a quiz-bank/1 document (whose reader checked it), inside the
  /// caller's transaction: made when missing, its title and description as given, its questions
  /// as `importIntoBank` writes them; the bank's other questions stay.
  func writeBank(_ bank: Bank) throws -> BankImportResult {
    let header = try optionalBankHeader(bank.id)
    let stored = try header.map { try bankQuestions(.everyInBank($0.row)) } ?? []
    if let header, header.title != bank.title || header.description != bank.description {
      try database.execute(
        "UPDATE banks SET title = ?, description = ? WHERE id = ?", [bank.title, bank.description, header.row])
    }
    var result = try writeIntoBank(
      bank.id, bankRow: header?.row, title: bank.title, description: bank.description, stored: stored,
      questions: bank.questions)
    // A category the document lists without questions is made too: an export lists the empty ones.
    if let bankRow = try optionalBankHeader(bank.id)?.row {
      for category in bank.categories where category.questions.isEmpty {
        _ = try categoryRow(inBank: bankRow, at: category.path)
      }
    }
    result.retitled = header.map { $0.title != bank.title || $0.description != bank.description } ?? false
    return result
  }

  /// Writes `questions` over the bank's `stored` ones (`bankRow` nil: the bank is made).
  private func writeIntoBank(
    _ bank: String, bankRow existingRow: Int64?, title: String, description: String? = nil,
    stored storedQuestions: [StoredBankQuestion],
    questions: [(category: CategoryPath, question: Question)]
  ) throws -> BankImportResult {
    var result = BankImportResult(bank: bank)
    let time = now()
    let bankRow: Int64
    if let existingRow {
      bankRow = existingRow
    } else {
      bankRow = try insertBank(bank, title: title, description: description, at: time)
      result.bankAdded = true
    }
    var stored: [String: StoredBankQuestion] = [:]
    for question in storedQuestions { stored[question.question.id] = question }
    var categories: [CategoryPath: Int64] = [:]
    for (path, question) in questions {
      let category = try categories[path] ?? categoryRow(inBank: bankRow, at: path)
      categories[path] = category
      guard let old = stored[question.id] else {
        try database.execute(
          "INSERT INTO questions (bank_id, category_id, slug, current_version) VALUES (?, ?, ?, 1)",
          [bankRow, category, question.id])
        let identity = database.lastInsertedRowID
        try insertVersion(question.content, identity: identity, number: 1, at: time)
        try insertTags(question.tags, identity: identity)
        result.added.append(question.id)
        continue
      }
      try update(old, with: question, category: category, bank: bank, at: time, result: &result)
    }
    try markBankSearchStale(bankRow)
    try database.execute("UPDATE banks SET updated_at = ? WHERE id = ?", [time.text, bankRow])
    try logChange(
      .bank, result.bankAdded ? .insert : .update, quiz: bank,
      detail: QuizRepository.countsDetail([
        "questions_new": result.added.count, "questions_changed": result.changed.count,
        "questions_moved": result.moved.count, "questions_restored": result.restored.count,
      ]), at: time)
    return result
  }

  private func update(
    _ old: StoredBankQuestion, with question: Question, category: Int64, bank: String, at time: Timestamp,
    result: inout BankImportResult
  ) throws {
    if old.retired {
      // A quiz's retired question is history of that quiz: bringing it back is the quiz's to do.
      guard old.quiz == nil else {
        throw RepositoryError.conflict(
          "question \"\(question.id)\" of bank \"\(bank)\" is a retired question of a quiz: give it another id")
      }
      try database.execute("UPDATE questions SET retired_at = NULL WHERE id = ?", [old.identity])
      result.restored.append(question.id)
    }
    if question.content != old.question.content {
      let next = old.version + 1
      try insertVersion(question.content, identity: old.identity, number: next, at: time)
      try database.execute("UPDATE questions SET current_version = ? WHERE id = ?", [next, old.identity])
      result.changed.append(QuizSaveResult.VersionChange(question: question.id, from: old.version, to: next))
    } else if !old.retired {
      result.unchanged.append(question.id)
    }
    if question.tags != old.question.tags {
      try database.execute("DELETE FROM question_tags WHERE question_id = ?", [old.identity])
      try insertTags(question.tags, identity: old.identity)
    }
    if category != old.category {
      try database.execute("UPDATE questions SET category_id = ? WHERE id = ?", [category, old.identity])
      result.moved.append(question.id)
    }
    // A question a quiz wrote is that quiz's too: its watchers see a new version or new tags.
    let seenByQuiz = question.content != old.question.content || question.tags != old.question.tags
    if seenByQuiz, let quiz = old.quiz,
      let slug = try database.fetchOne("SELECT slug FROM quizzes WHERE id = ?", [quiz], { $0.string(0) })
    {
      try database.execute("UPDATE quizzes SET updated_at = ? WHERE id = ?", [time.text, quiz])
      try logChange(.question, .update, quiz: slug, item: question.id, at: time)
    }
  }
}
