import QuizDomain
import SQLite

/// One search hit: a question of a bank, with the prompt's matched words between the markers
/// given.
public struct SearchHit: Equatable, Sendable {
  /// The bank it lives in: for a question a quiz wrote, the bank of the quiz's id.
  public var bank: String
  public var question: String
  public var prompt: String
  /// bm25 rank: lower is better.
  public var rank: Double
}

/// The best hits of a search, and how many there were in all.
public struct SearchResults: Equatable, Sendable {
  public var hits: [SearchHit]
  public var total: Int
  /// True when the database was opened read-only and writes since the last search could not be
  /// indexed: recent changes may be missing.
  public var indexMayBeStale: Bool
}

extension QuizRepository {
  /// Marks the bank of quiz `quizRow` for re-indexing (inside the caller's transaction).
  func markSearchStale(_ quizRow: Int64) throws {
    try database.execute(
      "INSERT OR IGNORE INTO search_stale_banks (bank_id) SELECT bank_id FROM quizzes WHERE id = ? AND bank_id IS NOT NULL",
      [quizRow])
  }

  /// Marks bank `bankRow` for re-indexing (inside the caller's transaction).
  func markBankSearchStale(_ bankRow: Int64) throws {
    try database.execute("INSERT OR IGNORE INTO search_stale_banks (bank_id) VALUES (?)", [bankRow])
  }

  /// Removes the index rows of bank `bankRow`'s questions, before they are deleted.
  func unindexBank(_ bankRow: Int64) throws {
    try database.execute(
      "DELETE FROM search_index WHERE rowid IN (SELECT id FROM questions WHERE bank_id = ?)", [bankRow])
  }

  /// Removes the index rows of questions about to be deleted.
  func unindex(questionRows: [Int64]) throws {
    let statement = try database.cachedStatement("DELETE FROM search_index WHERE rowid = ?")
    for row in questionRows { try statement.execute([row]) }
  }

  /// Full-text search (SQLite FTS5 query syntax) over the prompts, choices, explanations and
  /// tags of the questions in use of every bank, best first: only those quiz `quiz` places
  /// (written in it or placed by its slots), those of bank `bank` (within `category`), and those
  /// carrying every tag of `tags`, when given. `open` and `close` surround matched words in the
  /// prompt. At most `limit` hits (nil: all); `total` counts them all. A malformed query is
  /// `RepositoryError.invalid`.
  public func search(
    _ query: String, quiz: String? = nil, bank: String? = nil, category: CategoryPath? = nil, tags: [String] = [],
    open: String = "", close: String = "", limit: Int? = 50
  ) throws -> SearchResults {
    return try mappingStorageErrors {
      // Brought up to date first, in a write of its own: the search that follows reads one
      // snapshot, and an index refreshed by another process meanwhile is as good.
      if !isReadOnly { try refreshSearchIndex() }
      var filter = "search_index MATCH ?"
      var arguments: [any DatabaseValueConvertible] = [QuizRepository.segmentedForSearch(query)]
      if let quiz {
        // Plain parameters only: the filter serves two statements whose parameters before it differ.
        filter += """
           AND rowid IN (SELECT id FROM questions WHERE quiz_id = ? AND section_id IS NOT NULL
            UNION SELECT question_id FROM slots WHERE quiz_id = ? AND question_id IS NOT NULL)
          """
        let quizRow = try requireQuiz(quiz).rowID
        arguments += [quizRow, quizRow]
      }
      if let bank {
        let bankRow = try bankHeader(bank).row
        filter += " AND quiz = ?"
        arguments.append(bank)
        if let category {
          let rows = try categoryRows(within: category, ofBank: bankRow, named: bank)
          filter +=
            " AND rowid IN (SELECT id FROM questions WHERE category_id IN ("
            + Array(repeating: "?", count: rows.count).joined(separator: ", ") + "))"
          arguments += rows.map { $0 as any DatabaseValueConvertible }
        }
      }
      for tag in tags {
        filter += " AND rowid IN (SELECT question_id FROM question_tags WHERE tag = ?)"
        arguments.append(tag)
      }
      do {
        return try database.read { _ in
          let stale =
            try isReadOnly
            && database.fetchOne("SELECT EXISTS (SELECT 1 FROM search_stale_banks)", []) { $0.bool(0) } ?? false
          let hits = try database.fetchAll(
            """
            SELECT quiz, question, highlight(search_index, 2, ?, ?), bm25(search_index)
            FROM search_index WHERE \(filter) ORDER BY bm25(search_index) LIMIT ?
            """, [open, close] + arguments + [limit ?? -1]
          ) { row in
            SearchHit(
              bank: row.string(0), question: row.string(1),
              prompt: QuizRepository.unsegmented(row.string(2)), rank: row.double(3))
          }
          var total = hits.count
          if let limit, hits.count == limit {
            total =
              try database.fetchOne("SELECT count(*) FROM search_index WHERE \(filter)", arguments) {
                $0.int(0)
              } ?? total
          }
          return SearchResults(hits: hits, total: total, indexMayBeStale: stale)
        }
      } catch let error as DatabaseError where error.resultCode == DatabaseError.genericError {
        // SQLITE_ERROR from MATCH: the query's syntax (a stray quote, a dangling operator).
        // The message quotes the query as searched: without the separators put into it.
        throw RepositoryError.invalid(
          [Problem(path: "search \"\(query)\"", message: QuizRepository.unsegmented(error.message))], total: 1)
      }
    }
  }

