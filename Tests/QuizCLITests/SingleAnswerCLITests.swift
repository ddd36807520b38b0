import Foundation
import SQLite
import Testing

/// Single-answer questions with several correct choices (as Moodle imports `{=2 =4 ~3}`), from
/// the schema up: the migration to version 9, `add --single`, `grade`, an import.
@Suite struct SingleAnswerCLITests {
  @Test func aVersionEightDatabaseMigratesWithEveryRowAndExportsTheSameBytes() throws {
    let current = try Workspace.seeded()
    let expected = try current.quiz("export", "--with-attempts")
    #expect(expected.status == 0)
    let workspace = try Workspace()
    let counts = try QuestionKindsMigrationTests.makeDatabase(
      version: 8, at: workspace.database, from: current.database)
    #expect((counts["answers"] ?? 0) > 0 && (counts["question_versions"] ?? 0) > 0, "\(counts)")
    let exported = try workspace.quiz("export", "--with-attempts")
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdout == expected.stdout)
    let database = try Database(path: workspace.database, readOnly: true)
    #expect(try database.fetchOne("PRAGMA user_version", [], { $0.int(0) }) == MigrationCLITests.migrations().count)
    for (table, count) in counts {
      #expect(try database.fetchOne("SELECT count(*) FROM \"\(table)\"", [], { $0.int(0) }) == count, "\(table)")
    }
    #expect(try database.fetchOne("SELECT count(*) FROM question_options", [], { $0.int(0) }) == 0)
    #expect(try workspace.quiz("check").status == 0)
    // The migrated schema takes a single-answer question with two correct choices.
    try workspace.quiz("add", "quiz", "n", "--title", "Numbers")
    let added = try workspace.quiz(
      "add", "question", "n", "--id", "even", "--prompt", "An even number?", "--right", "2", "--right", "4",
      "--wrong", "3", "--single")
    #expect(added.status == 0, "\(added.stderr)")
  }

  @Test func addSingleKeepsSeveralCorrectChoicesAndEitherEarnsFullMarks() throws {
    let workspace = try Workspace()
    try workspace.quiz("add", "quiz", "n", "--title", "Numbers")
    let added = try workspace.quiz(
      "add", "question", "n", "--id", "even", "--prompt", "An even number?", "--right", "2", "--right", "4",
      "--wrong", "3", "--single", "--scoring", "partial")
    #expect(added.status == 0, "\(added.stderr)")
    let shown = try workspace.quiz("show", "n", "--format", "json")
    #expect(shown.stdout.contains(#""multiple": false"#), "\(shown.stdout)")
    for (taker, pick) in [("ann", "a"), ("bob", "b")] {
      let graded = try workspace.quiz("grade", "n", "--as", taker, "--answer", "even=\(pick)", "--format", "json")
      #expect(graded.status == 0, "\(graded.stderr)")
      #expect(graded.stdout.contains(#""score": 1,"#) && graded.stdout.contains(#""percent": 100"#), "\(graded.stdout)")
    }
    let two = try workspace.quiz("grade", "n", "--as", "cy", "--answer", "even=a,b")
    #expect(two.status == 65, "\(two.stderr)")
    // Without --single, two --right make a multiple-answer question, as before.
    try workspace.quiz(
      "add", "question", "n", "--id", "primes", "--prompt", "Primes?", "--right", "2", "--right", "3", "--wrong", "4")
    let json = try workspace.quiz("export", "n")
    #expect(json.stdout.contains(#""multiple": true"#), "\(json.stdout)")
  }

  @Test func aDocumentWithTwoCorrectChoicesOnASingleAnswerQuestionImportsAndRoundTrips() throws {
    let workspace = try Workspace()
    let document = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "n", "title": "Numbers", "sections": [{"questions": [
        {"id": "even", "prompt": "An even number?", "multiple": false, "choices": [
          {"id": "a", "text": "2", "correct": true}, {"id": "b", "text": "4", "correct": true},
          {"id": "c", "text": "3", "correct": false}]}]}]}]}
      """
    let imported = try workspace.quiz("import", try workspace.write("n.json", document))
    #expect(imported.status == 0, "\(imported.stderr)")
    let first = try workspace.quiz("export")
    let again = try Workspace()
    #expect(try again.quiz("import", try again.write("n.json", first.stdout)).status == 0)
    #expect(try again.quiz("export").stdout == first.stdout)
    #expect(first.stdout.contains(#""multiple": false"#))
  }
}
