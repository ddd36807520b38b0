import Foundation
import Testing

@Suite struct ImportExportCLITests {
  static let valid = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "z", "title": "Z", "sections": [{"questions": [
      {"id": "q", "prompt": "P?", "choices": [{"text": "yes", "correct": true}, {"text": "no", "correct": false}]}]}]}]}
    """

  @Test func importPrintsTheSummaryAndReimportChangesNothing() throws {
    let workspace = try Workspace()
    let first = try workspace.quiz("import", workspace.seeds)
    #expect(first.status == 0)
    #expect(
      first.stdout.hasPrefix(
        "Quizzes:   2 added, 0 updated, 0 unchanged\nQuestions: 14 new, 0 changed, 0 retired\nAttempts:  7 added, 0 already recorded\n"
      ))
    #expect(first.stdout.contains("quiz list"))
    let before = try workspace.databaseBytes()
    let again = try workspace.quiz("import", workspace.seeds, "--summary", "json")
    #expect(again.status == 0)
    #expect(again.stdout.contains(#""unchanged": 2"#))
    #expect(again.stdout.contains(#""skipped": 7"#))
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func dryRunWritesNothing() throws {
    let workspace = try Workspace()
    try workspace.quiz("init")
    let before = try workspace.databaseBytes()
    let run = try workspace.quiz("import", "--dry-run", workspace.seeds)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("Dry run: nothing was written.\nQuizzes:   2 added"))
    #expect(try workspace.databaseBytes() == before)
    #expect(try workspace.quiz("list", "--format", "json").stdout == "[]\n")
  }

  @Test func exportRoundTripsByteForByteWithAndWithoutAttempts() throws {
    let workspace = try Workspace.seeded()
    for flags in [[], ["--with-attempts"]] {
      let first = try workspace.quiz(arguments: ["export"] + flags)
      #expect(first.status == 0)
      let path = try workspace.write("export.json", first.stdout)
      let other = try Workspace()
      #expect(try other.quiz("import", path).status == 0)
      let second = try other.quiz(arguments: ["export"] + flags)
      #expect(second.stdoutBytes == first.stdoutBytes)
    }
  }

  @Test func exportToAFileAndByQuiz() throws {
    let workspace = try Workspace.seeded()
    let path = workspace.directory.path("out.json")
    #expect(try workspace.quiz("export", "world-languages", "-o", path).status == 0)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#""id": "world-languages""#))
    #expect(!text.contains("reactive-swift"))
    #expect(text.hasSuffix("}\n"))
    let unknown = try workspace.quiz("export", "nope", "-o", workspace.directory.path("nope.json"))
    #expect(unknown.status == 1)
    #expect(!FileManager.default.fileExists(atPath: workspace.directory.path("nope.json")))
  }

  @Test func exportValidatesAgainstTheSchema() throws {
    let workspace = try Workspace.seeded()
    let path = workspace.directory.path("export.json")
    try workspace.quiz("export", "--with-attempts", "-o", path)
    #expect(try QuizProcess.validatesAgainstSchema(path, in: workspace) == true)
  }

  // MARK: - Bad input: a clear error, the right status, the database unchanged

  func expectRefused(
    _ bytes: [UInt8], status: Int32 = 65, message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let workspace = try Workspace.seeded()
    let path = try workspace.write("bad.json", bytes: bytes)
    let before = try workspace.databaseBytes()
    let run = try workspace.quiz("import", path)
    #expect(run.status == status, sourceLocation: sourceLocation)
    #expect(run.stderr.contains(message), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(try workspace.databaseBytes() == before, sourceLocation: sourceLocation)
  }

  @Test func truncatedFile() throws {
    try expectRefused(Array(Self.valid.utf8.dropLast(10)), message: "bad.json: line 2, column")
  }

  @Test func invalidUTF8() throws {
    var bytes = Array(Self.valid.utf8)
    let index = try #require(bytes.firstIndex(of: UInt8(ascii: "Z")))
    bytes[index] = 0xC3  // a lead byte with no continuation
    try expectRefused(bytes, message: "bad.json: line 1, column 60: invalid UTF-8 in a string")
  }

  @Test func hugeNumber() throws {
    try expectRefused(
      Array(Self.valid.replacingOccurrences(of: #""prompt": "P?""#, with: #""prompt": "P?", "points": 1e999"#).utf8),
      message: "number 1e999 is out of range")
  }

  @Test func deepNesting() throws {
    let deep =
      #"{"format": "quiz-bank/1", "quizzes": "# + String(repeating: "[", count: 10_000)
      + String(repeating: "]", count: 10_000) + "}"
    try expectRefused(Array(deep.utf8), message: "nesting deeper than 512 levels")
  }

  @Test func duplicateKeys() throws {
    try expectRefused(
      Array(Self.valid.replacingOccurrences(of: #""title": "Z""#, with: #""title": "Z", "title": "Y""#).utf8),
      message: #"bad.json: $.quizzes[0].title: duplicate key "title""#)
  }

  @Test func duplicateQuizID() throws {
    let quiz = #"{"id": "z", "title": "Z", "sections": [{"questions": []}]}"#
    try expectRefused(
      Array(#"{"format": "quiz-bank/1", "quizzes": [\#(quiz), \#(quiz)]}"#.utf8),
      message: #"bad.json: $.quizzes[1].id: duplicate quiz id "z" (also $.quizzes[0])"#)
  }

  @Test func unknownField() throws {
    try expectRefused(
      Array(Self.valid.replacingOccurrences(of: #""prompt": "P?""#, with: #""prompt": "P?", "hint": "h""#).utf8),
      message: #"bad.json: $.quizzes[0].sections[0].questions[0].hint: unknown field "hint""#)
  }

  @Test func emptyFile() throws {
    try expectRefused([], message: "bad.json: line 1, column 1: unexpected end of input, expected a value")
  }

  @Test func noCorrectChoiceNamesTheJSONPath() throws {
    try expectRefused(
      Array(Self.valid.replacingOccurrences(of: "true", with: "false").utf8),
      message: "bad.json: $.quizzes[0].sections[0].questions[0].choices: no correct choice")
  }

  @Test func manyProblemsAreCappedAtTwentyWithACount() throws {
    let questions = (0..<25).map {
      #"{"id": "q\#($0)", "prompt": "", "choices": [{"text": "a", "correct": true}, {"text": "b", "correct": false}]}"#
    }
    let json =
      #"{"format": "quiz-bank/1", "quizzes": [{"id": "z", "title": "Z", "sections": [{"questions": [\#(questions.joined(separator: ","))]}]}]}"#
    let workspace = try Workspace()
    let run = try workspace.quiz("import", try workspace.write("many.json", json))
    #expect(run.status == 65)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.first == "Error: invalid input, nothing was written (25 problems):")
    #expect(lines.count == 22)
    #expect(lines.last == "… and 5 more problems")
  }

  @Test func folderWithoutJSON() throws {
    let workspace = try Workspace.seeded()
    let folder = workspace.directory.path("empty")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let run = try workspace.quiz("import", folder)
    #expect(run.status == 66)
    #expect(run.stderr == "Error: no .json, .aiken, .xml, .gift, .txt files in folder \(folder)\n")
  }

  @Test func missingPath() throws {
    let workspace = try Workspace.seeded()
    let run = try workspace.quiz("import", "nowhere.json")
    #expect(run.status == 66)
    #expect(run.stderr == "Error: cannot open nowhere.json: no such file or directory\n")
  }

  @Test func standardInputWorksAndClosedStandardInputIsAnError() throws {
    let workspace = try Workspace()
    let piped = try workspace.quiz("import", "-", input: Data(Self.valid.utf8))
    #expect(piped.status == 0)
    #expect(piped.stdout.hasPrefix("Quizzes:   1 added"))
    let before = try workspace.databaseBytes()
    let closed = try QuizProcess.shell("quiz --db '\(workspace.database)' import - <&-", in: workspace.directory)
    #expect(closed.status == 66)
    #expect(closed.stderr == "Error: cannot read standard input: bad file descriptor\n")
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func oneBadFileAmongGoodOnesAndNothingLands() throws {
    let workspace = try Workspace()
    try workspace.quiz("init")
    let good = try workspace.write("a.json", Self.valid)
    let bad = try workspace.write("b.json", "{")
    let before = try workspace.databaseBytes()
    let run = try workspace.quiz("import", good, bad)
    #expect(run.status == 65)
    #expect(run.stderr.contains("b.json: line 1, column 2"))
    #expect(try workspace.databaseBytes() == before)
  }

  /// An export with attempts keeps all of history (issue 19): an answer to an earlier version
  /// that the current one cannot take, and an answer to a question since removed, are exported
  /// with the versions they answered, and import with the same scores; nothing is left out.
  @Test func anExportWithAttemptsKeepsEarlierVersionsAndRetiredQuestions() throws {
    let workspace = try Workspace()
    let bank = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "z", "title": "Z", "sections": [{"questions": [
        {"id": "q", "prompt": "Q?", "multiple": true, "choices": [
          {"id": "a", "text": "A", "correct": true}, {"id": "b", "text": "B", "correct": false},{"id": "c", "text": "C", "correct": true}]},
        {"id": "r", "prompt": "R?", "points": 2, "choices": [
          {"id": "a", "text": "yes", "correct": true}, {"id": "b", "text": "no", "correct": false}]}]}]}]}
      """
    #expect(try workspace.quiz("import", try workspace.write("v1.json", bank)).status == 0)
    #expect(try workspace.quiz("grade", "z", "--as", "ann", "--answer", "q=a,c", "--answer", "r=a").status == 0)
    #expect(try workspace.quiz("grade", "z", "--as", "bob", "--answer", "q=a").status == 0)
    let edited = bank.replacingOccurrences(of: ",{\"id\": \"c\", \"text\": \"C\", \"correct\": true}", with: "")
    #expect(edited != bank)
    #expect(try workspace.quiz("import", try workspace.write("v2.json", edited)).status == 0)
    #expect(try workspace.quiz("rm", "z/r").status == 0)
    let export = try workspace.quiz("export", "--with-attempts")
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stderr.isEmpty, "\(export.stderr)")
    #expect(export.stdout.contains("\"history\": ["))
    let other = try Workspace()
    let imported = try other.quiz("import", try other.write("export.json", export.stdout))
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("Attempts:  2 added"), "\(imported.stdout)")
    #expect(try other.quiz("check").status == 0)
    #expect(try other.quiz("export", "--with-attempts").stdoutBytes == export.stdoutBytes)
    let before = try workspace.quiz("history", "--format", "json")
    let after = try other.quiz("history", "--format", "json")
    #expect(before.status == 0 && after.stdout == before.stdout, "\(before.stdout)\n\(after.stdout)")
    // Ann's answers to q's first version and to the removed r still score 3 of 3.
    #expect(after.stdout.contains("\"score\":3") || after.stdout.contains("\"score\": 3"), "\(after.stdout)")
    #expect(try other.quiz("show", "z/q", "--history").stdout.contains("v2"))
  }

  /// The seeds after routine edits and removals: every attempt survives export → import, with
  /// the same history, and a second export is byte-identical.
  @Test func theSeedsAfterEditsAndRemovalsRoundTripWithAllTheirAttempts() throws {
    let workspace = try Workspace.seeded()
    let before = try workspace.quiz("export", "reactive-swift").stdout
    let edited =
      before
      .replacingOccurrences(of: "\"points\": 1,", with: "\"points\": 2,")
      .replacingOccurrences(of: "What is RxSwift?", with: "What, exactly, is RxSwift?")
    #expect(edited != before)
    #expect(try workspace.quiz("import", try workspace.write("edited.json", edited)).status == 0)
    #expect(try workspace.quiz("rm", "reactive-swift/hot-or-cold").status == 0)
    #expect(try workspace.quiz("regrade", "reactive-swift").status == 0)
    #expect(
      try workspace.quiz(
        "add", "question", "reactive-swift", "--id", "late", "--prompt", "Late?", "--right", "y",
        "--wrong", "n"
      ).status == 0)
    let export = try workspace.quiz("export", "--with-attempts")
    #expect(export.status == 0 && export.stderr.isEmpty, "\(export.stderr)")
    let other = try Workspace()
    let imported = try other.quiz("import", try other.write("export.json", export.stdout))
    #expect(imported.status == 0, "\(imported.stderr)")
    let check = try other.quiz("check")
    #expect(check.status == 0, "\(check.stdout)")
    #expect(try other.quiz("export", "--with-attempts").stdoutBytes == export.stdoutBytes)
    // The same attempts with the same scores; regrade runs are the database's own record.
    func attempts(_ workspace: Workspace) throws -> String {
      try workspace.quiz("history", "--format", "json").stdout.replacingOccurrences(of: "\"regraded\": true", with: "")
        .replacingOccurrences(of: "\"regraded\": false", with: "")
    }
    #expect(try attempts(other) == attempts(workspace))
    #expect(try workspace.quiz("history", "--format", "json").stdout.contains("\"regraded\": true"))
    // A regrade after a removal keeps the removed question in the maximum of the attempts that
    // answered it: no score above its maximum (it used to show 10.5 of 10).
    let rows = try JSONSerialization.jsonObject(with: try workspace.quiz("history", "--format", "json").stdoutBytes)
    for row in rows as? [[String: Any]] ?? [] {
      let score = row["score"] as? Double ?? 0
      let maximum = row["max_score"] as? Double ?? 0
      #expect(score <= maximum + 1e-9, "\(row)")
    }
    #expect((rows as? [[String: Any]])?.isEmpty == false)
  }
}