  /// Re-indexes the banks that writes marked stale.
  func refreshSearchIndex() throws {
    try database.write { _ in try refreshStaleBanks() }
  }

  private func refreshStaleBanks() throws {
    let stale = try database.fetchAll(
      "SELECT s.bank_id, b.slug FROM search_stale_banks s JOIN banks b ON b.id = s.bank_id", []
    ) { ($0.int64(0), $0.string(1)) }
    guard !stale.isEmpty else { return }
    let insert = try database.cachedStatement(
      "INSERT INTO search_index (rowid, quiz, question, prompt, choices, explanation, tags) VALUES (?, ?, ?, ?, ?, ?, ?)"
    )
    for (bankRow, slug) in stale {
      try unindexBank(bankRow)
      for stored in try bankQuestions(.inBank(bankRow)) {
        let question = stored.question
        try insert.execute([
          stored.identity, slug, question.id, QuizRepository.segmentedForSearch(question.prompt),
          QuizRepository.segmentedForSearch(QuizRepository.searchableParts(of: question).joined(separator: "\n")),
          question.explanation.map(QuizRepository.segmentedForSearch),
          QuizRepository.segmentedForSearch(question.tags.joined(separator: " ")),
        ])
      }
      try database.execute("DELETE FROM search_stale_banks WHERE bank_id = ?", [bankRow])
    }
  }
}

extension QuizRepository {
  /// The texts of a question's parts that search finds it by, in the index's `choices`
  /// column: choices, accepted answers, stems with their answers, distractors, units.
  static func searchableParts(of question: Question) -> [String] {
    switch question.body {
    case .choice: question.choices.map(\.text)
    case .shortAnswer(let body): body.answers.map(\.text)
    case .numerical(let body): body.units.map(\.unit)
    case .matching(let body): body.pairs.flatMap { [$0.stem, $0.answer] } + body.distractors
    case .essay(let body): [body.responseTemplate].compactMap { $0 }
    case .description: []
    case .cloze(let body): body.searchableTexts
    }
  }
}

// MARK: - Scripts written without spaces

extension QuizRepository {
  /// The index's word separator for scripts that write none (migrations/0015): a zero-width
  /// space, which the tokenizer takes as a separator and no reader sees.
  static let searchSeparator: Unicode.Scalar = "\u{200B}"

  /// `text` with a separator on each side of every Han, kana, Hangul and Bopomofo character:
  /// indexed so, each is a token; searched so, a word of several is a phrase of them (FTS5
  /// makes the tokens of one bareword or string a phrase), found inside a longer run.
  static func segmentedForSearch(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnspacedScript) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnspacedScript(scalar) {
        scalars.append(searchSeparator)
        scalars.append(scalar)
        scalars.append(searchSeparator)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// A highlighted prompt without the separators the index holds.
  static func unsegmented(_ text: String) -> String {
    guard text.unicodeScalars.contains(searchSeparator) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != searchSeparator }))
  }

  static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3040...0x30FF, 0x3100...0x312F, 0x3130...0x318F,
      0x31A0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xF900...0xFAFF,
      0xFF66...0xFF9F, 0x20000...0x3134F:
      return true
    default:
      return false
    }
  }
}
