import Foundation
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

/// Cloze versions in their tables (migrations/0010_cloze.sql) and cloze responses in
/// `answers.response`: everything written is read back as it was, nil options staying nil.
@Suite struct ClozeStorageTests {
  let directory: TemporaryDirectory
  let repository: QuizRepository

  init() throws {
    directory = try TemporaryDirectory()
    repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
  }

  /// Every gap kind, every option set and every option absent, texts in Japanese, Arabic,
  /// accents and emoji, `=` and `%100%` both, negative and decimal fractions, `*` numbers.
  static func cloze() -> Question {
    let cloze = Cloze(parts: [
      ClozePart(
        points: 2,
        body: .shortAnswer(
          ShortAnswer(
            answers: [
              TextAnswer(text: "東京", feedback: "正解 🎉"), TextAnswer(text: "Tōkyō", fraction: 1),
              TextAnswer(text: "Kyoto", fraction: 0.5, feedback: "Près"), TextAnswer(text: "*", fraction: 0),
            ], caseSensitive: true))),
      ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "القاهرة")]))),
      ClozePart(
        points: 0,
        body: .numerical(
          Numerical(
            answers: [
              NumericAnswer(value: 3.14, tolerance: 0.01), NumericAnswer(value: 3, tolerance: 1, fraction: 0.5),
              NumericAnswer(value: nil, fraction: 0, feedback: "any number"),
            ]))),
      ClozePart(body: .numerical(Numerical(answers: [NumericAnswer(value: 42)]))),
      ClozePart(
        points: 1.5,
        body: .choice(
          ClozeChoice(
            display: .horizontal, multiple: true, shuffle: true,
            choices: [
              Choice(id: "a", text: "café ☕", correct: true, feedback: "Oui"),
              Choice(id: "b", text: "thé", correct: true, weight: 1),
              Choice(id: "c", text: "eau", correct: false, weight: -0.5),
              Choice(id: "d", text: "lait", correct: false, weight: 0.333),
            ], blankMarks: [.correct, .weight(1.0 / 3)]))),
      ClozePart(
        body: .choice(
          ClozeChoice(choices: [
            Choice(id: "a", text: "oui", correct: true), Choice(id: "b", text: "non", correct: false),
          ]))),
    ])
    return Question(
      id: "gaps", prompt: "首都は{#1}、{#2}。π ≈ {#3} {#4}; ☕ {#5} {#6}", explanation: "Ça va 😀",
      points: cloze.points, tags: ["cloze"], body: .cloze(cloze))
  }

  @Test func aClozeQuizRoundTripsWithEveryFieldAndNilOptions() throws {
    let quiz = Fixtures.quiz("mixed", questions: [Fixtures.question("q1"), Self.cloze()])
    try repository.saveQuiz(quiz)
    let stored = try #require(try repository.storedQuiz("mixed"))
    #expect(stored.quiz.questions == quiz.questions)
    // Reopened, from the tables alone.
    let reopened = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    #expect(try reopened.storedQuiz("mixed")?.quiz.questions.last == Self.cloze())
    #expect(try repository.database.fetchOne("SELECT count(*) FROM cloze_parts", [], { $0.int(0) }) == 6)
    #expect(try repository.database.fetchOne("SELECT count(*) FROM cloze_alternatives", [], { $0.int(0) }) == 15)
    // Absent options are NULL, not their defaults.
    let nulls = try repository.database.fetchOne(
      "SELECT count(*) FROM cloze_parts WHERE position = 5 AND display IS NULL AND multiple IS NULL AND shuffle IS NULL",
      [], { $0.int(0) })
    #expect(nulls == 1)
  }

  /// Blank marks are kept only where they score: an empty list, or marks on a one-answer gap
  /// (which the reader never makes, but a caller may), are stored as none rather than
  /// refused by the table's CHECK.
  @Test func blankMarksThatScoreNothingAreStoredAsNone() throws {
    let choices = [Choice(id: "a", text: "a", correct: true), Choice(id: "b", text: "b", correct: false)]
    let cloze = Cloze(parts: [
      ClozePart(body: .choice(ClozeChoice(multiple: true, choices: choices, blankMarks: []))),
      ClozePart(body: .choice(ClozeChoice(choices: choices, blankMarks: [.correct]))),
    ])
    let question = Question(id: "g", prompt: "{#1} {#2}", points: cloze.points, body: .cloze(cloze))
    try repository.saveQuiz(Fixtures.quiz("marks", questions: [question]))
    let stored = try #require(try repository.storedQuiz("marks")?.quiz.questions.first)
    guard case .cloze(let back) = stored.body else { throw KindMismatch() }
    let marks = back.parts.map { part -> [ClozeBlankMark]? in
      if case .choice(let choice) = part.body { choice.blankMarks } else { nil }
    }
    #expect(marks == [nil, nil])
  }

  @Test func aChangedGapIsANewVersionAndTheOldOneIsKept() throws {
    try repository.saveQuiz(Fixtures.quiz("mixed", questions: [Self.cloze()]))
    var changed = Self.cloze()
    guard case .cloze(var cloze) = changed.body else { return }
    cloze.parts[1] = ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "Le Caire")])))
    changed.body = .cloze(cloze)
    try repository.saveQuiz(Fixtures.quiz("mixed", questions: [changed]))
    let versions = try repository.versions(ofQuestion: "gaps", inQuiz: "mixed")
    #expect(versions.count == 2)
    #expect(versions.first?.content.body == Self.cloze().body)
    #expect(versions.last?.content.body == changed.body)
  }

  @Test func searchFindsAQuestionByItsGapsAnswersAndChoices() throws {
    try repository.saveQuiz(Fixtures.quiz("mixed", questions: [Fixtures.question("q1"), Self.cloze()]))
    for word in ["Kyoto", "lait", "القاهرة"] {
      #expect(try repository.search(word).hits.map(\.question) == ["gaps"], "\(word)")
    }
  }

  @Test func aClozeResponseIsCompactJSONAndReadsBackExactly() throws {
    let responses: [[Response]] = [
      [.text("東京"), .choices(["a", "c"]), .text(""), .choices([]), .text("3.14", unit: "cm")],
      [.text("a \"quoted\" \\ back\nslash 😀"), .matched([StemMatch(stem: "x", answer: "ي")])],
      [],
    ]
    for parts in responses {
      let columns = QuestionRows.columns(of: .parts(parts))
      #expect(columns.selected == "" && columns.unit == nil)
      let text = try #require(columns.response)
      #expect(!text.contains(" ") || parts.count == 2)
      #expect(QuestionRows.typed(text, unit: nil, kind: .cloze) == .parts(parts))
    }
    #expect(
      QuestionRows.columns(of: .parts([.text("Paris"), .choices(["b"])])).response
        == #"[{"response":"Paris"},{"selected":["b"]}]"#)
    // SQLite's JSON functions read it too.
    let text = try #require(QuestionRows.columns(of: .parts([.text("Paris"), .choices(["b"])])).response)
    #expect(
      try repository.database.fetchOne("SELECT json_extract(?, '$[1].selected[0]')", [text], { $0.string(0) }) == "b")
    // A hand-written `{}` is a blank gap; anything else is no response at all.
    #expect(PartsStorage.decode("[{}]") == [.text("")])
    #expect(PartsStorage.decode(#"{"response":"x"}"#) == nil)
    #expect(PartsStorage.decode(#"[{"what":1}]"#) == nil)
  }
}

