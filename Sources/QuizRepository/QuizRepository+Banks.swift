import QuizDomain
import SQLite

/// A bank with what `quiz bank list` shows.
public struct BankSummary: Equatable, Sendable {
  public var id: String
  public var title: String
  /// Questions in use (not retired).
  public var questions: Int
  /// Categories below the top.
  public var categories: Int
  /// The quizzes that place one of its questions, by id.
  public var quizzes: [String]
}

/// A bank's categories with their questions, as `quiz bank show` lists them.
public struct BankContents: Equatable, Sendable {
  public var id: String
  public var title: String
  public var description: String?
  /// Every category (the top first), depth first, each with its questions by id.
  public var categories: [Category]

  public struct Category: Equatable, Sendable {
    public var path: CategoryPath
    public var questions: [Entry]
  }

  public struct Entry: Equatable, Sendable {
    public var id: String
    public var kind: QuestionKind
    public var version: Int
    public var tags: [String]
    /// The quizzes that place it.
    public var quizzes: [String]
  }
}

// MARK: - Reading banks

extension QuizRepository {
  /// Every bank, by id, with its counts and the quizzes using it.
  public func bankSummaries() throws -> [BankSummary] {
    try read { repository in
      let users = try repository.database.fetchAll(
        """
        SELECT bank, slug FROM (
          SELECT q.bank_id AS bank, z.slug AS slug FROM questions q JOIN quizzes z ON z.id = q.quiz_id
          WHERE q.section_id IS NOT NULL
          UNION
          SELECT q.bank_id, z.slug FROM slots sl JOIN questions q ON q.id = sl.question_id
          JOIN quizzes z ON z.id = sl.quiz_id)
        ORDER BY bank, slug
        """
      ) { row in (row.int64(0), row.string(1)) }
      let quizzesByBank = Dictionary(grouping: users, by: \.0).mapValues { $0.map(\.1) }
      return try repository.database.fetchAll(
        """
        SELECT b.id, b.slug, b.title,
          (SELECT count(*) FROM questions q WHERE q.bank_id = b.id AND q.retired_at IS NULL),
          (SELECT count(*) FROM categories c WHERE c.bank_id = b.id AND c.parent_id IS NOT NULL)
        FROM banks b WHERE b.removed_at IS NULL ORDER BY b.slug
        """
      ) { row in
        BankSummary(
          id: row.string(1), title: row.string(2), questions: row.int(3), categories: row.int(4),
          quizzes: quizzesByBank[row.int64(0)] ?? [])
      }
    }
  }

  /// Bank `id`'s categories and questions, in one snapshot: only the categories within
  /// `category` (nil: all), only questions carrying every tag of `tags`. Retired questions are
  /// left out.
  public func bankContents(_ id: String, within category: CategoryPath? = nil, tags: [String] = []) throws
    -> BankContents
  {
    try read { repository in
      let header = try repository.bankHeader(id)
      let paths = try repository.categoryPaths(ofBank: header.row)
      if let category, !paths.values.contains(category) {
        throw RepositoryError.unknownCategory(
          bank: id, category: category.text,
          suggestion: Suggestion.closest(to: category.text, among: paths.values.map(\.text).filter { !$0.isEmpty }))
      }
      var entries: [Int64: [BankContents.Entry]] = [:]
      for (categoryRow, entry) in try repository.bankEntries(ofBank: header.row)
      where tags.allSatisfy(entry.tags.contains) {
        entries[categoryRow, default: []].append(entry)
      }
      let categories = paths.filter { category.map($0.value.isWithin) ?? true }
        .map { BankContents.Category(path: $0.value, questions: entries[$0.key] ?? []) }
        .sorted { $0.path < $1.path }
      return BankContents(id: id, title: header.title, description: header.description, categories: categories)
    }
  }

