import QuizDomain
import SQLite

extension QuizRepository {
  /// Quiz `id` as it is now, and every attempt at it with its marks and picks for the quiz's
  /// current questions (answers to retired questions are left out: reports are over the quiz
  /// as it stands), in `ReportAttempts`' compact columns. One read transaction, so they agree.
  /// The answers are streamed: each one read becomes a cell, nothing else is kept of it.
  public func reportAttempts(quiz id: String) throws -> ReportAttempts {
    return try mappingStorageErrors {
      try database.read { _ in
        let stored = try reportedQuiz(requireQuiz(id))
        let questionOfVersion = try questionIndexOfVersions(stored)
        let count =
          try database.fetchOne("SELECT count(*) FROM attempts WHERE quiz_id = ?", [stored.rowID]) { $0.int(0) } ?? 0
        var recorded = ReportAttempts(quiz: stored.quiz, expectedAttempts: count)
        var attemptRows: [(Int64, Int)] = []
        attemptRows.reserveCapacity(count)
        let headers = try database.cachedStatement(
          "SELECT id, uid, taker, submitted_unix FROM attempts WHERE quiz_id = ? ORDER BY id")
        try headers.bind([stored.rowID])
        try headers.forEachRow { row in
          let position = recorded.beginAttempt(id: row.string(1), taker: row.string(2), submittedAt: row.double(3))
          attemptRows.append((row.int64(0), position))
        }
        let attemptOfRow = RowIndex(attemptRows)
        let otherTerms = try versionsOnOtherTerms(stored, questionOfVersion)
        try readGiven(ofQuiz: stored.rowID, attemptOfRow, questionOfVersion, otherTerms, into: &recorded)
        try readAnswers(ofQuiz: stored.rowID, attemptOfRow, questionOfVersion, otherTerms, into: &recorded)
        recorded.finish()
        return recorded
      }
    }
  }

  /// Every version of the quiz's current questions → the question's index, so that the
  /// answers need no join: a report reads every answer, and this is its inner loop.
  private func questionIndexOfVersions(_ stored: StoredQuiz) throws -> RowIndex {
    var questionOfIdentity: [Int64: Int] = [:]
    for (index, question) in stored.quiz.questions.enumerated() {
      if let rows = stored.questionRows[question.id] { questionOfIdentity[rows.identity] = index }
    }
    var versions = try database.fetchAll(
      "SELECT v.id, v.question_id FROM question_versions v JOIN questions q ON q.id = v.question_id WHERE q.quiz_id = ?",
      [stored.rowID]
    ) { ($0.int64(0), $0.int64(1)) }
    // Questions of banks that slots placed or drew, version by version.
    let own = Set(versions.map(\.1))
    for identity in questionOfIdentity.keys where !own.contains(identity) {
      versions += try database.fetchAll(
        "SELECT id, question_id FROM question_versions WHERE question_id = ?", [identity]
      ) { ($0.int64(0), $0.int64(1)) }
    }
    return RowIndex(versions.compactMap { row in questionOfIdentity[row.1].map { (row.0, $0) } })
  }

  /// Attempts that record what they were given count only for those questions. One given a
  /// version on other terms than the current one (`versionsOnOtherTerms`) counts in its
  /// question's figures and not among its choices, answered or not.
  private func readGiven(
    ofQuiz quizRow: Int64, _ attemptOfRow: RowIndex, _ questionOfVersion: RowIndex, _ otherTerms: RowIndex,
    into recorded: inout ReportAttempts
  ) throws {
    let given = try database.cachedStatement(
      """
      SELECT aq.attempt_id, aq.version_id FROM attempts a JOIN attempt_questions aq ON aq.attempt_id = a.id
      WHERE a.quiz_id = ?
      """)
    try given.bind([quizRow])
    var seen = [Bool](repeating: false, count: recorded.count)
    try given.forEachRow { row in
      guard let position = attemptOfRow[row.int64(0)] else { return }
      // Its first row marks it "not given" everywhere, even when that version is no longer current.
      let question = questionOfVersion[row.int64(1)]
      recorded.given(attempt: position, question: question, first: !seen[position])
      seen[position] = true
      if let question, otherTerms[row.int64(1)] != nil {
        let code = recorded.outcomeOnOtherChoices(question: question, mark: 0)
        recorded.answer(attempt: position, question: question, outcome: code)
      }
    }
  }

