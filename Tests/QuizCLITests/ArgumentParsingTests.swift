import Testing

@testable import QuizCLI

/// The command line parsed in process, command by command: the values it yields, or the usage
/// error it gives. (The end-to-end tests run the binary; these pin the parser down.)
@Suite struct ArgumentParsingTests {
  func parse(_ line: [String]) throws -> ParsedArguments {
    let command = try Commands.named(line[0])
    return try ArgumentParser(command: command).parse(Array(line.dropFirst()))
  }

  /// The message of the usage error `line` gives, or nil when it parses.
  func usageError(_ line: [String]) -> String? {
    do {
      _ = try parse(line)
      return nil
    } catch CLIError.usage(let message, _) {
      return message
    } catch {
      return "not a usage error: \(error)"
    }
  }

  /// Typed options: read once by the parser, refused with the option named and what it takes,
  /// and read back typed by the command (defaults too).
  @Test func typedOptionsAreReadAndCheckedWhereDeclared() throws {
    let serve = try parse(["serve", "--all", "--threads", "8", "--time-limit", "1h30m"])
    #expect(serve.int("threads") == 8 && serve.double("time-limit") == 5400)
    #expect(serve.int("max-connections") == 1000)
    #expect(try parse(["search", "x"]).int("limit") == 50)
    let numerical = try parse(
      ["add", "numerical", "q", "--id", "n", "--prompt", "p", "--value", "1", "--tolerance", "0.5", "--tolerance", "2"])
    #expect(numerical.doubles("tolerance") == [0.5, 2])
    let refused: [([String], String)] = [
      (["serve", "--all", "--threads", "0"], "Invalid '--threads 0': expected a number from 1 to 256"),
      (
        ["serve", "--all", "--time-limit", "45"],
        "Invalid '--time-limit 45': give its unit, such as 45m (minutes) or 45s (seconds)"
      ),
      (
        ["serve", "--all", "--time-limit", "soon"],
        "Invalid '--time-limit soon': expected a duration such as 45m, 1h30m or 90s"
      ),
      (["search", "x", "--limit", "-1"], "Invalid '--limit -1': expected a number, 0 for all"),
      (["add", "section", "q", "T", "--pick", "0"], "Invalid '--pick 0': expected a whole number of at least 1"),
      (["add", "question", "q", "--points", "many"], "Invalid '--points many': expected a number"),
      (["add", "essay", "q", "--lines", "0"], "Invalid '--lines 0': expected a whole number of at least 1"),
      (
        ["serve", "--all", "--reveal", "later"],
        "The value 'later' is invalid for '--reveal' (expected one of: each, end, never)"
      ),
    ]
    for (line, message) in refused { #expect(usageError(line) == message, "\(line)") }
  }

  /// One valid command line per command, with what it must yield.
  static let valid: [(line: [String], positionals: [String], values: [String: [String]], flags: Set<String>)] = [
    (["init", "--compact-log", "10"], [], ["compact-log": ["10"]], []),
    (["list", "--format=json", "--watch"], [], ["format": ["json"]], ["watch"]),
    (["show", "geo/q1", "--answers", "--history"], ["geo/q1"], ["format": ["table"]], ["answers", "history"]),
    (["import", "a.json", "-", "--dry-run"], ["a.json", "-"], ["summary": ["text"]], ["dry-run"]),
    (
      ["export", "geo", "art", "-o", "out.json", "--with-attempts"], ["geo", "art"], ["output": ["out.json"]],
      ["with-attempts"]
    ),
    (["add", "quiz", "geo", "--title", "Geography"], ["quiz", "geo"], ["title": ["Geography"]], []),
    (["add", "section", "geo", "Rivers", "--at", "1"], ["section", "geo", "Rivers"], ["at": ["1"]], []),
    (
      ["add", "question", "geo", "--id", "q1", "--prompt", "-h", "--right", "--wrong", "--wrong", "-"],
      ["question", "geo"], ["id": ["q1"], "prompt": ["-h"], "right": ["--wrong"], "wrong": ["-"]], []
    ),
    (["edit", "geo/q1"], ["geo/q1"], [:], []),
    (["rm", "geo", "--force", "--purge"], ["geo"], [:], ["force", "purge"]),
    (["mv", "geo/q1", "--section", "2", "--at", "1"], ["geo/q1"], ["section": ["2"], "at": ["1"]], []),
    (
      ["bank", "show", "bio", "--category", #"Part 1\/2"#, "--tag", "a", "--tag", "b"], ["show", "bio"],
      ["category": [#"Part 1\/2"#], "tag": ["a", "b"], "format": ["table"]], []
    ),
    (
      ["add", "question", "--bank", "bio/Cells", "--id", "q1", "--prompt", "p", "--right", "a"], ["question"],
      ["bank": ["bio/Cells"], "id": ["q1"], "prompt": ["p"], "right": ["a"]], []
    ),
    (["search", "--", "-river"], ["-river"], ["format": ["table"]], []),
    (["take", "geo", "--as", "Zoë", "--seed", "7"], ["geo"], ["as": ["Zoë"], "seed": ["7"]], []),
    (
      ["grade", "geo", "--as", "ana", "--answer", "q1=a", "--answer", "q2=b,c", "--dry-run"], ["geo"],
      ["as": ["ana"], "answer": ["q1=a", "q2=b,c"]], ["dry-run"]
    ),
    (["history", "--taker", "ana", "--format", "csv"], [], ["taker": ["ana"], "format": ["csv"]], []),
    (["regrade", "geo", "--dry-run"], ["geo"], [:], ["dry-run"]),
    (
      ["mark", "a1", "q3", "2", "--comment", "ok", "--as", "kim"], ["a1", "q3", "2"],
      ["comment": ["ok"], "as": ["kim"], "format": ["text"]], []
    ),
    (["report", "geo", "art", "--attempts", "best"], ["geo", "art"], ["attempts": ["best"]], []),
    (["watch", "--since", "5", "--quiz", "geo"], [], ["since": ["5"], "quiz": ["geo"]], []),
    (["check"], [], [:], []),
    (["backup", "copy.sqlite", "--force"], ["copy.sqlite"], [:], ["force"]),
    (
      ["serve", "geo", "--listen", "0.0.0.0:8080", "--reveal", "each", "--time-limit", "20m"], ["geo"],
      ["listen": ["0.0.0.0:8080"], "reveal": ["each"], "time-limit": ["20m"]], []
    ),
    (["completions", "zsh"], ["zsh"], [:], []),
  ]

  @Test func everyCommandParsesItsOptionsAndArguments() throws {
    #expect(Set(Self.valid.map(\.line[0])) == Set(Commands.all.map(\.name)))
    for (line, positionals, values, flags) in Self.valid {
      let parsed = try parse(line)
      #expect(parsed.positionals == positionals, "\(line)")
      for (name, expected) in values { #expect(parsed.all(name) == expected, "\(line): --\(name)") }
      #expect(parsed.flags == flags, "\(line)")
    }
  }

  @Test func helpCountsOnlyWhereAnOptionMayStand() throws {
    #expect(try parse(["add", "question", "demo", "--id", "q1", "--prompt", "-h"]).value("prompt") == "-h")
    #expect(try parse(["add", "question", "demo", "--prompt", "--help"]).value("prompt") == "--help")
    #expect(try parse(["show", "--", "-h"]).positionals == ["-h"])
    // Where it is an option, it wins over anything missing or out of place.
    #expect(try parse(["add", "-h"]).flag("help"))
    #expect(try parse(["add", "quiz", "--prompt", "x", "--help"]).flag("help"))
    #expect(try parse(["show", "--help"]).flag("help"))
  }

  @Test func optionsOfAnotherFormAreUsageErrors() {
    #expect(
      usageError(["add", "quiz", "demo", "--title", "T", "--prompt", "x", "--right", "y"])
        == "Option '--prompt' does not apply to 'quiz add quiz'")
    #expect(
      usageError(["add", "section", "demo", "S", "--single"])
        == "Option '--single' does not apply to 'quiz add section'")
    #expect(
      usageError(["add", "question", "demo", "--id", "q", "--title", "T"])
        == "Option '--title' does not apply to 'quiz add question'")
    #expect(usageError(["add", "section", "demo"]) == "Missing expected argument '<title>'")
    #expect(usageError(["add", "quiz", "demo", "extra"]) == "Unexpected argument 'extra'")
    #expect(
      usageError(["add", "quizz", "demo"])
        == "Unknown kind 'quizz': expected quiz, section, question, short-answer, numerical, matching, essay, "
        + "description, cloze, slot, random (did you mean 'quiz'?)")
    #expect(usageError(["add", "quiz", "demo", "--title", "T", "--db", "x.sqlite"]) == nil)
  }

  @Test func badOptionsAndValuesNameWhatIsWrong() {
    #expect(usageError(["list", "--fromat", "json"]) == "Unknown option '--fromat' (did you mean '--format'?)")
    #expect(
      usageError(["list", "--format", "xml"])
        == "The value 'xml' is invalid for '--format' (expected one of: table, json)")
    #expect(usageError(["list", "--watch=yes"]) == "Flag '--watch' takes no value")
    #expect(usageError(["take", "geo", "--as"]) == "Missing value for '--as <name>'")
    #expect(usageError(["take", "geo", "--as", "a", "--as", "b"]) == "Option '--as' was given more than once")
    #expect(usageError(["show"]) == "Missing expected argument '<quiz[/question]>'")
    #expect(usageError(["regrade", "a", "b"]) == "Unexpected argument 'b'")
    #expect(usageError(["list", "-x"]) == "Unknown option '-x'")
    // A negative number is a value for the command to judge, not an unknown option.
    #expect(usageError(["list", "-1"]) == "Unexpected argument '-1'")
    #expect(usageError(["mark", "a1b2c3", "q1", "-1"]) == nil)
    #expect(usageError(["mark", "a1b2c3", "q1", "-.5"]) == nil)
    #expect(usageError(["mark", "a1b2c3", "q1", "-x"]) == "Unknown option '-x'")
    #expect(usageError(["mark", "a1b2c3", "q1", "-1x"]) == "Unknown option '-1x'")
  }

  @Test func helpWrapsToTheWidthAndLongUsageCollapses() throws {
    let add = try Commands.named("add")
    for width in [40, 60, 80, 120] {
      let lines = add.help(width: width).split(separator: "\n")
      // Only a word longer than the width (an option label) may stand past it.
      let tooWide = lines.filter {
        DisplayWidth.of(String($0)) > width && $0.trimmingPrefix(while: { $0 == " " }).contains(" ")
      }
      #expect(tooWide.isEmpty, "width \(width)")
      #expect(!lines.contains { $0.contains("  ") && !$0.hasPrefix(" ") }, "a run of spaces mid-sentence")
    }
    let initHelp = try Commands.named("init").help(width: 80)
    #expect(!initHelp.contains("'quiz watch'  "))
    let show = try Commands.named("show")
    #expect(
      show.usage(width: 200)
        == "quiz show [--answers] [--format <format>] [--watch] [--history] [--db <path>] [--verbose] <quiz[/question]>"
    )
    #expect(show.usage(width: 40) == "quiz show [<options>] <quiz[/question]>")
  }
}
