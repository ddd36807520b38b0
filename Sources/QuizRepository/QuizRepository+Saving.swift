import QuizBankFormat
import QuizDomain
import SQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one change to a quiz was about, for its change-log entry: `quiz watch` shows "section
/// insert geo Week 2" rather than a bare quiz update.
public enum ChangeSubject: Equatable, Sendable {
  /// The quiz as a whole (its entry names the question when exactly one was touched).
  case quiz
  /// One question, by id.
  case question(String)
  /// One new section, by title.
  case section(String)
}

/// What saving one quiz did.
public struct QuizSaveResult: Equatable, Sendable {
  public enum Outcome: String, Sendable {
    case added, updated, unchanged
  }
  public var quiz: String
  public var outcome: Outcome
  public var newQuestions: [String] = []
  /// Questions that got a new version: id, old version, new version.
  public var changedQuestions: [VersionChange] = []
  public var retiredQuestions: [String] = []
  /// Retired questions that came back.
  public var restoredQuestions: [String] = []

  public struct VersionChange: Equatable, Sendable {
    public var question: String
    public var from: Int
    public var to: Int
  }
}

// MARK: - Saving quizzes with versioning

extension QuizRepository {
  /// Saves `quiz` as the new content of the quiz with its id, creating it when missing.
  ///
  /// Versioning: a question whose content is unchanged keeps its version; a changed one gets
  /// version n+1 (attempts keep the version they answered); a question that is no longer in
  /// the quiz is retired (hidden, history kept); a retired one that comes back is restored.
  /// Nothing is written when nothing changed. One transaction.
  @discardableResult
  public func saveQuiz(_ quiz: Quiz) throws -> QuizSaveResult {
    return try mappingStorageErrors {
      let problems = QuizBankValidator.quizProblems(quiz)
      guard problems.isEmpty else { throw RepositoryError.invalid(problems, total: problems.count) }
      return try database.write { _ in
        let result = try writeQuiz(quiz, existing: try storedQuiz(quiz.id), at: now())
        try logSave(result, at: now())
        return result
      }
    }
  }

  /// Saves `quiz` as `saveQuiz` does, but only if the stored quiz is still `base`, the one the
  /// caller started from (checked in the same transaction); otherwise throws
  /// `RepositoryError.changedSinceRead` with the quiz as it is now, and writes nothing. Two
  /// people editing one quiz so never undo each other's work without seeing it.
  @discardableResult
  public func saveQuiz(_ quiz: Quiz, ifUnchangedSince base: Quiz) throws -> QuizSaveResult {
    return try mappingStorageErrors {
      let problems = QuizBankValidator.quizProblems(quiz)
      guard problems.isEmpty else { throw RepositoryError.invalid(problems, total: problems.count) }
      return try database.write { _ in
        let existing = try storedQuiz(quiz.id)
        guard let existing, existing.quiz == base else {
          throw RepositoryError.changedSinceRead(current: existing?.quiz)
        }
        let result = try writeQuiz(quiz, existing: existing, at: now())
        try logSave(result, at: now())
        return result
      }
    }
  }

  /// Loads quiz `id`, lets `change` edit it, and saves the result with `saveQuiz`'s rules, all
  /// in one write transaction: `change` sees the quiz as it is, and no other writer can commit
  /// between the read and the save, so two updates never undo each other. `change` runs under
  /// the write lock and should be quick.
  @discardableResult
  public func updateQuiz(
    _ id: String, about subject: ChangeSubject = .quiz, _ change: (inout Quiz) throws -> Void
  ) throws -> QuizSaveResult {
    return try write { repository in
      let stored = try repository.requireQuiz(id)
      var quiz = stored.quiz
      try change(&quiz)
      let problems = QuizBankValidator.quizProblems(quiz)
      guard problems.isEmpty else { throw RepositoryError.invalid(problems, total: problems.count) }
      let time = repository.now()
      let result = try repository.writeQuiz(quiz, existing: stored, at: time)
      try repository.logSave(result, about: subject, at: time)
      return result
    }
  }

