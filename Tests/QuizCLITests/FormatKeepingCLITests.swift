import Foundation
import TestSupport
import Testing

/// Editing in GIFT and importing GIFT, Aiken or Moodle XML over a stored quiz keep what the
/// format cannot carry; GIFT and Aiken exports warn for what they drop.
@Suite struct FormatKeepingCLITests {
  /// A quiz with all that GIFT cannot show: a pick, an empty section, a file, choice ids,
  /// points, shuffle, no quiz rule, a multi-answer question without weights.
  static let bank = #"""
    {"format": "quiz-bank/1", "quizzes": [{"id": "keeps", "title": "Keeps", "shuffle_questions": true,
     "sections": [
      {"title": "Week 1", "pick": 1, "questions": [
        {"id": "first", "prompt": "<p>Which animal? <img src=\"@@PLUGINFILE@@/cat.png\"></p>",
         "text_format": "html", "points": 2, "shuffle": true,
         "choices": [{"id": "cat", "text": "Cat", "correct": true}, {"id": "dog", "text": "Dog", "correct": false}],
         "files": [{"field": "prompt", "name": "cat.png", "data": "iVBORw0KGgoA/w=="}]},
        {"id": "second", "prompt": "Which are even?",
         "choices": [{"id": "x", "text": "2", "correct": true}, {"id": "y", "text": "3", "correct": false},
                     {"id": "z", "text": "4", "correct": true}]}]},
      {"title": "Later", "questions": []}]}]}
    """#

  func editor(_ workspace: Workspace, _ body: String) throws -> String {
    let path = try workspace.write("editor-\(UUID().uuidString).sh", "#!/bin/sh\n" + body + "\n")
    chmod(path, 0o755)
    return path
  }

  func imported() throws -> Workspace {
    let workspace = try Workspace()
    let run = try workspace.quiz("import", try workspace.write("keeps.json", Self.bank))
    #expect(run.status == 0, "\(run.stderr)")
    return workspace
  }

  @Test func aGIFTEditOfOnlyACommentChangesNothing() throws {
    let workspace = try imported()
    let before = try workspace.quiz("export", "keeps").stdout
    let script = try editor(workspace, #"cp "$1" "$HOME/seen.gift"; echo '// a comment' >> "$1""#)
    let run = try workspace.quiz("edit", "keeps", "--format", "gift", environment: ["EDITOR": script])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "No changes.\n")
    #expect(try workspace.quiz("export", "keeps").stdout == before)
    for id in ["first", "second"] {
      let history = try workspace.quiz("show", "keeps/\(id)", "--history").stdout
      #expect(!history.contains("version 2") && !history.contains("v2"), "\(history)")
    }
    #expect(try workspace.quiz("check").status == 0)
    // The header names what the file does not show.
    let seen = try String(contentsOfFile: workspace.directory.path("seen.gift"), encoding: .utf8)
    for phrase in [
      "// ! Not shown in GIFT and kept as stored:", "section picks (Week 1: 1 of 2)", "empty sections (1)",
      "embedded files (1)", "choice ids", "points", "shuffle", "the quiz's rule (none: all-or-nothing)",
      "weights left unset", "shuffle_questions (true)",
    ] {
      #expect(seen.contains(phrase), "\(phrase) in \(seen)")
    }
  }

  @Test func aGIFTEditOfOnePromptChangesThatQuestionOnly() throws {
    let workspace = try imported()
    let before = try workspace.quiz("export", "keeps").stdout
    let script = try editor(workspace, #"sed -i 's/Which are even?/Which numbers are even?/' "$1""#)
    let run = try workspace.quiz("edit", "keeps", "--format", "gift", environment: ["EDITOR": script])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "question second: version 1 → 2\n")
    let expected = before.replacingOccurrences(of: "Which are even?", with: "Which numbers are even?")
    #expect(try workspace.quiz("export", "keeps").stdout == expected)
    // One question alone, too.
    let alone = try workspace.quiz(
      "edit", "keeps/first", "--format", "gift", environment: ["EDITOR": try editor(workspace, #"echo >> "$1""#)])
    #expect(alone.stdout == "No changes.\n", "\(alone.stderr)")
    #expect(try workspace.quiz("export", "keeps").stdout == expected)
  }

  @Test func aGIFTEditsProblemsNameTheLinesOfTheFileAsShown() throws {
    let workspace = try imported()
    // First round: a brace too many; second: keep the file as shown, then cancel.
    let script = try editor(
      workspace,
      #"""
      if grep -q '^// ! line' "$1"; then cp "$1" "$HOME/shown.gift"; : > "$1"; else sed -i 's/^\t~Dog$/\t~Dog}/' "$1"; fi
      """#)
    let run = try workspace.quiz("edit", "keeps", "--format", "gift", environment: ["EDITOR": script])
    #expect(run.stdout == "No changes.\n", "\(run.stderr)")
    let shown = try String(contentsOfFile: workspace.directory.path("shown.gift"), encoding: .utf8)
    let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
    let problem = try #require(lines.first { $0.hasPrefix("// ! line ") })
    let number = try #require(Int(problem.dropFirst("// ! line ".count).prefix { $0.isNumber }))
    // The problem is the second } (the first closed the block), on the line after "~Dog}".
    #expect(problem.hasSuffix("a } after the answer block (write \\} for a literal brace)"), "\(problem)")
    #expect(number >= 2 && number <= lines.count, "\(problem) in \(shown)")
    if number >= 2 && number <= lines.count {
      #expect(lines[number - 1] == "}" && lines[number - 2].hasSuffix("~Dog}"), "\(problem) in \(shown)")
    }
  }

  @Test(arguments: ["gift", "moodle-xml"])
  func reimportingTheSeedsExportKeepsTheQuiz(_ format: String) throws {
    let workspace = try Workspace.seeded()
    let before = try workspace.quiz("export", "reactive-swift").stdout
    let file = workspace.directory.path("x.\(format)")
    #expect(try workspace.quiz("export", "reactive-swift", "--format", format, "-o", file).status == 0)
    let run = try workspace.quiz("import", file, "--format", format, "--quiz", "reactive-swift")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try workspace.quiz("export", "reactive-swift").stdout == before)
    let regrade = try workspace.quiz("regrade", "reactive-swift", "--dry-run")
    #expect(regrade.stdout.contains("No score changes (4 attempts checked)."), "\(regrade.stdout)")
  }

  @Test(arguments: ["aiken", "gift", "moodle-xml"])
  func reimportingKeepsDescriptionRulePicksAndPoints(_ format: String) throws {
    let workspace = try Workspace()
    let bank = #"""
      {"format": "quiz-bank/1", "quizzes": [{"id": "single", "title": "Single", "description": "About pets.",
       "scoring": "partial", "sections": [
        {"title": "Week 1", "pick": 1, "questions": [
          {"id": "purrs", "prompt": "Which animal purrs?", "points": 2, "shuffle": true,
           "choices": [{"id": "cat", "text": "Cat", "correct": true}, {"id": "dog", "text": "Dog", "correct": false}]}]},
        {"title": "Week 2", "questions": [
          {"id": "barks", "prompt": "Which animal barks?",
           "choices": [{"id": "a", "text": "Cat", "correct": false}, {"id": "b", "text": "Dog", "correct": true}]}]},
        {"title": "Later", "questions": []}]}]}
      """#
    #expect(try workspace.quiz("import", try workspace.write("single.json", bank)).status == 0)
    let before = try workspace.quiz("export", "single").stdout
    let file = workspace.directory.path("x.\(format)")
    #expect(try workspace.quiz("export", "single", "--format", format, "-o", file).status == 0)
    let run = try workspace.quiz("import", file, "--format", format, "--quiz", "single")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Quizzes:   0 added, 0 updated, 1 unchanged\n"), "\(run.stdout)")
    #expect(try workspace.quiz("export", "single").stdout == before)
  }

  @Test(arguments: [("gift", "GIFT"), ("aiken", "Aiken")])
  func exportsWarnForPickShuffleQuestionsAndFiles(_ format: String, _ name: String) throws {
    let workspace = try imported()
    let run = try workspace.quiz("export", "keeps", "--format", format)
    #expect(run.status == 0, "\(run.stderr)")
    let warnings = run.stderr.split(separator: "\n").map(String.init)
    let expected = [
      "warning: shuffle_questions cannot be written in \(name); the quiz reads back without it",
      "warning: section \"Week 1\": pick (1) cannot be written in \(name); it reads back with all its questions",
      "warning: question \"first\": embedded files cannot be written in \(name) (\"cat.png\" left out); it reads back without",
    ]
    for line in expected { #expect(warnings.count(where: { $0 == line }) == 1, "\(line) in \(run.stderr)") }
  }

  /// What GIFT and Aiken cannot show stays as stored when a quiz's own export is imported over
  /// it: hints, the penalty, the outcome feedback and the numbering of every question, and, for
  /// Aiken, the questions of several answers it leaves out (they were retired, attempts and all).
  @Test func reimportingAnOwnExportKeepsWhatTheFormatCannotShow() throws {
    let workspace = try Workspace()
    let bank = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "r", "title": "R", "sections": [{"questions": [
        {"id": "q1", "prompt": "Pick", "numbering": "123", "penalty": 0.5, "hints": [{"text": "think"}],
         "outcome_feedback": {"correct": "yay"},
         "choices": [{"text": "one", "correct": true}, {"text": "two", "correct": false}]},
        {"id": "q2", "prompt": "Several?", "multiple": true,
         "choices": [{"text": "x", "correct": true}, {"text": "y", "correct": true}, {"text": "z", "correct": false}]}]}]}]}
      """
    #expect(try workspace.quiz("import", try workspace.write("r.json", bank)).status == 0)
    #expect(try workspace.quiz("grade", "r", "--as", "ann", "--answer", "q1=a", "--answer", "q2=a,b").status == 0)
    let before = try workspace.quiz("export", "r").stdout
    for format in ["gift", "aiken"] {
      let path = workspace.directory.path("r.\(format)")
      #expect(try workspace.quiz("export", "r", "--format", format, "-o", path).status == 0)
      let run = try workspace.quiz("import", path, "--quiz", "r")
      #expect(run.status == 0, "\(format): \(run.stderr)")
      #expect(!run.stdout.contains("changed") || run.stdout.contains("0 changed"), "\(format): \(run.stdout)")
      #expect(!run.stdout.contains("1 retired"), "\(format): \(run.stdout)")
      #expect(try workspace.quiz("export", "r").stdout == before, "\(format)")
    }
  }
}
