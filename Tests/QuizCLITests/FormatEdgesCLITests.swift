import Foundation
import Testing

/// Issue 20, item 5, as a user meets it: quiz ids from file names, empty exports, the report's
/// embedded images, completions and their help, the reference's format options.
@Suite struct FormatEdgesCLITests {
  static let gift = "Is water wet? {T}\n"

  @Test func aFileNameWithNoASCIILetterAsksForQuiz() throws {
    let workspace = try Workspace()
    let path = try workspace.write("日本.gift", Self.gift)
    let run = try workspace.quiz("import", path)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("--quiz"))
    #expect(!run.stderr.contains("$.id"))
    let named = try workspace.quiz("import", path, "--quiz", "nihon")
    #expect(named.status == 0, "\(named.stderr)")
  }

  @Test func anInvalidQuizIdIsAUsageError() throws {
    let workspace = try Workspace()
    let path = try workspace.write("water.gift", Self.gift)
    let run = try workspace.quiz("import", path, "--quiz", "Bad Id")
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("--quiz"))
    #expect(run.stderr.contains("\"Bad Id\""))
    #expect(run.stderr.contains("a-z 0-9"))
  }

  @Test(arguments: ["gift", "aiken", "moodle-xml"])
  func anEmptyQuizExportsWithAWarning(_ format: String) throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("add", "quiz", "empty", "--title", "Empty").status == 0)
    let run = try workspace.quiz("export", "empty", "--format", format)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("warning: the quiz has no question"), "\(run.stderr)")
  }

  @Test func theHTMLReportEmbedsTheLongestNameAndPercentEncodedNames() throws {
    let workspace = try Workspace()
    let png = (Data([0x89]) + Data("PNG".utf8)).base64EncodedString()
    let other = Data([1, 2, 3]).base64EncodedString()
    let bank = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "pics", "title": "Pics", "sections": [{"questions": [
        {"id": "which", "text_format": "html",
         "prompt": "<p><img src=\\"@@PLUGINFILE@@/a.png.png\\"> <img src=\\"@@PLUGINFILE@@/my%20pic.png\\"></p>",
         "files": [{"field": "prompt", "name": "a.png", "data": "\(other)"},
                   {"field": "prompt", "name": "a.png.png", "data": "\(png)"},
                   {"field": "prompt", "name": "my pic.png", "data": "\(png)"}],
         "choices": [{"id": "a", "text": "yes", "correct": true}, {"id": "b", "text": "no", "correct": false}]}
      ]}]}]}
      """
    let imported = try workspace.quiz("import", try workspace.write("pics.json", bank))
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try workspace.quiz("grade", "pics", "--as", "ann", "--answer", "which=a").status == 0)
    let report = try workspace.quiz("report", "pics", "--format", "html")
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stdout.contains("src=\"data:image/png;base64,\(png)\""))
    #expect(!report.stdout.contains("base64,\(other)"))
    #expect(!report.stdout.contains("PLUGINFILE"))
  }

  @Test func anUnknownShellListsTheSupportedOnesWithoutAFarGuess() throws {
    let workspace = try Workspace()
    let tcsh = try workspace.quiz("completions", "tcsh")
    #expect(tcsh.status == 64)
    #expect(!tcsh.stderr.contains("did you mean"), "\(tcsh.stderr)")
    #expect(tcsh.stderr.contains("bash, zsh, fish"))
    let typo = try workspace.quiz("completions", "bsah")
    #expect(typo.stderr.contains("did you mean 'bash'?"), "\(typo.stderr)")
  }

  @Test func fishDescribesTheOptionNotEachOfItsValues() throws {
    try QuizProcess.requireTool("fish")
    let workspace = try Workspace()
    let script = try workspace.quiz("completions", "fish")
    let path = try workspace.write("quiz.fish", script.stdout)
    let run = try QuizProcess.shell(
      "fish --no-config -c 'source \(path); complete -C \"quiz list --format \"; echo ---; complete -C \"quiz list --form\"'",
      in: workspace.directory)
    #expect(run.status == 0, "\(run.stderr)")
    let parts = run.stdout.components(separatedBy: "---\n")
    #expect(parts.count == 2)
    #expect(Set(parts[0].split(separator: "\n")) == ["json", "table"], "\(run.stdout)")
    #expect(parts.last?.contains("--format\tOutput format") == true, "\(run.stdout)")
  }

  @Test func theCompletionsHelpSetsItsInstallLinesApart() throws {
    let workspace = try Workspace()
    let help = try workspace.quiz("completions", "--help")
    #expect(help.stdout.contains("before compinit runs):\n\n  quiz completions bash > "), "\(help.stdout)")
    #expect(help.stdout.contains("\n  quiz completions fish > ~/.config/fish/completions/quiz.fish\n"))
  }

  @Test(arguments: ["grade", "regrade"])
  func theReferenceNamesTheFormatOptionsValues(_ command: String) throws {
    let reference = try String(
      contentsOf: QuizProcess.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    // The command's section: from its heading to the next.
    let section =
      try #require(reference.components(separatedBy: "\n### quiz \(command)\n").dropFirst().first)
      .components(separatedBy: "\n### ").first ?? ""
    let help = try Workspace().quiz(command, "--help").stdout
    let values = try #require(help.split(separator: "\n").first { $0.contains("--format <format>") })
    // "Output format: text, json." gives text, json.
    let parts = values.split(separator: ":")
    let names = parts.count > 1 ? parts[1].split(separator: "(")[0] : ""
    let listed = names.split(separator: ",").map { $0.trimmingCharacters(in: .init(charactersIn: " .")) }
    #expect(!listed.isEmpty)
    let item = try #require(section.split(separator: "\n").first { $0.hasPrefix("- `--format <format>`") })
    #expect(item.contains(listed.joined(separator: ", ")), "\(item)")
  }

}