/// The cloze tables enforce what the model promises.
@Suite struct ClozeSchemaTests {
  @Test func theClozeTablesRefuseWhatNoGapCanBe() throws {
    let directory = try TemporaryDirectory()
    let repository = try QuizRepository.open(at: directory.path("q.sqlite"))
    try repository.saveQuiz(Fixtures.quiz("mixed", questions: [ClozeStorageTests.cloze()]))
    let database = repository.database
    let version = try #require(
      try database.fetchOne("SELECT id FROM question_versions WHERE kind = 'cloze'", [], { $0.int64(0) }))
    let refused = [
      "UPDATE cloze_parts SET kind = 'essay' WHERE version_id = ?",
      "UPDATE cloze_parts SET points = -1 WHERE version_id = ?",
      "UPDATE cloze_parts SET display = 'dropdown' WHERE version_id = ? AND kind = 'short-answer'",
      "UPDATE cloze_parts SET case_sensitive = 1 WHERE version_id = ? AND kind = 'choice'",
      "UPDATE cloze_parts SET unit_penalty = 0.5 WHERE version_id = ? AND kind = 'short-answer'",
      "UPDATE cloze_alternatives SET tolerance = -1 WHERE version_id = ?",
      "UPDATE cloze_alternatives SET correct = NULL WHERE version_id = ? AND slug IS NOT NULL",
      "INSERT INTO cloze_alternatives (version_id, part, position, text) VALUES (?, 99, 0, 'x')",
      "UPDATE question_versions SET kind = 'gap' WHERE id = ?",
    ]
    for sql in refused {
      #expect(throws: DatabaseError.self, "\(sql)") {
        try database.inTransaction { try database.execute(sql, [version]) }
      }
    }
    // A cloze version may be worth nothing (the schema leaves that rule to validation); a
    // description is still worth nothing, and only a description or a cloze may be.
    try database.execute("UPDATE question_versions SET points = 0 WHERE id = ?", [version])
    #expect(throws: DatabaseError.self) {
      try database.execute("UPDATE question_versions SET kind = 'essay', points = 0 WHERE id = ?", [version])
    }
    // Deleting the version takes its gaps with it.
    try database.execute("DELETE FROM questions")
    #expect(try database.fetchOne("SELECT count(*) FROM cloze_alternatives", [], { $0.int(0) }) == 0)
    #expect(try database.fetchAll("PRAGMA foreign_key_check", [], { $0.string(0) }).isEmpty)
  }

  @Test func migratingAnOlderDatabaseKeepsItsVersionsAndAcceptsCloze() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("old.sqlite")
    let before = Array(QuizRepository.migrations.prefix { $0.name < "0010" })
    let dumped: [String: [String]]
    do {
      let database = try Database(path: path)
      try Migrator(migrations: before).migrate(database)
      try database.execute(
        "INSERT INTO quizzes (slug, title, created_at, updated_at) VALUES ('old', 'Old', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')"
      )
      dumped = try TableRebuildMigrationTests.dump(database)
    }
    let repository = try QuizRepository.open(at: path)
    var after = try TableRebuildMigrationTests.dump(repository.database)
    #expect(after["cloze_parts"] == [] && after["cloze_alternatives"] == [])
    // The kinds (0019) are the rows of their table.
    #expect(after.removeValue(forKey: "question_kinds")?.count == QuestionKind.allCases.count)
    // Migration 0020 gives the quiz a bank of its own (its id, title and times) with its top
    // category, and the quiz a reference to it; 0022 adds the time a bank is removed (null).
    #expect(
      after.removeValue(forKey: "banks")
        == [#"integer(1)|text("old")|text("Old")|null|text("2026-01-01T00:00:00Z")|text("2026-01-01T00:00:00Z")|null"#])
    #expect(after.removeValue(forKey: "categories") == [#"integer(1)|integer(1)|null|text("")"#])
    #expect(after["quizzes"] == dumped["quizzes"].map { $0.map { $0 + "|integer(1)" } })
    after["quizzes"] = dumped["quizzes"]
    // Migration 0023 indexes search by bank: the quiz's bank is to be re-indexed.
    #expect(after.removeValue(forKey: "search_stale_banks") == ["integer(1)"])
    // The tables of this and later migrations start empty.
    for table in Set(after.keys).subtracting(dumped.keys) { #expect(after.removeValue(forKey: table) == []) }
    var kept = dumped
    kept["search_stale"] = nil
    #expect(after == kept)
    try repository.saveQuiz(Fixtures.quiz("mixed", questions: [ClozeStorageTests.cloze()]))
    #expect(try repository.storedQuiz("mixed")?.quiz.questions == [ClozeStorageTests.cloze()])
  }
}

struct KindMismatch: Error {}
