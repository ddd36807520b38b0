import QuizDomain
import SQLite

/// One stored version of a question: its row and its content.
struct StoredVersion {
  let row: Int64
  let question: Question
}

// MARK: - Reading versions by number

extension QuizRepository {
  /// Version `number` of question `id` of the quiz at `quizRow`, with its files; nil when there
  /// is none. The question is the one at row `identity` when the quiz shows it (written in the
  /// quiz or placed by a slot), else the quiz's own retired one, else a bank question an attempt
  /// at the quiz was given (a slot since removed).
  func storedVersion(quizRow: Int64, question id: String, number: Int, identity: Int64? = nil) throws
    -> StoredVersion?
  {
    let found: Int64?
    if let identity {
      found = try database.fetchOne(
        "SELECT id FROM question_versions WHERE question_id = ? AND version = ?", [identity, number],
        { $0.int64(0) })
    } else {
      found =
        try database.fetchOne(
          """
          SELECT v.id FROM question_versions v JOIN questions q ON q.id = v.question_id
          WHERE q.quiz_id = ? AND q.slug = ? AND v.version = ?
          """, [quizRow, id, number], { $0.int64(0) })
        ?? database.fetchOne(
          """
          SELECT v.id FROM question_versions v JOIN questions q ON q.id = v.question_id
          WHERE q.slug = ?2 AND v.version = ?3 AND q.id IN (
            SELECT g.question_id FROM attempts a JOIN answers an ON an.attempt_id = a.id
              JOIN question_versions g ON g.id = an.version_id WHERE a.quiz_id = ?1
            UNION SELECT g.question_id FROM attempts a JOIN attempt_questions aq ON aq.attempt_id = a.id
              JOIN question_versions g ON g.id = aq.version_id WHERE a.quiz_id = ?1)
          LIMIT 1
          """, [quizRow, id, number], { $0.int64(0) })
    }
    guard let row = found else { return nil }
    var question = try question(versionRow: row, id: id)
    question.files = try files(ofVersionRow: row)
    return StoredVersion(row: row, question: question)
  }

  /// The history an export with attempts carries for the quiz: every version its attempts were
  /// given, answered or scored against that the quiz does not show (earlier versions, retired
  /// questions, other banks' questions), and the number of each shown question's version; nil
  /// when its attempts need none. With the names its attempts give their questions, and the
  /// versions the document's banks carry that the attempts name (for the export's checks).
  func historyForExport(of stored: StoredQuiz) throws -> ExportedHistory {
    let referenced = try referencedVersions(of: stored)
    let names = AttemptNames(
      shown: stored.quiz.questions.map { (id: $0.id, bank: $0.slot?.bank) },
      questions: referenced.map { (id: $0.slug, bank: $0.bank) })
    var exported = ExportedHistory(names: names)
    let unshown = referenced.filter { !stored.shows(question: $0.identity, id: $0.slug, version: $0.number) }
    let regraded =
      try database.fetchOne(
        """
        SELECT EXISTS (SELECT 1 FROM answers an JOIN attempts a ON a.id = an.attempt_id
          WHERE a.quiz_id = ? AND an.scored_version_id IS NOT NULL)
        """, [stored.rowID]
      ) { $0.bool(0) } ?? false
    guard !unshown.isEmpty || regraded else { return exported }
    var history = QuizHistory(quiz: stored.quiz.id, current: stored.versions.filter { $0.value != 1 })
    for version in unshown {
      let shownHere = stored.questionRows[version.slug]?.identity == version.identity
      let question = try historicQuestion(version)
      // Another bank's question the quiz does not show: the document's banks carry its current
      // version, `current` its number under `BANK/ID` (at version 1 too: the name tells an
      // import which bank's question the attempts mean), the history its other versions.
      if let bank = version.bank, !shownHere, version.inUse {
        history.current[bank + "/" + version.slug] = version.current
        if version.number == version.current {
          exported.carriedByBanks["\(names.name(version.slug, bank: bank))#\(version.number)"] = question
          continue
        }
      }
      history.versions.append(
        HistoricVersion(number: version.number, question: question, bank: shownHere ? nil : version.bank))
    }
    exported.history = history
    return exported
  }

