import Foundation
import Locking
import SQLite
import Testing

/// `quiz bank` and `quiz add … --bank` (issue 36): banks of categories holding questions, each
/// quiz with a bank of its own.
@Suite struct BankCLITests {
  /// A workspace with bank `bio` holding `mito` (Cells/Organelles, tagged cells) and `dna` (top).
  static func biology() throws -> Workspace {
    let workspace = try Workspace()
    #expect(try workspace.quiz("bank", "add", "bio", "--title", "Biology").stdout == "Added bank bio.\n")
    let mito = try workspace.quiz(
      "add", "question", "--bank", "bio/Cells/Organelles", "--id", "mito", "--prompt", "Powerhouse?", "--right",
      "Mitochondria", "--wrong", "Ribosome", "--tag", "cells")
    #expect(mito.status == 0 && mito.stdout == "Added question mito to bank bio (Cells/Organelles).\n", "\(mito)")
    let dna = try workspace.quiz(
      "add", "short-answer", "--bank", "bio", "--id", "dna", "--prompt", "Molecule of heredity?", "--accept", "DNA")
    #expect(dna.status == 0 && dna.stdout == "Added question dna to bank bio.\n", "\(dna)")
    return workspace
  }

  @Test func aBankHoldsQuestionsInCategoriesThatNoQuizSees() throws {
    let workspace = try Self.biology()
    let show = try workspace.quiz("bank", "show", "bio")
    #expect(show.status == 0)
    #expect(
      show.stdout == """
        bio: Biology
        CATEGORY / QUESTION  KIND          VERSION  TAGS   QUIZZES
        (top)
          dna                short-answer  v1
          Cells/
            Organelles/
              mito           choice        v1       cells

        """)
    let list = try workspace.quiz("bank", "list", "--format", "json")
    let banks = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    #expect(banks.count == 1)
    #expect(banks.first?["id"] as? String == "bio")
    #expect(banks.first?["questions"] as? Int == 2)
    #expect(banks.first?["categories"] as? Int == 2)
    #expect((banks.first?["quizzes"] as? [String]) == [])
    // No quiz was made or changed.
    #expect(try workspace.quiz("list").stdout.hasPrefix("No quizzes yet"))
  }

  @Test func showFiltersByCategoryAndByEveryTagGiven() throws {
    let workspace = try Self.biology()
    let cells = try workspace.quiz("bank", "show", "bio", "--category", "Cells", "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(cells.stdout.utf8)) as? [String: Any])
    let categories = try #require(object["categories"] as? [[String: Any]])
    #expect(categories.map { $0["path"] as? String } == ["Cells", "Cells/Organelles"])
    let organelles = try workspace.quiz("bank", "show", "bio", "--category", "Cells/Organelles")
    #expect(
      organelles.stdout == """
        bio: Biology
        CATEGORY / QUESTION  KIND    VERSION  TAGS   QUIZZES
          Cells/
            Organelles/
              mito           choice  v1       cells

        """, "\(organelles.stdout)")
    let tagged = try workspace.quiz("bank", "show", "bio", "--tag", "cells", "--tag", "other")
    #expect(tagged.status == 0 && !tagged.stdout.contains("mito") && !tagged.stdout.contains("dna"), "\(tagged)")
    let unknown = try workspace.quiz("bank", "show", "bio", "--category", "Cels")
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "Error: no category \"Cels\" in bank \"bio\" (did you mean \"Cells\"?)\n")
  }

  @Test func moveMakesTheCategoryAndASlashInANameIsEscaped() throws {
    let workspace = try Self.biology()
    let move = try workspace.quiz("bank", "mv", "bio/dna", "--category", #"Genetics/Part 1\/2"#)
    #expect(move.status == 0 && move.stdout == "Moved bio/dna to Genetics/Part 1\\/2.\n", "\(move)")
    let show = try workspace.quiz("bank", "show", "bio", "--category", #"Genetics/Part 1\/2"#, "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
    let categories = try #require(object["categories"] as? [[String: Any]])
    #expect(categories.count == 1)
    #expect(categories.first?["path"] as? String == #"Genetics/Part 1\/2"#)
    #expect(((categories.first?["questions"] as? [[String: Any]])?.first?["id"] as? String) == "dna")
  }

  @Test func badInputIsRefusedAndNothingIsWritten() throws {
    let workspace = try Self.biology()
    let before = try workspace.quiz("bank", "show", "bio", "--format", "json").stdout
    let cases: [([String], Int32, String)] = [
      (
        ["add", "question", "--bank", "bio/a/ /b", "--id", "x", "--prompt", "p", "--right", "a", "--wrong", "b"], 64,
        "Error: Invalid '--bank bio/a/ /b': \"a/ /b\" is not a category path: a name between two '/' is empty"
      ),
      (
        ["add", "question", "--bank", "bio/\u{1B}]0;x\u{07}", "--id", "x", "--prompt", "p", "--right", "a"], 64,
        "Error: Invalid '--bank"
      ),
      (
        ["add", "question", "--bank", "/x", "--id", "x", "--prompt", "p", "--right", "a", "--wrong", "b"], 64,
        "Error: Invalid '--bank /x': \"\" is not a bank id"
      ),
      (["bank", "rm", ""], 64, "Error: Expected a bank id, found ''"),
      (
        ["add", "question", "quiz1", "--bank", "bio", "--id", "x", "--prompt", "p", "--right", "a", "--wrong", "b"], 64,
        "Error: Give <quiz> or --bank, not both"
      ),
      (
        [
          "add", "question", "--bank", "bio", "--section", "1", "--id", "x", "--prompt", "p", "--right", "a", "--wrong",
          "b",
        ], 64, "Error: Option '--section' places a question in a quiz"
      ),
      (
        ["add", "question", "--bank", "bio", "--id", "mito", "--prompt", "p", "--right", "a", "--wrong", "b"], 65,
        "Error: bank \"bio\" already has a question \"mito\""
      ),
      (
        ["add", "question", "--bank", "bioo", "--id", "x", "--prompt", "p", "--right", "a", "--wrong", "b"], 1,
        "Error: unknown bank \"bioo\" (did you mean \"bio\"?)"
      ),
      (
        ["add", "question", "--bank", "bio", "--id", "x", "--prompt", "p", "--right", "a"], 65,
        "Error: invalid question \"x\""
      ),
      (["bank", "add", "bio", "--title", "Again"], 65, "Error: bank \"bio\" already exists"),
      (["bank", "add", "Bad Id", "--title", "T"], 65, "Error: \"Bad Id\" is not a valid bank id"),
      (["bank", "add", "new"], 64, "Error: Missing '--title <title>' for the new bank"),
      (["bank", "mv", "bio/nope", "--category", "X"], 1, "Error: no question \"nope\" in bank \"bio\""),
      (["bank", "mv", "bio", "--category", "X"], 64, "Error: Expected BANK/QUESTION, found 'bio'"),
      (
        ["bank", "shw", "bio"], 64,
        "Error: Unknown action 'shw': expected add, list, show, mv, rm (did you mean 'show'?)"
      ),
      (["bank", "show"], 64, "Error: Missing expected argument '<bank>'"),
    ]
    for (arguments, status, message) in cases {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == status, "\(arguments): \(run.stderr)")
      #expect(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
      #expect(run.stdout.isEmpty, "\(arguments)")
    }
    #expect(try workspace.quiz("bank", "show", "bio", "--format", "json").stdout == before)
  }

  @Test func aQuizWritesIntoItsOwnBankInTheCategoryOfItsSectionTitle() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("add", "quiz", "geo", "--title", "Geography").status == 0)
    #expect(try workspace.quiz("add", "section", "geo", "Part 1/2").status == 0)
    #expect(
      try workspace.quiz(
        "add", "question", "geo", "--id", "q1", "--prompt", "Capital?", "--right", "Paris", "--wrong",
        "Rome"
      ).status == 0)
    let show = try workspace.quiz("bank", "show", "geo", "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
    #expect(object["title"] as? String == "Geography")
    let categories = try #require(object["categories"] as? [[String: Any]])
    #expect(categories.map { $0["path"] as? String } == ["", #"Part 1\/2"#])
    let question = try #require((categories.last?["questions"] as? [[String: Any]])?.first)
    #expect(question["id"] as? String == "q1")
    #expect(question["quizzes"] as? [String] == ["geo"])
    // The quiz's own bank goes only with the quiz; a placed question is removed from the quiz.
    let removeBank = try workspace.quiz("bank", "rm", "geo")
    #expect(removeBank.status == 1 && removeBank.stderr.contains("remove the quiz with 'quiz rm geo'"))
    let removeQuestion = try workspace.quiz("bank", "rm", "geo/q1")
    #expect(removeQuestion.status == 1 && removeQuestion.stderr.contains("'quiz rm geo/q1'"))
    #expect(try workspace.quiz("rm", "geo").status == 0)
    #expect(try workspace.quiz("bank", "list").stdout.hasPrefix("No banks yet"))
  }

  @Test func aNewQuizTakesTheBankOfItsIdAndRefusesToHideOneOfItsQuestions() throws {
    let workspace = try Self.biology()
    #expect(try workspace.quiz("add", "quiz", "bio", "--title", "Biology quiz").status == 0)
    let clash = try workspace.quiz(
      "add", "question", "bio", "--id", "mito", "--prompt", "Other?", "--right", "a", "--wrong", "b")
    #expect(clash.status == 65, "\(clash)")
    #expect(clash.stderr.contains("bank \"bio\" already holds a question \"mito\" that this quiz does not place"))
    #expect(
      try workspace.quiz(
        "add", "question", "bio", "--id", "cell", "--prompt", "Unit of life?", "--right", "Cell",
        "--wrong", "Atom"
      ).status == 0)
    let list = try workspace.quiz("bank", "list")
    #expect(list.stdout == "ID   TITLE    QUESTIONS  CATEGORIES  QUIZZES\nbio  Biology          3           2  bio\n")
  }

  @Test func removingABankQuestionDeletesItUnlessAttemptsAnsweredIt() throws {
    let workspace = try Self.biology()
    let removed = try workspace.quiz("bank", "rm", "bio/dna")
    #expect(removed.status == 0 && removed.stdout == "Removed question dna from bank bio.\n")
    #expect(!(try workspace.quiz("bank", "show", "bio").stdout.contains("dna")))
    #expect(try workspace.quiz("bank", "rm", "bio").stdout == "Removed bank bio.\n")
    #expect(try workspace.quiz("bank", "show", "bio").status == 1)
  }

  @Test func aQuizsQuestionsAreTheQuizsToRemoveAndItsHistoryClashesWithABankQuestion() throws {
    let workspace = try Workspace()
    for arguments in [
      ["add", "quiz", "x", "--title", "X"],
      ["add", "question", "x", "--id", "q1", "--prompt", "One?", "--right", "y", "--wrong", "n"],
      ["add", "question", "x", "--id", "q2", "--prompt", "Two?", "--right", "y", "--wrong", "n"],
      ["grade", "x", "--as", "ann", "--answer", "q1=a", "--answer", "q2=a"], ["rm", "x/q2"],
    ] {
      #expect(try workspace.quiz(arguments: arguments).status == 0, "\(arguments)")
    }
    // Retired in its quiz, it stays: the bank does not delete what a quiz's attempts answered.
    let retired = try workspace.quiz("bank", "rm", "x/q2")
    #expect(retired.status == 0 && retired.stdout == "Question q2 of bank x is retired already: nothing changed.\n")
    let history = try workspace.quiz("export", "--with-attempts")
    let file = try workspace.write("history.json", history.stdout)
    #expect(try workspace.quiz("rm", "x", "--force").status == 0)
    #expect(try workspace.quiz("bank", "add", "x", "--title", "X").status == 0)
    #expect(
      try workspace.quiz(
        "add", "question", "--bank", "x", "--id", "q2", "--prompt", "P", "--right", "y", "--wrong", "n"
      )
      .status == 0)
    let clash = try workspace.quiz("import", file)
    #expect(clash.status == 65, "\(clash)")
    #expect(clash.stderr.contains("bank \"x\" already holds a question \"q2\""), "\(clash.stderr)")
    #expect(try workspace.quiz("list").stdout.hasPrefix("No quizzes yet"))
  }

  /// Two authors writing the same bank and category at once: every question kept, each
  /// category made once.
  /// `quiz edit BANK/QUESTION` edits a bank question in place: a new version in its category,
  /// which every quiz using it gets at its next attempt; its id cannot change; an unknown
  /// question is named; GIFT shows it as the bank's category does.
  @Test func editingABankQuestionMakesItsNextVersionInItsCategory() throws {
    let workspace = try Self.biology()
    func editor(_ body: String) throws -> String {
      let path = try workspace.write("editor-\(UUID().uuidString).sh", "#!/bin/sh\n" + body + "\n")
      chmod(path, 0o755)
      return path
    }
    #expect(try workspace.quiz("add", "quiz", "mid", "--title", "Midterm").status == 0)
    #expect(try workspace.quiz("add", "slot", "mid", "bio/mito").status == 0)
    let rename = try editor(#"sed -i 's/Powerhouse?/Powerhouse of the cell?/' "$1""#)
    let run = try workspace.quiz("edit", "bio/mito", environment: ["EDITOR": rename])
    #expect(run.status == 0 && run.stdout == "question bio/mito: version 1 → 2\n", "\(run)")
    let shown = try workspace.quiz("show", "bio/mito")
    #expect(shown.stdout.contains("Powerhouse of the cell?") && shown.stdout.contains("Cells/Organelles"), "\(shown)")
    #expect(try workspace.quiz("show", "mid").stdout.contains("Powerhouse of the cell?"))
    #expect(try workspace.quiz("edit", "bio/mito", environment: ["EDITOR": "/bin/true"]).stdout == "No changes.\n")

    let before = try workspace.quiz("export", "--bank", "bio").stdout
    let renameID = try editor(#"sed -i 's/"id": "mito"/"id": "mito2"/' "$1""#)
    let refused = try workspace.quiz("edit", "bio/mito", environment: ["EDITOR": renameID])
    #expect(refused.status == 65, "\(refused)")
    #expect(refused.stderr.contains("the question's id is mito: edit it without changing its id"), "\(refused.stderr)")
    #expect(try workspace.quiz("export", "--bank", "bio").stdout == before)

    let unknown = try workspace.quiz("edit", "bio/mitto", environment: ["EDITOR": rename])
    #expect(
      unknown.status == 1
        && unknown.stderr.hasPrefix("Error: no question \"mitto\" in bank \"bio\" (did you mean \"mito\"?)"),
      "\(unknown)")

    let seen = workspace.directory.path("seen.gift")
    let gift = try editor("cp \"$1\" '\(seen)'; sed -i 's/Molecule of heredity?/Molecule of inheritance?/' \"$1\"")
    let giftRun = try workspace.quiz("edit", "bio/dna", "--format", "gift", environment: ["EDITOR": gift])
    #expect(giftRun.status == 0 && giftRun.stdout == "question bio/dna: version 1 → 2\n", "\(giftRun)")
    #expect(try String(contentsOfFile: seen, encoding: .utf8).contains("::dna::"))
    let dna = try workspace.quiz("show", "bio/dna").stdout
    #expect(dna.contains("Molecule of inheritance?") && dna.contains("(bio, top, question 1)"), "\(dna)")

    // Through a quiz that places it: the bank's question, said on top of the file.
    let header = workspace.directory.path("header.json")
    let viaQuiz = try editor("cp \"$1\" '\(header)'; sed -i 's/Molecule of inheritance?/Molecule of life?/' \"$1\"")
    #expect(try workspace.quiz("add", "slot", "mid", "bio/dna").status == 0)
    let placed = try workspace.quiz("edit", "mid/dna", environment: ["EDITOR": viaQuiz])
    #expect(placed.status == 0 && placed.stdout == "question bio/dna: version 2 → 3\n", "\(placed)")
    #expect(try String(contentsOfFile: header, encoding: .utf8).hasPrefix("// ! mid/dna is placed from bank bio"))
    #expect(try workspace.quiz("show", "bio/dna").stdout.contains("Molecule of life?"))
    #expect(try workspace.quiz("export", "mid").stdout.contains("\"question\": \"bio/dna\""), "still a slot")

    // Someone saves the question while it is open: the file reopens saying so, and saving again
    // puts this edit over theirs.
    let quiz = QuizProcess.binary.path
    let theirs = try editor(#"sed -i 's/Powerhouse of the cell?/Their powerhouse?/' "$1""#)
    let marker = workspace.directory.path("first-round")
    let racing = try editor(
      """
      if [ ! -e '\(marker)' ]; then touch '\(marker)'; EDITOR='\(theirs)' '\(quiz)' --db '\(workspace.database)' \
        edit bio/mito >/dev/null || exit 1; sed -i 's/Powerhouse of the cell?/My powerhouse?/' "$1"; \
      else cp "$1" '\(seen)'; fi
      """)
    let raced = try workspace.quiz("edit", "bio/mito", environment: ["EDITOR": racing])
    #expect(raced.status == 0 && raced.stdout == "question bio/mito: version 3 → 4\n", "\(raced)")
    #expect(try String(contentsOfFile: seen, encoding: .utf8).contains("Someone else saved bio/mito"))
    #expect(try workspace.quiz("show", "bio/mito", "--history").stdout.contains("v3"))
    #expect(try workspace.quiz("show", "bio/mito").stdout.contains("My powerhouse?"))
  }

  /// A quiz named like a bank takes it as its own; the bank's questions it does not place are
  /// still shown and edited as `BANK/QUESTION`.
  @Test func aQuizsOwnBankQuestionsItDoesNotPlaceAreShownAndEdited() throws {
    let workspace = try Self.biology()
    #expect(try workspace.quiz("add", "quiz", "bio", "--title", "Biology quiz").status == 0)
    let shown = try workspace.quiz("show", "bio/dna")
    #expect(shown.status == 0 && shown.stdout.contains("Molecule of heredity?"), "\(shown)")
    let script = try workspace.write("edit.sh", "#!/bin/sh\nsed -i 's/Molecule of heredity?/Heredity?/' \"$1\"\n")
    chmod(script, 0o755)
    let edited = try workspace.quiz("edit", "bio/dna", environment: ["EDITOR": script])
    #expect(edited.status == 0 && edited.stdout == "question bio/dna: version 1 → 2\n", "\(edited)")
    let unknown = try workspace.quiz("show", "bio/nope")
    #expect(unknown.status != 0 && unknown.stderr.contains("\"nope\""), "\(unknown)")
  }

  @Test func writersOnTheSameBankLoseNothing() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("bank", "add", "dept", "--title", "Department").status == 0)
    let runs = Locked<[Int: Run]>([:])
    let group = DispatchGroup()
    nonisolated(unsafe) let shared = workspace
    for index in 0..<12 {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        let run = try? shared.quiz(
          "add", "question", "--bank", "dept/Unit \(index % 3)/Week", "--id", "q\(index)", "--prompt", "Q?",
          "--right", "yes", "--wrong", "no")
        runs.withLock { $0[index] = run }
      }
    }
    #expect(group.wait(timeout: .now() + 120) == .success, "the adds did not finish within 2 minutes")
    let finished = runs.withLock { $0 }
    for index in 0..<12 { #expect(finished[index]?.status == 0, "q\(index): \(finished[index]?.stderr ?? "")") }
    let database = try Database(path: workspace.database, readOnly: true)
    #expect(try database.fetchOne("SELECT count(*) FROM questions", [], { $0.int(0) }) == 12)
    // The top, three units and a week under each.
    #expect(try database.fetchOne("SELECT count(*) FROM categories", [], { $0.int(0) }) == 7)
  }
}

