import Foundation
import Testing

/// What a hostile run of the history round trip found (issue 19, item 5), each kept as a test.
@Suite struct HistoryRoundTripCLITests {
  static func quiz(_ workspace: Workspace, scoring: String? = nil, questions: [String] = ["q1"]) throws {
    var add = ["add", "quiz", "z", "--title", "Z"]
    if let scoring { add += ["--scoring", scoring] }
    #expect(try workspace.quiz(arguments: add).status == 0)
    #expect(try workspace.quiz("add", "section", "z", "S").status == 0)
    for id in questions {
      #expect(
        try workspace.quiz(
          "add", "question", "z", "--id", id, "--prompt", "P \(id)?", "--right", "R1", "--right", "R2",
          "--wrong", "W"
        ).status == 0)
    }
  }

  /// An attempt's own export, whose submitted_at was filled in at grading, imports back into the
  /// same database as "already recorded", not as other content.
  @Test func anExportImportsBackIntoItsOwnDatabase() throws {
    let workspace = try Workspace()
    try Self.quiz(workspace)
    #expect(try workspace.quiz("grade", "z", "--as", "t", "--answer", "q1=a").status == 0)
    let export = try workspace.quiz("export", "--with-attempts")
    let again = try workspace.quiz("import", try workspace.write("e.json", export.stdout))
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("1 already recorded"), "\(again.stdout)")
  }

  /// Removing a question an attempt was given (but did not answer) retires it: deleting it
  /// shrank the attempt's given list under its recorded maximum, and check failed.
  @Test func removingAGivenQuestionRetiresItAndCheckStaysClean() throws {
    let workspace = try Workspace()
    try Self.quiz(workspace, questions: ["q1", "q2", "q3"])
    #expect(
      try workspace.quiz(
        "grade", "z", "--as", "a", "--given", "q3,q1,q2", "--answer", "q1=a", "--at",
        "2026-01-02T11:00:00Z"
      ).status == 0)
    let removed = try workspace.quiz("rm", "z/q3")
    #expect(removed.stdout.hasPrefix("Retired question q3"), "\(removed.stdout)")
    let check = try workspace.quiz("check")
    #expect(check.status == 0, "\(check.stdout)")
    #expect(try workspace.quiz("export", "--with-attempts").stdout.contains("\"q3\""))
  }

  /// The rule an attempt was scored under travels with it even when it answered the versions
  /// the quiz shows: the copy used to score it under the quiz's rule now, and failed check.
  @Test func anAttemptsRuleIsKeptWithoutOtherHistory() throws {
    let workspace = try Workspace()
    try Self.quiz(workspace, scoring: "all-or-nothing")
    #expect(
      try workspace.quiz("grade", "z", "--as", "t", "--answer", "q1=a", "--at", "2026-01-01T10:00:00Z").status == 0)
    let quiz = try workspace.quiz("export", "z").stdout.replacingOccurrences(
      of: "\"all-or-nothing\"", with: "\"partial\"")
    #expect(try workspace.quiz("import", try workspace.write("q.json", quiz)).status == 0)
    let export = try workspace.quiz("export", "--with-attempts")
    #expect(export.stdout.contains("\"scoring\": \"all-or-nothing\""), "\(export.stdout)")
    let other = try Workspace()
    #expect(try other.quiz("import", try other.write("e.json", export.stdout)).status == 0)
    let check = try other.quiz("check")
    #expect(check.status == 0, "\(check.stdout)")
    #expect(
      try other.quiz("history", "--format", "json").stdout == (try workspace.quiz("history", "--format", "json").stdout)
    )
  }

  /// A document's `current` cannot renumber a question the database already held: only one
  /// this import has just made.
  @Test func currentCannotRenumberAStoredQuestion() throws {
    let workspace = try Workspace()
    try Self.quiz(workspace, questions: ["q1", "q2"])
    #expect(
      try workspace.quiz("grade", "z", "--as", "t", "--answer", "q1=a", "--at", "2026-01-01T10:00:00Z").status == 0)
    let edited = try workspace.quiz("export", "z").stdout.replacingOccurrences(of: "P q1?", with: "P q1, again?")
    #expect(try workspace.quiz("import", try workspace.write("v2.json", edited)).status == 0)
    let export = try workspace.quiz("export", "--with-attempts").stdout
    #expect(export.contains("\"current\": {\n        \"q1\": 2"), "\(export)")
    let tampered = export.replacingOccurrences(
      of: "\"current\": {\n        \"q1\": 2", with: "\"current\": {\n        \"q1\": 2,\n        \"q2\": 7")
    #expect(tampered != export)
    let run = try workspace.quiz("import", try workspace.write("t.json", tampered))
    #expect(run.status == 65, "\(run.stdout)\(run.stderr)")
    #expect(run.stderr.contains("$.history[0].current.q2"), "\(run.stderr)")
    #expect(try workspace.quiz("show", "z/q2", "--history").stdout.contains("v7") == false)
  }

  /// An attempt that answered a retired question (carried in `history`) and records no maximum
  /// is out of every question it answered: its score never passes its maximum, and `quiz check`
  /// passes.
  @Test func anAttemptAtARetiredQuestionIsOutOfItsPointsToo() throws {
    let workspace = try Workspace()
    let bank = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "r", "title": "R", "sections": [{"questions": [
        {"id": "q1", "prompt": "Q1?", "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]}]}]}],
       "history": [{"quiz": "r", "versions": [{"version": 1, "question":
        {"id": "old", "prompt": "Old?", "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]}}]}],
       "attempts": [{"quiz": "r", "taker": "x", "submitted_at": "2026-12-01T10:00:00Z", "versions": {"old": 1},
         "answers": [{"question": "q1", "selected": ["a"]}, {"question": "old", "selected": ["a"]}]}]}
      """
    let run = try workspace.quiz("import", try workspace.write("r.json", bank))
    #expect(run.status == 0, "\(run.stderr)")
    let check = try workspace.quiz("check")
    #expect(check.status == 0, "\(check.stdout)")
    let history = try workspace.quiz("history", "--quiz", "r", "--format", "json")
    #expect(history.stdout.contains(#""max_score": 2"#), "\(history.stdout)")
  }
}