  /// Every version the quiz's attempts were given, answered or scored against.
  private func referencedVersions(of stored: StoredQuiz) throws -> [ReferencedVersion] {
    let versions = try database.fetchAll(
      """
      SELECT q.slug, v.version, v.id, q.id, q.quiz_id IS ?1 OR b.removed_at IS NOT NULL, b.slug,
        q.retired_at IS NOT NULL, q.current_version, q.quiz_id IS NOT ?1 AND b.removed_at IS NOT NULL
      FROM question_versions v JOIN questions q ON q.id = v.question_id JOIN banks b ON b.id = q.bank_id
      WHERE v.id IN (
        SELECT an.version_id FROM answers an JOIN attempts a ON a.id = an.attempt_id WHERE a.quiz_id = ?1
        UNION SELECT an.scored_version_id FROM answers an JOIN attempts a ON a.id = an.attempt_id WHERE a.quiz_id = ?1
        UNION SELECT aq.version_id FROM attempt_questions aq JOIN attempts a ON a.id = aq.attempt_id WHERE a.quiz_id = ?1)
      ORDER BY q.slug, v.version
      """, [stored.rowID]
    ) { row in
      (
        version: ReferencedVersion(
          slug: row.string(0), number: row.int(1), row: row.int64(2), identity: row.int64(3),
          bank: row.bool(4) ? nil : row.string(5), inUse: !row.bool(6), current: row.int(7)),
        removed: row.bool(8), bank: row.string(5)
      )
    }
    // A removed bank's questions go as the quiz's own retired ones (the bank is not exported),
    // unless one of its own has the id: then under the removed bank's name, which an import
    // makes again, removed.
    let own = Set(versions.filter { $0.version.bank == nil && !$0.removed }.map(\.version.slug))
    return versions.map { entry in
      guard entry.removed, own.contains(entry.version.slug) else { return entry.version }
      var version = entry.version
      version.bank = entry.bank
      return version
    }
  }

  /// The content of a referenced version, with its files and its question's tags.
  private func historicQuestion(_ version: ReferencedVersion) throws -> Question {
    var question = try question(versionRow: version.row, id: version.slug)
    question.files = try files(ofVersionRow: version.row)
    question.tags = try database.fetchAll(
      """
      SELECT t.tag FROM question_tags t JOIN question_versions v ON v.question_id = t.question_id
      WHERE v.id = ? ORDER BY t.position
      """, [version.row]
    ) { $0.string(0) }
    return question
  }
}

/// What an export with attempts writes of a quiz's history, and how its attempts name questions.
struct ExportedHistory {
  var history: QuizHistory?
  let names: AttemptNames
  /// "name#number" → a version the document's banks carry that the attempts name.
  var carriedByBanks: [String: Question] = [:]

  init(names: AttemptNames) { self.names = names }
}

/// A version attempts at a quiz name; `bank` nil for the quiz's own question (or a removed
/// bank's), and whether the question is in use (not retired) at its `current` version.
private struct ReferencedVersion {
  let slug: String
  let number: Int
  let row: Int64
  let identity: Int64
  var bank: String?
  let inUse: Bool
  let current: Int
}

// MARK: - Writing carried history

/// What importing one quiz's history has found so far.
private struct HistoryImport {
  var problems: [Problem] = []
  /// The shown questions' version numbers, as the history sets them.
  var current: [String: Int]
  var banked = BankedQuestions()
  /// Retired questions made for the history (by id, or `BANK/ID`): their rows and highest version.
  var retiredCreated: [String: (identity: Int64, highest: Int)] = [:]
}

/// Another bank's question an imported history named: its row and bank, for the attempts.
struct CarriedQuestion {
  let identity: Int64
  let bank: String
}

/// Other banks' questions a quiz's history names, found (or made retired) once each.
private struct BankedQuestions {
  struct Found {
    let id: String
    let name: String
    let identity: Int64
    var version: Int
    /// Made by this import, retired: the bank lacked it (the document carries its history only).
    let madeRetired: Bool
  }

  var found: [String: Found] = [:]