  /// The rows of the category at `category` of bank `bankRow` (named `bank`, for the error)
  /// and of every category under it; an unknown category is an error naming the closest.
  func categoryRows(within category: CategoryPath, ofBank bankRow: Int64, named bank: String) throws -> [Int64] {
    let paths = try categoryPaths(ofBank: bankRow)
    guard paths.values.contains(category) else {
      throw RepositoryError.unknownCategory(
        bank: bank, category: category.text,
        suggestion: Suggestion.closest(to: category.text, among: paths.values.map(\.text).filter { !$0.isEmpty }))
    }
    return paths.filter { $0.value.isWithin(category) }.map(\.key).sorted()
  }

  /// Every category of the bank: row → path.
  func categoryPaths(ofBank bankRow: Int64) throws -> [Int64: CategoryPath] {
    let rows = try database.fetchAll(
      "SELECT id, parent_id, name FROM categories WHERE bank_id = ?", [bankRow]
    ) { row in (row.int64(0), row.isNull(1) ? nil : row.int64(1), row.string(2)) }
    var parents: [Int64: (parent: Int64?, name: String)] = [:]
    for (id, parent, name) in rows { parents[id] = (parent, name) }
    var paths: [Int64: CategoryPath] = [:]
    func path(of id: Int64) -> CategoryPath {
      if let known = paths[id] { return known }
      guard let (parent, name) = parents[id], let parent else { return .top }
      let made = CategoryPath(path(of: parent).names + [name])
      paths[id] = made
      return made
    }
    for id in parents.keys { paths[id] = path(of: id) }
    return paths
  }

  /// The questions in use of the bank, each with its category row, by id.
  private func bankEntries(ofBank bankRow: Int64) throws -> [(Int64, BankContents.Entry)] {
    var tags: [Int64: [String]] = [:]
    for (question, tag) in try database.fetchAll(
      """
      SELECT t.question_id, t.tag FROM question_tags t JOIN questions q ON q.id = t.question_id
      WHERE q.bank_id = ? ORDER BY t.question_id, t.position
      """, [bankRow], { row in (row.int64(0), row.string(1)) })
    {
      tags[question, default: []].append(tag)
    }
    var placedBySlots: [Int64: [String]] = [:]
    for (question, quiz) in try database.fetchAll(
      """
      SELECT q.id, z.slug FROM slots sl JOIN questions q ON q.id = sl.question_id JOIN quizzes z ON z.id = sl.quiz_id
      WHERE q.bank_id = ? ORDER BY z.slug
      """, [bankRow], { row in (row.int64(0), row.string(1)) })
    {
      placedBySlots[question, default: []].append(quiz)
    }
    return try database.fetchAll(
      """
      SELECT q.id, q.category_id, q.slug, v.kind, q.current_version,
        CASE WHEN q.section_id IS NULL THEN NULL ELSE z.slug END
      FROM questions q
      JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version
      LEFT JOIN quizzes z ON z.id = q.quiz_id
      WHERE q.bank_id = ? AND q.retired_at IS NULL ORDER BY q.slug
      """, [bankRow]
    ) { row in
      let kind = QuestionKind(rawValue: row.string(3))
      return (
        row.int64(1),
        BankContents.Entry(
          id: row.string(2), kind: kind ?? .description, version: row.int(4), tags: tags[row.int64(0)] ?? [],
          quizzes: ((row.isNull(5) ? [] : [row.string(5)]) + (placedBySlots[row.int64(0)] ?? [])).sorted())
      )
    }
  }

  /// Bank `id`'s row, title and description; an unknown bank is an error that suggests a close id.
  func bankHeader(_ id: String) throws -> (row: Int64, title: String, description: String?) {
    guard let header = try optionalBankHeader(id) else { throw try unknownBank(id) }
    return header
  }

  /// Bank `id`'s row, title and description; nil when there is no such bank.
  func optionalBankHeader(_ id: String) throws -> (row: Int64, title: String, description: String?)? {
    try database.fetchOne(
      "SELECT id, title, description FROM banks WHERE slug = ? AND removed_at IS NULL", [id],
      { row in (row: row.int64(0), title: row.string(1), description: row.optionalString(2)) })
  }

