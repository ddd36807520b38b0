import Foundation
import Testing

@testable import QuizCLI

@Suite struct GradeHistoryCLITests {
  /// One quiz: q1 single answer (a right), q2 several answers (a and b right), partial scoring.
  static let bank = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "geo", "title": "Geography", "scoring": "partial", "sections": [
      {"title": "Europe", "questions": [
        {"id": "q1", "prompt": "Capital of France?", "choices": [
          {"text": "Paris", "correct": true}, {"text": "Lyon", "correct": false}, {"text": "Nice", "correct": false}]},
        {"id": "q2", "prompt": "Which are rivers?", "points": 2, "choices": [
          {"text": "Rhine", "correct": true}, {"text": "Danube", "correct": true}, {"text": "Alps", "correct": false}]}
      ]}]}]}
    """

  func workspace() throws -> Workspace {
    let workspace = try Workspace()
    let path = try workspace.write("geo.json", Self.bank)
    #expect(try workspace.quiz("import", path).status == 0)
    return workspace
  }

  @Test func gradeRecordsOneAttemptAndPrintsScores() throws {
    let workspace = try workspace()
    let run = try workspace.quiz(
      "grade", "geo", "--as", "alice", "--answer", "q1=a", "--answer", "q2=a,c", "--at", "2026-11-29T10:04:12Z")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "QUESTION  RESPONSE  SCORE  MAX\nq1        a             1    1\nq2        a,c           0    2\n"))
    #expect(run.stdout.contains("Total: 1 / 3 (33%)"))
    #expect(run.stdout.contains("Saved attempt "))
    let history = try workspace.quiz("history", "--format", "json")
    #expect(history.stdout.contains(#""taker": "alice""#))
    #expect(history.stdout.contains(#""submitted_at": "2026-11-29T10:04:12Z""#))
  }

  /// An id cut short (as `history` prints it on a narrow terminal, "…" and all) names the one
  /// attempt it starts; too short or shared by two, it names none.
  @Test func anAttemptIsNamedByAPrefixOfItsID() throws {
    let workspace = try workspace()
    let lines = [("alice", "a1b2c3d4-full"), ("bob", "a1b2ffff-full")].map { taker, id in
      #"{"id": "\#(id)", "quiz": "geo", "taker": "\#(taker)", "answers": [{"question": "q1", "selected": ["a"]}]}"#
    }
    let file = try workspace.write("attempts.ndjson", lines.joined(separator: "\n") + "\n")
    let graded = try workspace.quiz("grade", "--attempts", file)
    #expect(graded.status == 0, "\(graded.stderr)")
    for written in ["a1b2c3d", "a1b2c3d…", "a1b2c3d4-full"] {
      let shown = try workspace.quiz("history", written)
      #expect(
        shown.status == 0 && shown.stdout.contains("a1b2c3d4-full") && shown.stdout.contains("alice"),
        "\(written): \(shown.stderr)")
    }
    for written in ["a1b", "zzzz"] {
      let refused = try workspace.quiz("history", written)
      #expect(
        refused.status != 0 && refused.stderr.contains("unknown attempt \"\(written)\""),
        "\(written): \(refused.stderr)")
    }
    // Shared by two: says so, naming them.
    let shared = try workspace.quiz("history", "a1b2")
    #expect(shared.status != 0, "\(shared.stdout)")
    #expect(
      shared.stderr.contains("\"a1b2\" names several attempts (a1b2c3d4-full, a1b2ffff-full): give more of the id"),
      "\(shared.stderr)")
  }

  @Test func gradeDryRunAndJSON() throws {
    let workspace = try workspace()
    let before = try workspace.databaseBytes()
    let run = try workspace.quiz("grade", "geo", "--as", "bob", "--answer", "q2=b,a", "--dry-run", "--format", "json")
    #expect(run.status == 0)
    #expect(run.stdout.contains(#""attempt": null"#))
    #expect(run.stdout.contains(#""score": 2"#))
    #expect(run.stdout.contains(#""dry_run": true"#))
    #expect(try workspace.databaseBytes() == before)
  }

  func expectRefused(
    _ arguments: [String], status: Int32, message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let workspace = try workspace()
    let before = try workspace.databaseBytes()
    let run = try workspace.quiz(arguments: arguments)
    #expect(run.status == status, sourceLocation: sourceLocation)
    #expect(run.stderr.contains(message), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(try workspace.databaseBytes() == before, sourceLocation: sourceLocation)
  }

  @Test func unknownQuestion() throws {
    try expectRefused(
      ["grade", "geo", "--as", "a", "--answer", "q3=a"], status: 65,
      message: #"--answer q3=a: unknown question "q3" in quiz "geo" (did you mean "q1"?)"#)
  }

  @Test func unknownChoice() throws {
    try expectRefused(
      ["grade", "geo", "--as", "a", "--answer", "q1=d"], status: 65,
      message: #"--answer q1=d: unknown choice "d" of question "q1" (choices: a, b, c)"#)
  }

  @Test func twoPicksOnASingleAnswerQuestion() throws {
    try expectRefused(
      ["grade", "geo", "--as", "a", "--answer", "q1=a,b"], status: 65,
      message: #"--answer q1=a,b: question "q1" takes one answer, 2 were selected"#)
  }

  @Test func emptyAnswer() throws {
    try expectRefused(
      ["grade", "geo", "--as", "a", "--answer", "q1="], status: 64, message: "Invalid '--answer q1=': no choice given")
    try expectRefused(
      ["grade", "geo", "--as", "a", "--answer", ""], status: 64,
      message: "Invalid '--answer ': expected QUESTION=RESPONSE")
  }

  @Test func unknownQuiz() throws {
    try expectRefused(
      ["grade", "gel", "--as", "a", "--answer", "q1=a"], status: 1,
      message: #"unknown quiz "gel" (did you mean "geo"?)"#)
  }

  @Test func attemptsFromNewlineDelimitedJSON() throws {
    let workspace = try workspace()
    let lines = [
      #"{"id": "n1", "quiz": "geo", "taker": "ann", "submitted_at": "2026-11-01T10:00:00Z", "answers": [{"question": "q1", "selected": ["a"]}]}"#,
      "",
      #"{"id": "n2", "quiz": "geo", "taker": "ben", "submitted_at": "2026-11-02T10:00:00Z", "answers": [{"question": "q2", "selected": ["a", "b"]}]}"#,
    ]
    let path = try workspace.write("attempts.ndjson", lines.joined(separator: "\n") + "\n")
    let run = try workspace.quiz("grade", "--attempts", path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "Attempts: 2 recorded, 0 already recorded\n")
    let again = try workspace.quiz("grade", "--attempts", "-", input: Data(lines[0].utf8))
    #expect(again.stdout == "Attempts: 0 recorded, 1 already recorded\n")
    let history = try workspace.quiz("history", "--format", "csv")
    #expect(
      history.stdout.hasPrefix(
        "id,taker,quiz,started_at,submitted_at,duration_seconds,score,max_score,percent,regraded,unmarked\r\n"))
    #expect(history.stdout.contains("n2,ben,geo,,2026-11-02T10:00:00Z,,2,3,66.66666666666666,false,0\r\n"))
  }

  /// A taker's name that a spreadsheet would run as a formula starts with an apostrophe in CSV
  /// (OWASP's CSV injection advice); numbers, negative ones too, are left alone.
  @Test func csvDoesNotHandSpreadsheetsAFormula() throws {
    let workspace = try workspace()
    for taker in [#"=HYPERLINK("http://x","y")"#, "@SUM(1)", "-2+3", "+1"] {
      #expect(try workspace.quiz("grade", "geo", "--as", taker, "--answer", "q1=a").status == 0)
    }
    let csv = try workspace.quiz("history", "--format", "csv").stdout
    #expect(csv.contains(#","'=HYPERLINK(""http://x"",""y"")",geo,"#), "\(csv)")
    for neutralised in [",'@SUM(1),", ",'-2+3,", ",'+1,"] { #expect(csv.contains(neutralised), "\(neutralised)") }
    #expect(CSV.field("-0.5") == "-0.5" && CSV.field("Ann") == "Ann" && CSV.field("-") == "'-")
  }

  @Test func aMalformedLineNamesItsNumberAndNothingLands() throws {
    let workspace = try workspace()
    let before = try workspace.databaseBytes()
    let text = """
      {"quiz": "geo", "taker": "ann", "answers": [{"question": "q1", "selected": ["a"]}]}
      {"quiz": "geo", "taker": "ann", "answers": [
      {"quiz": "geo", "taker": "cy", "answers": [{"question": "q1", "selected": ["z"]}]}

      """
    let run = try workspace.quiz("grade", "--attempts", try workspace.write("bad.ndjson", text))
    #expect(run.status == 65)
    #expect(run.stderr.contains("bad.ndjson: line 2, column 45: unexpected end of input inside an array"))
    #expect(run.stderr.contains(#"bad.ndjson: line 3: $.answers[0].selected[0]: unknown choice "z" of question "q1""#))
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func anAttemptIDReusedWithOtherContentIsRefused() throws {
    let workspace = try workspace()
    let first =
      #"{"id": "x1", "quiz": "geo", "taker": "ann", "submitted_at": "2026-11-01T10:00:00Z", "answers": [{"question": "q1", "selected": ["a"]}]}"#
    #expect(try workspace.quiz("grade", "--attempts", "-", input: Data(first.utf8)).status == 0)
    let before = try workspace.databaseBytes()
    let other = first.replacingOccurrences(of: #"["a"]"#, with: #"["b"]"#)
    let run = try workspace.quiz("grade", "--attempts", "-", input: Data(other.utf8))
    #expect(run.status == 65)
    #expect(run.stderr.contains(#"-: line 1: $.id: attempt "x1" is already recorded with other content"#))
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func historyFiltersAndOrdersNewestFirst() throws {
    let workspace = try workspace()
    for (taker, day) in [("ann", "01"), ("ben", "03"), ("ann", "05")] {
      try workspace.quiz("grade", "geo", "--as", taker, "--answer", "q1=a", "--at", "2026-11-\(day)T10:00:00Z")
    }
    let all = try workspace.quiz("history", "--format", "json").stdout
    let dates = all.components(separatedBy: "\"submitted_at\": \"").dropFirst().map { $0.prefix(10) }
    #expect(dates == ["2026-11-05", "2026-11-03", "2026-11-01"])
    let ann = try workspace.quiz("history", "--taker", "ann", "--format", "csv").stdout
    #expect(ann.split(separator: "\r\n").count == 3)
    let since = try workspace.quiz("history", "--since", "2026-11-03", "--format", "csv").stdout
    #expect(since.split(separator: "\r\n").count == 3)
    let table = try workspace.quiz("history", "--quiz", "geo").stdout
    #expect(table.hasPrefix("ATTEMPT"))
    #expect(table.contains("2026-11-05 10:00"))
    #expect(try workspace.quiz("history", "--quiz", "gel").status == 1)
    #expect(try workspace.quiz("history", "--since", "last week").status == 64)
  }

  @Test func historyOfAnAttemptShowsTheVersionAnsweredAndRegradeChangesScores() throws {
    let workspace = try workspace()
    let graded = try workspace.quiz("grade", "geo", "--as", "ann", "--answer", "q1=b", "--answer", "q2=a,b")
    let id = try #require(
      graded.stdout.components(separatedBy: "Saved attempt ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
    // The teacher fixes q1: Lyon was meant to be right. A new version; the score stays.
    let fixed = Self.bank.replacingOccurrences(of: "Capital of France?", with: "Largest city on the Rhône?")
      .replacingOccurrences(
        of: #"{"text": "Paris", "correct": true}, {"text": "Lyon", "correct": false}"#,
        with: #"{"text": "Paris", "correct": false}, {"text": "Lyon", "correct": true}"#)
    let imported = try workspace.quiz("import", try workspace.write("fixed.json", fixed))
    #expect(imported.stdout.contains("1 changed"))
    var detail = try workspace.quiz("history", id)
    #expect(detail.status == 0)
    #expect(detail.stdout.contains("Capital of France?"))
    #expect(detail.stdout.contains("(version 1, partial, now version 2)"))
    #expect(detail.stdout.contains("(•) b) Lyon  ✗"))
    #expect(detail.stdout.contains("Score: 2 / 3 (67%)"))
    let dryRun = try workspace.quiz("regrade", "geo", "--dry-run")
    #expect(dryRun.stdout.contains("2 / 3  →  3 / 3"))
    #expect(dryRun.stdout.contains("1 of 1 attempt would change."))
    let regrade = try workspace.quiz("regrade", "geo")
    #expect(regrade.status == 0)
    #expect(regrade.stdout.contains("1 of 1 attempt changed."))
    detail = try workspace.quiz("history", id)
    #expect(detail.stdout.contains("Score: 3 / 3 (100%)"))
    #expect(detail.stdout.contains("2 / 3 → 3 / 3"))
    #expect(try workspace.quiz("history").stdout.contains("regraded"))
    #expect(try workspace.quiz("regrade", "geo").stdout == "No score changes (1 attempt checked).\n")
    #expect(try workspace.quiz("history", "nope").status == 1)
  }

  /// An attempt whose essay waits for a mark is provisional in the taker report, in every
  /// format, and in the history CSV, as in the history table.
  @Test func aProvisionalAttemptSaysSoInTheTakerReportAndTheHistoryCSV() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("add", "quiz", "e", "--title", "E").status == 0)
    #expect(try workspace.quiz("add", "essay", "e", "--id", "w", "--prompt", "Why?").status == 0)
    #expect(try workspace.quiz("grade", "e", "--as", "A", "--answer", "w=Because it is so").status == 0)
    #expect(try workspace.quiz("report", "--taker", "A").stdout.contains("needs marking"))
    #expect(try workspace.quiz("report", "--taker", "A", "--format", "markdown").stdout.contains("(needs marking)"))
    #expect(try workspace.quiz("report", "--taker", "A", "--format", "json").stdout.contains(#""unmarked": 1"#))
    #expect(try workspace.quiz("report", "--taker", "A", "--format", "csv").stdout.hasSuffix(",0,1,0,1\r\n"))
    #expect(try workspace.quiz("history", "--format", "csv").stdout.hasSuffix(",false,1\r\n"))
  }
}