  /// Question `reference` of its bank; when the bank lacks it, made retired at the bank's top
  /// (`makeRetired`: a version of it comes) or a problem at `path`; nil (with a problem) when
  /// there is no such bank.
  mutating func find(
    _ reference: SlotReference, in repository: QuizRepository, at time: Timestamp, path: String, makeRetired: Bool,
    problems: inout [Problem]
  ) throws -> Found? {
    if let known = found[reference.name] { return known }
    guard let bank = try repository.optionalBankHeader(reference.bank) ?? removedBank(reference.bank, repository, time)
    else {
      problems.append(Problem(path: path, message: "no bank \"\(reference.bank)\" for question \(reference.name)"))
      return nil
    }
    let database = repository.database
    var made: Found
    if let row = try database.fetchOne(
      "SELECT id, current_version FROM questions WHERE bank_id = ? AND slug = ?", [bank.row, reference.question],
      { (identity: $0.int64(0), version: $0.int(1)) })
    {
      made = Found(
        id: reference.question, name: reference.name, identity: row.identity, version: row.version, madeRetired: false)
    } else if !makeRetired {
      problems.append(
        Problem(
          path: path,
          message: "bank \"\(reference.bank)\" has no question \"\(reference.question)\" (the document's banks carry "
            + "the questions in use its attempts name)"))
      return nil
    } else {
      try database.execute(
        """
        INSERT INTO questions (bank_id, category_id, slug, current_version, retired_at) VALUES (?, ?, ?, 1, ?)
        """,
        [bank.row, try repository.categoryRow(inBank: bank.row, at: .top), reference.question, time.text])
      made = Found(
        id: reference.question, name: reference.name, identity: database.lastInsertedRowID, version: 1,
        madeRetired: true)
    }
    found[reference.name] = made
    return made
  }

  /// A bank removed with `--force` (`ID.removed-N`, as `quiz bank rm` names it), made again,
  /// removed, to hold the retired questions a history names under it; nil for any other name.
  private func removedBank(_ slug: String, _ repository: QuizRepository, _ time: Timestamp) throws -> (
    row: Int64, title: String, description: String?
  )? {
    guard let mark = slug.range(of: ".removed-", options: .backwards), !slug[mark.upperBound...].isEmpty,
      slug[mark.upperBound...].allSatisfy(\.isNumber)
    else { return nil }
    if let stored = try repository.database.fetchOne(
      "SELECT id, title, description FROM banks WHERE slug = ?", [slug],
      { (row: $0.int64(0), title: $0.string(1), description: $0.optionalString(2)) })
    {
      return stored
    }
    let title = String(slug[..<mark.lowerBound])
    let row = try repository.insertBank(slug, title: title, description: nil, at: time)
    try repository.database.execute("UPDATE banks SET removed_at = ? WHERE id = ?", [time.text, row])
    return (row, title, nil)
  }
}

extension QuizRepository {
  /// Writes what `history` carries into its quiz, as stored (`stored`), inside the import's
  /// transaction: each shown question's version number, and each version the database lacks.
  /// A version the database already holds must be the same; problems are returned, not thrown.
  /// Another bank's questions (`BANK/ID` in `current`, `bank` on a version) are that bank's,
  /// made retired there when the bank lacks them; their rows by id are returned, for the
  /// attempts that name them.
  func importHistory(
    _ history: QuizHistory, into stored: StoredQuiz, madeNow: Set<String>, madeInBanks: Set<String> = [],
    path: String, at time: Timestamp
  ) throws -> (problems: [Problem], carried: [String: CarriedQuestion]) {
    var state = HistoryImport(current: stored.versions)
    for (name, number) in history.current.sorted(by: { $0.key < $1.key }) {
      try importCurrentNumber(
        name, number, into: stored, madeNow: madeNow, madeInBanks: madeInBanks, path: "\(path).current.\(name)",
        at: time, state: &state)
    }
    for (index, version) in history.versions.enumerated() {
      try importVersion(version, into: stored, path: "\(path).versions[\(index)]", at: time, state: &state)
    }
    for (identity, highest) in state.retiredCreated.values {
      try database.execute(
        "UPDATE questions SET current_version = max(current_version, ?) WHERE id = ?", [highest, identity])
    }
    let carried = try carriedQuestions(state.banked, stored: stored, ownIDs: Set(state.retiredCreated.keys))
    return (state.problems, carried)
  }

