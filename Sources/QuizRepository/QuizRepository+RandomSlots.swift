import QuizDomain
import SQLite

/// Random slots as a quiz reads them: where they stand and what they draw.
struct RandomPlacement {
  let section: Int64
  let position: Int
  let slot: RandomSlot
}

// MARK: - Reading and writing random slots

extension QuizRepository {
  /// The random slots of the quiz at `quizRow`.
  func randomPlacements(ofQuiz quizRow: Int64) throws -> [RandomPlacement] {
    let rows = try database.fetchAll(
      """
      SELECT sl.section_id, sl.position, b.id, b.slug, sl.category_id, sl.subcategories, sl.tags, sl.count, sl.points
      FROM slots sl JOIN categories c ON c.id = sl.category_id JOIN banks b ON b.id = c.bank_id
      WHERE sl.quiz_id = ? AND sl.category_id IS NOT NULL
      """, [quizRow]
    ) { row in
      (
        section: row.int64(0), position: row.int(1), bankRow: row.int64(2), bank: row.string(3),
        category: row.int64(4), subcategories: row.bool(5), tags: TagList.decode(row.optionalString(6)),
        count: row.int(7), points: row.optionalDouble(8)
      )
    }
    var paths: [Int64: [Int64: CategoryPath]] = [:]
    return try rows.map { row in
      if paths[row.bankRow] == nil { paths[row.bankRow] = try categoryPaths(ofBank: row.bankRow) }
      let slot = RandomSlot(
        bank: row.bank, category: paths[row.bankRow]?[row.category] ?? .top, subcategories: row.subcategories,
        tags: row.tags, count: row.count, points: row.points)
      return RandomPlacement(section: row.section, position: row.position, slot: slot)
    }
  }