  private func unknownBank(_ id: String) throws -> RepositoryError {
    let ids = try database.fetchAll("SELECT slug FROM banks WHERE removed_at IS NULL", []) { $0.string(0) }
    return .unknownBank(id, suggestion: Suggestion.closest(to: id, among: ids))
  }
}

// MARK: - Writing banks

extension QuizRepository {
  /// Makes an empty bank `id`.
  public func createBank(_ id: String, title: String, description: String? = nil) throws {
    guard Slug.isValid(id) else {
      throw RepositoryError.invalid(
        [Problem(path: "bank", message: "\"\(id)\" is not a valid id (\(Slug.rule))")], total: 1)
    }
    guard !title.isEmpty else {
      throw RepositoryError.invalid([Problem(path: "bank \(id)", message: "the title must not be empty")], total: 1)
    }
    try write { repository in
      if try repository.database.fetchOne("SELECT 1 FROM banks WHERE slug = ?", [id], { $0.int(0) }) != nil {
        throw RepositoryError.conflict("bank \"\(id)\" already exists")
      }
      let time = repository.now()
      _ = try repository.insertBank(id, title: title, description: description, at: time)
      try repository.logChange(.bank, .insert, quiz: id, at: time)
    }
  }

  /// Inserts bank `id` with its top category; returns its row.
  func insertBank(_ id: String, title: String, description: String?, at time: Timestamp) throws -> Int64 {
    try database.execute(
      "INSERT INTO banks (slug, title, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      [id, title, description, time.text, time.text])
    let bankRow = database.lastInsertedRowID
    try database.execute("INSERT INTO categories (bank_id, parent_id, name) VALUES (?, NULL, '')", [bankRow])
    return bankRow
  }

  /// The bank a new quiz writes its questions into: bank `quiz.id`, made now unless a bank of
  /// that id exists (made with `quiz bank add` first, or left by a removed quiz), which the
  /// quiz then takes as its own.
  func ownBank(forNewQuiz quiz: Quiz, quizRow: Int64, at time: Timestamp) throws -> Int64 {
    let bankRow =
      try database.fetchOne("SELECT id FROM banks WHERE slug = ?", [quiz.id], { $0.int64(0) })
      ?? insertBank(quiz.id, title: quiz.title, description: nil, at: time)
    try database.execute("UPDATE quizzes SET bank_id = ? WHERE id = ?", [bankRow, quizRow])
    return bankRow
  }

  /// The row of the quiz's own bank.
  func ownBank(ofQuiz quizRow: Int64) throws -> Int64 {
    let bankRow = try database.fetchOne(
      "SELECT bank_id FROM quizzes WHERE id = ?", [quizRow], { $0.isNull(0) ? nil : $0.int64(0) })
    guard let bankRow = bankRow ?? nil else { throw RepositoryError.refused("the quiz has no bank: run 'quiz check'") }
    return bankRow
  }

  /// The category at `path` in the bank, made (with the categories above it) when missing.
  func categoryRow(inBank bankRow: Int64, at path: CategoryPath) throws -> Int64 {
    guard
      var row = try database.fetchOne(
        "SELECT id FROM categories WHERE bank_id = ? AND parent_id IS NULL", [bankRow], { $0.int64(0) })
    else { throw RepositoryError.refused("the bank has no top category: run 'quiz check'") }
    for name in path.names {
      if let child = try database.fetchOne(
        "SELECT id FROM categories WHERE parent_id = ? AND name = ?", [row, name], { $0.int64(0) })
      {
        row = child
      } else {
        try database.execute(
          "INSERT INTO categories (bank_id, parent_id, name) VALUES (?, ?, ?)", [bankRow, row, name])
        row = database.lastInsertedRowID
      }
    }
    return row
  }

  /// The category a question written into a quiz's section goes to: the one named by the
  /// section's title (one level, a slash in the title kept in the name), the top for an
  /// untitled section; as the migration to banks placed the questions already there.
  func categoryRow(inBank bankRow: Int64, forSectionTitled title: String?) throws -> Int64 {
    try categoryRow(inBank: bankRow, at: (title ?? "").isEmpty ? .top : CategoryPath([title ?? ""]))
  }

  /// Deletes the quiz's own bank when the quiz was its only user and nothing is left in it.
  func dropBankIfEmpty(_ bankRow: Int64) throws {
    try database.execute(
      """
      DELETE FROM banks WHERE id = ?
        AND NOT EXISTS (SELECT 1 FROM questions WHERE bank_id = banks.id)
        AND NOT EXISTS (SELECT 1 FROM quizzes WHERE bank_id = banks.id)
      """, [bankRow])
  }
}

// MARK: - Clashes

extension QuizRepository {
  /// Why question `id` cannot be written into the quiz whose own bank is `bankRow`: the bank
  /// holds a question of that id which the quiz does not place. Nil when that is not the cause.
  func bankQuestionClash(_ id: String, bank bankRow: Int64) throws -> RepositoryError? {
    guard
      let bank = try database.fetchOne(
        """
        SELECT b.slug FROM questions q JOIN banks b ON b.id = q.bank_id
        WHERE q.bank_id = ? AND q.slug = ? AND q.quiz_id IS NULL
        """, [bankRow, id], { $0.string(0) })
    else { return nil }
    return .conflict(
      "bank \"\(bank)\" already holds a question \"\(id)\" that this quiz does not place: give the new question "
        + "another id")
  }
}

// MARK: - Questions in banks

extension QuizRepository {
  /// Writes `question` into bank `bank`, in the category at `category` (made when new, with
  /// those above it), placed in no quiz.
  public func addQuestion(_ question: Question, toBank bank: String, category: CategoryPath) throws {
    let problems = QuestionRules.questionProblems(question)
    guard problems.isEmpty else {
      throw RepositoryError.invalid(problems.map { Problem(path: question.id, message: $0) }, total: problems.count)
    }
    try write { repository in
      let database = repository.database
      let bankRow = try repository.bankHeader(bank).row
      if let retired = try database.fetchOne(
        "SELECT retired_at IS NOT NULL FROM questions WHERE bank_id = ? AND slug = ?", [bankRow, question.id],
        { $0.bool(0) })
      {
        throw RepositoryError.conflict(
          "bank \"\(bank)\" already has a question \"\(question.id)\"" + (retired ? " (retired)" : ""))
      }
      let time = repository.now()
      let categoryRow = try repository.categoryRow(inBank: bankRow, at: category)
      try database.execute(
        "INSERT INTO questions (bank_id, category_id, slug, current_version) VALUES (?, ?, ?, 1)",
        [bankRow, categoryRow, question.id])
      let identity = database.lastInsertedRowID
      try repository.insertVersion(question.content, identity: identity, number: 1, at: time)
      try repository.insertTags(question.tags, identity: identity)
      try repository.markBankSearchStale(bankRow)
      try database.execute("UPDATE banks SET updated_at = ? WHERE id = ?", [time.text, bankRow])
      try repository.logChange(.bank, .update, quiz: bank, item: question.id, detail: #"{"added":true}"#, at: time)
    }
  }
}

// MARK: - Moving and removing

/// What `removeBankQuestion` did.
public enum BankQuestionRemoval: Equatable, Sendable {
  /// Kept for the attempts that answered it, out of use.
  case retired
  /// Retired before: nothing changed.
  case alreadyRetired
  /// Deleted with its versions: nothing answered it.
  case deleted
}

extension QuizRepository {
  /// Moves question `question` of bank `bank` to the category at `category` (made when new).
  public func moveBankQuestion(_ question: String, ofBank bank: String, to category: CategoryPath) throws {
    try write { repository in
      let (bankRow, identity) = try repository.requireBankQuestion(question, ofBank: bank)
      let categoryRow = try repository.categoryRow(inBank: bankRow, at: category)
      try repository.database.execute("UPDATE questions SET category_id = ? WHERE id = ?", [categoryRow, identity])
      try repository.logChange(
        .bank, .update, quiz: bank, item: question, detail: QuizRepository.textDetail("category", category.text),
        at: repository.now())
    }
  }