  /// Each answer's mark and picks, as cells. The same selection with the same score is the
  /// same outcome: it is looked up by its bytes and parsed into choices only the first time.
  private func readAnswers(
    ofQuiz quizRow: Int64, _ attemptOfRow: RowIndex, _ questionOfVersion: RowIndex, _ otherTerms: RowIndex,
    into recorded: inout ReportAttempts
  ) throws {
    let questions = recorded.quiz.questions
    let kinds = questions.map(\.kind)
    let choiceIDs = questions.map { $0.choices.map { Array($0.id.utf8) } }
    var outcomes = [[SelectionKey: UInt32]](repeating: [:], count: choiceIDs.count)
    // Typed responses without a picked unit, by their bytes and score, as selections are: a
    // report reads every answer, and most repeat a few spellings.
    var typedOutcomes = [[SelectionKey: UInt32]](repeating: [:], count: choiceIDs.count)
    let marked = try markedAnswers(ofQuiz: quizRow)
    let answers = try database.cachedStatement(
      """
      SELECT an.attempt_id, an.version_id, an.selected, an.score, an.response, an.response_unit
      FROM attempts a JOIN answers an ON an.attempt_id = a.id
      WHERE a.quiz_id = ?
      """)
    try answers.bind([quizRow])
    try answers.forEachRow { row in
      guard let position = attemptOfRow[row.int64(0)], let question = questionOfVersion[row.int64(1)] else {
        return
      }
      let score = row.double(3)
      if otherTerms[row.int64(1)] != nil {
        // An earlier version with other choices (or of another kind): its mark, no picks.
        recorded.answer(
          attempt: position, question: question,
          outcome: recorded.outcomeOnOtherChoices(question: question, mark: score))
        return
      }
      if !row.isNull(4) {
        // A typed or matched response: kept whole for the response analysis.
        let plain = kinds[question] != .essay && row.isNull(5)
        if plain, let code = row.withUTF8(4, { typedOutcomes[question][SelectionKey(score: score, selected: $0)] }) {
          recorded.answer(attempt: position, question: question, outcome: code)
          return
        }
        let text = row.string(4)
        let response = QuestionRows.typed(text, unit: row.optionalString(5), kind: kinds[question])
        let unmarked =
          kinds[question] == .essay
          && QuizRepository.needsMarking(questions[question], response: response, marked: false)
          && !marked.contains(MarkKey(attempt: row.int64(0), version: row.int64(1)))
        let code = recorded.outcome(question: question, mark: score, response: response, unmarked: unmarked)
        if plain { row.withUTF8(4) { typedOutcomes[question][SelectionKey(score: score, selected: $0)] = code } }
        recorded.answer(attempt: position, question: question, outcome: code)
        return
      }
      let code = row.withUTF8(2) { selected in
        let key = SelectionKey(score: score, selected: selected)
        if let code = outcomes[question][key] { return code }
        var picks: [Int] = []
        QuizRepository.forEachSelected(selected) { token in
          if let choice = QuizRepository.choiceIndex(of: token, in: choiceIDs[question]) { picks.append(choice) }
        }
        let code = recorded.outcome(question: question, mark: score, picks: picks)
        outcomes[question][key] = code
        return code
      }
      recorded.answer(attempt: position, question: question, outcome: code)
    }
  }

  /// The versions of the quiz's current questions whose answers do not read against the current
  /// version: of another kind; of a choice question, other choices (by id, text and
  /// correctness); of a matching question, other items (by id and text); of a cloze question,
  /// other gaps. Their marks count, their picks and responses are not of the current version's.
  /// As a `RowIndex` (version row → 0): looked up per answer.
  private func versionsOnOtherTerms(_ stored: StoredQuiz, _ questionOfVersion: RowIndex) throws -> RowIndex {
    let questions = stored.quiz.questions
    let currentVersions = Set(stored.questionRows.values.map(\.version))
    struct ChoiceKey: Hashable {
      let id: String
      let text: String
      let correct: Bool
    }
    let current = questions.map { Set($0.choices.map { ChoiceKey(id: $0.id, text: $0.text, correct: $0.correct) }) }
    var choicesOfVersion: [Int64: Set<ChoiceKey>] = [:]
    var otherKinds: [Int64] = []
    var itemsToCompare: Set<Int64> = []
    let rows = try database.cachedStatement(
      """
      SELECT v.id, v.kind, c.slug, c.text, c.correct FROM question_versions v JOIN questions q ON q.id = v.question_id
      LEFT JOIN choices c ON c.version_id = v.id WHERE \(QuizPlacement.ofQuiz)
      """)
    try rows.bind([stored.rowID])
    try rows.forEachRow { row in
      let version = row.int64(0)
      guard let question = questionOfVersion[version], !currentVersions.contains(version) else { return }
      let kind = questions[question].kind
      guard kind == .choice else {
        if row.string(1) != kind.rawValue {
          otherKinds.append(version)
        } else if kind == .matching || kind == .cloze {
          itemsToCompare.insert(version)
        }
        return
      }
      guard row.string(1) == QuestionKind.choice.rawValue, !row.isNull(2) else {
        otherKinds.append(version)
        return
      }
      choicesOfVersion[version, default: []].insert(
        ChoiceKey(id: row.string(2), text: row.string(3), correct: row.bool(4)))
    }
    let differing = choicesOfVersion.compactMap { version, choices in
      let question = questionOfVersion[version] ?? 0
      return choices == current[question] ? nil : version
    }
    let otherItems = try itemsToCompare.filter { version in
      let current = questions[questionOfVersion[version] ?? 0]
      return try !Self.sameItems(question(versionRow: version, id: current.id), current)
    }
    return RowIndex((otherKinds + differing + otherItems).map { ($0, 0) })
  }

