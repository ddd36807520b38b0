import QuizDomain
import SQLite

// MARK: - Banks in a quiz-bank/1 document

extension QuizRepository {
  /// Bank `id` as a document carries it: every category, each with its questions in use.
  public func bankForExport(_ id: String) throws -> Bank {
    try read { repository in
      let header = try repository.bankHeader(id)
      return try repository.bank(
        id, header: header, questions: repository.bankQuestions(.inBank(header.row)), withEmptyCategories: true)
    }
  }

  /// The banks an export of `quizzes` carries before them, by id: every bank their slots and
  /// random slots use (`withAttempts`: and every bank of another's question their attempts were
  /// given, which their history names), and with `all` every bank; each without the questions an
  /// exported quiz writes in full (they come with their quiz). A quiz's own bank holding nothing
  /// else is left out, so that a document of quizzes without slots is as it was before banks.
  /// Runs inside the caller's read transaction.
  func banksForExport(of quizzes: [String], all: Bool, withAttempts: Bool = false) throws -> [Bank] {
    var written: [String: Set<String>] = [:]
    var used = Set<String>()
    for id in quizzes {
      guard let row = try storedQuizRow(id) else { continue }
      used.formUnion(
        try database.fetchAll(
          """
          SELECT DISTINCT b.slug FROM slots sl
          LEFT JOIN questions q ON q.id = sl.question_id
          LEFT JOIN categories c ON c.id = sl.category_id
          JOIN banks b ON b.id = coalesce(q.bank_id, c.bank_id)
          WHERE sl.quiz_id = ?
          """, [row]
        ) { $0.string(0) })
      if withAttempts {
        used.formUnion(
          try database.fetchAll(
            """
            SELECT DISTINCT b.slug FROM question_versions v JOIN questions q ON q.id = v.question_id
            JOIN banks b ON b.id = q.bank_id
            WHERE q.quiz_id IS NOT ?1 AND b.removed_at IS NULL AND v.id IN (
              SELECT an.version_id FROM answers an JOIN attempts a ON a.id = an.attempt_id WHERE a.quiz_id = ?1
              UNION SELECT an.scored_version_id FROM answers an JOIN attempts a ON a.id = an.attempt_id
                WHERE a.quiz_id = ?1
              UNION SELECT aq.version_id FROM attempt_questions aq JOIN attempts a ON a.id = aq.attempt_id
                WHERE a.quiz_id = ?1)
            """, [row]
          ) { $0.string(0) })
      }
      let own = try database.fetchOne(
        "SELECT b.slug FROM quizzes z JOIN banks b ON b.id = z.bank_id WHERE z.id = ?", [row]
      ) { $0.string(0) }
      guard let own else { continue }
      written[own, default: []].formUnion(
        try database.fetchAll(
          "SELECT slug FROM questions WHERE quiz_id = ? AND section_id IS NOT NULL AND retired_at IS NULL", [row]
        ) { $0.string(0) })
    }
    let ids =
      all
      ? try database.fetchAll("SELECT slug FROM banks WHERE removed_at IS NULL ORDER BY slug", []) { $0.string(0) }
      : used.sorted()
    return try ids.compactMap { id in
      guard let header = try optionalBankHeader(id) else { return nil }
      let ownQuestions = written[id]
      let questions = try bankQuestions(.inBank(header.row)).filter { !(ownQuestions ?? []).contains($0.question.id) }
      let bank = try bank(id, header: header, questions: questions, withEmptyCategories: ownQuestions == nil)
      return ownQuestions != nil && bank.categories.isEmpty && !used.contains(id) ? nil : bank
    }
  }

  /// The bank of `header` holding `questions`, in category order; a category without
  /// questions only `withEmptyCategories` (the top never). What `bankQuiz` gives as a quiz.
  func bank(
    _ id: String, header: (row: Int64, title: String, description: String?), questions: [StoredBankQuestion],
    withEmptyCategories: Bool
  ) throws -> Bank {
    let paths = try categoryPaths(ofBank: header.row)
    let byCategory = Dictionary(grouping: questions, by: \.category)
    let categories = paths.compactMap { row, path -> Bank.Category? in
      let held = byCategory[row]?.map(\.question) ?? []
      guard !held.isEmpty || (withEmptyCategories && path != .top) else { return nil }
      return Bank.Category(path: path, questions: held)
    }
    return Bank(
      id: id, title: header.title, description: header.description,
      categories: categories.sorted { $0.path < $1.path })
  }
}
