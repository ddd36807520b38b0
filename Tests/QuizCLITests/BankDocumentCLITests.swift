import Foundation
import Testing

/// Banks in quiz-bank/1 documents (issue 36): `banks` carries the questions quizzes' slots place
/// and draw, before the quizzes; an export imports into an empty database and exports back to
/// the same bytes; `export --bank --format json` and `import FILE.json --bank` move one bank.
@Suite struct BankDocumentCLITests {
  static func object(_ run: Run) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
  }

  @Test func anExportCarriesTheBanksItsQuizzesUseAndReadsBackByteForByte() throws {
    let workspace = try RandomSlotsCLITests.final()
    #expect(try workspace.quiz("bank", "add", "spare", "--title", "Unused bank").status == 0)
    #expect(try workspace.quiz("add", "quiz", "plain", "--title", "Plain").status == 0)
    #expect(
      try workspace.quiz("add", "question", "plain", "--id", "p1", "--prompt", "P?", "--right", "a", "--wrong", "b")
        .status == 0)
    let all = try workspace.quiz("export")
    #expect(all.status == 0, "\(all)")
    let document = try Self.object(all)
    let banks = try #require(document["banks"] as? [[String: Any]])
    // Every bank with something of its own; no quiz's own bank, whose questions come with it.
    #expect(banks.compactMap { $0["id"] as? String } == ["bio", "spare"])
    let categories = try #require(banks[0]["categories"] as? [[String: Any]])
    #expect(categories.map { $0["path"] as? String } == ["Cells", "Cells/Organelles"])
    let cells = try #require(categories[0]["questions"] as? [[String: Any]])
    #expect(cells.compactMap { $0["id"] as? String } == ["c1", "c2", "c3", "c4", "c5", "c6", "d1"])
    #expect(
      all.stdout.range(of: "\"banks\"")?.lowerBound ?? all.stdout.endIndex < all.stdout.range(of: "\"quizzes\"")?
        .lowerBound ?? all.stdout.startIndex)
    let path = try workspace.write("all.json", all.stdout)
    #expect(try QuizProcess.validatesAgainstSchema(path, in: workspace) == true)

    // Into an empty database: the same bytes back, and the quiz draws from the bank it brought.
    let other = try Workspace()
    let imported = try other.quiz("import", path)
    #expect(imported.status == 0, "\(imported)")
    #expect(
      imported.stdout.hasPrefix("Banks:     2 added, 0 updated, 0 unchanged\nQuizzes:   2 added"), "\(imported.stdout)")
    #expect(try other.quiz("export").stdoutBytes == all.stdoutBytes)
    #expect(try other.quiz("grade", "fin", "--as", "ann", "--seed", "3", "--answer", "own1=a").status == 0)
    // Again: all unchanged.
    #expect(try other.quiz("import", path).stdout.hasPrefix("Banks:     0 added, 0 updated, 2 unchanged\n"))

    // One quiz: the banks its slots use; a quiz without slots is as it was before banks.
    let fin = try workspace.quiz("export", "fin")
    #expect(try (Self.object(fin)["banks"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["bio"])
    let plain = try workspace.quiz("export", "plain")
    #expect(plain.stdout.hasPrefix("{\n  \"format\": \"quiz-bank/1\",\n  \"quizzes\": [\n"), "\(plain.stdout)")
  }

  /// Attempts that drew bank questions since edited, moved out of the slots' category or
  /// retired export with their history, `BANK/ID` naming the bank's question, and import into an
  /// empty database as the same attempts: the same bytes back, the same report, history, check
  /// and regrade, and the bank's retired question made retired in its bank.
  @Test func attemptsWhoseDrawnQuestionsChangedSinceRoundTrip() throws {
    let workspace = try RandomSlotsCLITests.final()
    for (taker, seed) in [("ann", "1"), ("bob", "2"), ("cy", "3"), ("di", "4")] {
      let graded = try workspace.quiz("grade", "fin", "--as", taker, "--seed", seed, "--answer", "own1=a")
      try #require(graded.status == 0, "\(graded)")
    }
    let given = Set(try RandomSlotsCLITests.given(workspace).flatMap { $0 }).subtracting(["own1", "c1"]).sorted()
    try #require(given.count >= 3, "\(given)")
    // The bank changes under the attempts: one drawn question edited, one moved, one retired.
    let bank = try workspace.quiz("export", "--bank", "bio")
    let edited = bank.stdout.replacingOccurrences(
      of: "Cell question \(given[0].dropFirst())\"", with: "Cell one more\"")
    try #require(edited != bank.stdout)
    #expect(try workspace.quiz("import", try workspace.write("bio.json", edited), "--bank", "bio").status == 0)
    #expect(try workspace.quiz("bank", "mv", "bio/\(given[1])", "--category", "Elsewhere").status == 0)
    #expect(try workspace.quiz("bank", "rm", "bio/\(given[2])").status == 0)

    let export = try workspace.quiz("export", "fin", "--with-attempts")
    #expect(export.status == 0, "\(export)")
    let history = try #require((try Self.object(export)["history"] as? [[String: Any]])?.first)
    let current = try #require(history["current"] as? [String: Int])
    #expect(current["bio/\(given[0])"] == 2 && current["bio/\(given[1])"] == 1, "\(current)")
    #expect(current["bio/\(given[2])"] == nil, "a retired question's versions are all in the history")
    let versions = try #require(history["versions"] as? [[String: Any]])
    #expect(versions.contains { $0["bank"] as? String == "bio" && $0["version"] as? Int == 1 })
    let path = try workspace.write("fin.json", export.stdout)
    #expect(try QuizProcess.validatesAgainstSchema(path, in: workspace) == true)

    let other = try Workspace()
    let imported = try other.quiz("import", path)
    #expect(imported.status == 0, "\(imported)")
    #expect(try other.quiz("export", "fin", "--with-attempts").stdoutBytes == export.stdoutBytes)
    for command in [["report", "fin"], ["history", "--quiz", "fin"], ["check"], ["regrade", "fin", "--dry-run"]] {
      let here = try workspace.quiz(arguments: command)
      let there = try other.quiz(arguments: command)
      #expect(there.stdout == here.stdout && there.status == here.status, "\(command): \(here)\n\(there)")
    }
    // The retired question is the bank's: its figures are among the bank's.
    let bankReport = try workspace.quiz("report", "--bank", "bio")
    #expect(bankReport.stdout.contains(given[2]), "\(bankReport)")
    #expect(try other.quiz("report", "--bank", "bio").stdout == bankReport.stdout)
  }

  /// Random slots over two banks whose questions share ids: across its attempts the quiz was
  /// given both banks' `q1`, so its export names them `a/q1` and `b/q1`, and the import attaches
  /// each attempt to the right bank's question; `grade --given` takes such a name too.
  @Test func attemptsNameQuestionsBankSlashIDWhereTwoBanksIDsClash() throws {
    let workspace = try Workspace()
    var steps: [[String]] = []
    for bank in ["a", "b"] {
      steps.append(["bank", "add", bank, "--title", "Bank \(bank)"])
      for number in 1...2 {
        steps.append([
          "add", "question", "--bank", bank, "--id", "q\(number)", "--prompt", "\(bank) question \(number)",
          "--right", "yes", "--wrong", "no",
        ])
      }
    }
    steps += [
      ["add", "quiz", "mix", "--title", "Mix"],
      ["add", "question", "mix", "--id", "o", "--prompt", "2+2", "--right", "4", "--wrong", "5"],
      ["add", "random", "mix", "--from", "a"], ["add", "random", "mix", "--from", "b"],
      ["grade", "mix", "--as", "ann", "--given", "a/q1,b/q2,o", "--answer", "o=a", "--answer", "a/q1=a"],
      ["grade", "mix", "--as", "bob", "--given", "q2,q1,o", "--answer", "o=a", "--answer", "q1=b"],
    ]
    for step in steps {
      let run = try workspace.quiz(arguments: step)
      try #require(run.status == 0, "\(step): \(run)")
    }
    let export = try workspace.quiz("export", "mix", "--with-attempts")
    let attempts = try #require(try Self.object(export)["attempts"] as? [[String: Any]])
    #expect(attempts.map { $0["given"] as? [String] ?? [] } == [["a/q1", "b/q2", "o"], ["a/q2", "b/q1", "o"]])
    #expect(
      attempts.map { ($0["answers"] as? [[String: Any]] ?? []).compactMap { $0["question"] as? String } } == [
        ["o", "a/q1"], ["o", "b/q1"],
      ])
    let path = try workspace.write("mix.json", export.stdout)
    #expect(try QuizProcess.validatesAgainstSchema(path, in: workspace) == true)
    let other = try Workspace()
    let imported = try other.quiz("import", path)
    #expect(imported.status == 0, "\(imported)")
    #expect(try other.quiz("export", "mix", "--with-attempts").stdoutBytes == export.stdoutBytes)
    for command in [["report", "--bank", "a"], ["report", "--bank", "b"], ["history", "--quiz", "mix"], ["check"]] {
      #expect(try other.quiz(arguments: command).stdout == (try workspace.quiz(arguments: command)).stdout)
    }
  }

  /// A bank removed with `--force` after attempts drew from it: its questions go in the export
  /// as the quiz's own retired ones (the removed bank is not exported), and the import reads them.
  @Test func attemptsAtARemovedBanksQuestionsRoundTrip() throws {
    let workspace = try RandomSlotsCLITests.final()
    #expect(try workspace.quiz("grade", "fin", "--as", "ann", "--seed", "3", "--answer", "own1=a").status == 0)
    #expect(try workspace.quiz("bank", "rm", "bio", "--force").status == 0)
    let export = try workspace.quiz("export", "fin", "--with-attempts")
    #expect(export.status == 0 && !export.stdout.contains("\"bank\": \"bio"), "\(export)")
    let other = try Workspace()
    let imported = try other.quiz("import", try workspace.write("fin.json", export.stdout))
    #expect(imported.status == 0, "\(imported)")
    #expect(try other.quiz("export", "fin", "--with-attempts").stdoutBytes == export.stdoutBytes)
    #expect(try other.quiz("report", "fin").stdout == (try workspace.quiz("report", "fin")).stdout)
  }

  /// A quiz whose slots place or draw another quiz's own questions comes after that quiz in an
  /// export, so that the import has them when it writes its slots; a document that cannot be
  /// written so (each quiz using the other's) is refused naming the quiz and its problem.
  @Test func aQuizUsingAnotherQuizsQuestionsIsExportedAfterIt() throws {
    let workspace = try Workspace()
    let steps: [[String]] = [
      ["add", "quiz", "host", "--title", "Host"],
      ["add", "question", "host", "--id", "h1", "--prompt", "H1", "--right", "a", "--wrong", "b"],
      ["add", "question", "host", "--id", "h2", "--prompt", "H2", "--right", "a", "--wrong", "b"],
      ["add", "quiz", "guest", "--title", "Guest"],
      ["add", "question", "guest", "--id", "g1", "--prompt", "G1", "--right", "a", "--wrong", "b"],
      ["add", "random", "guest", "--from", "host"], ["add", "quiz", "early", "--title", "Early"],
      ["add", "slot", "early", "guest/g1"], ["grade", "guest", "--as", "ann", "--seed", "1", "--answer", "g1=a"],
    ]
    for step in steps {
      let run = try workspace.quiz(arguments: step)
      try #require(run.status == 0, "\(step): \(run)")
    }
    let export = try workspace.quiz("export", "--with-attempts")
    let quizzes = try #require(try Self.object(export)["quizzes"] as? [[String: Any]])
    #expect(quizzes.compactMap { $0["id"] as? String } == ["host", "guest", "early"])
    let path = try workspace.write("all.json", export.stdout)
    let other = try Workspace()
    let imported = try other.quiz("import", path)
    #expect(imported.status == 0, "\(imported)")
    #expect(try other.quiz("export", "--with-attempts").stdoutBytes == export.stdoutBytes)

    #expect(try workspace.quiz("add", "slot", "host", "guest/g1").status == 0)
    let cycle = try workspace.quiz("export")
    let refused = try Workspace().quiz("import", try workspace.write("cycle.json", cycle.stdout))
    #expect(refused.status == 65, "\(refused)")
    #expect(refused.stderr.contains("cycle.json: $.quizzes[0]: bank \"guest\" has no question \"g1\""), "\(refused)")
  }

  /// A bank removed with `--force` whose question has the id of one of the quiz's own: the
  /// attempts name it `BANK.removed-N/ID`, and the import makes the removed bank again for it.
  @Test func aRemovedBanksQuestionSharingAnOwnQuestionsIDRoundTrips() throws {
    let workspace = try Workspace()
    let steps: [[String]] = [
      ["bank", "add", "ba", "--title", "A"],
      ["add", "question", "--bank", "ba", "--id", "q1", "--prompt", "ba q1?", "--right", "R", "--wrong", "W"],
      ["add", "quiz", "two", "--title", "Two"],
      ["add", "question", "two", "--id", "own", "--prompt", "Own?", "--right", "Y", "--wrong", "N"],
      ["add", "random", "two", "--from", "ba"],
      ["grade", "two", "--as", "t1", "--given", "own,q1", "--answer", "own=a", "--answer", "q1=a"],
    ]
    for step in steps {
      let run = try workspace.quiz(arguments: step)
      try #require(run.status == 0, "\(step): \(run)")
    }
    #expect(try workspace.quiz("bank", "rm", "ba", "--force").status == 0)
    let own = try workspace.quiz(
      "add", "question", "two", "--id", "q1", "--prompt", "Own q1?", "--right", "Y", "--wrong", "N")
    try #require(own.status == 0, "\(own)")
    #expect(try workspace.quiz("grade", "two", "--as", "t2", "--answer", "own=a", "--answer", "q1=b").status == 0)
    #expect(try workspace.quiz("rm", "two/q1").status == 0)
    let export = try workspace.quiz("export", "two", "--with-attempts")
    let attempts = try #require(try Self.object(export)["attempts"] as? [[String: Any]])
    #expect(attempts.first?["given"] as? [String] == ["own", "ba.removed-1/q1"], "\(export.stdout)")
    let other = try Workspace()
    let imported = try other.quiz("import", try workspace.write("two.json", export.stdout))
    #expect(imported.status == 0, "\(imported)")
    #expect(try other.quiz("export", "two", "--with-attempts").stdoutBytes == export.stdoutBytes)
    #expect(try other.quiz("report", "two").stdout == (try workspace.quiz("report", "two")).stdout)
  }

  /// Points a slot gave an attempt stay the attempt's when the slot's points change or the slot
  /// goes: the export writes them (`points`), and the import scores the attempt with them.
  @Test func pointsSlotsGaveAnAttemptRoundTripAfterTheSlotsChange() throws {
    let workspace = try Workspace()
    let steps: [[String]] = [
      ["bank", "add", "bb", "--title", "B"],
      ["add", "question", "--bank", "bb", "--id", "q2", "--prompt", "Q2", "--right", "a", "--wrong", "b"],
      ["add", "question", "--bank", "bb", "--id", "q3", "--prompt", "Q3", "--right", "a", "--wrong", "b"],
      ["add", "quiz", "g", "--title", "G"],
      ["add", "question", "g", "--id", "own", "--prompt", "Own", "--right", "a", "--wrong", "b"],
      ["add", "slot", "g", "bb/q2", "--points", "2"], ["add", "random", "g", "--from", "bb", "--points", "3"],
      ["grade", "g", "--as", "ann", "--seed", "1", "--answer", "own=a", "--answer", "q2=a", "--answer", "q3=a"],
    ]
    for step in steps {
      let run = try workspace.quiz(arguments: step)
      try #require(run.status == 0, "\(step): \(run)")
    }
    let plain = try workspace.quiz("export", "g", "--with-attempts")
    #expect(!plain.stdout.contains("\"points\": {"), "the quiz gives them those points now")
    let quiz = try workspace.quiz("export", "g").stdout
      .replacingOccurrences(of: "\"points\": 2", with: "\"points\": 5")
      .replacingOccurrences(of: "\"points\": 3", with: "\"points\": 4")
    #expect(try workspace.quiz("import", try workspace.write("g.json", quiz)).status == 0)
    let export = try workspace.quiz("export", "g", "--with-attempts")
    let attempt = try #require((try Self.object(export)["attempts"] as? [[String: Any]])?.first)
    #expect(attempt["points"] as? [String: Double] == ["q2": 2, "q3": 3], "\(export.stdout)")
    let other = try Workspace()
    let imported = try other.quiz("import", try workspace.write("with.json", export.stdout))
    #expect(imported.status == 0, "\(imported)")
    #expect(try other.quiz("export", "g", "--with-attempts").stdoutBytes == export.stdoutBytes)
    for command in [["history", "--quiz", "g"], ["report", "g"], ["check"], ["regrade", "g", "--dry-run"]] {
      #expect(try other.quiz(arguments: command).stdout == (try workspace.quiz(arguments: command)).stdout)
    }
    #expect(try other.quiz("history", "--quiz", "g").stdout.contains("      6    6     100%"))
  }

  @Test func aBankMovesAsJSONAndAChangedQuestionIsItsNextVersion() throws {
    let workspace = try RandomSlotsCLITests.final()
    let export = try workspace.quiz("export", "--bank", "bio", "--format", "json")
    #expect(export.status == 0, "\(export)")
    let document = try Self.object(export)
    #expect((document["quizzes"] as? [Any])?.isEmpty == true)
    // Into another bank, the same categories.
    let path = try workspace.write("bio.json", export.stdout)
    let copied = try workspace.quiz("import", path, "--bank", "copy", "--title", "Copy")
    #expect(copied.stdout == "Bank copy (new): 8 new, 0 changed, 0 unchanged\n", "\(copied)")
    let show = try workspace.quiz("bank", "show", "copy")
    #expect(
      show.stdout.contains("  Cells/\n    c1 ") && show.stdout.contains("    Organelles/\n      o1 "), "\(show.stdout)")

    // A teacher edits the bank in the file: one question reworded, one moved; the rest stay.
    let edited = export.stdout.replacingOccurrences(of: "Cell question 2", with: "Cell question two")
      .replacingOccurrences(of: "\"title\": \"Biology\"", with: "\"title\": \"Biology 101\"")
    let run = try workspace.quiz("import", try workspace.write("edited.json", edited))
    #expect(
      run.stdout.hasPrefix(
        "Banks:     0 added, 1 updated, 0 unchanged\nQuizzes:   0 added, 0 updated, 0 unchanged\n"
          + "Questions: 0 new, 1 changed"), "\(run)")
    #expect(run.stdout.contains("Next: 'quiz bank list'"), "\(run.stdout)")
    let list = try workspace.quiz("bank", "list")
    #expect(list.stdout.contains("Biology 101"), "\(list.stdout)")
    let history = try workspace.quiz("show", "bio/c2", "--history")
    #expect(
      history.stdout.contains("Cell question two") && history.stdout.contains("v2  ")
        && history.stdout.contains("changed: prompt"), "\(history.stdout)")
    // The other questions kept their version.
    #expect(try workspace.quiz("show", "bio/c3", "--history").stdout.contains("v2  ") == false)
  }

  @Test func aDocumentsQuizzesFillABankByTheirSectionTitles() throws {
    let workspace = try RandomSlotsCLITests.final()
    let export = try workspace.quiz("export", "fin", "--with-attempts")
    let path = try workspace.write("fin.json", export.stdout)
    let run = try workspace.quiz("import", path, "--bank", "gathered")
    #expect(run.status == 0, "\(run)")
    // The bank bio's eight questions and fin's own question; fin's slot and random slots are named.
    #expect(run.stdout == "Bank gathered (new): 9 new, 0 changed, 0 unchanged\n", "\(run.stdout)")
    #expect(run.stderr.contains("$.quizzes[0].sections[0]: warning: its 1 slot and 2 random slots"), "\(run.stderr)")
  }

  @Test func aBadBankIsRefusedAtItsPathAndNothingIsWritten() throws {
    let workspace = try RandomSlotsCLITests.final()
    let before = try workspace.quiz("export").stdoutBytes
    let question =
      #"{"id": "x1", "prompt": "X?", "choices": [{"id": "a", "text": "a", "correct": true}, {"id": "b", "text": "b", "correct": false}]}"#
    let document = """
      {"format": "quiz-bank/1",
       "banks": [
         {"id": "bio", "title": "Biology", "categories": [
           {"path": "Cells/", "questions": [\(question)]},
           {"path": "Other", "questions": [\(question), {"question": "bio/c1"}]}
         ], "colour": "red"}
       ],
       "quizzes": []}
      """
    let run = try workspace.quiz("import", try workspace.write("bad.json", document))
    #expect(run.status == 65, "\(run)")
    for expected in [
      "bad.json: $.banks[0].colour: unknown field \"colour\"",
      "bad.json: $.banks[0].categories[0].path: \"Cells/\" is not a category path",
      "bad.json: $.banks[0].categories[1].questions[1]: a bank's question is written in full",
    ] {
      #expect(run.stderr.contains(expected), "\(expected)\n\(run.stderr)")
    }
    #expect(try workspace.quiz("export").stdoutBytes == before)
    // Checks across fields, once each field is valid: a category twice, a question id twice in
    // the bank, a bank twice.
    let twice = """
      {"format": "quiz-bank/1", "banks": [
        {"id": "b2", "title": "B", "categories": [
          {"questions": [\(question)]}, {"path": "P", "questions": [\(question)]}, {"path": "P", "questions": []}]},
        {"id": "b3", "title": "B", "categories": []},
        {"id": "b3", "title": "B", "categories": []}], "quizzes": []}
      """
    let second = try workspace.quiz("import", try workspace.write("twice.json", twice))
    #expect(second.status == 65)
    for expected in [
      "$.banks[0].categories[1].questions[0].id: duplicate question id \"x1\" (also $.banks[0].categories[0].questions[0])",
      "$.banks[0].categories[2].path: category \"P\" is also $.banks[0].categories[1]",
      "$.banks[2].id: duplicate bank id \"b3\" (also $.banks[1])",
    ] {
      #expect(second.stderr.contains(expected), "\(expected)\n\(second.stderr)")
    }
    let list = try workspace.quiz("bank", "list").stdout
    #expect(!list.contains("b2") && !list.contains("b3"), "\(list)")
  }

  /// A new bank takes the document's description with its title, and reads back with them.
  @Test func aNewBankKeepsItsDescription() throws {
    let workspace = try Workspace()
    let document = """
      {"format": "quiz-bank/1", "banks": [{"id": "chem", "title": "Chemistry", "description": "Shared by the department",
        "categories": [{"path": "Atoms", "questions": [{"id": "h", "prompt": "Lightest element?",
          "choices": [{"id": "a", "text": "H", "correct": true}, {"id": "b", "text": "He", "correct": false}]}]}]}],
       "quizzes": []}
      """
    let run = try workspace.quiz("import", try workspace.write("chem.json", document))
    #expect(run.status == 0, "\(run)")
    #expect(try workspace.quiz("bank", "show", "chem").stdout.contains("Shared by the department"))
    let export = try workspace.quiz("export", "--bank", "chem")
    #expect(export.stdout.contains(#""description": "Shared by the department""#), "\(export.stdout)")
  }
}