/// Writers on the same bank and the same quiz at once (issue 36): slots placed, random slots
/// added, questions written into the quiz and into the bank, all kept.
@Suite struct BankAndQuizWritersTests {
  @Test func slotsRandomSlotsAndQuestionsWrittenAtOnceAreAllKept() throws {
    let workspace = try Workspace()
    var setup: [[String]] = [
      ["bank", "add", "dept", "--title", "Department"], ["add", "quiz", "mid", "--title", "Mid"],
    ]
    for index in 0..<12 {
      setup.append([
        "add", "question", "--bank", "dept/Unit", "--id", "q\(index)", "--prompt", "Q\(index)?", "--right", "yes",
        "--wrong", "no",
      ])
    }
    for arguments in setup { #expect(try workspace.quiz(arguments: arguments).status == 0, "\(arguments)") }
    var writers: [[String]] = (0..<6).map { ["add", "slot", "mid", "dept/q\($0)"] }
    writers += (0..<2).map { _ in ["add", "random", "mid", "--from", "dept/Unit"] }
    writers += (0..<3).map {
      ["add", "question", "mid", "--id", "own\($0)", "--prompt", "Own \($0)?", "--right", "yes", "--wrong", "no"]
    }
    writers += (0..<3).map {
      [
        "add", "question", "--bank", "dept/Unit/New", "--id", "n\($0)", "--prompt", "N?", "--right", "y", "--wrong",
        "n",
      ]
    }
    let runs = Locked<[Int: Run]>([:])
    let group = DispatchGroup()
    nonisolated(unsafe) let shared = workspace
    for (index, arguments) in writers.enumerated() {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        let run = try? shared.quiz(arguments: arguments)
        runs.withLock { $0[index] = run }
      }
    }
    #expect(group.wait(timeout: .now() + 120) == .success, "the writers did not finish within 2 minutes")
    let finished = runs.withLock { $0 }
    for (index, arguments) in writers.enumerated() {
      #expect(finished[index]?.status == 0, "\(arguments): \(finished[index]?.stderr ?? "did not run")")
    }
    let database = try Database(path: workspace.database, readOnly: true)
    #expect(try database.fetchOne("SELECT count(*) FROM slots WHERE category_id IS NULL", [], { $0.int(0) }) == 6)
    #expect(
      try database.fetchOne(
        "SELECT coalesce(sum(count), 0) FROM slots WHERE category_id IS NOT NULL", [], { $0.int(0) })
        == 2)
    let show = try workspace.quiz("show", "mid")
    #expect(show.stdout.contains("11 questions · 11 asked per attempt"), "\(show.stdout)")
    for id in ["own0", "own1", "own2", "q0", "q5"] { #expect(show.stdout.contains(id), "\(id) in \(show.stdout)") }
    let bank = try workspace.quiz("bank", "show", "dept")
    for id in ["q11", "n0", "n1", "n2"] { #expect(bank.stdout.contains(id), "\(id) in \(bank.stdout)") }
    #expect(try workspace.quiz("check").status == 0)
    // Every attempt gets the eleven: the random slots draw two of q6…q11 and n0…n2.
    let take = try workspace.quiz("grade", "mid", "--as", "ana", "--seed", "7", "--answer", "own0=a")
    #expect(take.status == 0, "\(take)")
  }
}

/// `quiz import --bank` and `quiz export --bank`: banks in and out of the formats whose
/// categories hold them (issue 36).
@Suite struct BankImportExportCLITests {
  static let gift = """
    ::dna::What carries heredity?{=DNA =deoxyribonucleic acid}

    $CATEGORY: $course$/top/Biology/Cells

    // [tag:cells]
    ::mito::The powerhouse of the cell is the {=mitochondrion ~ribosome ~nucleus}

    ::wall::Plant cells have a cell wall.{T}

    """