  /// Takes question `question` of bank `bank` out of use: retired when attempts answered it
  /// or were given it (served attempts in progress too), deleted otherwise. A question a quiz
  /// wrote is the quiz's to remove (`quiz rm QUIZ/QUESTION`), never this.
  @discardableResult
  public func removeBankQuestion(_ question: String, ofBank bank: String) throws -> BankQuestionRemoval {
    try write { repository in
      let database = repository.database
      let (_, identity) = try repository.requireBankQuestion(question, ofBank: bank)
      let owner = try database.fetchOne(
        """
        SELECT z.slug, q.section_id IS NOT NULL, q.retired_at IS NOT NULL FROM questions q
        LEFT JOIN quizzes z ON z.id = q.quiz_id WHERE q.id = ?
        """, [identity], { row in (row.optionalString(0), row.bool(1), row.bool(2)) })
      if let quiz = owner?.0, owner?.1 == true {
        throw RepositoryError.refused(
          "question \"\(bank)/\(question)\" is placed in quiz \"\(quiz)\": remove it there with "
            + "'quiz rm \(quiz)/\(question)'")
      }
      if let quiz = try database.fetchOne(
        """
        SELECT z.slug FROM slots sl JOIN quizzes z ON z.id = sl.quiz_id WHERE sl.question_id = ? ORDER BY z.slug LIMIT 1
        """, [identity], { $0.string(0) })
      {
        throw RepositoryError.refused(
          "question \"\(bank)/\(question)\" is placed in quiz \"\(quiz)\": take it out there with "
            + "'quiz rm \(quiz)/\(question)'")
      }
      if owner?.2 == true { return .alreadyRetired }
      let time = repository.now()
      if try repository.isAnsweredOrGiven(identity) {
        try database.execute("UPDATE questions SET retired_at = ? WHERE id = ?", [time.text, identity])
        try repository.unindex(questionRows: [identity])
        try repository.logChange(.bank, .update, quiz: bank, item: question, detail: #"{"retired":true}"#, at: time)
        return .retired
      }
      try repository.unindex(questionRows: [identity])
      try database.execute("DELETE FROM questions WHERE id = ?", [identity])
      try repository.logChange(.bank, .delete, quiz: bank, item: question, at: time)
      return .deleted
    }
  }

  /// Removes bank `bank` with its categories and questions. Refused while it is a quiz's own
  /// bank; refused, unless `force`, while a quiz's slot places one of its questions or draws from
  /// one of its categories, or an attempt was given one of its questions. With `force` those
  /// slots are taken out of their quizzes, and the questions attempts were given are retired
  /// and kept with the bank, set aside under a new id (`ID.removed-N`) so that the attempts'
  /// history stays whole; the others are deleted.
  @discardableResult
  public func removeBank(_ bank: String, force: Bool = false) throws -> BankRemoval {
    try write { repository in
      let database = repository.database
      let bankRow = try repository.bankHeader(bank).row
      if let quiz = try database.fetchOne("SELECT slug FROM quizzes WHERE bank_id = ?", [bankRow], { $0.string(0) }) {
        throw RepositoryError.refused(
          "bank \"\(bank)\" is the bank of quiz \"\(quiz)\", which writes its questions there: remove the quiz "
            + "with 'quiz rm \(quiz)'")
      }
      let users = try repository.slotUsers(ofBank: bankRow)
      if let user = users.first, !force {
        throw RepositoryError.refused(
          "bank \"\(bank)\" is in use: quiz \"\(user.quiz)\" \(user.use): nothing removed ('quiz bank rm \(bank) "
            + "--force' takes it out of every quiz)")
      }
      let kept = try database.fetchAll(
        "SELECT id FROM questions WHERE bank_id = ? ORDER BY id", [bankRow], { $0.int64(0) }
      ).filter { try repository.isAnsweredOrGiven($0) }
      if !kept.isEmpty && !force {
        throw RepositoryError.refused(
          "bank \"\(bank)\" holds \(kept.count) question\(kept.count == 1 ? "" : "s") that attempts were given: "
            + "nothing removed ('quiz bank rm \(bank) --force' retires them and keeps the attempts' history)")
      }
      let time = repository.now()
      try repository.takeSlotsOut(ofBank: bankRow, from: users, at: time)
      try repository.unindexBank(bankRow)
      let placeholders = Array(repeating: "?", count: kept.count).joined(separator: ", ")
      try database.execute(
        "DELETE FROM questions WHERE bank_id = ?" + (kept.isEmpty ? "" : " AND id NOT IN (\(placeholders))"),
        [bankRow as any DatabaseValueConvertible] + kept.map { $0 as any DatabaseValueConvertible })
      var setAside: String?
      if kept.isEmpty {
        try database.execute("DELETE FROM banks WHERE id = ?", [bankRow])
      } else {
        setAside = try repository.setAside(bankRow, id: bank, at: time)
      }
      try repository.logChange(.bank, .delete, quiz: bank, at: time)
      return BankRemoval(
        quizzes: Array(Set(users.map(\.quiz))).sorted(), keptQuestions: kept.count, setAsideAs: setAside)
    }
  }

  /// The quizzes whose slots use bank `bankRow`, each with what it does, by quiz.
  private func slotUsers(ofBank bankRow: Int64) throws -> [(quiz: String, use: String)] {
    try database.fetchAll(
      """
      SELECT z.slug, 'places its question "' || q.slug || '"'
      FROM slots sl JOIN questions q ON q.id = sl.question_id JOIN quizzes z ON z.id = sl.quiz_id
      WHERE q.bank_id = ?1
      UNION ALL
      SELECT z.slug, 'draws random questions from it'
      FROM slots sl JOIN categories c ON c.id = sl.category_id JOIN quizzes z ON z.id = sl.quiz_id
      WHERE c.bank_id = ?1
      ORDER BY 1, 2
      """, [bankRow]
    ) { row in (quiz: row.string(0), use: row.string(1)) }
  }

  /// Deletes the slots of `users` that place or draw from bank `bankRow`, and logs each quiz's change.
  private func takeSlotsOut(ofBank bankRow: Int64, from users: [(quiz: String, use: String)], at time: Timestamp)
    throws
  {
    guard !users.isEmpty else { return }
    try database.execute(
      """
      DELETE FROM slots WHERE question_id IN (SELECT id FROM questions WHERE bank_id = ?1)
        OR category_id IN (SELECT id FROM categories WHERE bank_id = ?1)
      """, [bankRow])
    for quiz in Set(users.map(\.quiz)).sorted() {
      try database.execute("UPDATE quizzes SET updated_at = ? WHERE slug = ?", [time.text, quiz])
      try logChange(.quiz, .update, quiz: quiz, at: time)
    }
  }

  /// Retires bank `bankRow`'s questions and sets the bank aside as `ID.removed-N`, freeing its
  /// id; the id it now has.
  private func setAside(_ bankRow: Int64, id: String, at time: Timestamp) throws -> String {
    var number = 1
    while try database.fetchOne("SELECT 1 FROM banks WHERE slug = ?", ["\(id).removed-\(number)"], { $0.int(0) }) != nil
    {
      number += 1
    }
    let aside = "\(id).removed-\(number)"
    try database.execute(
      "UPDATE questions SET retired_at = coalesce(retired_at, ?) WHERE bank_id = ?", [time.text, bankRow])
    try database.execute(
      "UPDATE banks SET slug = ?, removed_at = ?, updated_at = ? WHERE id = ?", [aside, time.text, time.text, bankRow])
    return aside
  }

  /// Removes the category at `category` of bank `bank` with the categories under it, when
  /// none of them holds a question (in use or retired): how a mistyped category goes.
  public func removeCategory(_ category: CategoryPath, ofBank bank: String) throws {
    guard category != .top else { throw RepositoryError.refused("the top of a bank is removed with the bank") }
    try write { repository in
      let bankRow = try repository.bankHeader(bank).row
      let rows = try repository.categoryRows(within: category, ofBank: bankRow, named: bank)
      let placeholders = Array(repeating: "?", count: rows.count).joined(separator: ", ")
      let held =
        try repository.database.fetchOne(
          "SELECT count(*) FROM questions WHERE category_id IN (\(placeholders))",
          rows.map { $0 as any DatabaseValueConvertible },
          { $0.int(0) }) ?? 0
      guard held == 0 else {
        throw RepositoryError.refused(
          "category \"\(category.text)\" of bank \"\(bank)\" holds \(held) question\(held == 1 ? "" : "s"): move "
            + "them first ('quiz bank mv \(bank)/QUESTION --category PATH')")
      }
      try repository.database.execute(
        "DELETE FROM categories WHERE id IN (\(placeholders))", rows.map { $0 as any DatabaseValueConvertible })
      try repository.logChange(
        .bank, .update, quiz: bank, detail: QuizRepository.textDetail("category_removed", category.text),
        at: repository.now())
    }
  }

  /// The rows of bank `bank` and of its question `question` (in use or retired).
  private func requireBankQuestion(_ question: String, ofBank bank: String) throws -> (Int64, Int64) {
    let bankRow = try bankHeader(bank).row
    guard
      let identity = try database.fetchOne(
        "SELECT id FROM questions WHERE bank_id = ? AND slug = ?", [bankRow, question], { $0.int64(0) })
    else {
      let ids = try database.fetchAll(
        "SELECT slug FROM questions WHERE bank_id = ? AND retired_at IS NULL", [bankRow], { $0.string(0) })
      throw RepositoryError.refused(
        "no question \"\(question)\" in bank \"\(bank)\""
          + Suggestion.didYouMean(question, among: ids))
    }
    return (bankRow, identity)
  }
}

/// What `removeBank` did.
public struct BankRemoval: Equatable, Sendable {
  /// The quizzes whose slots it took out, by id.
  public let quizzes: [String]
  /// The questions kept, retired, for the attempts given them.
  public let keptQuestions: Int
  /// The id the bank was set aside under when questions were kept; nil when it was deleted.
  public let setAsideAs: String?
}

// MARK: - Whole banks

/// A question of a bank as stored: its rows, category and current content.
struct StoredBankQuestion {
  let identity: Int64
  let version: Int
  let category: Int64
  let question: Question
  /// The quiz it belongs to (placed or retired there); nil for a question no quiz wrote.
  let quiz: Int64?
  let retired: Bool
}

extension QuizRepository {
  /// Bank `id` as one quiz whose sections are its categories in tree order, each titled by its
  /// path as Moodle writes it (the top untitled), holding its questions in use by id: what a format
  /// with categories (GIFT's `$CATEGORY`, Moodle XML's category questions) writes, and reads
  /// back into the same categories with `importIntoBank`.
  public func bankAsQuiz(_ id: String) throws -> Quiz {
    try read { repository in
      let header = try repository.bankHeader(id)
      return try repository.bankQuiz(id, header: header, questions: repository.bankQuestions(.inBank(header.row)))
    }
  }