  /// Writes `quiz` over `existing` (nil: a new quiz) inside the caller's transaction.
  func writeQuiz(_ quiz: Quiz, existing: StoredQuiz?, at time: Timestamp) throws -> QuizSaveResult {
    guard let existing else { return try insertQuiz(quiz, at: time) }
    let quiz = resolvingPlaceholders(quiz, existing: existing)
    if existing.quiz == quiz { return QuizSaveResult(quiz: quiz.id, outcome: .unchanged) }

    var result = QuizSaveResult(quiz: quiz.id, outcome: .updated)
    let quizRow = existing.rowID
    try markSearchStale(quizRow)
    try database.execute(
      "UPDATE quizzes SET title = ?, description = ?, scoring = ?, shuffle_questions = ?, updated_at = ? WHERE id = ?",
      [quiz.title, quiz.description, quiz.scoring?.rawValue, quiz.shuffleQuestions, time.text, quizRow])
    // Unplace every question, rebuild the sections, then place the questions of the new content.
    try database.execute(
      "UPDATE questions SET section_id = NULL, position = NULL WHERE quiz_id = ? AND section_id IS NOT NULL",
      [quizRow])
    try database.execute("DELETE FROM sections WHERE quiz_id = ?", [quizRow])
    let retired = try retiredQuestions(ofQuiz: quizRow)
    var oldQuestions: [String: Question] = [:]
    for question in existing.quiz.questions { oldQuestions[question.id] = question }

    // The quiz's own bank, read once when a question is new to the quiz.
    var bankRow: Int64?
    for (sectionPosition, section) in quiz.sections.enumerated() {
      var categoryRow: Int64?
      try writeSection(section, at: sectionPosition, quizRow: quizRow) { question, sectionRow, position in
        if question.slot != nil {
          let slot = try Self.slotToWrite(question, old: oldQuestions[question.id])
          try insertSlot(slot, quizRow: quizRow, sectionRow: sectionRow, position: position)
          if oldQuestions[question.id]?.slot == nil { result.newQuestions.append(question.id) }
        } else if let rows = existing.questionRows[question.id], let old = oldQuestions[question.id],
          old.slot == nil
        {
          try updateQuestion(
            question, old: old, identity: rows.identity, version: existing.versions[question.id] ?? 1,
            sectionRow: sectionRow, position: position, at: time, result: &result)
        } else if let old = retired[question.id] {
          result.restoredQuestions.append(question.id)
          try updateQuestion(
            question, old: old.question, identity: old.identity, version: old.version,
            sectionRow: sectionRow, position: position, at: time, result: &result)
        } else {
          let bank = try bankRow ?? ownBank(ofQuiz: quizRow)
          bankRow = bank
          let category = try categoryRow ?? self.categoryRow(inBank: bank, forSectionTitled: section.title)
          categoryRow = category
          let placement = Placement(
            quiz: quizRow, section: sectionRow, position: position, bank: bank, category: category)
          try insertQuestion(question, placement: placement, at: time)
          result.newQuestions.append(question.id)
        }
      }
    }
    // A question written in the quiz and no longer in it is retired, unless a slot places it
    // (it stays in its bank for that quiz). Removing a slot retires nothing.
    let present = Set(quiz.questions.filter { $0.slot == nil }.map(\.id))
    result.retiredQuestions = existing.quiz.questions.filter { $0.slot == nil }.map(\.id).filter {
      !present.contains($0)
    }
    try database.execute(
      """
      UPDATE questions SET retired_at = ? WHERE quiz_id = ? AND section_id IS NULL AND retired_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM slots sl WHERE sl.question_id = questions.id)
      """,
      [time.text, quizRow])
    return result
  }