  @Test func aGIFTFileFillsABankWithItsCategoriesAndReimportsUnchanged() throws {
    let workspace = try Workspace()
    let file = try workspace.write("bio.gift", Self.gift)
    let first = try workspace.quiz("import", file, "--bank", "bio", "--title", "Biology")
    #expect(first.status == 0, "\(first)")
    #expect(first.stdout == "Bank bio (new): 3 new, 0 changed, 0 unchanged\n")
    let show = try workspace.quiz("bank", "show", "bio")
    #expect(
      show.stdout == """
        bio: Biology
        CATEGORY / QUESTION  KIND          VERSION  TAGS   QUIZZES
        (top)
          dna                short-answer  v1
          Biology/
            Cells/
              mito           choice        v1       cells
              wall           choice        v1

        """, "\(show.stdout)")
    #expect(try workspace.quiz("list").stdout.hasPrefix("No quizzes yet"))
    let again = try workspace.quiz("import", file, "--bank", "bio")
    #expect(again.stdout == "Bank bio: 0 new, 0 changed, 3 unchanged\n")
    // A changed prompt is a new version; a new category moves the question.
    let changed = try workspace.write(
      "bio2.gift",
      Self.gift.replacing("Plant cells have", with: "Plant cells always have").replacing(
        "::dna::", with: "$CATEGORY: Genetics\n\n::dna::"))
    let third = try workspace.quiz("import", changed, "--bank", "bio", "--summary", "json")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(third.stdout.utf8)) as? [String: Any])
    let counts = try #require(summary["questions"] as? [String: Int])
    #expect(counts == ["new": 0, "changed": 1, "unchanged": 2, "moved": 1, "restored": 0], "\(third)")
    let after = try workspace.quiz("bank", "show", "bio")
    #expect(after.stdout.contains("  Genetics/\n    dna "), "\(after.stdout)")
    #expect(after.stdout.contains("wall           choice        v2"), "\(after.stdout)")
  }

  @Test func aBankExportedAsGIFTOrMoodleXMLReadsBackIntoTheSameCategories() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("import", try workspace.write("bio.gift", Self.gift), "--bank", "bio").status == 0)
    #expect(try workspace.quiz("bank", "mv", "bio/wall", "--category", #"Plants/Part 1\/2"#).status == 0)
    for format in ["gift", "moodle-xml"] {
      let exported = try workspace.quiz("export", "--bank", "bio", "--format", format)
      #expect(exported.status == 0, "\(format): \(exported.stderr)")
      let copy = "copy-\(format.prefix(4))"
      let path = try workspace.write("bio.\(format == "gift" ? "gift" : "xml")", exported.stdout)
      let read = try workspace.quiz("import", path, "--bank", copy)
      #expect(read.status == 0, "\(format): \(read)")
      let original = try workspace.quiz("bank", "show", "bio", "--format", "json").stdout
      let back = try workspace.quiz("bank", "show", copy, "--format", "json").stdout
      // The same categories and questions, under the copy's id and title.
      #expect(
        back.replacing("\"id\": \"\(copy)\"", with: "\"id\": \"bio\"").replacing(
          "\"title\": \"bio\"", with: "\"title\": \"bio\"")
          == original.replacing("\"title\": \"bio\"", with: "\"title\": \"bio\""),
        "\(format)\n\(exported.stdout)")
      let again = try workspace.quiz("export", "--bank", copy, "--format", format)
      #expect(again.stdout == exported.stdout, "\(format)")
    }
  }

  /// Quiz geo's question `capital`, then a GIFT file changing its prompt imported into geo's
  /// bank: the workspace and that import's run.
  static func geoCapitalChangedThroughItsBank() throws -> (Workspace, Run) {
    let workspace = try Workspace()
    #expect(try workspace.quiz("add", "quiz", "geo", "--title", "Geo").status == 0)
    #expect(
      try workspace.quiz(
        "add", "question", "geo", "--id", "capital", "--prompt", "Capital of France?", "--right",
        "Paris", "--wrong", "Rome"
      ).status == 0)
    let file = try workspace.write("geo.gift", "::capital::Capital city of France?{=Paris ~Rome}\n")
    return (workspace, try workspace.quiz("import", file, "--bank", "geo"))
  }

  @Test func aBankImportChangesTheQuestionEveryQuizThatPlacesItGets() throws {
    let (workspace, run) = try Self.geoCapitalChangedThroughItsBank()
    #expect(run.stdout == "Bank geo: 0 new, 1 changed, 0 unchanged\n", "\(run)")
    let show = try workspace.quiz("show", "geo/capital")
    #expect(show.stdout.contains("Capital city of France?") && show.stdout.contains("version 2"), "\(show.stdout)")
  }

  @Test func badBankImportsAndExportsAreRefusedAndWriteNothing() throws {
    let workspace = try Workspace()
    let good = try workspace.write("bio.gift", BankImportExportCLITests.gift)
    let bad = try workspace.write("bad.gift", "::q1::Broken {=a ~b\n")
    let json = try workspace.write("quiz.json", #"{"format": "quiz-bank/1", "quizzes": []}"#)
    #expect(try workspace.quiz("init").status == 0)
    let cases: [([String], Int32, String)] = [
      (["import", bad, "--bank", "bio"], 65, "Error: invalid input, nothing was imported"),
      (
        ["import", json, "--bank", "bio"], 65, "Error: invalid input, nothing was imported"
      ),
      (["import", good, "--bank", "bio", "--quiz", "x"], 64, "Error: --quiz names a quiz and --bank a bank"),
      (["import", good, "--bank", "Bad Bank"], 64, "Error: --bank \"Bad Bank\" is not a valid id"),
      (
        ["export", "--bank", "bio", "--format", "aiken"], 64,
        "Error: --bank writes json, moodle-xml or gift, whose categories hold the bank's"
      ),
      (["export", "--bank", "nope", "--format", "gift"], 1, "Error: unknown bank \"nope\""),
      (["export", "geo", "--bank", "nope", "--format", "gift"], 64, "Error: --bank writes a bank's questions"),
    ]
    for (arguments, status, message) in cases {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == status, "\(arguments): \(run.stderr)")
      #expect(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
    }
    let dry = try workspace.quiz("import", good, "--bank", "bio", "--dry-run")
    #expect(dry.stdout == "Dry run: nothing was written.\nBank bio (new): 3 new, 0 changed, 0 unchanged\n", "\(dry)")
    #expect(try workspace.quiz("bank", "list").stdout.hasPrefix("No banks yet"))
  }
}