  /// Writes random slots at `position` of the section at `sectionRow`. Their bank and category
  /// must exist, and enough questions must match their filter.
  func insertRandomSlot(_ random: RandomSlot, quizRow: Int64, sectionRow: Int64, position: Int) throws {
    let source = try randomSource(random)
    let matching = try candidates(of: source).count
    guard matching >= random.count else {
      throw RepositoryError.unplaceable(
        "random slots from \(random.filterText) would draw \(random.count) question\(random.count == 1 ? "" : "s"); "
          + "\(matching) match\(matching == 1 ? "es" : "")")
    }
    try database.execute(
      """
      INSERT INTO slots (quiz_id, section_id, position, category_id, subcategories, tags, count, points)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        quizRow, sectionRow, position, source.category, random.subcategories, TagList.encode(random.tags),
        random.count, random.points,
      ])
  }
}

/// A random slot's tags as the `slots.tags` column keeps them: a JSON array, NULL for none.
enum TagList {
  static func encode(_ tags: [String]) -> String? {
    guard !tags.isEmpty else { return nil }
    var writer = JSONWriter(pretty: false)
    writer.beginArray()
    for tag in tags { writer.string(tag) }
    writer.endArray()
    return String(decoding: writer.takeBytes(), as: UTF8.self)
  }

  /// The tags of a column this layer wrote (its CHECK keeps it a JSON array).
  static func decode(_ text: String?) -> [String] {
    guard let text else { return [] }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      var tags: [String] = []
      do {
        try scanner.beginArray()
        var first = true
        while try scanner.nextElement(first: &first) { tags.append(try scanner.readString()) }
      } catch {
        return tags
      }
      return tags
    }
  }
}

// MARK: - Candidates

/// What a random slot draws from, resolved to rows: its category (and those under it) and tags.
struct RandomSource: Hashable {
  let bank: Int64
  let category: Int64
  let categories: [Int64]
  let tags: [String]
}

extension QuizRepository {
  /// The rows random slots draw from; an unknown bank or category is an error.
  func randomSource(_ random: RandomSlot) throws -> RandomSource {
    guard let bank = try optionalBankHeader(random.bank) else {
      throw RepositoryError.unplaceable(
        "no bank \"\(random.bank)\" to draw from"
          + Suggestion.didYouMean(random.bank, among: try bankSummaries().map(\.id)))
    }
    let paths = try categoryPaths(ofBank: bank.row)
    guard let category = paths.first(where: { $0.value == random.category })?.key else {
      throw RepositoryError.unplaceable(
        RepositoryError.unknownCategory(
          bank: random.bank, category: random.category.text,
          suggestion: Suggestion.closest(
            to: random.category.text, among: paths.values.map(\.text).filter { !$0.isEmpty })
        ).description + " to draw from")
    }
    let categories =
      random.subcategories ? paths.filter { $0.value.isWithin(random.category) }.map(\.key).sorted() : [category]
    return RandomSource(bank: bank.row, category: category, categories: categories, tags: random.tags)
  }

  /// The questions in use of `source`'s categories that carry every one of its tags, but no
  /// description, by row: (row, id), in row order so that a seed draws the same on every run.
  func candidates(of source: RandomSource) throws -> [(row: Int64, id: String)] {
    var arguments: [any DatabaseValueConvertible] = source.categories.map { $0 as any DatabaseValueConvertible }
    let categoryList = Array(repeating: "?", count: source.categories.count).joined(separator: ", ")
    let tags = Array(Set(source.tags)).sorted()
    // With tags, the rows of the first tag lead (through its index): a tag is far more selective
    // than a category of a large bank (CROSS JOIN keeps SQLite from starting at the category).
    var from = "questions q"
    var tagFilter = ""
    if let first = tags.first {
      from = "question_tags t CROSS JOIN questions q ON q.id = t.question_id"
      tagFilter = "AND t.tag = ?"
      arguments.append(first)
      let rest = tags.dropFirst()
      if !rest.isEmpty {
        tagFilter +=
          " AND q.id IN ("
          + rest.map { _ in "SELECT question_id FROM question_tags WHERE tag = ?" }.joined(separator: " INTERSECT ")
          + ")"
        arguments += rest.map { $0 as any DatabaseValueConvertible }
      }
    }
    return try database.fetchAll(
      """
      SELECT DISTINCT q.id, q.slug FROM \(from)
      WHERE q.category_id IN (\(categoryList)) AND q.retired_at IS NULL \(tagFilter)
        AND NOT EXISTS (
          SELECT 1 FROM question_versions d INDEXED BY question_versions_descriptions
          WHERE d.question_id = q.id AND d.version = q.current_version AND d.kind = 'description')
      ORDER BY q.id
      """, arguments
    ) { row in (row.int64(0), row.string(1)) }
  }
}

// MARK: - Candidates for a format

extension QuizRepository {
  /// The quiz `id` with each random slot's `candidates`: the questions in use it draws from
  /// but those the quiz places itself or whose ids they have (which an attempt never draws), at their current
  /// versions and worth the slot's points, in row order. Read in one transaction, so that the
  /// slots and their candidates are of one moment.
  public func quizWithRandomCandidates(_ id: String) throws -> Quiz {
    try read { repository in
      let stored = try repository.requireQuiz(id)
      var quiz = stored.quiz
      // As a draw: not a question the quiz places, nor one of the id of one it places.
      let placed = Set(stored.questionRows.values.map(\.identity))
      let names = Set(quiz.questions.map(\.id))
      var pools: [RandomSource: [Question]] = [:]
      for s in quiz.sections.indices {
        for r in quiz.sections[s].random.indices {
          let slot = quiz.sections[s].random[r].slot
          let source = try repository.randomSource(slot)
          let pool =
            try pools[source]
            ?? repository.candidates(of: source).filter { !placed.contains($0.row) && !names.contains($0.id) }.map {
              try repository.drawnQuestion($0.row, id: $0.id, slot: slot).question
            }
          pools[source] = pool
          quiz.sections[s].random[r].candidates = pool.map { question in
            var question = question
            question.points = slot.pointsEach
            question.slot?.points = slot.pointsEach
            return question
          }
        }
      }
      return quiz
    }
  }
}

// MARK: - Drawing

/// A question a random slot drew, as the attempt's quiz holds it.
struct DrawnQuestion {
  let question: Question
  let rows: StoredQuiz.QuestionRows
  let version: Int
}

extension QuizRepository {
  /// The quiz as one attempt gets it: each random slot replaced by a question drawn for
  /// `taker` with `seed` (the least given to them in their earlier attempts at the quiz first),
  /// never one the quiz places itself nor one drawn twice. A quiz without random slots is
  /// returned as it is. Read in the caller's transaction.
  public func drawnQuiz(_ stored: StoredQuiz, taker: String, seed: UInt64) throws -> StoredQuiz {
    guard stored.quiz.hasRandomSlots else { return stored }
    return try read { _ in
      let usage = try givenCounts(ofQuiz: stored.rowID, taker: taker.nfc)
      var generator = QuestionDraw.randomSlotGenerator(seed: seed)
      var taken = Set(stored.questionRows.values.map(\.identity))
      var names = Set(stored.quiz.questions.map(\.id))
      var pools: [RandomSource: [(row: Int64, id: String)]] = [:]
      var drawn: [[DrawnQuestion]] = []
      for (s, section) in stored.quiz.sections.enumerated() {
        for placed in section.random {
          let source = try randomSource(placed.slot)
          let pool = try pools[source] ?? candidates(of: source)
          pools[source] = pool
          // A question whose id the attempt already has (from another bank) is not drawn: an
          // attempt names its questions by id.
          let unavailable = Set(pool.filter { taken.contains($0.row) || names.contains($0.id) }.map(\.row))
          guard
            let rows = QuestionDraw.pickLeastUsed(
              placed.slot.count, from: pool.map(\.row), usage: usage, unavailable: unavailable, using: &generator)
          else {
            let available = pool.count - unavailable.count
            throw RepositoryError.unplaceable(
              "section \(s + 1) of quiz \"\(stored.quiz.id)\" draws \(placed.slot.count) from "
                + "\(placed.slot.filterText): \(available) question\(available == 1 ? " matches" : "s match")"
                + (unavailable.isEmpty ? "" : " besides those the attempt has already"))
          }
          let ids = Dictionary(pool.map { ($0.row, $0.id) }, uniquingKeysWith: { first, _ in first })
          drawn.append(try rows.map { row in try drawnQuestion(row, id: ids[row] ?? "", slot: placed.slot) })
          taken.formUnion(rows)
          names.formUnion(rows.compactMap { ids[$0] })
        }
      }
      return replacingRandomSlots(of: stored, with: drawn)
    }
  }

  /// How often `taker` was given each question (by row) in their attempts at the quiz.
  private func givenCounts(ofQuiz quizRow: Int64, taker: String) throws -> [Int64: Int] {
    var counts: [Int64: Int] = [:]
    try database.fetchAll(
      """
      SELECT v.question_id, count(*) FROM attempts a
      JOIN attempt_questions aq ON aq.attempt_id = a.id JOIN question_versions v ON v.id = aq.version_id
      WHERE a.quiz_id = ? AND a.taker = ? GROUP BY v.question_id
      """, [quizRow, taker]
    ) { row in (row.int64(0), row.int(1)) }
    .forEach { counts[$0.0] = $0.1 }
    return counts
  }

  /// Question `row` at its current version, as a random slot `slot` gives it: worth the slot's
  /// points.
  func drawnQuestion(_ row: Int64, id: String, slot: RandomSlot) throws -> DrawnQuestion {
    guard
      let (versionRow, version) = try database.fetchOne(
        """
        SELECT v.id, v.version FROM questions q
        JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version WHERE q.id = ?
        """, [row], { ($0.int64(0), $0.int(1)) })
    else { throw RepositoryError.refused("question row \(row) has no current version: run 'quiz check'") }
    var question = try storedQuestion(versionRow: versionRow, identity: row, id: id)
    question.points = slot.pointsEach
    question.slot = SlotReference(bank: slot.bank, question: id, points: slot.pointsEach)
    return DrawnQuestion(
      question: question, rows: StoredQuiz.QuestionRows(identity: row, version: versionRow), version: version)
  }

  /// `stored` with its random slots, in order, replaced by the questions `drawn` for each.
  private func replacingRandomSlots(of stored: StoredQuiz, with drawn: [[DrawnQuestion]]) -> StoredQuiz {
    var result = stored
    var next = drawn.makeIterator()
    for s in result.quiz.sections.indices {
      let section = result.quiz.sections[s]
      guard !section.random.isEmpty else { continue }
      var entries: [SectionEntry] = []
      for entry in section.entries {
        switch entry {
        case .question: entries.append(entry)
        case .random:
          for item in next.next() ?? [] {
            entries.append(.question(item.question))
            result.versions[item.question.id] = item.version
            result.questionRows[item.question.id] = item.rows
          }
        }
      }
      result.quiz.sections[s] = Section(title: section.title, pick: section.pick, entries: entries)
    }
    return result
  }
}

extension QuizRepository {
  /// The quiz as an attempt that lists `given` got it: each random slot filled, in order, with
  /// the given questions its filter matches that the quiz does not place itself. A slot the
  /// list leaves short is a problem at `path`; an id no slot takes is left for validation to
  /// report as unknown. A quiz without random slots is returned as it is.
  ///
  /// `carried`: another bank's questions an imported history named, by id (an attempt drew
  /// them, and they have since left the filter or been retired): they fill a slot the list
  /// leaves short, as they did when the attempt drew them.
  func givenQuiz(_ stored: StoredQuiz, given: [String], path: String, carried: [String: CarriedQuestion] = [:])
    throws -> (
      StoredQuiz, [Problem]
    )
  {
    guard stored.quiz.hasRandomSlots else { return (stored, []) }
    let fixed = Set(stored.quiz.questions.map(\.id))
    var remaining = given.filter { !fixed.contains($0) }
    // An id whose bank question the history names only as `BANK/ID` names another question
    // alone (the quiz's own retired one): not one a slot drew.
    let namedOtherwise = Set(carried.keys.compactMap { SlotReference(name: $0)?.question }).filter {
      carried[$0] == nil
    }
    var pools: [RandomSource: [String: Int64]] = [:]
    var drawn: [[DrawnQuestion]] = []
    var problems: [Problem] = []
    for (s, section) in stored.quiz.sections.enumerated() {
      for placed in section.random {
        let source = try randomSource(placed.slot)
        var pool =
          try pools[source]
          ?? Dictionary(try candidates(of: source).map { ($0.id, $0.row) }, uniquingKeysWith: { first, _ in first })
        pools[source] = pool
        // `BANK/ID` names a question of this slot's bank (where two banks' ids clash).
        for name in remaining where pool[name] == nil {
          if let reference = SlotReference(name: name), reference.bank == placed.slot.bank {
            pool[name] = pool[reference.question]
          }
        }
        var taken = Array(
          remaining.filter { pool[$0] != nil && !namedOtherwise.contains($0) }.prefix(placed.slot.count))
        remaining.removeAll { taken.contains($0) }
        let short = placed.slot.count - taken.count
        if short > 0 && !carried.isEmpty {
          let drawnBefore = Array(remaining.filter { carried[$0]?.bank == placed.slot.bank }.prefix(short))
          remaining.removeAll { drawnBefore.contains($0) }
          for id in drawnBefore { pool[id] = carried[id]?.identity }
          taken += drawnBefore
        }
        if taken.count < placed.slot.count {
          problems.append(
            Problem(
              path: path + ".given",
              message: "section \(s + 1)'s random slots from \(placed.slot.filterText) give \(placed.slot.count) "
                + "question\(placed.slot.count == 1 ? "" : "s") per attempt, the list has \(taken.count) of theirs"))
        }
        drawn.append(
          try taken.compactMap { id in try pool[id].map { try drawnQuestion($0, id: id, slot: placed.slot) } })
      }
    }
    return (replacingRandomSlots(of: stored, with: drawn), problems)
  }
}

extension QuizRepository {
  /// The quiz as an attempt that lists `given` got it (`givenQuiz`), read in one transaction;
  /// problems name `--given` or the attempt's path (`path`).
  public func attemptQuiz(_ stored: StoredQuiz, given: [String], path: String = "$") throws -> (
    StoredQuiz, [Problem]
  ) {
    try read { repository in try repository.givenQuiz(stored, given: given, path: path) }
  }
}

// MARK: - Reporting

extension QuizRepository {
  /// The quiz a report measures. Its random slots become one last section that picks as many
  /// as they draw, holding every question they drew in a recorded attempt, at its current
  /// version and worth what the slots made it: Moodle lists a random slot's questions under
  /// it, and measures each as a question a slot drew.
  func reportedQuiz(_ stored: StoredQuiz) throws -> StoredQuiz {
    guard stored.quiz.hasRandomSlots else { return stored }
    let fixed = Set(stored.questionRows.values.map(\.identity))
    let rows = try database.fetchAll(
      """
      SELECT q.id, q.slug, max(aq.points) FROM attempts a
      JOIN attempt_questions aq ON aq.attempt_id = a.id JOIN question_versions v ON v.id = aq.version_id
      JOIN questions q ON q.id = v.question_id
      WHERE a.quiz_id = ? GROUP BY q.id ORDER BY q.slug, q.id
      """, [stored.rowID]
    ) { ($0.int64(0), $0.string(1), $0.optionalDouble(2)) }
    var result = stored
    var drawn: [Question] = []
    let count = result.quiz.sections.reduce(0) { $0 + $1.randomCount }
    for s in result.quiz.sections.indices { result.quiz.sections[s].random = [] }
    for (row, id, points) in rows where !fixed.contains(row) && result.questionRows[id] == nil {
      guard
        let (versionRow, version) = try database.fetchOne(
          """
          SELECT v.id, v.version FROM questions q
          JOIN question_versions v ON v.question_id = q.id AND v.version = q.current_version WHERE q.id = ?
          """, [row], { ($0.int64(0), $0.int(1)) })
      else { continue }
      var question = try storedQuestion(versionRow: versionRow, identity: row, id: id)
      if let points { question.points = points }
      drawn.append(question)
      result.questionRows[id] = StoredQuiz.QuestionRows(identity: row, version: versionRow)
      result.versions[id] = version
    }
    result.quiz.sections.append(Section(title: "Random slots", pick: max(count, 1), questions: drawn))
    return result
  }
}