  /// One entry of the history's `current`: a shown question's number, or (`BANK/ID`) another
  /// bank's question's.
  private func importCurrentNumber(
    _ name: String, _ number: Int, into stored: StoredQuiz, madeNow: Set<String>, madeInBanks: Set<String>,
    path: String, at time: Timestamp, state: inout HistoryImport
  ) throws {
    guard let reference = SlotReference(name: name) else {
      if let problem = try renumber(name, to: number, in: stored, path: path, madeNow: madeNow.contains(name)) {
        state.problems.append(problem)
      } else {
        state.current[name] = number
      }
      return
    }
    guard
      let found = try state.banked.find(
        reference, in: self, at: time, path: path, makeRetired: false, problems: &state.problems)
    else { return }
    if let problem = try renumberBanked(found, to: number, path: path, madeNow: madeInBanks.contains(name)) {
      state.problems.append(problem)
    } else {
      state.banked.found[name]?.version = number
    }
  }

  /// One version of the history: checked against the one stored, or added to its question (a
  /// shown one, another bank's, or a retired one made for it).
  private func importVersion(
    _ version: HistoricVersion, into stored: StoredQuiz, path: String, at time: Timestamp,
    state: inout HistoryImport
  ) throws {
    let id = version.question.id
    var bankQuestion: BankedQuestions.Found?
    if let bank = version.bank {
      bankQuestion = try state.banked.find(
        SlotReference(bank: bank, question: id), in: self, at: time, path: path + ".bank", makeRetired: true,
        problems: &state.problems)
      guard bankQuestion != nil else { return }
    }
    if let existing = try storedVersion(
      quizRow: stored.rowID, question: id, number: version.number,
      identity: bankQuestion?.identity ?? stored.questionRows[id]?.identity)
    {
      if existing.question.content != version.question.content {
        state.problems.append(
          Problem(path: path, message: "question \"\(id)\" version \(version.number) is stored with other content"))
      }
      return
    }
    if let bankQuestion, bankQuestion.madeRetired {
      let key = bankQuestion.name
      if state.retiredCreated[key] == nil { try insertTags(version.question.tags, identity: bankQuestion.identity) }
      try insertVersion(version.question.content, identity: bankQuestion.identity, number: version.number, at: time)
      state.retiredCreated[key] = (bankQuestion.identity, max(state.retiredCreated[key]?.highest ?? 0, version.number))
      return
    }
    if let shown = bankQuestion.map({ (identity: $0.identity, version: $0.version) })
      ?? stored.questionRows[id].map({ (identity: $0.identity, version: state.current[id] ?? 1) })
    {
      guard version.number < shown.version else {
        state.problems.append(
          Problem(path: path + ".version", message: "question \"\(id)\" is at version \(shown.version) here"))
        return
      }
      try insertVersion(version.question.content, identity: shown.identity, number: version.number, at: time)
      return
    }
    let identity = try state.retiredCreated[id]?.identity ?? retiredIdentity(stored.rowID, version.question, at: time)
    try insertVersion(version.question.content, identity: identity, number: version.number, at: time)
    state.retiredCreated[id] = (identity, max(state.retiredCreated[id]?.highest ?? 0, version.number))
  }

  /// The other banks' questions the history named, as the quiz's attempts name them: `BANK/ID`,
  /// and the id alone when it names no other question of the quiz (shown, or its own retired).
  private func carriedQuestions(_ banked: BankedQuestions, stored: StoredQuiz, ownIDs: Set<String>) throws
    -> [String: CarriedQuestion]
  {
    var carried: [String: CarriedQuestion] = [:]
    var byID: [String: [BankedQuestions.Found]] = [:]
    for found in banked.found.values where stored.questionRows[found.id]?.identity != found.identity {
      carried[found.name] = CarriedQuestion(identity: found.identity, bank: String(found.name.prefix { $0 != "/" }))
      byID[found.id, default: []].append(found)
    }
    for (id, found) in byID where found.count == 1 && stored.questionRows[id] == nil && !ownIDs.contains(id) {
      let ownRetired =
        try database.fetchOne(
          "SELECT EXISTS (SELECT 1 FROM questions WHERE quiz_id = ? AND slug = ?)", [stored.rowID, id]
        ) { $0.bool(0) } ?? false
      if !ownRetired { carried[id] = carried[found[0].name] }
    }
    return carried
  }