  /// Bank `id` as `bankAsQuiz` gives it, with its questions' current versions, for a view of
  /// one of its questions (`quiz show BANK/QUESTION`); nil when there is no such bank.
  public func storedBank(_ id: String) throws -> StoredQuiz? {
    try read { repository in
      guard let header = try repository.optionalBankHeader(id) else { return nil }
      let questions = try repository.bankQuestions(.inBank(header.row))
      return StoredQuiz(
        quiz: try repository.bankQuiz(id, header: header, questions: questions),
        versions: Dictionary(questions.map { ($0.question.id, $0.version) }, uniquingKeysWith: { first, _ in first }),
        rowID: header.row,
        questionRows: Dictionary(
          questions.map { ($0.question.id, StoredQuiz.QuestionRows(identity: $0.identity, version: 0)) },
          uniquingKeysWith: { first, _ in first }))
    }
  }

  /// The bank as `bankAsQuiz` gives it, of its questions `questions` (those in use).
  func bankQuiz(
    _ id: String, header: (row: Int64, title: String, description: String?), questions: [StoredBankQuestion]
  ) throws -> Quiz {
    let sections = try bank(id, header: header, questions: questions, withEmptyCategories: false).categories.map {
      Section(title: $0.path == .top ? nil : $0.path.moodleText, questions: $0.questions)
    }
    return Quiz(
      id: id, title: header.title, description: header.description,
      sections: sections.isEmpty ? [Section(questions: [])] : sections)
  }

