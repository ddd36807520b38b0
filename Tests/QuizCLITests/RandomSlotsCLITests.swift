import Foundation
import Testing

/// Random slots (issue 36): each draws one question per attempt from a bank's category by tag,
/// the least given to the taker first, never one the attempt already has.
@Suite struct RandomSlotsCLITests {
  /// Bank `bio`: c1…c6 in Cells (c1–c3 tagged easy, c4–c6 hard), o1 in Cells/Organelles (easy),
  /// and d1, a description in Cells tagged easy (never drawn). Quiz `fin`: its own question own1,
  /// a slot placing bio/c1, and two random slots from Cells and below, tagged easy, worth 2.
  static func final() throws -> Workspace {
    let workspace = try Workspace()
    var commands: [[String]] = [["bank", "add", "bio", "--title", "Biology"]]
    for number in 1...6 {
      commands.append([
        "add", "question", "--bank", "bio/Cells", "--id", "c\(number)", "--prompt", "Cell question \(number)",
        "--right", "yes", "--wrong", "no", "--tag", number <= 3 ? "easy" : "hard",
      ])
    }
    commands += [
      [
        "add", "question", "--bank", "bio/Cells/Organelles", "--id", "o1", "--prompt", "Organelle", "--right", "yes",
        "--wrong", "no", "--tag", "easy",
      ],
      ["add", "description", "--bank", "bio/Cells", "--id", "d1", "--prompt", "Read this first", "--tag", "easy"],
      ["add", "quiz", "fin", "--title", "Final"],
      ["add", "question", "fin", "--id", "own1", "--prompt", "2+2", "--right", "4", "--wrong", "5"],
      ["add", "slot", "fin", "bio/c1"],
    ]
    for arguments in commands {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == 0, "\(arguments): \(run)")
    }
    let random = try workspace.quiz(
      "add", "random", "fin", "--from", "bio/Cells", "--subcategories", "--tag", "easy", "--count", "2", "--points",
      "2")
    #expect(random.status == 0, "\(random)")
    #expect(random.stdout == "Added 2 random slots drawing from bio/Cells (and below) tagged easy to fin.\n")
    return workspace
  }

  /// The questions attempt `id` was given, from its export.
  static func given(_ workspace: Workspace, quiz: String = "fin") throws -> [[String]] {
    let export = try workspace.quiz("export", quiz, "--with-attempts")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
    let attempts = try #require(object["attempts"] as? [[String: Any]])
    return attempts.map { $0["given"] as? [String] ?? [] }
  }

  @Test func randomSlotsShowExportAndReadBack() throws {
    let workspace = try Self.final()
    let show = try workspace.quiz("show", "fin")
    #expect(show.stdout.contains("4 questions · 4 asked per attempt"), "\(show.stdout)")
    #expect(show.stdout.contains("Q3–Q4  random  (2 pts each)\n      drawn from bio/Cells (and below) tagged easy\n"))
    let export = try workspace.quiz("export", "fin")
    #expect(
      export.stdout.contains(
        """
                    {
                      "random": {
                        "bank": "bio",
                        "category": "Cells",
                        "subcategories": true,
                        "tags": [
                          "easy"
                        ],
                        "count": 2
                      },
                      "points": 2
                    }
        """), "\(export.stdout)")
    let file = try workspace.write("fin.json", export.stdout)
    #expect(try QuizProcess.validatesAgainstSchema(file, in: workspace) == true)
    let again = try workspace.quiz("import", file)
    #expect(again.status == 0 && again.stdout.contains("1 unchanged"), "\(again)")
    #expect(try workspace.quiz("list").stdout.contains("fin  Final         1          4         0"))
  }

  @Test func aDrawTakesNoQuestionTheAttemptHasAndPrefersTheLeastGiven() throws {
    let workspace = try Self.final()
    // Candidates: c2, c3, o1 (c1 is placed by the quiz, d1 is a description, c4–c6 are hard).
    var seen: [String] = []
    for seed in ["1", "2", "3"] {
      let grade = try workspace.quiz("grade", "fin", "--as", "ann", "--seed", seed, "--answer", "own1=a")
      #expect(grade.status == 0, "\(grade)")
    }
    let lists = try Self.given(workspace)
    #expect(lists.count == 3)
    for list in lists {
      #expect(Array(list.prefix(2)) == ["own1", "c1"], "\(list)")
      let drawn = Array(list.dropFirst(2))
      #expect(drawn.count == 2 && Set(drawn).count == 2, "\(list)")
      #expect(Set(drawn).isSubset(of: ["c2", "c3", "o1"]), "\(list)")
      seen += drawn
    }
    // Six draws over three candidates, least given first: each exactly twice.
    #expect(Dictionary(grouping: seen, by: { $0 }).mapValues(\.count) == ["c2": 2, "c3": 2, "o1": 2], "\(seen)")
    #expect(try workspace.quiz("check").status == 0)
    #expect(try workspace.quiz("regrade", "fin", "--dry-run").stdout.contains("No score changes (3 attempts checked)"))
  }

  @Test func theSameSeedDrawsTheSameQuestions() throws {
    let first = try Self.final()
    let second = try Self.final()
    for workspace in [first, second] {
      #expect(try workspace.quiz("grade", "fin", "--as", "ann", "--seed", "42", "--answer", "own1=a").status == 0)
    }
    #expect(try Self.given(first) == Self.given(second))
  }

  @Test func aDrawnQuestionIsWorthTheSlotsPointsEverywhere() throws {
    let workspace = try Self.final()
    let grade = try workspace.quiz(
      "grade", "fin", "--as", "bo", "--given", "own1,c1,o1,c3", "--answer", "own1=a", "--answer", "o1=a",
      "--answer", "c3=b")
    #expect(grade.status == 0, "\(grade)")
    #expect(grade.stdout.contains("o1        a             2    2"), "\(grade.stdout)")
    #expect(grade.stdout.contains("Total: 3 / 6 (50%)"))
    let report = try workspace.quiz("report", "fin", "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.map { $0["question"] as? String } == ["own1", "c1", "c3", "o1"], "\(items)")
    #expect(items.map { $0["max_mark"] as? Double } == [1, 1, 2, 2])
    #expect(try workspace.quiz("check").status == 0)
    // The bank's edit of o1 changes nothing recorded.
    let history = try workspace.quiz("history", "--quiz", "fin", "--format", "json")
    let attempts = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
    let detail = try workspace.quiz("history", try #require(attempts.first?["id"] as? String))
    #expect(detail.stdout.contains("o1  (version 1, all-or-nothing)"), "\(detail.stdout)")
    #expect(!detail.stdout.contains("retired"))
  }

  @Test func aGivenListMustFillEveryRandomSlotWithQuestionsTheirFilterMatches() throws {
    let workspace = try Self.final()
    let short = try workspace.quiz("grade", "fin", "--as", "bo", "--given", "own1,c1,o1", "--answer", "own1=a")
    #expect(short.status == 65)
    #expect(
      short.stderr == """
        Error: invalid --given, nothing was saved:
        --given: section 1's random slots from bio/Cells (and below) tagged easy give 2 questions per attempt, \
        the list has 1 of theirs

        """, "\(short.stderr)")
    let hard = try workspace.quiz("grade", "fin", "--as", "bo", "--given", "own1,c1,o1,c4", "--answer", "own1=a")
    #expect(hard.status == 65 && hard.stderr.contains("the list has 1 of theirs"), "\(hard)")
    let missing = try workspace.write(
      "attempts.ndjson", #"{"quiz": "fin", "taker": "cy", "answers": [{"question": "own1", "selected": ["a"]}]}"# + "\n"
    )
    let file = try workspace.quiz("grade", "--attempts", missing)
    #expect(file.status == 65)
    #expect(file.stderr.contains("draws questions per attempt (random slots): the attempt must say which"), "\(file)")
    #expect(try workspace.quiz("history").stdout.hasPrefix("No attempts"))
  }

  @Test func aFilterThatMatchesTooFewIsRefusedWithHowManyMatch() throws {
    let workspace = try Self.final()
    let before = try workspace.quiz("export", "fin").stdout
    let many = try workspace.quiz("add", "random", "fin", "--from", "bio/Cells", "--tag", "easy", "--count", "4")
    #expect(many.status == 65)
    #expect(many.stderr == "Error: random slots from bio/Cells tagged easy would draw 4 questions; 3 match\n")
    let unknown = try workspace.quiz("add", "random", "fin", "--from", "bio/Cels")
    #expect(unknown.status == 65)
    #expect(unknown.stderr == "Error: no category \"Cels\" in bank \"bio\" (did you mean \"Cells\"?) to draw from\n")
    #expect(try workspace.quiz("export", "fin").stdout == before)
    // Two more slots over the same three candidates: the third of four cannot be filled.
    #expect(
      try workspace.quiz("add", "random", "fin", "--from", "bio/Cells", "--subcategories", "--tag", "easy").status == 0)
    #expect(
      try workspace.quiz("add", "random", "fin", "--from", "bio/Cells", "--subcategories", "--tag", "easy").status == 0)
    let draw = try workspace.quiz("grade", "fin", "--as", "ann", "--answer", "own1=a")
    #expect(draw.status == 65)
    #expect(
      draw.stderr
        == "Error: section 1 of quiz \"fin\" draws 1 from bio/Cells (and below) tagged easy: 0 questions match besides "
        + "those the attempt has already\n", "\(draw.stderr)")
  }

  @Test func takeDrawsAndRecordsWhatItGave() throws {
    let workspace = try Self.final()
    let run = try workspace.quiz("take", "fin", "--as", "dee", "--seed", "5", input: Data("a\na\na\na\n".utf8))
    #expect(run.status == 0, "\(run)")
    let lists = try Self.given(workspace)
    #expect(lists.count == 1 && lists[0].count == 4, "\(lists)")
    #expect(try workspace.quiz("check").status == 0)
  }

  /// GIFT shows neither slots nor random slots: an edit of the quiz's own question keeps both,
  /// an edit of a bank question's text through the quiz is refused (the bank is where it is
  /// edited), and an export says what it leaves out.
  @Test func aGIFTEditKeepsSlotsAndRandomSlotsAndRefusesABankQuestionsText() throws {
    let workspace = try Self.final()
    let before = try workspace.quiz("export", "fin").stdout
    let seen = workspace.directory.path("seen.gift")
    let own = try workspace.write("own.sh", "#!/bin/sh\ncp \"$1\" '\(seen)'\nsed -i 's/2+2/3+3/' \"$1\"\n")
    chmod(own, 0o755)
    let edit = try workspace.quiz("edit", "fin", "--format", "gift", environment: ["EDITOR": own])
    #expect(edit.status == 0 && edit.stdout == "question own1: version 1 → 2\n", "\(edit)")
    #expect(try workspace.quiz("export", "fin").stdout == before.replacingOccurrences(of: "2+2", with: "3+3"))
    let header = try String(contentsOfFile: seen, encoding: .utf8)
    #expect(header.contains("random slots (2), kept as they are"), "\(header)")
    #expect(header.contains("that c1 is placed from banks"), "\(header)")

    let bankText = try workspace.write("bank.sh", "#!/bin/sh\nsed -i 's/Cell question 1/Cell question one/' \"$1\"\n")
    chmod(bankText, 0o755)
    let refused = try workspace.quiz("edit", "fin", "--format", "gift", environment: ["EDITOR": bankText])
    #expect(refused.status == 65, "\(refused)")
    #expect(refused.stderr.contains("placed from bank bio"), "\(refused.stderr)")
    #expect(refused.stderr.contains("quiz import FILE --bank bio"), "\(refused.stderr)")
    #expect(try workspace.quiz("export", "fin").stdout == before.replacingOccurrences(of: "2+2", with: "3+3"))
    #expect(try workspace.quiz("show", "bio/c1").stdout.contains("Cell question 1"))

    let gift = try workspace.quiz("export", "fin", "--format", "gift")
    #expect(gift.status == 0 && gift.stdout.contains("Cell question 1"), "\(gift)")
    #expect(
      gift.stderr.contains(
        "section 1's random slots (2 from bio/Cells (and below) tagged easy) cannot be written in GIFT"),
      "\(gift.stderr)")
  }

  /// A Canvas package writes random slots as a question group that draws as many as they do,
  /// each worth their points, holding the questions they draw from but the one the quiz places
  /// itself and the description; a second group over some of the same questions is warned about,
  /// as Canvas draws groups on their own.
  @Test func aCanvasPackageWritesRandomSlotsAsQuestionGroupsOfTheirCandidates() throws {
    let workspace = try Self.final()
    let zip = workspace.directory.path("fin.zip")
    let export = try workspace.quiz("export", "fin", "--format", "qti", "-o", zip)
    #expect(export.status == 0, "\(export)")
    #expect(
      export.stderr == "warning: tags cannot be written in Canvas QTI: the tags of 4 questions are left out\n",
      "c1, c2, c3, o1: \(export.stderr)")
    let package = try QTIExportCLITests.inspect(zip, in: workspace)
    #expect(package.problems == [])
    #expect(
      package.groups == [
        QTIExportCLITests.Group(
          ident: "quiz-fin-Random-1-1", title: "bio/Cells (and below) tagged easy", selection: "2", pointsPerItem: "2",
          items: [
            "quiz-fin-Random-1-1-Question-c2", "quiz-fin-Random-1-1-Question-c3", "quiz-fin-Random-1-1-Question-o1",
          ])
      ])
    #expect(package.items.map(\.title) == ["own1", "c1", "c2", "c3", "o1"])
    #expect(package.items.filter { $0.ident.contains("Random") }.allSatisfy { $0.points == "2" })
    #expect(package.meta["points_possible"] == "6")

    #expect(try workspace.quiz("add", "random", "fin", "--from", "bio/Cells", "--count", "3").status == 0)
    let twice = try workspace.quiz("export", "fin", "--format", "qti", "-o", zip)
    #expect(twice.status == 0, "\(twice)")
    #expect(
      twice.stderr
        == "warning: tags cannot be written in Canvas QTI: the tags of 7 questions are left out\n"
        + "warning: section 1's random slots (3 from bio/Cells): Canvas draws each group on its own, so 2 questions "
        + "another group also holds (\"bio/c2\", \"bio/c3\") can come twice in one attempt\n", "\(twice.stderr)")
    let groups = try QTIExportCLITests.inspect(zip, in: workspace).groups
    #expect(groups.map(\.selection) == ["2", "3"])
    #expect(groups.last?.items.count == 5, "c2…c6: not c1, which the quiz places, nor d1, a description")
  }

  /// An edit of the quiz whose random slots name a bank that is not there, or draw more than
  /// match, reopens with the problem on top, as any other problem does.
  @Test func anEditWithAnUnplaceableSlotReopensWithTheProblem() throws {
    let workspace = try Self.final()
    let seen = workspace.directory.path("seen.json")
    let script = try workspace.write(
      "edit.sh",
      """
      #!/bin/sh
      if grep -q '// !' "$1"; then cp "$1" '\(seen)'; sed -i 's/"bank": "bion"/"bank": "bio"/' "$1"
      else sed -i 's/"bank": "bio"/"bank": "bion"/' "$1"; fi

      """)
    chmod(script, 0o755)
    let before = try workspace.quiz("export", "fin").stdout
    let run = try workspace.quiz("edit", "fin", environment: ["EDITOR": script])
    #expect(run.status == 0 && run.stdout == "No changes.\n", "\(run)")
    #expect(try String(contentsOfFile: seen, encoding: .utf8).hasPrefix("// ! no bank \"bion\" to draw from"))
    #expect(try workspace.quiz("export", "fin").stdout == before)
  }

  /// Questions moved out of random slots' category afterwards can leave them unable to draw:
  /// `quiz check` says which quiz, as `grade` would.
  @Test func checkNamesRandomSlotsThatCanNoLongerDraw() throws {
    let workspace = try Self.final()
    let clean = try workspace.quiz("check")
    #expect(clean.status == 0 && clean.stdout.contains("random slots can draw their questions"), "\(clean)")
    for question in ["c2", "c3"] {
      #expect(try workspace.quiz("bank", "mv", "bio/\(question)", "--category", "Elsewhere").status == 0)
    }
    let check = try workspace.quiz("check")
    #expect(check.status != 0, "\(check)")
    #expect(
      check.stdout.contains(
        "section 1 of quiz \"fin\" draws 2 from bio/Cells (and below) tagged easy: 1 question matches"),
      "\(check.stdout)")
    let grade = try workspace.quiz("grade", "fin", "--as", "ann", "--seed", "1", "--answer", "own1=a")
    #expect(grade.status != 0 && grade.stderr.contains("1 question matches"), "\(grade)")

    // A slot added over what the others draw is kept, with a warning saying so.
    let more = try workspace.quiz("add", "random", "fin", "--from", "bio/Elsewhere", "--count", "2")
    #expect(more.status == 0, "\(more)")
    #expect(more.stderr.contains("warning: section 1 of quiz \"fin\" draws 2 from"), "\(more)")
    #expect(more.stderr.hasSuffix("attempts cannot start until the quiz or its banks change\n"), "\(more)")
  }

  /// `bank rm` refuses a bank quizzes use; `--force` takes its slots out of them and keeps the
  /// questions attempts were given, retired, under a new id, so every attempt reads as before.
  @Test func removingABankInUseNeedsForceWhichKeepsTheAttemptsHistory() throws {
    let workspace = try Self.final()
    let refused = try workspace.quiz("bank", "rm", "bio")
    #expect(refused.status == 1, "\(refused)")
    #expect(
      refused.stderr.hasPrefix(
        "Error: bank \"bio\" is in use: quiz \"fin\" draws random questions from it: nothing removed ('quiz bank rm "
          + "bio --force' takes it out of every quiz)"), "\(refused.stderr)")
    #expect(try workspace.quiz("grade", "fin", "--as", "ann", "--seed", "3", "--answer", "own1=a").status == 0)
    let before = try workspace.quiz("export", "fin", "--with-attempts").stdout
    let attempts = try #require(
      (try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [String: Any])?["attempts"] as? [[String: Any]])
    let history = try workspace.quiz("history", "--quiz", "fin").stdout

    let removed = try workspace.quiz("bank", "rm", "bio", "--force")
    #expect(
      removed.stdout
        == "Removed bank bio.\nTook its slots out of fin.\nKept 3 questions retired for the attempts given them, as "
        + "bank bio.removed-1.\n", "\(removed)")
    #expect(!(try workspace.quiz("bank", "list").stdout.contains("bio")))
    #expect(try workspace.quiz("show", "fin").stdout.contains("1 question"))
    let after = try workspace.quiz("export", "fin", "--with-attempts").stdout
    let kept = try #require(
      (try JSONSerialization.jsonObject(with: Data(after.utf8)) as? [String: Any])?["attempts"] as? [[String: Any]])
    #expect(kept.count == 1 && kept.first?["given"] as? [String] == attempts.first?["given"] as? [String], "\(after)")
    #expect(kept.first?["score"] as? Double == attempts.first?["score"] as? Double)
    #expect(try workspace.quiz("history", "--quiz", "fin").stdout == history)
    let check = try workspace.quiz("check")
    #expect(check.status == 0, "\(check)")
    // The id is free again.
    #expect(try workspace.quiz("bank", "add", "bio", "--title", "Biology again").status == 0)
    #expect(try workspace.quiz("bank", "rm", "bio").stdout == "Removed bank bio.\n")
  }

  /// Search indexes each bank question once, named by its bank: a question placed in two quizzes
  /// is one hit (indexing it twice failed the search once a second quiz placed it), a question no
  /// quiz places is found, `--quiz` takes in the questions a slot places, and `--bank` narrows to
  /// a category and below.
  @Test func searchFindsBankQuestionsOnceWhereverTheyAreUsed() throws {
    let workspace = try Self.final()
    for arguments in [["add", "quiz", "mid", "--title", "Midterm"], ["add", "slot", "mid", "bio/c1"]] {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == 0, "\(arguments): \(run)")
    }
    let json = try workspace.quiz("search", "cell", "--format", "json")
    #expect(json.status == 0, "\(json)")
    let hits = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
    let named = hits.compactMap { hit in (hit["bank"] as? String).map { "\($0)/\(hit["question"] as? String ?? "")" } }
    #expect(named.sorted() == (1...6).map { "bio/c\($0)" }, "\(json.stdout)")
    // --quiz: its own question and the one its slot places; not the questions it may draw.
    let fin = try workspace.quiz("search", "question OR 2", "--quiz", "fin", "--format", "json")
    let finHits = try #require(try JSONSerialization.jsonObject(with: fin.stdoutBytes) as? [[String: Any]])
    #expect(Set(finHits.compactMap { $0["question"] as? String }) == ["c1", "own1"], "\(fin)")
    // --bank BANK/CATEGORY takes the category and those under it; --tag is repeatable and all must match.
    let easy = try workspace.quiz("search", "question OR organelle", "--bank", "bio/Cells", "--tag", "easy")
    #expect(easy.status == 0, "\(easy)")
    for id in ["c1", "c2", "c3", "o1"] { #expect(easy.stdout.contains(id), "\(easy.stdout)") }
    #expect(!easy.stdout.contains("c4"))
    #expect(easy.stdout.hasPrefix("BANK"))
    let organelles = try workspace.quiz("search", "organelle OR cell", "--bank", "bio/Cells/Organelles")
    #expect(organelles.stdout.contains("o1") && !organelles.stdout.contains("c1"), "\(organelles.stdout)")
    let both = try workspace.quiz("search", "cell", "--tag", "easy", "--tag", "hard")
    #expect(both.stdout == "No questions match \"cell\".\n", "\(both)")
    // An unknown bank or category is named.
    let unknown = try workspace.quiz("search", "cell", "--bank", "bio/Nope")
    #expect(unknown.status != 0 && unknown.stderr.contains("Nope"), "\(unknown)")
    // A change to the bank question is found at once, and a removed question is gone.
    #expect(try workspace.quiz("bank", "rm", "bio/c6").status == 0)
    #expect(!(try workspace.quiz("search", "cell").stdout.contains("c6")))
  }
}
