import Foundation
import TestSupport
import Testing

@Suite struct EditSearchCLITests {

  /// An editor: a shell script that runs `body` with the file as $1.
  func editor(_ workspace: Workspace, _ body: String) throws -> String {
    let path = try workspace.write("editor-\(UUID().uuidString).sh", "#!/bin/sh\n" + body + "\n")
    chmod(path, 0o755)
    return path
  }

  @Test func anEditMakesANewVersionAndSaysSo() throws {
    let workspace = try Workspace.seeded()
    let script = try editor(workspace, #"sed -i 's/What does debounce do?/What does debounce(for:) do?/' "$1""#)
    let run = try workspace.quiz("edit", "reactive-swift/debounce", environment: ["EDITOR": script])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "question debounce: version 1 → 2\n")
    #expect(try workspace.quiz("show", "reactive-swift/debounce").stdout.contains("What does debounce(for:) do?"))
  }

  @Test func editingTheWholeQuizAndVISUALWins() throws {
    let workspace = try Workspace.seeded()
    let script = try editor(workspace, #"sed -i 's/"title": "Operators"/"title": "Operators and schedulers"/' "$1""#)
    let run = try workspace.quiz(
      "edit", "reactive-swift", environment: ["VISUAL": script, "EDITOR": "/bin/false"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "quiz reactive-swift: updated (no question changed its version)\n")
    #expect(try workspace.quiz("show", "reactive-swift").stdout.contains("Operators and schedulers"))
  }

  @Test func unchangedEmptiedOrFailedEditsChangeNothing() throws {
    let workspace = try Workspace.seeded()
    let before = try workspace.databaseBytes()
    #expect(try workspace.quiz("edit", "reactive-swift", environment: ["EDITOR": "true"]).stdout == "No changes.\n")
    let emptied = try editor(workspace, #": > "$1""#)
    #expect(try workspace.quiz("edit", "reactive-swift", environment: ["EDITOR": emptied]).stdout == "No changes.\n")
    let failing = try editor(workspace, #"sed -i 's/debounce/DEBOUNCE/' "$1"; exit 3"#)
    let failed = try workspace.quiz("edit", "reactive-swift", environment: ["EDITOR": failing])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("exited with status 3: nothing was changed"))
    let missing = try workspace.quiz("edit", "reactive-swift", environment: ["EDITOR": "no-such-editor-here"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("Error: editor not found: no-such-editor-here"))
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func anInvalidEditIsRefusedWithItsProblems() throws {
    let workspace = try Workspace.seeded()
    let before = try workspace.databaseBytes()
    let script = try editor(workspace, #"sed -i 's/"correct": true/"correct": false/' "$1""#)
    let run = try workspace.quiz("edit", "reactive-swift/debounce", environment: ["EDITOR": script])
    #expect(run.status == 65)
    #expect(run.stderr.contains("$.choices: no correct choice"))
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func anInvalidFileReopensWithItsProblemsOnTop() throws {
    let workspace = try Workspace.seeded()
    // First round: break the JSON. Second round: the problems are listed in // lines on top;
    // keep a copy of them, then fix the file.
    let script = try editor(
      workspace,
      #"""
      if grep -q '^// ' "$1"; then
        grep '^// ' "$1" > "$HOME/edit.problems"
        sed -i 's/"points": 1,$/"points": 2,/' "$1"
        sed -i 's/"points": 1 2,/"points": 2,/' "$1"
      else
        sed -i 's/"points": 1,$/"points": 1 2,/' "$1"
      fi
      """#)
    let run = try workspace.quiz(
      "edit", "reactive-swift/debounce", environment: ["EDITOR": script, "TMPDIR": workspace.directory.url.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "question debounce: version 1 → 2\n")
    let problems = try String(contentsOfFile: workspace.directory.path("edit.problems"), encoding: .utf8)
    // Line 5 of the question is line 8 of the file, under the problem, the fix line and a blank line.
    #expect(problems.hasPrefix("// ! line 8, column 15: unexpected '2'"))
    // The private folder the file was edited in is gone with it.
    let left = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.url.path)
    #expect(left.filter { $0.hasPrefix("quiz-edit-") }.isEmpty)
  }

  @Test func searchRanksHighlightsAndFilters() throws {
    let workspace = try Workspace.seeded()
    let run = try workspace.quiz("search", "observable", "--format", "json")
    #expect(run.status == 0)
    let hits = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [[String: Any]])
    #expect(hits.count == 3)
    #expect(Set(hits.compactMap { $0["question"] as? String }) == ["hot-or-cold", "what-is-rxswift", "flatmap-latest"])
    // Accents are ignored; tags and quizzes filter.
    #expect(try workspace.quiz("search", "hangul", "--tag", "korean").stdout.contains("hangul-inventor"))
    #expect(
      try workspace.quiz("search", "observable", "--quiz", "world-languages").stdout
        == "No questions match \"observable\".\n")
    let table = try workspace.quiz("search", "debounce")
    #expect(table.stdout.hasPrefix("BANK"))
    #expect(!table.stdout.contains("\u{1B}["))
  }

  /// Chinese and Japanese write no spaces between words: a word is found inside a longer run
  /// (a hostile test found `首都` missing from `首都は？`), as a phrase (its characters together,
  /// not scattered), and the prompt comes back as written, matched characters highlighted.
  @Test func searchFindsChineseAndJapaneseWordsInsideLongerRuns() throws {
    let workspace = try Workspace.seeded()
    for (prompt, id) in [("日本の首都はどこですか？", "shuto"), ("中华人民共和国的首都是哪里？", "shoudu"), ("都の首長", "scattered")] {
      let added = try workspace.quiz(
        "add", "question", "world-languages", "--id", id, "--prompt", prompt, "--right", "東京", "--wrong", "大阪")
      #expect(added.status == 0, "\(added.stderr)")
    }
    let json = try workspace.quiz("search", "首都", "--format", "json")
    let hits = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
    #expect(Set(hits.compactMap { $0["question"] as? String }) == ["shuto", "shoudu"], "\(json.stdout)")
    #expect(try workspace.quiz("search", "どこ").stdout.contains("shuto"))
    #expect(try workspace.quiz("search", "東京").stdout.contains("scattered"))
    let prompts = hits.compactMap { $0["prompt"] as? String }
    #expect(prompts.allSatisfy { !$0.unicodeScalars.contains("\u{200B}") }, "\(prompts)")
    #expect(prompts.contains { $0.replacingOccurrences(of: "*", with: "").contains("日本の首都はどこですか？") }, "\(prompts)")
    // An error quotes the query as written, without the separators put into it.
    let wrong = try workspace.quiz("search", "首都:x")
    #expect(
      wrong.status == 65 && !wrong.stderr.unicodeScalars.contains("\u{200B}") && wrong.stderr.contains("首都"),
      "\(wrong.stderr)")
  }

  @Test func theIndexFollowsEveryWritePath() throws {
    let workspace = try Workspace.seeded()
    #expect(try workspace.quiz("search", "zebra").stdout.hasPrefix("No questions"))
    try workspace.quiz(
      "add", "question", "reactive-swift", "--id", "zebra", "--prompt", "Is a zebra an observable?", "--right", "No",
      "--wrong", "Yes")
    #expect(try workspace.quiz("search", "zebra").stdout.contains("zebra"))
    let script = try editor(workspace, #"sed -i 's/Is a zebra/Is an okapi/' "$1""#)
    try workspace.quiz("edit", "reactive-swift/zebra", environment: ["EDITOR": script])
    #expect(try workspace.quiz("search", "zebra").stdout.hasPrefix("No questions"))
    #expect(try workspace.quiz("search", "okapi").stdout.contains("zebra"))
    try workspace.quiz("rm", "reactive-swift/zebra")
    #expect(try workspace.quiz("search", "okapi").stdout.hasPrefix("No questions"))
    try workspace.quiz("rm", "world-languages", "--force")
    #expect(try workspace.quiz("search", "hangul").stdout.hasPrefix("No questions"))
  }

  @Test func aStrayQuoteIsAnErrorNotACrash() throws {
    let run = try Workspace.seeded().quiz("search", "\"unbalanced")
    #expect(run.status == 65)
    #expect(
      run.stderr.hasPrefix(
        #"Error: ""unbalanced" is not a valid search (unterminated string); put words in double quotes"#))
  }
}

/// Two people editing one quiz: the second save does not silently undo the first.
@Suite struct ConcurrentEditTests {
  @Test func aSaveOverSomeoneElsesChangeReopensWithWhatTheyChanged() throws {
    let workspace = try Workspace()
    try workspace.quiz("add", "quiz", "z", "--title", "Z")
    try workspace.quiz("add", "question", "z", "--id", "mine", "--prompt", "Mine?", "--right", "a", "--wrong", "b")
    try workspace.quiz("add", "question", "z", "--id", "theirs", "--prompt", "Theirs?", "--right", "a", "--wrong", "b")
    // Round 1: while "I" edit my question, "someone else" edits theirs; then I save.
    // Round 2: the file reopens with their change on top; I keep a copy and save again.
    let editor = try workspace.write(
      "editor.sh",
      """
      #!/bin/sh
      if grep -q '^// ' "$1"; then
        grep '^// ' "$1" > "$HOME/conflict.txt"
      else
        "$QUIZ" --db "$DB" edit z/theirs
        sed -i 's/Mine?/Mine, edited?/' "$1"
      fi
      """)
    chmod(editor, 0o755)
    let other = try workspace.write("other.sh", "#!/bin/sh\nsed -i 's/Theirs?/Theirs, edited?/' \"$1\"\n")
    chmod(other, 0o755)
    // The nested edit uses its own editor.
    let wrapper = try workspace.write(
      "wrapper.sh",
      "#!/bin/sh\nif [ -n \"$NESTED\" ]; then exec '\(other)' \"$@\"; fi\nNESTED=1 exec '\(editor)' \"$@\"\n")
    chmod(wrapper, 0o755)
    let run = try workspace.quiz(
      "edit", "z",
      environment: ["EDITOR": wrapper, "QUIZ": QuizProcess.binary.path, "DB": workspace.database])
    #expect(run.status == 0, "\(run.stderr)")
    let conflict = try String(contentsOfFile: workspace.directory.path("conflict.txt"), encoding: .utf8)
    #expect(conflict.contains("Someone else saved this quiz while you edited it"))
    #expect(conflict.contains("question theirs: prompt"))
    let export = try workspace.quiz("export", "z").stdout
    // The second save put my version of the whole quiz over theirs, as the user was told.
    #expect(export.contains("Mine, edited?"))
    // A single-question edit keeps the other question's change.
    let single = try workspace.write(
      "single.sh",
      "#!/bin/sh\nif grep -q '^// ' \"$1\"; then exit 0; fi\n\"$QUIZ\" --db \"$DB\" add question z --id late --prompt 'Late?' --right a --wrong b\nsed -i 's/Mine, edited?/Mine again?/' \"$1\"\n"
    )
    chmod(single, 0o755)
    let second = try workspace.quiz(
      "edit", "z/mine", environment: ["EDITOR": single, "QUIZ": QuizProcess.binary.path, "DB": workspace.database])
    #expect(second.status == 0, "\(second.stderr)")
    let after = try workspace.quiz("export", "z").stdout
    #expect(after.contains("Mine again?") && after.contains("Late?"))
  }
}