extension BankCLITests {
  @Test func showGivesTheDescriptionAndKeepsControlCharactersOffTheTerminal() throws {
    let workspace = try Workspace()
    let add = try workspace.quiz("bank", "add", "b", "--title", "T\u{1B}[31m", "--description", "About\nbanks")
    #expect(add.status == 0)
    let show = try workspace.quiz("bank", "show", "b")
    #expect(show.stdout.hasPrefix("b: T"), "\(show.stdout)")
    #expect(!show.stdout.contains("\u{1B}"), "\(show.stdout)")
    #expect(show.stdout.contains("About banks\n") || show.stdout.contains("About"), "\(show.stdout)")
    let json = try workspace.quiz("bank", "show", "b", "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["description"] as? String == "About\nbanks")
    #expect(object["title"] as? String == "T\u{1B}[31m")
  }
}

extension BankImportExportCLITests {
  /// What GIFT or Moodle XML cannot show (a choice question's fixed order, a rule) is kept as
  /// stored: a bank's own export reads back with no new version, and a quiz's questions keep
  /// their quiz's rule.
  @Test func aBanksOwnExportReadsBackWithoutNewVersions() throws {
    let workspace = try Workspace()
    for arguments in [
      ["add", "quiz", "qw", "--title", "QW", "--scoring", "partial"],
      ["add", "question", "qw", "--id", "m1", "--prompt", "Pick two", "--right", "a", "--right", "b", "--wrong", "c"],
      ["add", "question", "qw", "--id", "s1", "--prompt", "Pick one", "--right", "y", "--wrong", "n"],
      ["bank", "add", "src", "--title", "S"],
      ["add", "question", "--bank", "src", "--id", "a", "--prompt", "P", "--right", "y", "--wrong", "n"],
    ] {
      #expect(try workspace.quiz(arguments: arguments).status == 0, "\(arguments)")
    }
    let before = try workspace.quiz("export", "qw").stdout
    for (bank, format) in [("src", "gift"), ("src", "moodle-xml"), ("qw", "gift"), ("qw", "moodle-xml")] {
      let exported = try workspace.quiz("export", "--bank", bank, "--format", format)
      let file = try workspace.write("\(bank).\(format == "gift" ? "gift" : "xml")", exported.stdout)
      let again = try workspace.quiz("import", file, "--bank", bank)
      #expect(again.status == 0 && again.stdout.contains(": 0 new, 0 changed"), "\(bank) \(format): \(again)")
    }
    #expect(try workspace.quiz("export", "qw").stdout == before)
  }