  private func insertQuiz(_ quiz: Quiz, at time: Timestamp) throws -> QuizSaveResult {
    try database.execute(
      """
      INSERT INTO quizzes (slug, title, description, scoring, shuffle_questions, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [quiz.id, quiz.title, quiz.description, quiz.scoring?.rawValue, quiz.shuffleQuestions, time.text, time.text])
    let quizRow = database.lastInsertedRowID
    let bankRow = try ownBank(forNewQuiz: quiz, quizRow: quizRow, at: time)
    try markBankSearchStale(bankRow)
    var result = QuizSaveResult(quiz: quiz.id, outcome: .added)
    for (sectionPosition, section) in quiz.sections.enumerated() {
      // The section's category, made for its first question written in the quiz.
      var category: Int64?
      try writeSection(section, at: sectionPosition, quizRow: quizRow) { question, sectionRow, position in
        if let slot = question.slot {
          try insertSlot(slot, quizRow: quizRow, sectionRow: sectionRow, position: position)
          result.newQuestions.append(question.id)
          return
        }
        let categoryRow = try category ?? categoryRow(inBank: bankRow, forSectionTitled: section.title)
        category = categoryRow
        let placement = Placement(
          quiz: quizRow, section: sectionRow, position: position, bank: bankRow, category: categoryRow)
        try insertQuestion(question, placement: placement, at: time)
        result.newQuestions.append(question.id)
      }
    }
    return result
  }

  /// Writes section `section` of the quiz at `position`, with its random slots where they
  /// stand, and hands `question` each question entry with the section's row and its position.
  private func writeSection(
    _ section: Section, at position: Int, quizRow: Int64, question: (Question, Int64, Int) throws -> Void
  ) throws {
    let sectionRow = try insertSection(section, quizRow: quizRow, position: position)
    for (position, entry) in section.entries.enumerated() {
      switch entry {
      case .random(let random):
        try insertRandomSlot(random, quizRow: quizRow, sectionRow: sectionRow, position: position)
      case .question(let fixed): try question(fixed, sectionRow, position)
      }
    }
  }

  private func insertSection(_ section: Section, quizRow: Int64, position: Int) throws -> Int64 {
    try database.execute(
      "INSERT INTO sections (quiz_id, position, title, pick) VALUES (?, ?, ?, ?)",
      [quizRow, position, section.title, section.pick])
    return database.lastInsertedRowID
  }

  /// Where a question new to a quiz goes: its place in the quiz, and its category in the
  /// quiz's own bank.
  private struct Placement {
    let quiz: Int64
    let section: Int64
    let position: Int
    let bank: Int64
    let category: Int64
  }

  private func insertQuestion(_ question: Question, placement: Placement, at time: Timestamp) throws {
    let statement = try database.cachedStatement(
      literal: """
        INSERT INTO questions (quiz_id, slug, section_id, position, current_version, bank_id, category_id)
        VALUES (?, ?, ?, ?, 1, ?, ?)
        """)
    statement.reset()
    try statement.bind(placement.quiz, at: 1)
    try statement.bind(placement.section, at: 3)
    try statement.bind(Int64(placement.position), at: 4)
    try statement.bind(placement.bank, at: 5)
    try statement.bind(placement.category, at: 6)
    do {
      try statement.withText(question.id, at: 2) { try statement.executeBound() }
    } catch let error as DatabaseError where error.resultCode == DatabaseError.constraint {
      throw try bankQuestionClash(question.id, bank: placement.bank) ?? error
    }
    let identity = database.lastInsertedRowID
    try insertVersion(question.content, identity: identity, number: 1, at: time)
    try insertTags(question.tags, identity: identity)
  }

  private func updateQuestion(
    _ question: Question, old: Question, identity: Int64, version: Int, sectionRow: Int64, position: Int,
    at time: Timestamp, result: inout QuizSaveResult
  ) throws {
    var current = version
    if question.content != old.content {
      current = version + 1
      try insertVersion(question.content, identity: identity, number: current, at: time)
      result.changedQuestions.append(.init(question: question.id, from: version, to: current))
    }
    try database.execute(
      "UPDATE questions SET section_id = ?, position = ?, current_version = ?, retired_at = NULL WHERE id = ?",
      [sectionRow, position, current, identity])
    if question.tags != old.tags {
      try database.execute("DELETE FROM question_tags WHERE question_id = ?", [identity])
      try insertTags(question.tags, identity: identity)
    }
  }

  func insertVersion(_ content: Question.Content, identity: Int64, number: Int, at time: Timestamp) throws {
    let version = try database.cachedStatement(
      literal: """
        INSERT INTO question_versions (question_id, version, created_at, prompt, explanation, points,
          multiple, scoring, shuffle, choice_count, correct_count, text_format, kind)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    version.reset()
    try version.bind(identity, at: 1)
    try version.bind(Int64(number), at: 2)
    try version.bind(content.points, at: 6)
    try version.bind(content.multiple, at: 7)
    try version.bind(content.scoring?.rawValue, at: 8)
    try version.bind(content.shuffle, at: 9)
    try version.bind(Int64(content.choices.count), at: 10)
    try version.bind(Int64(content.choices.count(where: \.correct)), at: 11)
    try version.bind(content.textFormat == .plain ? nil : content.textFormat.rawValue, at: 12)
    try version.bind(content.kind.rawValue, at: 13)
    // The row's own text is bound uncopied for the step (`withText`).
    try version.withText(time.text, at: 3) {
      try version.withText(content.prompt, at: 4) {
        try version.withText(content.explanation, at: 5) { try version.executeBound() }
      }
    }
    let versionRow = database.lastInsertedRowID
    try insertParts(content.body, versionRow: versionRow)
    try insertOptions(content, versionRow: versionRow)

    let choice = try database.cachedStatement(
      literal:
        "INSERT INTO choices (version_id, position, slug, text, correct, weight, feedback) VALUES (?, ?, ?, ?, ?, ?, ?)"
    )
    for (position, item) in content.choices.enumerated() {
      choice.reset()
      try choice.bind(versionRow, at: 1)
      try choice.bind(Int64(position), at: 2)
      try choice.bind(item.correct, at: 5)
      try choice.bind(item.weight, at: 6)
      try choice.withText(item.id, at: 3) {
        try choice.withText(item.text, at: 4) {
          try choice.withText(item.feedback, at: 7) { try choice.executeBound() }
        }
      }
    }
    guard !content.files.isEmpty else { return }
    let file = try database.cachedStatement(
      literal: "INSERT INTO question_files (version_id, position, field, name, data) VALUES (?, ?, ?, ?, ?)")
    for (position, item) in content.files.enumerated() {
      file.reset()
      try file.bind(versionRow, at: 1)
      try file.bind(Int64(position), at: 2)
      try file.bind(item.field, at: 3)
      try file.bind(item.name, at: 4)
      try file.bind(.blob(Data(item.bytes)), at: 5)
      try file.executeBound()
    }
  }

  func insertTags(_ tags: [String], identity: Int64) throws {
    guard !tags.isEmpty else { return }
    let statement = try database.cachedStatement(
      literal: "INSERT INTO question_tags (question_id, position, tag) VALUES (?, ?, ?)")
    for (position, tag) in tags.enumerated() {
      statement.reset()
      try statement.bind(identity, at: 1)
      try statement.bind(Int64(position), at: 2)
      try statement.withText(tag, at: 3) { try statement.executeBound() }
    }
  }

  private struct RetiredQuestion {
    let identity: Int64
    let version: Int
    let question: Question
  }

  /// The retired questions of a quiz, with the content of their last version.
  private func retiredQuestions(ofQuiz quizRow: Int64) throws -> [String: RetiredQuestion] {
    let rows = try database.fetchAll(
      """
      SELECT q.id, q.slug, q.current_version, v.id, \(QuestionRows.contentColumns)
      FROM questions q JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version
      WHERE q.quiz_id = ? AND q.retired_at IS NOT NULL
      """, [quizRow]
    ) { row in
      (
        row.int64(0), row.int(2), row.int64(3), Question(id: row.string(1), content: QuestionRows.content(row, at: 4))
      )
    }
    var retired: [String: RetiredQuestion] = [:]
    for (identity, version, versionRow, question) in rows {
      var question = question
      try loadParts(&question.body, versionRow: versionRow)
      try options(ofVersionRow: versionRow).apply(to: &question)
      question.files = try files(ofVersionRow: versionRow)
      question.tags = try database.fetchAll(
        "SELECT tag FROM question_tags WHERE question_id = ? ORDER BY position", [identity]
      ) { $0.string(0) }
      retired[question.id] = RetiredQuestion(identity: identity, version: version, question: question)
    }
    return retired
  }

  /// One change-log row for a saved quiz, with its counts.
  func logSave(_ result: QuizSaveResult, about subject: ChangeSubject = .quiz, at time: Timestamp) throws {
    guard result.outcome != .unchanged else { return }
    var entity = ChangeEntity.quiz
    var operation = result.outcome == .added ? ChangeOperation.insert : .update
    var item: String?
    switch subject {
    case .quiz:
      let touched =
        result.newQuestions + result.changedQuestions.map(\.question) + result.retiredQuestions
        + result.restoredQuestions
      if touched.count == 1 { item = touched[0] }
    case .question(let id):
      (entity, item) = (.question, id)
      if result.newQuestions == [id] { operation = .insert }
    case .section(let title):
      (entity, operation, item) = (.section, .insert, title)
    }
    try logChange(
      entity, operation, quiz: result.quiz, item: item,
      detail: QuizRepository.countsDetail([
        "questions_new": result.newQuestions.count, "questions_changed": result.changedQuestions.count,
        "questions_retired": result.retiredQuestions.count, "questions_restored": result.restoredQuestions.count,
      ]), at: time)
  }
}
