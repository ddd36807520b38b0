import Foundation
import SQLite
import Testing

/// A quiz mixing every question kind, through the built binary: authored from the shell,
/// graded from the command line and from NDJSON, its essays marked, reported with response
/// analysis, regraded after accepting a new spelling, exported and re-imported byte for byte.
@Suite struct QuestionKindsCLITests {
  func authored() throws -> Workspace {
    let workspace = try Workspace()
    let steps: [[String]] = [
      ["add", "quiz", "mix", "--title", "Every kind"],
      [
        "add", "question", "mix", "--id", "mc", "--prompt", "Capital of France?", "--right", "Paris", "--wrong", "Lyon",
      ],
      ["add", "description", "mix", "--id", "intro", "--prompt", "Read this first."],
      [
        "add", "short-answer", "mix", "--id", "capital", "--prompt", "日本の首都は?", "--accept", "東京", "--accept",
        "Tokyo", "--accept", "Tok*=0.5", "--answer-feedback", "3=Almost",
      ],
      [
        "add", "numerical", "mix", "--id", "pi", "--prompt", "Pi?", "--value", "3.14", "--tolerance", "0.01",
        "--unit", "rad=1", "--unit-grading", "mark", "--unit-penalty", "0.2",
      ],
      [
        "add", "matching", "mix", "--id", "cities", "--prompt", "Match", "--pair", "France=Paris, France",
        "--pair", "Japan=Tokyo", "--distractor", "Lyon",
      ],
      ["add", "essay", "mix", "--id", "why", "--prompt", "Why SQLite?", "--points", "4", "--grader-info", "embedded"],
    ]
    for step in steps {
      let run = try workspace.quiz(arguments: step)
      #expect(run.status == 0, "\(step): \(run.stderr)")
    }
    return workspace
  }

  @Test func showListsEveryKindAndHidesMarkerNotesWithoutAnswers() throws {
    let workspace = try authored()
    let show = try workspace.quiz("show", "mix")
    #expect(show.status == 0)
    #expect(show.stdout.contains("capital  (v1, short-answer, 1 pt)"), "\(show.stdout)")
    #expect(show.stdout.contains("intro  (v1, description)"))
    #expect(show.stdout.contains("Units: rad (×1)"))
    #expect(!show.stdout.contains("embedded"))
    #expect(!show.stdout.contains("東京"))
    let answers = try workspace.quiz("show", "mix/why", "--answers")
    #expect(answers.stdout.contains("For the marker: embedded"))
    let json = try workspace.quiz("show", "mix/capital", "--format", "json", "--answers")
    #expect(json.stdout.contains(#""type": "short-answer""#))
    #expect(json.stdout.contains(#""fraction": 0.5"#))
    #expect(json.stdout.contains(#""feedback": "Almost""#))
  }

  @Test func gradeScoresEveryKindAndMarkingCompletesTheScore() throws {
    let workspace = try authored()
    let run = try workspace.quiz(
      "grade", "mix", "--as", "ana", "--answer", "mc=a", "--answer", "capital=tokyo", "--answer", "pi=3.14",
      "--answer", "cities[a]=Paris, France", "--answer", "cities[b]=Lyon", "--answer", "why=Because it is embedded",
      "--format", "json")
    #expect(run.status == 0, "\(run.stderr)")
    // 1 + 1 + (1 − 0.2 for the missing unit) + 0.5 + essay unmarked (0) = 3.3 of 8.
    #expect(run.stdout.contains(#""score": 3.3"#), "\(run.stdout)")
    #expect(run.stdout.contains(#""max_score": 8"#))
    #expect(run.stdout.contains(#""needs_marking": true"#))
    let pending = try workspace.quiz("mark", "--pending", "--format", "json")
    #expect(pending.stdout.contains(#""question": "why""#))
    #expect(pending.stdout.contains(#""words": 4"#), "\(pending.stdout)")
    let attempt = try Self.onlyAttempt(workspace)
    // A negative mark is the command's to refuse, naming the range, not an unknown option.
    let negative = try workspace.quiz("mark", attempt, "why", "-1")
    #expect(negative.status != 0 && negative.stderr.contains("0 to 4"), "\(negative.stderr)")
    #expect(!negative.stderr.contains("option"), "\(negative.stderr)")
    #expect(try workspace.quiz("mark", attempt, "why", "3", "--as", "kim", "--comment", "Good").status == 0)
    let again = try workspace.quiz("mark", attempt, "why", "3.5", "--as", "lee")
    #expect(again.stdout.contains("score 6.3 → 6.8 / 8"), "\(again.stdout)")
    #expect(again.stdout.contains("replaces 1 earlier mark"))
    let history = try workspace.quiz("history", attempt)
    #expect(history.stdout.contains("Earlier mark: 3 / 4 by kim"), "\(history.stdout)")
    #expect(history.stdout.contains("Mark: 3.5 / 4 by lee"))
    #expect(try workspace.quiz("mark", "--pending").stdout == "Nothing waits for a mark.\n")
    let check = try workspace.quiz("check")
    #expect(check.status == 0, "\(check.stdout)")
  }