  @Test func aQuizsQuestionChangedThroughItsBankIsLoggedForTheQuiz() throws {
    let (workspace, run) = try Self.geoCapitalChangedThroughItsBank()
    #expect(run.status == 0, "\(run)")
    let database = try Database(path: workspace.database, readOnly: true)
    let last = try database.fetchOne(
      "SELECT entity || ' ' || operation || ' ' || quiz || ' ' || item FROM change_log WHERE entity <> 'bank'"
        + " ORDER BY seq DESC LIMIT 1", [],
      { $0.string(0) })
    #expect(last == "question update geo capital")
  }
}

extension BankCLITests {
  /// Every bank operation is a change-log row, which `quiz watch` in another process reads.
  @Test func bankOperationsAreLoggedForWatchers() throws {
    let workspace = try Self.biology()
    #expect(try workspace.quiz("bank", "mv", "bio/dna", "--category", "Genetics").status == 0)
    #expect(try workspace.quiz("bank", "rm", "bio/dna").status == 0)
    let file = try workspace.write("more.gift", "::rna::Which carries the code to the ribosome?{=mRNA}\n")
    #expect(try workspace.quiz("import", file, "--bank", "bio").status == 0)
    let database = try Database(path: workspace.database, readOnly: true)
    let rows = try database.fetchAll(
      "SELECT entity, operation, quiz, coalesce(item, ''), coalesce(detail, '') FROM change_log ORDER BY seq", [],
      { row in [row.string(0), row.string(1), row.string(2), row.string(3), row.string(4)].joined(separator: " ") })
    #expect(
      rows == [
        "bank insert bio  ", #"bank update bio mito {"added":true}"#, #"bank update bio dna {"added":true}"#,
        #"bank update bio dna {"category":"Genetics"}"#, "bank delete bio dna ",
        #"bank update bio  {"questions_new":1}"#,
      ], "\(rows)")
  }
}

