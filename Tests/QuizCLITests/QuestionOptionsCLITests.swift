import Foundation
import Testing

/// Question options in the CLI (docs/quiz-bank.md, "Question options"): `show` lists them,
/// `take` labels choices by the numbering, shows hints on request and the outcome feedback
/// after the answer, in line mode and full screen; JSON export → import → export keeps them.
@Suite struct QuestionOptionsCLITests {
  static let bank = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "opts", "title": "Options", "sections": [{"questions": [
      {"id": "even", "prompt": "Which is even?", "multiple": false, "numbering": "IIII", "choices": [
        {"id": "x", "text": "3", "correct": false}, {"id": "y", "text": "4", "correct": true},
        {"id": "z", "text": "8", "correct": true}],
       "outcome_feedback": {"correct": "Bien joué 🎉", "incorrect": "間違い"},
       "hints": [{"text": "Divide by two."}, {"text": "Not 3."}], "penalty": 0.25},
      {"id": "primes", "prompt": "Primes?", "multiple": true, "numbering": "123", "scoring": "partial", "choices": [
        {"id": "a", "text": "2", "correct": true}, {"id": "b", "text": "4", "correct": false},
        {"id": "c", "text": "5", "correct": true}],
       "outcome_feedback": {"correct": "All right", "partially_correct": "Some right", "incorrect": "None"}},
      {"id": "plain", "prompt": "No labels", "numbering": "none", "choices": [
        {"id": "p", "text": "Yes", "correct": true}, {"id": "q", "text": "No", "correct": false}]}
    ]}]}]}
    """

  func workspace() throws -> Workspace {
    let workspace = try Workspace()
    let run = try workspace.quiz("import", try workspace.write("opts.json", Self.bank))
    #expect(run.status == 0, "\(run.stderr)")
    return workspace
  }

  @Test func showListsTheOptionsAndTheOutcomeFeedbackOnlyWithAnswers() throws {
    let workspace = try workspace()
    let plain = try workspace.quiz("show", "opts/even")
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stdout.contains("numbering: IIII · penalty: 0.25"), "\(plain.stdout)")
    #expect(plain.stdout.contains("Hint 1: Divide by two.") && plain.stdout.contains("Hint 2: Not 3."))
    #expect(!plain.stdout.contains("Bien joué"))
    let answers = try workspace.quiz("show", "opts/even", "--answers")
    #expect(answers.stdout.contains("If correct: Bien joué 🎉") && answers.stdout.contains("If incorrect: 間違い"))
    let quiz = try workspace.quiz("show", "opts", "--answers")
    #expect(quiz.stdout.contains("numbering: 123") && quiz.stdout.contains("If partially correct: Some right"))
    let json = try workspace.quiz("show", "opts/even", "--format", "json")
    #expect(json.stdout.contains(#""hints""#) && !json.stdout.contains("outcome_feedback"), "\(json.stdout)")
  }

  @Test func exportImportExportKeepsTheOptionsByteForByte() throws {
    let workspace = try workspace()
    let first = try workspace.quiz("export")
    #expect(first.stdout.contains(#""numbering": "IIII""#) && first.stdout.contains(#""penalty": 0.25"#))
    let again = try Workspace()
    let path = try again.write("e.json", first.stdout)
    #expect(try QuizProcess.validatesAgainstSchema(path, in: again))
    #expect(try again.quiz("import", path).status == 0)
    #expect(try again.quiz("export").stdout == first.stdout)
    // Editing a hint makes a new version, named in the history.
    let edited = first.stdout.replacingOccurrences(of: "Not 3.", with: "Not three.")
    #expect(try again.quiz("import", try again.write("e2.json", edited)).status == 0)
    let history = try again.quiz("show", "opts/even", "--history")
    #expect(history.stdout.contains("changed: hints"), "\(history.stdout)")
  }

  /// The schema says what the reader says: a penalty past 1, an unknown numbering, a hint
  /// without text, numbering on an essay are refused; two correct choices on a single-answer
  /// question are not.
  @Test func theSchemaAgreesWithTheReader() throws {
    let workspace = try Workspace()
    let base = Self.bank
    for (change, valid) in [
      (#""penalty": 0.25"#, #""penalty": 1.5"#), (#""numbering": "123""#, #""numbering": "a.""#),
      (#"{"text": "Not 3."}"#, #"{"text": ""}"#),
    ] {
      let path = try workspace.write("bad.json", base.replacingOccurrences(of: change, with: valid))
      #expect(try !QuizProcess.validatesAgainstSchema(path, in: workspace), "\(valid)")
      #expect(try workspace.quiz("import", "--dry-run", path).status == 65, "\(valid)")
    }
    let essay = base.replacingOccurrences(
      of: #""questions": ["#,
      with: #""questions": [{"id": "why", "type": "essay", "prompt": "Why?", "numbering": "none"},"#)
    #expect(essay != base)
    let path = try workspace.write("essay.json", essay)
    #expect(try !QuizProcess.validatesAgainstSchema(path, in: workspace))
    #expect(try QuizProcess.validatesAgainstSchema(try workspace.write("good.json", base), in: workspace))
  }

  @Test func lineModeLabelsByNumberingGivesHintsOnRequestAndTheOutcomeFeedback() throws {
    let workspace = try workspace()
    // even: "?" three times (two hints, then none left), "III" (z, correct). primes: "1" (a,
    // partial). plain: no labels to type but the ids.
    let input = ["?", "?", "?", "III", "1", "p", ""]
    let run = try workspace.quiz(
      "take", "opts", "--as", "ann", "--seed", "1", input: Data(input.joined(separator: "\n").utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let shown = run.stderr
    #expect(shown.contains("  I) 3\n") && shown.contains("  II) 4\n") && shown.contains("  III) 8\n"), "\(shown)")
    #expect(shown.contains("(? at a prompt: a hint)"))
    #expect(shown.contains("Hint 1 of 2: Divide by two.") && shown.contains("Hint 2 of 2: Not 3."))
    #expect(shown.contains("No more hints."))
    #expect(shown.contains("Bien joué 🎉"), "\(shown)")
    // The reveal labels the choices as the question did, not by their ids (x, y, z).
    #expect(shown.contains("(•) III) 8  ✓"), "\(shown)")
    #expect(shown.contains("  1) 2\n") && shown.contains("  3) 5\n"))
    #expect(shown.contains("Some right"))
    #expect(shown.contains("  p) Yes\n"))
    #expect(run.stdout.contains("Score: 2.5 / 3"), "\(run.stdout)")
  }

  @Test func lineModeRefusesALabelTheQuestionLacks() throws {
    let workspace = try workspace()
    let input = ["c", "II", "1,3", "q", ""]
    let run = try workspace.quiz(
      "take", "opts", "--as", "bob", "--seed", "1", input: Data(input.joined(separator: "\n").utf8))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains(#"There is no choice "c" (choices: I, II, III)."#), "\(run.stderr)")
    #expect(run.stderr.contains("All right") && run.stderr.contains("Bien joué"))
    #expect(run.stdout.contains("Score: 2 / 3"), "\(run.stdout)")
  }

  @Test func fullScreenShowsLabelsHintsOnRequestAndTheOutcomeFeedback() throws {
    try QuizProcess.requireTool("tmux")
    let workspace = try workspace()
    let session = TakeCLITests.TmuxSession(workspace: workspace)
    defer { session.stop() }
    try session.start("take opts --as tmux --seed 1", columns: 100, rows: 24)
    var screen = try session.waitFor("Question 1 of 3")
    #expect(screen.contains("h: hint"), "\(screen)")
    #expect(screen.contains("I) 3") && screen.contains("III) 8"), "\(screen)")
    try session.keys("h")
    screen = try session.waitFor("Hint 1 of 2: Divide by two.")
    #expect(!screen.contains("Hint 2 of 2"))
    try session.keys("h")
    screen = try session.waitFor("Hint 2 of 2: Not 3.")
    #expect(screen.contains("Hint 1 of 2"))
    try session.keys("h")
    screen = try session.waitFor("No more hints.")
    // Down twice to "8", select, submit: the outcome feedback of a full answer.
    try session.keys("Down", "Down", "Space", "Enter")
    screen = try session.waitFor("Points:")
    #expect(screen.contains("Points: 1 / 1") && screen.contains("Bien joué"), "\(screen)")
    try session.keys("Enter")
    screen = try session.waitFor("Question 2 of 3")
    #expect(screen.contains("1) 2") && screen.contains("3) 5") && !screen.contains("h: hint"), "\(screen)")
    try session.keys("Space", "Enter")
    screen = try session.waitFor("Points:")
    #expect(screen.contains("Some right"), "\(screen)")
    try session.keys("Enter")
    screen = try session.waitFor("Question 3 of 3")
    #expect(!screen.contains("p) Yes") && screen.contains("( ) Yes"), "\(screen)")
    try session.keys("Space", "Enter")
    screen = try session.waitFor("Points:")
    try session.keys("Enter")
    #expect(session.exitStatus() == "EXIT=0")
  }
}