  @Test func badResponsesNameTheQuestionAndSaveNothing() throws {
    let workspace = try authored()
    let before = try workspace.databaseBytes()
    let cases: [([String], String)] = [
      (["--answer", "cities[z]=Tokyo"], "unknown stem \"z\""),
      (["--answer", "cities[a]=Berlin"], "\"Berlin\" is not one of the answers of question \"cities\""),
      (["--answer", "cities=Tokyo"], "give QUESTION[STEM]=ANSWER per stem"),
      (["--answer", "intro=a"], "question \"intro\" is a description: it takes no answer"),
      (["--answer", "pi=3", "--unit", "pi=rad"], "takes its unit typed in the response"),
    ]
    for (answers, message) in cases {
      let run = try workspace.quiz(arguments: ["grade", "mix", "--as", "x"] + answers)
      #expect(run.status == 65 || run.status == 64, "\(answers): \(run.status)")
      #expect(run.stderr.contains(message), "\(answers): \(run.stderr)")
    }
    let mark = try workspace.quiz("mark", "nope", "why", "1")
    #expect(mark.status != 0)
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func ndjsonAttemptsRegradeAfterAcceptingASpellingAndTheReportListsIt() throws {
    let workspace = try authored()
    let lines = [
      #"{"quiz": "mix", "taker": "a", "answers": [{"question": "capital", "response": "Tokio"}, {"question": "pi", "response": "3.14 rad"}]}"#,
      #"{"quiz": "mix", "taker": "b", "answers": [{"question": "capital", "response": "Tokio"}, {"question": "cities", "matched": {"a": "Paris, France", "b": "Tokyo"}}]}"#,
      #"{"quiz": "mix", "taker": "c", "answers": [{"question": "capital", "response": "Kyoto"}, {"question": "why", "response": "It is a file", "mark": {"score": 2}}]}"#,
    ]
    let file = try workspace.write("a.ndjson", lines.joined(separator: "\n") + "\n")
    let graded = try workspace.quiz("grade", "--attempts", file)
    #expect(graded.status == 0, "\(graded.stderr)")
    let report = try workspace.quiz("report", "mix", "--format", "json")
    #expect(report.status == 0)
    #expect(report.stdout.contains(#""response": "Kyoto""#), "\(report.stdout)")
    #expect(!report.stdout.contains(#""question": "intro""#))
    let csv = try workspace.quiz("report", "mix", "--responses", "--format", "csv")
    #expect(csv.stdout.contains("mix,capital,short-answer,Tok*,0.5,2,yes\r\n"), "\(csv.stdout)")
    #expect(csv.stdout.contains("mix,capital,short-answer,Kyoto,,1,no\r\n"))
    // Accept Kyoto at full marks (wrongly, for the test): a new version; regrade re-scores what was typed.
    let bank = try workspace.quiz("export", "mix")
    let path = try workspace.write(
      "mix.json", try Self.adding(#"{"text": "Kyoto"}"#, toAnswersOf: "capital", in: bank.stdout))
    let imported = try workspace.quiz("import", path)
    #expect(imported.status == 0, "\(imported.stderr)")
    let regrade = try workspace.quiz("regrade", "mix", "--format", "json")
    // c: Kyoto 0 → 1, plus the essay's mark of 2, which the regrade keeps.
    #expect(regrade.stdout.contains(#""old_score": 2,"#), "\(regrade.stdout)")
    #expect(regrade.stdout.contains(#""new_score": 3,"#))
    #expect(regrade.stdout.contains(#""taker": "c""#))
    #expect(!regrade.stdout.contains(#""taker": "a""#))
    // The essay's mark stays what it was.
    #expect(try workspace.quiz("check").status == 0)
  }

  @Test func exportAndReimportAreByteIdentical() throws {
    let workspace = try authored()
    let file = try workspace.write(
      "a.ndjson",
      #"{"quiz": "mix", "taker": "d", "submitted_at": "2026-11-30T10:00:00Z", "answers": [{"question": "mc", "selected": ["a"]}, {"question": "capital", "response": "東京"}, {"question": "pi", "response": "3.14"}, {"question": "cities", "matched": {"b": "Tokyo"}}, {"question": "why", "response": "Because", "mark": {"score": 1, "comment": "Short", "marker": "kim", "marked_at": "2026-11-30T11:00:00Z"}}]}"#
        + "\n")
    #expect(try workspace.quiz("grade", "--attempts", file).status == 0)
    let first = try workspace.quiz("export", "mix", "--with-attempts")
    #expect(first.status == 0)
    #expect(first.stdout.contains(#""matched": {"#))
    let other = try Workspace()
    let path = try other.write("mix.json", first.stdout)
    #expect(try other.quiz("import", path).status == 0)
    let second = try other.quiz("export", "mix", "--with-attempts")
    #expect(second.stdout == first.stdout)
    #expect(try other.quiz("check").status == 0)
    #expect(try QuizProcess.validatesAgainstSchema(path, in: other))
  }

  @Test func formatsWithoutTheKindsLeaveThemOutWithAWarning() throws {
    let workspace = try authored()
    let aiken = try workspace.quiz("export", "mix", "--format", "aiken")
    #expect(aiken.status == 0)
    #expect(
      aiken.stderr.contains("question capital is short-answer, which Aiken export does not carry"),
      "\(aiken.stderr)")
    #expect(aiken.stdout.contains("Capital of France?"))
    #expect(!aiken.stdout.contains("Tokyo"))
  }

  /// Issue 22: GIFT carries every kind but cloze; what it cannot show of them (units, points,
  /// grader information) is kept when its file is imported or edited over the quiz.
  @Test func aGIFTExportCarriesEveryKindAndKeepsWhatItCannotShow() throws {
    let workspace = try authored()
    let before = try workspace.quiz("export", "mix")
    let gift = try workspace.quiz("export", "mix", "--format", "gift")
    #expect(gift.status == 0)
    #expect(!gift.stderr.contains("does not carry"), "\(gift.stderr)")
    #expect(gift.stderr.contains("units, unit_grading and unit_penalty cannot be written in GIFT"), "\(gift.stderr)")
    for line in [
      // Plain text (as `quiz add` writes it) says so: GIFT's default is Moodle's auto-format.
      "::intro::[plain]Read this first.\n", "\t=東京\n", "\t=%50%Tok*#Almost\n", "::pi::[plain]Pi?{#\n\t=3.14:0.01\n",
      "\t=France -> Paris, France\n", "\t= -> Lyon\n", "::why::[plain]Why SQLite?{}\n",
    ] {
      #expect(gift.stdout.contains(line), "\(line) in \(gift.stdout)")
    }
    // Imported over the quiz: only the changed prompt changes.
    let path = try workspace.write("mix.gift", gift.stdout.replacingOccurrences(of: "日本の首都は?", with: "日本の首都は？"))
    let imported = try workspace.quiz("import", path, "--quiz", "mix")
    #expect(imported.status == 0, "\(imported.stderr)")
    let after = try workspace.quiz("export", "mix")
    #expect(after.stdout == before.stdout.replacingOccurrences(of: "日本の首都は?", with: "日本の首都は？"))
    // Imported into a new quiz: the export of that writes the same GIFT file.
    let copy = try workspace.quiz("import", path, "--quiz", "copy")
    #expect(copy.status == 0, "\(copy.stderr)")
    let again = try workspace.quiz("export", "copy", "--format", "gift")
    #expect(again.stdout == gift.stdout.replacingOccurrences(of: "日本の首都は?", with: "日本の首都は？"))
    // One question of another kind is edited in GIFT too; an edit that changes nothing changes nothing.
    let alone = try workspace.quiz("edit", "mix/pi", "--format", "gift", environment: ["EDITOR": "true"])
    #expect(alone.status == 0, "\(alone.stderr)")
    #expect(alone.stdout == "No changes.\n")
    #expect(try workspace.quiz("export", "mix").stdout == after.stdout)
    #expect(try workspace.quiz("check").status == 0)
  }

  /// The document `json` with `answer` (a JSON object) added to the answers of question `id`.
  static func adding(_ answer: String, toAnswersOf id: String, in json: String) throws -> String {
    guard var document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      var quizzes = document["quizzes"] as? [[String: Any]], var sections = quizzes[0]["sections"] as? [[String: Any]],
      var questions = sections[0]["questions"] as? [[String: Any]],
      let index = questions.firstIndex(where: { $0["id"] as? String == id }),
      var answers = questions[index]["answers"] as? [Any]
    else {
      Issue.record("no question \(id) with answers in \(json)")
      return json
    }
    answers.append(try JSONSerialization.jsonObject(with: Data(answer.utf8)))
    questions[index]["answers"] = answers
    sections[0]["questions"] = questions
    quizzes[0]["sections"] = sections
    document["quizzes"] = quizzes
    return String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
  }

  @Test func markWalksEveryUnmarkedEssayOfTheQuiz() throws {
    let workspace = try authored()
    for taker in ["a", "b", "c"] {
      let run = try workspace.quiz("grade", "mix", "--as", taker, "--answer", "why=Because of \(taker)")
      #expect(run.status == 0, "\(run.stderr)")
    }
    // a: a typo refused, then 2.5 with a comment; b: skipped; c: 4 without one.
    let input = "x\n2.5\nClear\ns\n4\n\n"
    let run = try workspace.quiz("mark", "mix", "--as", "kim", input: Data(input.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Response 1 of 3"))
    #expect(run.stdout.contains("For the marker: embedded"))
    #expect(run.stdout.contains("Type a number from 0 to 4, s or q."))
    #expect(run.stdout.contains("Marked 2 responses of 3."), "\(run.stdout)")
    let pending = try workspace.quiz("mark", "--pending")
    #expect(pending.stdout.contains("1 response to mark."), "\(pending.stdout)")
    let report = try workspace.quiz("report", "mix")
    #expect(report.stdout.contains("1 essay response waits for a mark"), "\(report.stdout)")
    #expect(try workspace.quiz("check").status == 0)
  }

  @Test func searchFindsAnswersStemsAndDistractors() throws {
    let workspace = try authored()
    let accepted = try workspace.quiz("search", "東京", "--format", "json")
    #expect(accepted.stdout.contains(#""question": "capital""#), "\(accepted.stdout)")
    let stem = try workspace.quiz("search", "Japan", "--format", "json")
    #expect(stem.stdout.contains(#""question": "cities""#), "\(stem.stdout)")
  }

  @Test func editingAKindAsJSONMakesANewVersionAndNoChangeIsNoChange() throws {
    let workspace = try authored()
    let untouched = try workspace.quiz("edit", "mix/pi", environment: ["EDITOR": "true"])
    #expect(untouched.status == 0, "\(untouched.stderr)")
    #expect(untouched.stdout == "No changes.\n")
    let script = try workspace.write("edit.sh", "#!/bin/sh\nsed -i 's/\"Tokyo\"/\"TOKYO\"/' \"$1\"\n")
    chmod(script, 0o755)
    let edited = try workspace.quiz("edit", "mix/capital", environment: ["EDITOR": script])
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(edited.stdout.contains("version 1 → 2"), "\(edited.stdout)")
    let show = try workspace.quiz("show", "mix/capital", "--history")
    #expect(show.stdout.contains("changed: short-answer parts"), "\(show.stdout)")
  }

  @Test func checkFindsAScoreThatIsNotItsLatestMark() throws {
    let workspace = try authored()
    #expect(try workspace.quiz("grade", "mix", "--as", "a", "--answer", "why=Some words here").status == 0)
    let attempt = try Self.onlyAttempt(workspace)
    #expect(try workspace.quiz("mark", attempt, "why", "2").status == 0)
    #expect(try workspace.quiz("check").status == 0)
    let database = try Database(path: workspace.database)
    try database.execute("UPDATE marks SET score = 3")
    let check = try workspace.quiz("check")
    #expect(check.status == 1)
    #expect(check.stdout.contains("question why: recorded 2.0, recomputed 3.0"), "\(check.stdout)")
  }

  static func onlyAttempt(_ workspace: Workspace) throws -> String {
    let run = try workspace.quiz("history", "--format", "json")
    guard let data = run.stdout.data(using: .utf8),
      let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]], let id = list.first?["id"] as? String
    else {
      Issue.record("no attempt in \(run.stdout)")
      return ""
    }
    return id
  }
}