extension BankCLITests {
  @Test func anEmptyCategoryIsRemovedWithThoseUnderItAndAFullOneIsNot() throws {
    let workspace = try Self.biology()
    #expect(try workspace.quiz("bank", "mv", "bio/dna", "--category", "Genetcs/Old").status == 0)
    #expect(try workspace.quiz("bank", "mv", "bio/dna", "--category", "Genetics").status == 0)
    let removed = try workspace.quiz("bank", "rm", "bio", "--category", "Genetcs")
    #expect(removed.status == 0 && removed.stdout == "Removed category Genetcs of bank bio.\n", "\(removed)")
    #expect(!(try workspace.quiz("bank", "show", "bio").stdout.contains("Genetcs")))
    let full = try workspace.quiz("bank", "rm", "bio", "--category", "Cells")
    #expect(full.status == 1 && full.stderr.contains("holds 1 question"), "\(full)")
    let top = try workspace.quiz("bank", "rm", "bio", "--category", "")
    #expect(top.status == 1 && top.stderr.contains("the top of a bank is removed with the bank"), "\(top)")
    let unknown = try workspace.quiz("bank", "rm", "bio", "--category", "Genetix")
    #expect(unknown.status == 1 && unknown.stderr.contains("(did you mean \"Genetics\"?)"), "\(unknown)")
  }
}

extension BankImportExportCLITests {
  @Test func aFileOfPluginTypesOnlyIsSkippedAsAQuizImportSkipsIt() throws {
    let workspace = try Workspace()
    let plugin = try workspace.write(
      "plugin.xml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <quiz><question type="ddwtos"><name><text>drag</text></name>
      <questiontext format="html"><text>Drag [[1]]</text></questiontext></question></quiz>
      """)
    let gift = try workspace.write("bio.gift", Self.gift)
    let run = try workspace.quiz("import", plugin, gift, "--bank", "bio")
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("plugin.xml has nothing to import"), "\(run.stderr)")
    #expect(run.stdout == "Bank bio (new): 3 new, 0 changed, 0 unchanged\n")
    let only = try workspace.quiz("import", plugin, "--bank", "other")
    #expect(only.status == 65 && only.stderr.contains("nothing to import"), "\(only)")
  }
}
