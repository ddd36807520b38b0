import Foundation
import Testing

/// Fixed slots (issue 36): a quiz places a bank's question by reference, with its own points
/// and an optional pinned version; the bank keeps the question, its versions and its history.
@Suite struct SlotsCLITests {
  /// Bank `bio` (cell1 choice tagged easy, cell2 short answer, both in Cells) and quiz `mid`
  /// with its own question own1, placing bio/cell1 worth 3 and bio/cell2 pinned at version 1.
  static func midterm() throws -> Workspace {
    let workspace = try Workspace()
    for arguments in [
      ["bank", "add", "bio", "--title", "Biology"],
      [
        "add", "question", "--bank", "bio/Cells", "--id", "cell1", "--prompt", "What is a cell?", "--right", "unit",
        "--wrong", "atom", "--tag", "easy",
      ],
      [
        "add", "short-answer", "--bank", "bio/Cells", "--id", "cell2", "--prompt", "Powerhouse?", "--accept",
        "mitochondria",
      ],
      ["add", "quiz", "mid", "--title", "Midterm"],
      ["add", "question", "mid", "--id", "own1", "--prompt", "2+2", "--right", "4", "--wrong", "5"],
    ] {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == 0, "\(arguments): \(run)")
    }
    let placed = try workspace.quiz("add", "slot", "mid", "bio/cell1", "--points", "3")
    #expect(placed.status == 0 && placed.stdout == "Placed bio/cell1 in mid.\n", "\(placed)")
    let pinned = try workspace.quiz("add", "slot", "mid", "bio/cell2", "--version", "1")
    #expect(pinned.status == 0, "\(pinned)")
    return workspace
  }

  /// A GIFT file that gives both bank questions a new version.
  static func editBank(_ workspace: Workspace) throws {
    let gift = try workspace.write(
      "bio.gift",
      """
      $CATEGORY: Cells

      // [tag:easy]
      ::cell1::[plain]What is a living cell?{
      \t=unit
      \t~atom
      }

      ::cell2::[plain]Power house?{
      \t=mitochondria
      }

      """)
    let run = try workspace.quiz("import", gift, "--bank", "bio")
    #expect(run.status == 0 && run.stdout.contains("2 changed"), "\(run)")
  }

  @Test func aSlotPlacesTheBanksQuestionWithItsOwnPointsAndExportsAsAReference() throws {
    let workspace = try Self.midterm()
    let show = try workspace.quiz("show", "mid")
    #expect(show.stdout.contains("Q2  cell1  (from bio, v1, 3 pts, one answer, tags: easy)"), "\(show.stdout)")
    #expect(show.stdout.contains("Q3  cell2  (from bio, pinned, v1, short-answer, 1 pt)"), "\(show.stdout)")
    #expect(show.stdout.contains("3 questions · 5 points"))
    let export = try workspace.quiz("export", "mid")
    #expect(export.stdout.contains(#""question": "bio/cell1",\#n              "points": 3"#), "\(export.stdout)")
    #expect(export.stdout.contains(#""question": "bio/cell2",\#n              "version": 1"#))
    // The question is written once, in the bank the document carries before the quiz.
    let quizzes = try #require(export.stdout.range(of: "\"quizzes\""))
    #expect(!export.stdout[quizzes.lowerBound...].contains("What is a cell?"))
    #expect(export.stdout[..<quizzes.lowerBound].contains("What is a cell?"))
    // The bank names the quiz that uses each question.
    let bank = try workspace.quiz("bank", "show", "bio")
    #expect(bank.stdout.contains("cell1            choice        v1       easy  mid"), "\(bank.stdout)")
    // Reading the export back changes nothing.
    let file = try workspace.write("mid.json", export.stdout)
    let again = try workspace.quiz("import", file)
    #expect(again.status == 0 && again.stdout.contains("0 added, 0 updated, 1 unchanged"), "\(again)")
    #expect(try workspace.quiz("export", "mid").stdout == export.stdout)
  }

  @Test func anAttemptScoresTheSlotsPointsAndEveryReadAgrees() throws {
    let workspace = try Self.midterm()
    let grade = try workspace.quiz(
      "grade", "mid", "--as", "ann", "--answer", "own1=a", "--answer", "cell1=a", "--answer", "cell2=mitochondria")
    #expect(grade.status == 0, "\(grade)")
    #expect(grade.stdout.contains("cell1     a                 3    3"), "\(grade.stdout)")
    #expect(grade.stdout.contains("Total: 5 / 5 (100%)"))
    let check = try workspace.quiz("check")
    #expect(check.status == 0, "\(check)")
    let regrade = try workspace.quiz("regrade", "mid", "--dry-run")
    #expect(regrade.stdout.contains("No score changes (1 attempt checked)"), "\(regrade)")
    let report = try workspace.quiz("report", "mid", "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.map { $0["question"] as? String } == ["own1", "cell1", "cell2"])
    #expect(items.map { $0["max_mark"] as? Double } == [1, 3, 1])
    #expect(items.allSatisfy { ($0["facility"] as? Double) == 1 }, "\(items)")
    let history = try workspace.quiz("history", "--quiz", "mid", "--format", "json")
    let attempts = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
    let detail = try workspace.quiz("history", try #require(attempts.first?["id"] as? String))
    #expect(detail.stdout.contains("Points: 3 / 3"), "\(detail.stdout)")
  }

  @Test func anEditInTheBankReachesTheNextAttemptButNotAPinnedSlotNorARecordedAttempt() throws {
    let workspace = try Self.midterm()
    #expect(try workspace.quiz("grade", "mid", "--as", "ann", "--answer", "cell1=a").status == 0)
    try Self.editBank(workspace)
    let show = try workspace.quiz("show", "mid")
    #expect(show.stdout.contains("cell1  (from bio, v2, 3 pts"), "\(show.stdout)")
    #expect(show.stdout.contains("What is a living cell?"))
    #expect(show.stdout.contains("cell2  (from bio, pinned, v1,"))
    #expect(show.stdout.contains("Powerhouse?") && !show.stdout.contains("Power house?"))
    let export = try workspace.quiz("export", "mid", "--with-attempts", "--format", "json")
    // The recorded attempt answered version 1, which the quiz no longer shows: its history says so.
    #expect(export.stdout.contains(#""cell1": 1"#), "\(export.stdout)")
    #expect(try workspace.quiz("check").status == 0)
  }

  @Test func removingASlotKeepsTheQuestionInItsBankAndTheAttemptsScores() throws {
    let workspace = try Self.midterm()
    #expect(try workspace.quiz("grade", "mid", "--as", "ann", "--answer", "cell1=a").status == 0)
    let refused = try workspace.quiz("bank", "rm", "bio/cell1")
    #expect(refused.status == 1)
    #expect(
      refused.stderr == "Error: question \"bio/cell1\" is placed in quiz \"mid\": take it out there with "
        + "'quiz rm mid/cell1'\n")
    let bank = try workspace.quiz("bank", "rm", "bio")
    #expect(bank.status == 1 && bank.stderr.contains("quiz \"mid\" places its question \"cell1\""), "\(bank)")
    let removed = try workspace.quiz("rm", "mid/cell1")
    #expect(removed.status == 0 && removed.stdout == "Removed question cell1 from mid; it stays in its bank.\n")
    #expect(try workspace.quiz("bank", "show", "bio").stdout.contains("cell1"))
    // The attempt keeps the 3 points the slot gave it.
    #expect(try workspace.quiz("check").status == 0)
    #expect(try workspace.quiz("regrade", "mid", "--dry-run").stdout.contains("No score changes"))
    let history = try workspace.quiz("history", "--quiz", "mid", "--format", "json")
    let attempts = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
    #expect(attempts.first?["score"] as? Double == 3 && attempts.first?["max_score"] as? Double == 5, "\(attempts)")
  }

  @Test func aQuestionAnotherQuizPlacesStaysWhenItsOwnQuizDropsIt() throws {
    let workspace = try Self.midterm()
    #expect(try workspace.quiz("add", "quiz", "fin", "--title", "Final").status == 0)
    #expect(try workspace.quiz("add", "slot", "fin", "mid/own1").status == 0)
    let refused = try workspace.quiz("rm", "mid")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("quiz \"fin\" places question \"mid/own1\" of this quiz"), "\(refused)")
    let dropped = try workspace.quiz("rm", "mid/own1")
    #expect(dropped.status == 0 && dropped.stdout.contains("it stays in its bank"), "\(dropped)")
    #expect(try workspace.quiz("show", "fin").stdout.contains("own1  (from mid, v1"))
    #expect(try workspace.quiz("check").status == 0)
  }

  @Test func aSlotToWhatDoesNotExistIsBadDataAndWritesNothing() throws {
    let workspace = try Self.midterm()
    let before = try workspace.databaseBytes()
    let cases: [([String], String)] = [
      (["add", "slot", "mid", "bio/cel1"], "Error: bank \"bio\" has no question \"cel1\" (did you mean \"cell1\"?)\n"),
      (
        ["add", "slot", "mid", "bioo/cell3"],
        "Error: no bank \"bioo\" (for the slot bioo/cell3) (did you mean \"bio\"?)\n"
      ),
      (["add", "slot", "fin", "bio/cell1"], "Error: unknown quiz \"fin\"\n"),
      (
        ["add", "slot", "mid", "bio/cell2"],
        "Error: invalid input, nothing was written (1 problem):\nbio/cell2: quiz \"mid\" already has a question \"cell2\"\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status != 0, "\(arguments)")
      #expect(run.stderr == message, "\(arguments): \(run.stderr)")
    }
    #expect(try workspace.quiz("add", "quiz", "fin", "--title", "Final").status == 0)
    let version = try workspace.quiz("add", "slot", "fin", "bio/cell1", "--version", "4")
    #expect(version.status == 65)
    #expect(version.stderr == "Error: question bio/cell1 has no version 4 (its versions are 1 to 1)\n")
    let malformed = try workspace.quiz("add", "slot", "fin", "cell1")
    #expect(malformed.status == 64 && malformed.stderr.hasPrefix("Error: Invalid 'cell1': expected BANK/QUESTION"))
    let unknown = try workspace.quiz("add", "slot", "fin", "bio/nope")
    #expect(unknown.status == 65)
    #expect(try workspace.quiz("show", "fin").stdout.contains("(no questions)"))
    _ = before
  }

  @Test func aBankQuestionsFiguresAreShownForEachQuizThatUsedItAndOverThemAll() throws {
    let workspace = try Self.midterm()
    #expect(try workspace.quiz("add", "quiz", "fin", "--title", "Final").status == 0)
    #expect(try workspace.quiz("add", "slot", "fin", "bio/cell1").status == 0)
    for (quiz, taker, choice) in [("mid", "ann", "a"), ("mid", "bo", "b"), ("fin", "cy", "a")] {
      let run = try workspace.quiz("grade", quiz, "--as", taker, "--answer", "cell1=\(choice)")
      #expect(run.status == 0, "\(run)")
    }
    let report = try workspace.quiz("report", "bio/cell1", "--format", "json")
    #expect(report.status == 0, "\(report)")
    let figures = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [[String: Any]])
    let cell1 = try #require(figures.first)
    #expect(cell1["question"] as? String == "bio/cell1")
    let quizzes = try #require(cell1["quizzes"] as? [[String: Any]])
    #expect(quizzes.map { $0["quiz"] as? String } == ["fin", "mid"])
    #expect(quizzes.map { $0["facility"] as? Double } == [1, 0.5])
    #expect(cell1["attempts"] as? Int == 3)
    // Moodle's question bank: the mean of the quizzes' facilities, not of all attempts.
    #expect(cell1["facility"] as? Double == 0.75)
    let table = try workspace.quiz("report", "--bank", "bio")
    #expect(table.stdout.contains("bio/cell1\nQUIZ  "), "\(table.stdout)")
    #expect(table.stdout.contains("All (mean of quizzes)         3    75.00%"), "\(table.stdout)")
    #expect(table.stdout.contains("bio/cell2\n"))
    let unknown = try workspace.quiz("report", "bio/cel1")
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "Error: bank \"bio\" has no question \"cel1\" (did you mean \"cell1\"?)\n")
    let mixed = try workspace.quiz("report", "bio/cell1", "mid")
    #expect(mixed.status == 64)
  }

  @Test func aDocumentsSlotToAMissingQuestionIsAnErrorAtItsPath() throws {
    let workspace = try Self.midterm()
    let document = try workspace.write(
      "new.json",
      """
      {"format": "quiz-bank/1", "quizzes": [{"id": "other", "title": "Other", "sections": [
        {"questions": [{"question": "bio/cell1", "points": 2}, {"question": "bio/gone"}]}]}]}
      """)
    let run = try workspace.quiz("import", document)
    #expect(run.status == 65, "\(run)")
    #expect(run.stderr.contains("bank \"bio\" has no question \"gone\""), "\(run.stderr)")
    #expect(try workspace.quiz("list").stdout.contains("other") == false)
    let extra = try workspace.write(
      "extra.json",
      """
      {"format": "quiz-bank/1", "quizzes": [{"id": "other", "title": "Other", "sections": [
        {"questions": [{"question": "bio/cell1", "prompt": "changed?"}]}]}]}
      """)
    let refused = try workspace.quiz("import", extra)
    #expect(refused.status == 65)
    #expect(
      refused.stderr.contains(
        #"$.quizzes[0].sections[0].questions[0].prompt: a slot names a bank's question ("question": "BANK/ID"): "prompt" belongs to the question itself"#
      ), "\(refused.stderr)")
  }
}