  /// The questions of a bank (`scope` says whether retired ones too) with their current
  /// content, by id.
  func bankQuestions(_ scope: QuestionScope) throws -> [StoredBankQuestion] {
    let choices = try currentChoices(in: scope)
    let files = try currentFiles(in: scope)
    let tags = try currentTags(in: scope)
    let options = try currentOptions(in: scope)
    let statement = try database.cachedStatement(
      """
      SELECT q.id, q.slug, q.category_id, q.current_version, v.id, q.quiz_id, q.retired_at IS NOT NULL,
        \(QuestionRows.contentColumns)
      FROM questions q
      JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version
      WHERE \(scope.condition)
      ORDER BY q.slug
      """)
    try statement.bind([scope.row])
    var stored: [StoredBankQuestion] = []
    try statement.forEachRow { row in
      let identity = row.int64(0)
      let versionRow = row.int64(4)
      var question = Question(
        id: row.string(1), tags: tags[identity] ?? [],
        content: QuestionRows.content(row, at: 7, choices: choices[versionRow] ?? []))
      question.files = files[versionRow] ?? []
      if question.kind != .choice { try loadParts(&question.body, versionRow: versionRow) }
      options[versionRow]?.apply(to: &question)
      stored.append(
        StoredBankQuestion(
          identity: identity, version: row.int(3), category: row.int64(2), question: question,
          quiz: row.isNull(5) ? nil : row.int64(5), retired: row.bool(6)))
    }
    return stored
  }
}

// MARK: - Quizzes using a bank's questions

extension QuizRepository {
  /// Each question of bank `bank` that a quiz uses, by id, with those quizzes' ids in order: a
  /// quiz that writes it, places it by a slot, or whose random slots drew it in an attempt.
  public func quizzesUsingQuestions(ofBank bank: String) throws -> [String: [String]] {
    try read { repository in
      let bankRow = try repository.bankHeader(bank).row
      let rows = try repository.database.fetchAll(
        """
        SELECT q.slug, z.slug FROM questions q JOIN quizzes z ON z.id = q.quiz_id
        WHERE q.bank_id = ?1 AND q.section_id IS NOT NULL
        UNION
        SELECT q.slug, z.slug FROM slots sl JOIN questions q ON q.id = sl.question_id JOIN quizzes z ON z.id = sl.quiz_id
        WHERE q.bank_id = ?1
        UNION
        SELECT q.slug, z.slug FROM attempts a
        JOIN attempt_questions aq ON aq.attempt_id = a.id JOIN question_versions v ON v.id = aq.version_id
        JOIN questions q ON q.id = v.question_id JOIN quizzes z ON z.id = a.quiz_id
        WHERE q.bank_id = ?1 AND EXISTS (SELECT 1 FROM slots r WHERE r.quiz_id = a.quiz_id AND r.category_id IS NOT NULL)
        ORDER BY 1, 2
        """, [bankRow]
      ) { ($0.string(0), $0.string(1)) }
      return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }
  }
}