  /// Gives bank question `found` the version number `number`: only one this import has just
  /// made (one version, nobody given it) can be renumbered; any other must have it already.
  private func renumberBanked(_ found: BankedQuestions.Found, to number: Int, path: String, madeNow: Bool) throws
    -> Problem?
  {
    guard found.version != number else { return nil }
    let fresh =
      try database.fetchOne(
        """
        SELECT (SELECT count(*) FROM question_versions WHERE question_id = ?1) = 1
          AND NOT EXISTS (SELECT 1 FROM answers an JOIN question_versions v ON v.id = an.version_id
            WHERE v.question_id = ?1)
          AND NOT EXISTS (SELECT 1 FROM attempt_questions aq JOIN question_versions v ON v.id = aq.version_id
            WHERE v.question_id = ?1)
        """, [found.identity]
      ) { $0.bool(0) } ?? false
    guard fresh && madeNow && !found.madeRetired else {
      return Problem(path: path, message: "question \(found.name) is at version \(found.version) here, not \(number)")
    }
    try database.execute("UPDATE question_versions SET version = ? WHERE question_id = ?", [number, found.identity])
    try database.execute("UPDATE questions SET current_version = ? WHERE id = ?", [number, found.identity])
    return nil
  }

  /// Gives shown question `id` the version number `number`. Only a question this import has just
  /// made (one version, nobody answered it) can be renumbered; any
  /// other must have it already.
  private func renumber(_ id: String, to number: Int, in stored: StoredQuiz, path: String, madeNow: Bool)
    throws -> Problem?
  {
    guard let rows = stored.questionRows[id] else {
      return Problem(path: path, message: "quiz \"\(stored.quiz.id)\" has no question \"\(id)\"")
    }
    let current = stored.versions[id] ?? 1
    guard current != number else { return nil }
    let fresh =
      try database.fetchOne(
        """
        SELECT (SELECT count(*) FROM question_versions WHERE question_id = ?1) = 1
          AND NOT EXISTS (SELECT 1 FROM answers WHERE version_id = ?2)
          AND NOT EXISTS (SELECT 1 FROM attempt_questions WHERE version_id = ?2)
        """, [rows.identity, rows.version]
      ) { $0.bool(0) } ?? false
    guard fresh && madeNow else {
      return Problem(path: path, message: "question \"\(id)\" is at version \(current) here, not \(number)")
    }
    try database.execute("UPDATE question_versions SET version = ? WHERE id = ?", [number, rows.version])
    try database.execute("UPDATE questions SET current_version = ? WHERE id = ?", [number, rows.identity])
    return nil
  }

  /// The identity of retired question `question.id` of the quiz, made (retired now) when missing.
  private func retiredIdentity(_ quizRow: Int64, _ question: Question, at time: Timestamp) throws -> Int64 {
    if let identity = try database.fetchOne(
      "SELECT id FROM questions WHERE quiz_id = ? AND slug = ?", [quizRow, question.id], { $0.int64(0) })
    {
      return identity
    }
    let bankRow = try ownBank(ofQuiz: quizRow)
    if let clash = try bankQuestionClash(question.id, bank: bankRow) { throw clash }
    try database.execute(
      """
      INSERT INTO questions (quiz_id, slug, current_version, retired_at, bank_id, category_id)
      VALUES (?, ?, 1, ?, ?, ?)
      """,
      [quizRow, question.id, time.text, bankRow, try categoryRow(inBank: bankRow, at: .top)])
    let identity = database.lastInsertedRowID
    try insertTags(question.tags, identity: identity)
    return identity
  }
}
