import Foundation
import Testing

@testable import QuizCLI

/// A cloze question through the built binary: added in Moodle's syntax, shown, graded gap by
/// gap from options and from NDJSON, taken line by line and full screen, reported, regraded
/// and checked.
@Suite struct ClozeCLITests {
  /// Gap 1 short answer (Paris, Lyon at half), gap 2 a drop-down list, gap 3 a number worth 2.
  static let text =
    "La capitale est {1:SHORTANSWER:=Paris#Oui~%50%Lyon#Presque}, le ciel est "
    + "{1:MULTICHOICE:vert~=bleu#Bien}, π ≈ {2:NUMERICAL:=3.14:0.01} 😀"

  func workspace() throws -> Workspace {
    let workspace = try Workspace()
    #expect(try workspace.quiz("add", "quiz", "fr", "--title", "Français").status == 0)
    let added = try workspace.quiz("add", "cloze", "fr", "--id", "gaps", "--text", Self.text)
    #expect(added.status == 0, "\(added.stderr)")
    return workspace
  }

  @Test func addShowSearchAndExport() throws {
    let workspace = try workspace()
    let show = try workspace.quiz("show", "fr")
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stdout.contains("La capitale est {#1}, le ciel est {#2}, π ≈ {#3} 😀"), "\(show.stdout)")
    #expect(show.stdout.contains("Gap 1: type an answer · 1 point"))
    #expect(show.stdout.contains("Gap 2: pick one from a list · 1 point"))
    #expect(show.stdout.contains("Gap 3: type a number · 2 points"))
    #expect(!show.stdout.contains("Paris"))
    let answers = try workspace.quiz("show", "fr/gaps", "--answers")
    #expect(answers.stdout.contains("= Paris  (100%)"), "\(answers.stdout)")
    #expect(answers.stdout.contains("= Lyon  (50%)"))
    #expect(answers.stdout.contains("= 3.14 ± 0.01  (100%)"))
    #expect(try workspace.quiz("search", "Lyon").stdout.contains("gaps"))
    let export = try workspace.quiz("export", "fr")
    #expect(export.stdout.contains(#""type": "cloze""#), "\(export.stdout)")
  }

  @Test func badSyntaxIsADataErrorNamingTheLineAndNothingIsAdded() throws {
    let workspace = try workspace()
    let bad = try workspace.quiz("add", "cloze", "fr", "--id", "bad", "--text", "No gap here\nat all")
    #expect(bad.status == 65, "\(bad.stderr)")
    #expect(bad.stderr.contains("'--text'") && bad.stderr.contains("line "), "\(bad.stderr)")
    let missing = try workspace.quiz("add", "cloze", "fr", "--id", "bad")
    #expect(missing.status == 64)
    #expect(missing.stderr.contains("Missing '--text <text>'"))
    #expect(!(try workspace.quiz("show", "fr").stdout.contains("bad")))
  }

  @Test func gradeGapByGapFromOptionsAndFromNDJSON() throws {
    let workspace = try workspace()
    let graded = try workspace.quiz(
      "grade", "fr", "--as", "ana", "--answer", "gaps[1]=Lyon", "--answer", "gaps[2]=b", "--answer", "gaps[3]=3.141")
    #expect(graded.status == 0, "\(graded.stderr)")
    // (0.5 × 1 + 1 × 1 + 1 × 2) / 4 of 4 points.
    #expect(graded.stdout.contains("Total: 3.5 / 4"), "\(graded.stdout)")
    #expect(graded.stdout.contains("Lyon | b | 3.141"))
    let blank = try workspace.quiz("grade", "fr", "--as", "bo", "--answer", "gaps[2]=a", "--format", "json")
    #expect(blank.stdout.contains(#""score": 0"#), "\(blank.stdout)")
    let wrong = try workspace.quiz("grade", "fr", "--as", "bo", "--answer", "gaps[4]=x")
    #expect(wrong.status == 64)
    #expect(wrong.stderr.contains("has gaps 1 to 3, not '4'"))
    let lines = try workspace.write(
      "attempts.ndjson",
      #"{"quiz": "fr", "taker": "cy", "answers": [{"question": "gaps", "parts": [{"response": "paris"}, {}, {"response": "3.14"}]}]}"#
        + "\n")
    let file = try workspace.quiz("grade", "--attempts", lines)
    #expect(file.status == 0, "\(file.stderr)")
    let history = try workspace.quiz("history", "--taker", "cy", "--format", "json")
    #expect(history.stdout.contains(#""score": 3"#), "\(history.stdout)")
    let attempt = try workspace.quiz("history", "--taker", "ana", "--format", "json")
    let id = try #require(attempt.stdout.firstMatch(of: /"id": "([^"]+)"/)?.1)
    let one = try workspace.quiz("history", String(id))
    #expect(one.stdout.contains("Gap 1: Lyon  partly right (50%)"), "\(one.stdout)")
    #expect(one.stdout.contains("Gap 2: bleu  ✓"))
    #expect(try workspace.quiz("check").status == 0)
  }

  @Test func takeLineByLine() throws {
    let workspace = try workspace()
    // Gap 1 typed, gap 2 an unknown choice refused then picked, gap 3 left blank.
    let input = ["Paris", "z", "b", ""]
    let run = try workspace.quiz(
      "take", "fr", "--as", "piped", input: Data((input.joined(separator: "\n") + "\n").utf8))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("Gap 1 (type an answer): "), "\(run.stderr)")
    #expect(run.stderr.contains("There is no choice \"z\""))
    #expect(run.stderr.contains("Gap 2: bleu  ✓"))
    #expect(run.stderr.contains("Gap 3: –  ✗"))
    #expect(run.stdout.contains("Score: 2 / 4 (50%)"), "\(run.stdout)")
    #expect(try workspace.quiz("check").status == 0)
  }

  @Test(arguments: [40, 100])
  func takeFullScreen(columns: Int) throws {
    try QuizProcess.requireTool("tmux")
    let workspace = try workspace()
    let session = TakeCLITests.TmuxSession(workspace: workspace)
    defer { session.stop() }
    try session.start("take fr --as 端末", columns: columns, rows: 24)
    var screen = try session.waitFor("Gap 1 of 3")
    #expect(screen.contains("[1: ____]"), "\(screen)")
    try session.keys("Enter")
    screen = try session.waitFor("Fill in at least one gap")
    try session.tmux(["send-keys", "-t", "take", "-l", "Lyon"])
    try session.keys("Tab")
    screen = try session.waitFor("Gap 2 of 3")
    #expect(screen.contains("[1: Lyon]"), "\(screen)")
    try session.keys("Down")
    screen = try session.waitFor("bleu ▾]")
    try session.keys("Tab", "BTab", "Tab")
    screen = try session.waitFor("Gap 3 of 3")
    try session.tmux(["send-keys", "-t", "take", "-l", "3.14"])
    try session.keys("Enter")
    screen = try session.waitFor("Points:")
    #expect(screen.contains("Points: 3.5 / 4"), "\(screen)")
    #expect(screen.contains("Gap 1: Lyon  partly right (50%)"))
    #expect(screen.contains("Right: Paris"))
    #expect(TakeCLITests.widest(screen) <= columns, "\(screen)")
    try session.keys("Enter")
    #expect(session.exitStatus() == "EXIT=0")
    let history = try workspace.quiz("history", "--taker", "端末", "--format", "json")
    #expect(history.stdout.contains(#""score": 3.5"#), "\(history.stdout)")
  }

  @Test func reportAndRegradeAfterAnAnswerIsAccepted() throws {
    let workspace = try workspace()
    for (taker, first) in [("a", "Paris"), ("b", "Lyon"), ("c", "Marseille")] {
      let run = try workspace.quiz(
        "grade", "fr", "--as", taker, "--answer", "gaps[1]=\(first)", "--answer", "gaps[2]=b")
      #expect(run.status == 0, "\(run.stderr)")
    }
    let report = try workspace.quiz("report", "fr", "--format", "json")
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stdout.contains(#""question": "gaps""#), "\(report.stdout)")
    #expect(report.stdout.contains(#""type": "cloze""#))
    let responses = try workspace.quiz("report", "fr", "--responses", "--format", "csv")
    #expect(responses.status == 0, "\(responses.stderr)")
    #expect(responses.stdout.contains("gaps"), "\(responses.stdout)")
    // Marseille accepted: the export edited and imported again, then a regrade.
    let exported = try workspace.quiz("export", "fr").stdout
    let accepted = exported.replacingOccurrences(
      of: #""text": "Lyon""#, with: #""text": "Marseille""#)
    #expect(accepted != exported)
    let path = try workspace.write("fr.json", accepted)
    #expect(try workspace.quiz("import", path).status == 0)
    let regrade = try workspace.quiz("regrade", "fr")
    #expect(regrade.status == 0, "\(regrade.stderr)")
    #expect(regrade.stdout.contains("c"), "\(regrade.stdout)")
    let history = try workspace.quiz("history", "--taker", "c", "--format", "json")
    #expect(history.stdout.contains(#""score": 1.5"#), "\(history.stdout)")
    #expect(try workspace.quiz("check").status == 0)
  }
}
