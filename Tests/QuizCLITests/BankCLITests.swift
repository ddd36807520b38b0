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
        ["add", "question", "--bank", "bio/a//b", "--id", "x", "--prompt", "p", "--right", "a", "--wrong", "b"], 64,
        "Error: Invalid '--bank bio/a//b': \"a//b\" is not a category path"
      ),
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

  /// Two authors writing the same bank and category at once: every question kept, each
  /// category made once.
  @Test func writersOnTheSameBankLoseNothing() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("bank", "add", "shared", "--title", "Shared").status == 0)
    let runs = Locked<[Int: Run]>([:])
    let group = DispatchGroup()
    nonisolated(unsafe) let shared = workspace
    for index in 0..<12 {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        let run = try? shared.quiz(
          "add", "question", "--bank", "shared/Unit \(index % 3)/Week", "--id", "q\(index)", "--prompt", "Q?",
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
