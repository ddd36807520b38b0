import QuizDomain
import SQLite

/// A fixed slot as a quiz reads it: where it stands and the bank question at the version it
/// gives.
struct SlotPlacement {
  let section: Int64
  let position: Int
  let question: Question
  let rows: StoredQuiz.QuestionRows
  let version: Int
}

// MARK: - Reading a quiz's slots

extension QuizRepository {
  /// The questions the fixed slots of the quiz at `quizRow` place, read from their banks: the
  /// pinned version or the current one, worth the slot's points when it sets them.
  func slotPlacements(ofQuiz quizRow: Int64) throws -> [SlotPlacement] {
    let rows = try database.fetchAll(
      """
      SELECT sl.section_id, sl.position, sl.version, sl.points, b.slug, q.slug, q.id, v.id, v.version
      FROM slots sl JOIN questions q ON q.id = sl.question_id JOIN banks b ON b.id = q.bank_id
      JOIN question_versions v ON v.question_id = q.id AND v.version = coalesce(sl.version, q.current_version)
      WHERE sl.quiz_id = ? AND sl.question_id IS NOT NULL
      """, [quizRow]
    ) { row in
      (
        section: row.int64(0), position: row.int(1),
        reference: SlotReference(
          bank: row.string(4), question: row.string(5), version: row.optionalInt(2), points: row.optionalDouble(3)),
        identity: row.int64(6), versionRow: row.int64(7), version: row.int(8)
      )
    }
    return try rows.map { slot in
      var question = try storedQuestion(
        versionRow: slot.versionRow, identity: slot.identity, id: slot.reference.question)
      if let points = slot.reference.points { question.points = points }
      question.slot = slot.reference
      return SlotPlacement(
        section: slot.section, position: slot.position, question: question,
        rows: StoredQuiz.QuestionRows(identity: slot.identity, version: slot.versionRow), version: slot.version)
    }
  }

  /// One version of a question, whole: its content, options, files and the question's tags.
  func storedQuestion(versionRow: Int64, identity: Int64, id: String) throws -> Question {
    var question = try question(versionRow: versionRow, id: id)
    try options(ofVersionRow: versionRow).apply(to: &question)
    question.files = try files(ofVersionRow: versionRow)
    question.tags = try database.fetchAll(
      "SELECT tag FROM question_tags WHERE question_id = ? ORDER BY position", [identity]
    ) { $0.string(0) }
    return question
  }
}

// MARK: - Writing slots

extension QuizRepository {
  /// The row of the bank question `reference` names, checked to be placeable: it exists, is
  /// not retired, and has the version the slot pins.
  func slotQuestionRow(_ reference: SlotReference) throws -> Int64 {
    guard let bank = try optionalBankHeader(reference.bank) else {
      throw RepositoryError.unplaceable(
        "no bank \"\(reference.bank)\" (for the slot \(reference.name))"
          + Suggestion.didYouMean(reference.bank, among: try bankSummaries().map(\.id)))
    }
    guard
      let question = try database.fetchOne(
        "SELECT id, retired_at IS NOT NULL, current_version FROM questions WHERE bank_id = ? AND slug = ?",
        [bank.row, reference.question], { ($0.int64(0), $0.bool(1), $0.int(2)) })
    else {
      let ids = try database.fetchAll(
        "SELECT slug FROM questions WHERE bank_id = ? AND retired_at IS NULL", [bank.row]
      ) { $0.string(0) }
      throw RepositoryError.unplaceable(
        "bank \"\(reference.bank)\" has no question \"\(reference.question)\""
          + Suggestion.didYouMean(reference.question, among: ids))
    }
    if question.1 {
      throw RepositoryError.unplaceable("question \(reference.name) is retired: it cannot be placed in a quiz")
    }
    if let version = reference.version, version > question.2 {
      throw RepositoryError.unplaceable(
        "question \(reference.name) has no version \(version) (its versions are 1 to \(question.2))")
    }
    return question.0
  }

  /// The slot `question` stands for, as a quiz saved from a file of another format than
  /// quiz-bank/1 shows it: its points there are the slot's. Its content is its bank's, and a
  /// change to it is refused rather than lost: the bank is where it is edited.
  static func slotToWrite(_ question: Question, old: Question?) throws -> SlotReference {
    guard var slot = question.slot else { throw RepositoryError.refused("question \(question.id) has no slot") }
    guard let old, old.slot?.bank == slot.bank, old.slot?.question == slot.question else { return slot }
    var edited = question.content
    var stored = old.content
    (edited.points, stored.points) = (0, 0)
    guard edited == stored else {
      throw RepositoryError.invalid(
        [
          Problem(
            path: question.id,
            message: "question \(question.id) is \(slot.name), placed from bank \(slot.bank): its text and answers "
              + "are edited in the bank ('quiz import FILE --bank \(slot.bank)'), not in the quiz")
        ], total: 1)
    }
    if question.points != old.points { slot.points = question.points }
    return slot
  }

  /// Writes the slot placing `reference` at `position` of the section at `sectionRow`.
  func insertSlot(_ reference: SlotReference, quizRow: Int64, sectionRow: Int64, position: Int) throws {
    let questionRow = try slotQuestionRow(reference)
    try database.execute(
      "INSERT INTO slots (quiz_id, section_id, position, question_id, version, points) VALUES (?, ?, ?, ?, ?, ?)",
      [quizRow, sectionRow, position, questionRow, reference.version, reference.points])
  }

  /// `quiz` with each placeholder of a slot (a document names the bank question and carries
  /// none of it) replaced by the question `existing` already places there, so that saving a
  /// quiz as it was read changes nothing.
  func resolvingPlaceholders(_ quiz: Quiz, existing: StoredQuiz?) -> Quiz {
    guard let existing, quiz.sections.contains(where: { $0.questions.contains { $0.slot != nil } }) else {
      return quiz
    }
    var placed: [String: Question] = [:]
    for question in existing.quiz.questions { if let slot = question.slot { placed[slot.name] = question } }
    var resolved = quiz
    for s in resolved.sections.indices {
      for q in resolved.sections[s].questions.indices {
        // Only a placeholder takes the stored content: a question a format showed in full (a
        // GIFT edit) keeps what it holds, for `slotToWrite` to compare with the bank's.
        let question = resolved.sections[s].questions[q]
        guard let slot = question.slot, question == slot.placeholder, let stored = placed[slot.name],
          stored.id == question.id
        else { continue }
        var filled = stored
        filled.slot = slot
        filled.points = slot.points ?? stored.points
        resolved.sections[s].questions[q] = filled
      }
    }
    return resolved
  }
}

// MARK: - Placement in SQL

/// Whether a question is in a quiz, as SQL: written in it and placed, or placed by one of its
/// slots. A question of an attempt that is in neither is retired from that quiz's view.
enum QuizPlacement {
  /// The condition that question `question` (an alias of `questions`) is in the quiz whose row
  /// is the expression `quiz`.
  static func placed(_ question: String = "q", inQuiz quiz: String) -> String {
    """
    ((\(question).quiz_id = \(quiz) AND \(question).section_id IS NOT NULL)
      OR EXISTS (SELECT 1 FROM slots sl WHERE sl.question_id = \(question).id AND sl.quiz_id = \(quiz)))
    """
  }
}

extension QuizPlacement {
  /// The condition that question `q` belongs to the quiz whose row is parameter `?1`: written in
  /// it (placed or retired) or placed by one of its slots.
  static let ofQuiz = "(q.quiz_id = ?1 OR q.id IN (SELECT sl.question_id FROM slots sl WHERE sl.quiz_id = ?1))"
}