  /// Whether a matching or cloze version's responses read against the current version: the
  /// same items (id, text and right answer) and distractors; the same gaps as far as a response
  /// is classified by them (kind, alternatives and their fractions, choices and which are
  /// right), feedback, points and display aside.
  private static func sameItems(_ version: Question, _ current: Question) -> Bool {
    switch (version.body, current.body) {
    case (.matching(let old), .matching(let new)):
      old.pairs.map { [$0.id, $0.stem, $0.answer] } == new.pairs.map { [$0.id, $0.stem, $0.answer] }
        && old.distractors == new.distractors
    case (.cloze(let old), .cloze(let new)):
      old.parts.map(classifying) == new.parts.map(classifying)
    // Another kind now, or a kind whose responses are not classified by items.
    case (.matching, _), (.cloze, _), (.choice, _), (.shortAnswer, _), (.numerical, _), (.essay, _), (.description, _):
      false
    }
  }

  /// What of a gap classifies a response: its alternatives without their feedback.
  private static func classifying(_ part: ClozePart) -> ClozePartBody {
    switch part.body {
    case .shortAnswer(var body):
      body.answers = body.answers.map { TextAnswer(text: $0.text, fraction: $0.fraction) }
      return .shortAnswer(body)
    case .numerical(var body):
      body.answers = body.answers.map { NumericAnswer(value: $0.value, tolerance: $0.tolerance, fraction: $0.fraction) }
      return .numerical(body)
    case .choice(let body):
      return .choice(
        ClozeChoice(
          multiple: body.multiple,
          choices: body.choices.map { Choice(id: $0.id, text: $0.text, correct: $0.correct, weight: $0.weight) },
          blankMarks: body.blankMarks))
    }
  }

  /// The answers of the quiz's attempts that have a mark.
  private func markedAnswers(ofQuiz quizRow: Int64) throws -> Set<MarkKey> {
    Set(
      try database.fetchAll(
        "SELECT DISTINCT m.attempt_id, m.version_id FROM marks m JOIN attempts a ON a.id = m.attempt_id WHERE a.quiz_id = ?",
        [quizRow]
      ) { MarkKey(attempt: $0.int64(0), version: $0.int64(1)) })
  }

  /// The position of the choice whose id is `token`'s bytes.
  static func choiceIndex(of token: Slice<UnsafeBufferPointer<UInt8>>, in ids: [[UInt8]]) -> Int? {
    for (index, id) in ids.enumerated() where id.count == token.count {
      var equal = true
      var position = token.startIndex
      for byte in id {
        if token[position] != byte {
          equal = false
          break
        }
        position += 1
      }
      if equal { return index }
    }
    return nil
  }

  /// Calls `body` with each choice id of a stored selection ("a,c"), as bytes.
  static func forEachSelected(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void)
  {
    var start = 0
    for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
      if index > start { body(bytes[start..<index]) }
      start = index + 1
    }
  }
}

/// Row ids → positions: an array over the id range when the ids are close together (rows
/// written in one go usually are), a dictionary otherwise.
struct RowIndex {
  private let base: Int64
  private let dense: [Int32]
  private let sparse: [Int64: Int]

  init(_ pairs: [(Int64, Int)]) {
    let low = pairs.map(\.0).min() ?? 0
    let high = pairs.map(\.0).max() ?? -1
    if high >= low, high - low < Int64(pairs.count) * 4 + 64 {
      var dense = [Int32](repeating: -1, count: Int(high - low + 1))
      for (row, position) in pairs { dense[Int(row - low)] = Int32(position) }
      self.base = low
      self.dense = dense
      self.sparse = [:]
    } else {
      self.base = 0
      self.dense = []
      self.sparse = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }
  }

  subscript(row: Int64) -> Int? {
    guard !dense.isEmpty else { return sparse[row] }
    let offset = row - base
    guard offset >= 0, offset < Int64(dense.count), dense[Int(offset)] >= 0 else { return nil }
    return Int(dense[Int(offset)])
  }
}

/// An answer's score and selection (`"a,c"`) as a key: selections of up to 16 bytes (eight
/// one-letter choices) packed into two integers, so that looking one up allocates nothing;
/// longer ones keep their bytes.
struct SelectionKey: Hashable {
  private let score: UInt64
  private let low: UInt64
  private let high: UInt64
  private let length: Int
  private let long: [UInt8]?

  init(score: Double, selected: UnsafeBufferPointer<UInt8>) {
    self.score = score.bitPattern
    length = selected.count
    guard selected.count <= 16 else {
      (low, high, long) = (0, 0, Array(selected))
      return
    }
    var words: (UInt64, UInt64) = (0, 0)
    for (index, byte) in selected.enumerated() {
      if index < 8 {
        words.0 |= UInt64(byte) << (8 * UInt64(index))
      } else {
        words.1 |= UInt64(byte) << (8 * UInt64(index - 8))
      }
    }
    (low, high, long) = (words.0, words.1, nil)
  }
}
