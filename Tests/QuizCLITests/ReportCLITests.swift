import Foundation
import Testing

@testable import QuizCLI

@Suite struct ReportCLITests {

  @Test func tableShowsTestFiguresHistogramItemsAndChoices() throws {
    let run = try Workspace.seeded().quiz("report", "reactive-swift")
    #expect(run.status == 0, "\(run.stderr)")
    for text in [
      "4 attempts (all attempts) · max score 11", "Mean                                    7.75   70.45%",
      "Coefficient of internal consistency", "90–100% │", "████", "FACILITY", "DISCRIM.",
      "✓ a) A Swift implementation of ReactiveX", "Kurtosis",
    ] {
      #expect(run.stdout.contains(text), "\(text)")
    }
  }

  @Test func jsonHasTheContractKeysAndNullsNotNaN() throws {
    let workspace = try Workspace.seeded()
    let run = try workspace.quiz("report", "world-languages", "--format", "json")
    #expect(run.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
    #expect(object["quiz"] as? String == "world-languages")
    #expect(object["attempts"] as? Int == 3)
    let test = try #require(object["test"] as? [String: Any])
    for key in ["mean", "median", "sd", "min", "max", "skewness", "kurtosis", "cic", "error_ratio", "standard_error"] {
      #expect(test.keys.contains(key), "\(key)")
    }
    #expect(test["kurtosis"] is NSNull)  // three attempts: undefined
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.count == 6)
    for key in [
      "question", "facility", "sd", "random_guess_score", "intended_weight", "effective_weight", "discrimination_index",
      "discriminative_efficiency", "choices",
    ] {
      #expect(items[0].keys.contains(key), "\(key)")
    }
    let choice = try #require((items[0]["choices"] as? [[String: Any]])?.first)
    #expect(Set(choice.keys).isSuperset(of: ["id", "text", "correct", "picked", "picked_fraction"]))
    #expect(!run.stdout.lowercased().contains("nan"))
  }

  /// A choice question whose choices changed between versions: the picks of the earlier
  /// version's answers are not counted as picks of the current choices (the old "c" was another
  /// city), and the table says how many answers it leaves out; a version that changed the
  /// prompt only keeps its picks in the table.
  @Test func choicesCountOnlyAnswersToTheseChoices() throws {
    let workspace = try Workspace()
    func bank(prompt: String, third: String) -> String {
      """
      {"format": "quiz-bank/1", "quizzes": [{"id": "v", "title": "Versions", "sections": [{"title": "S", "questions": [
        {"id": "q", "prompt": "\(prompt)", "choices": [
          {"id": "a", "text": "Paris", "correct": true}, {"id": "b", "text": "Lyon", "correct": false},
          {"id": "c", "text": "\(third)", "correct": false}]}]}]}]}
      """
    }
    func load(_ name: String, prompt: String, third: String) throws {
      let run = try workspace.quiz("import", try workspace.write(name, bank(prompt: prompt, third: third)))
      #expect(run.status == 0, "\(run.stderr)")
    }
    func grade(_ taker: String, _ choice: String) throws {
      #expect(try workspace.quiz("grade", "v", "--as", taker, "--answer", "q=\(choice)").status == 0)
    }
    try load("v1.json", prompt: "Capital of France?", third: "Nice")
    try grade("ann", "c")
    try grade("bob", "a")
    try load("v2.json", prompt: "Capital of France?", third: "Marseille")
    try grade("cy", "c")
    try load("v3.json", prompt: "The capital of France?", third: "Marseille")
    try grade("dan", "c")

    let json = try workspace.quiz("report", "v", "--format", "json")
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
    let item = try #require((object["items"] as? [[String: Any]])?.first)
    #expect(item["attempts"] as? Int == 4)
    #expect(item["facility"] as? Double == 0.25)
    #expect(item["attempts_on_other_choices"] as? Int == 2)
    let choices = try #require(item["choices"] as? [[String: Any]])
    #expect(choices.map { $0["picked"] as? Int } == [0, 0, 2])
    #expect(choices.map { $0["picked_fraction"] as? Double } == [0, 0, 1])
    let note = "2 attempts at earlier versions with other choices are counted in the figures, not in this table."
    #expect(try workspace.quiz("report", "v").stdout.contains(note))
    #expect(try workspace.quiz("report", "v", "--format", "markdown").stdout.contains(note))
    #expect(try workspace.quiz("report", "v", "--format", "html").stdout.contains(note))
  }

  /// A version of another kind (short answer, then choice) and an attempt given an earlier
  /// version by a pool that left it blank: both count in the question's figures, neither among
  /// the choices, and the table says so.
  @Test func otherKindsAndBlanksOnEarlierChoicesAreLeftOutOfTheTable() throws {
    let workspace = try Workspace()
    func load(_ name: String, _ question: String) throws {
      let bank = """
        {"format": "quiz-bank/1", "quizzes": [{"id": "k", "title": "Kinds", "sections": [
          {"title": "S", "pick": 2, "questions": [\(question),
            {"id": "r", "prompt": "Other?", "choices": [{"text": "Yes", "correct": true}, {"text": "No", "correct": false}]},
            {"id": "s", "prompt": "Third?", "choices": [{"text": "Yes", "correct": true}, {"text": "No", "correct": false}]}]}]}]}
        """
      let run = try workspace.quiz("import", try workspace.write(name, bank))
      #expect(run.status == 0, "\(run.stderr)")
    }
    let choice = """
      {"id": "q", "prompt": "Capital of France?", "choices": [{"id": "a", "text": "Paris", "correct": true},
        {"id": "b", "text": "Lyon", "correct": false}]}
      """
    try load(
      "v1.json", #"{"id": "q", "type": "short-answer", "prompt": "Capital of France?", "answers": [{"text": "Paris"}]}"#
    )
    #expect(try workspace.quiz("grade", "k", "--as", "ann", "--given", "q,r", "--answer", "q=Paris").status == 0)
    try load("v2.json", choice)
    // Given v2 and left blank: an attempt on these choices, picking none.
    #expect(try workspace.quiz("grade", "k", "--as", "bob", "--given", "q,r", "--answer", "r=a").status == 0)
    try load("v3.json", choice.replacingOccurrences(of: "Lyon", with: "Nice"))
    #expect(try workspace.quiz("grade", "k", "--as", "cy", "--given", "q,s", "--answer", "q=a").status == 0)
    let json = try workspace.quiz("report", "k", "--format", "json")
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
    let item = try #require((object["items"] as? [[String: Any]])?.first { $0["question"] as? String == "q" })
    #expect(item["attempts"] as? Int == 3)
    #expect(item["attempts_on_other_choices"] as? Int == 2, "\(item)")
    let choices = try #require(item["choices"] as? [[String: Any]])
    #expect(choices.map { $0["picked"] as? Int } == [1, 0])
    #expect(choices.map { $0["picked_fraction"] as? Double } == [1, 0])
    // The short answer typed to version 1 is not a response of this choice question.
    #expect(item["responses"] == nil, "\(item)")
  }

  /// Scores no table expected: below 0 (a cloze gap's negative fraction), a maximum near 0 (an
  /// imported attempt's), points too large to square. Each prints; none crashes.
  @Test func extremeScoresPrintWithoutCrashing() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("add", "quiz", "n", "--title", "N").status == 0)
    #expect(try workspace.quiz("add", "cloze", "n", "--id", "g", "--text", "X {1:MC:=A~%-100%B}").status == 0)
    #expect(try workspace.quiz("grade", "n", "--as", "neg", "--answer", "g[1]=b").status == 0)
    let negative = try workspace.quiz("report", "--taker", "neg")
    #expect(negative.status == 0 && negative.stdout.contains("-100%"), "\(negative.stdout)\(negative.stderr)")
    let tiny = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "t", "title": "T", "sections": [{"questions": [
        {"id": "q", "prompt": "Q?", "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]}]}]}],
       "attempts": [{"quiz": "t", "taker": "tiny", "submitted_at": "2026-12-01T10:00:00Z", "max_score": 1e-17,
         "answers": [{"question": "q", "selected": ["a"]}]}]}
      """
    #expect(try workspace.quiz("import", try workspace.write("tiny.json", tiny)).status == 0)
    for arguments in [["report", "--taker", "tiny"], ["history", "--quiz", "t"], ["report", "t"]] {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    let huge = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "h", "title": "H", "sections": [{"questions": [
        {"id": "q1", "prompt": "Q1?", "points": 1e200, "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]},
        {"id": "q2", "prompt": "Q2?", "points": 1e200, "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]}]}]}]}
      """
    #expect(try workspace.quiz("import", try workspace.write("huge.json", huge)).status == 0)
    for (taker, answers) in [("a", ["q1=a", "q2=a"]), ("b", ["q1=a", "q2=b"]), ("c", ["q1=b", "q2=b"])] {
      let run = try workspace.quiz(arguments: ["grade", "h", "--as", taker] + answers.flatMap { ["--answer", $0] })
      #expect(run.status == 0, "\(run.stderr)")
    }
    let report = try workspace.quiz("report", "h", "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: report.stdoutBytes) as? [String: Any])
    let test = try #require(object["test"] as? [String: Any])
    // Undefined, not a perfect 0: the coefficient it follows from is undefined too.
    #expect(test["cic"] is NSNull && test["error_ratio"] is NSNull, "\(test)")
  }

  /// Answers to an earlier version of another kind, or of a matching question with other items,
  /// count in the figures but not in the response analysis: no short answer turned into an
  /// essay waiting for a mark, no item paired with an answer nobody gave it.
  @Test func responsesToOtherVersionsAreLeftOutOfTheAnalysis() throws {
    let workspace = try Workspace()
    func load(_ name: String, _ questions: String) throws {
      let bank = """
        {"format": "quiz-bank/1", "quizzes": [{"id": "v", "title": "V", "sections": [{"questions": [\(questions)]}]}]}
        """
      let run = try workspace.quiz("import", try workspace.write(name, bank))
      #expect(run.status == 0, "\(run.stderr)")
    }
    let shortAnswer = #"{"id": "s", "type": "short-answer", "prompt": "Capital?", "answers": [{"text": "Paris"}]}"#
    let essay = #"{"id": "s", "type": "essay", "prompt": "Capital?"}"#
    func matching(_ pairs: [(String, String, String)]) -> String {
      let items = pairs.map { #"{"id": "\#($0.0)", "stem": "\#($0.1)", "answer": "\#($0.2)"}"# }
      return #"{"id": "m", "type": "matching", "prompt": "Match", "pairs": [\#(items.joined(separator: ", "))]}"#
    }
    try load("v1.json", shortAnswer + ", " + matching([("a", "France", "Paris"), ("b", "Japan", "Tokyo")]))
    for (taker, city) in [("ann", "Paris"), ("bob", "Rome")] {
      let run = try workspace.quiz(
        "grade", "v", "--as", taker, "--answer", "s=\(city)", "--answer", "m[a]=Paris", "--answer", "m[b]=Tokyo")
      #expect(run.status == 0, "\(run.stderr)")
    }
    try load(
      "v2.json",
      essay + ", " + matching([("a", "Italy", "Rome"), ("b", "France", "Paris"), ("c", "Japan", "Tokyo")]))
    let json = try workspace.quiz("report", "v", "--format", "json")
    #expect(json.status == 0, "\(json.stderr)")
    #expect(!json.stdout.contains("Italy → Paris") && !json.stdout.contains("France → Tokyo"), "\(json.stdout)")
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
    let items = try #require(object["items"] as? [[String: Any]])
    let essayItem = try #require(items.first { $0["question"] as? String == "s" })
    #expect((essayItem["unmarked"] as? Int ?? 0) == 0, "\(essayItem)")
    #expect(essayItem["facility"] as? Double == 0.5)
    #expect(!(try workspace.quiz("report", "v").stdout.contains("for a mark")))
  }

  /// After a question is removed the totals are over the questions left, and so are the
  /// percents the histogram counts: the same as the test's figures.
  @Test func theHistogramCountsPercentsOfTheQuizAsItStands() throws {
    let workspace = try Workspace()
    let bank = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "h", "title": "H", "sections": [{"questions": [
        {"id": "q1", "prompt": "Q1?", "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]},
        {"id": "q2", "prompt": "Q2?", "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]}]}]}]}
      """
    #expect(try workspace.quiz("import", try workspace.write("h.json", bank)).status == 0)
    #expect(try workspace.quiz("grade", "h", "--as", "a", "--answer", "q1=a", "--answer", "q2=a").status == 0)
    #expect(try workspace.quiz("grade", "h", "--as", "b", "--answer", "q1=a", "--answer", "q2=b").status == 0)
    #expect(try workspace.quiz("rm", "h/q2").status == 0)
    let markdown = try workspace.quiz("report", "h", "--format", "markdown")
    #expect(markdown.stdout.contains("| 90–100% | 2 |"), "\(markdown.stdout)")
    #expect(markdown.stdout.contains("| 50–60% | 0 |"), "\(markdown.stdout)")
  }

  /// Piped, the choice and response lists keep every character (the spelling a teacher must
  /// see), and ids of different lengths keep the counts in line.
  @Test func pipedListsKeepEveryCharacterAndIdsAlign() throws {
    let workspace = try Workspace()
    let long = "The quick brown fox jumps over the lazy dog near the riverbank"
    let bank = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "p", "title": "P", "sections": [{"questions": [
        {"id": "c", "prompt": "Which?", "choices": [{"id": "cancels", "text": "\(long)", "correct": true},
          {"id": "r", "text": "Short", "correct": false}]},
        {"id": "s", "type": "short-answer", "prompt": "Type it", "answers": [{"text": "\(long)"}]}]}]}]}
      """
    #expect(try workspace.quiz("import", try workspace.write("p.json", bank)).status == 0)
    let typo = long.replacingOccurrences(of: "riverbank", with: "river bank")
    let run = try workspace.quiz("grade", "p", "--as", "a", "--answer", "c=cancels", "--answer", "s=\(typo)")
    #expect(run.status == 0, "\(run.stderr)")
    let report = try workspace.quiz("report", "p").stdout
    #expect(report.contains(long) && report.contains("\"\(typo)\""), "\(report)")
    let rows = report.split(separator: "\n").filter { $0.contains(" cancels) ") || $0.contains(" r) ") }
    #expect(rows.count == 2 && Set(rows.map { DisplayWidth.of(String($0)) }).count == 1, "\(rows)")
  }

  @Test func attemptSelectionChangesTheCount() throws {
    let workspace = try Workspace.seeded()
    let last = try workspace.quiz("report", "reactive-swift", "--attempts", "last", "--format", "json")
    #expect(last.stdout.contains(#""attempts": 3"#))
    #expect(last.stdout.contains(#""selection": "last""#))
    #expect(try workspace.quiz("report", "reactive-swift", "--attempts", "worst").status == 64)
  }

  @Test func csvMarkdownAndHTMLToAFile() throws {
    let workspace = try Workspace.seeded()
    let csv = try workspace.quiz("report", "reactive-swift", "--format", "csv")
    let lines = csv.stdout.split(separator: "\r\n")
    #expect(lines.first?.hasPrefix("quiz,question,max_mark,facility,sd,random_guess_score") == true)
    #expect(lines.count == 9)
    let markdown = try workspace.quiz("report", "world-languages", "--format", "markdown")
    #expect(markdown.stdout.hasPrefix("# Languages and scripts of the world · 世界の言語 (`world-languages`)"))
    #expect(markdown.stdout.contains("| # | question | facility |"))
    let path = workspace.directory.path("report.html")
    let html = try workspace.quiz("report", "reactive-swift", "--format", "html", "-o", path)
    #expect(html.status == 0)
    #expect(html.stdout.isEmpty)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<svg role=\"img\" aria-label=\"Histogram of percent scores\""))
    #expect(page.contains("aria-label=\"Facility and discrimination per question\""))
    #expect(!page.contains("<script"))
    #expect(!page.contains("src=\"http"))
  }

  @Test func severalQuizzesInTurn() throws {
    let workspace = try Workspace.seeded()
    let json = try workspace.quiz("report", "reactive-swift", "world-languages", "--format", "json")
    let array = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
    #expect(array.map { $0["quiz"] as? String } == ["reactive-swift", "world-languages"])
    let csv = try workspace.quiz("report", "reactive-swift", "world-languages", "--format", "csv")
    #expect(csv.stdout.split(separator: "\r\n").count == 1 + 8 + 6)
    let html = try workspace.quiz("report", "reactive-swift", "world-languages", "--format", "html")
    #expect(html.stdout.components(separatedBy: "<h1>").count == 3)
  }

  @Test func takerReportOverTime() throws {
    let workspace = try Workspace.seeded()
    let run = try workspace.quiz("report", "--taker", "bob")
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("bob — 2 attempts at 1 quiz\n"))
    #expect(run.stdout.contains("2026-11-20 10:12"))
    let json = try workspace.quiz("report", "--taker", "bob", "--format", "json")
    #expect(json.stdout.contains(#""taker": "bob""#))
    #expect(try workspace.quiz("report", "--taker", "nobody").stdout == "No attempts by nobody.\n")
  }

  @Test func unknownQuizAndMissingArgument() throws {
    let workspace = try Workspace.seeded()
    #expect(try workspace.quiz("report", "reactive").status == 1)
    #expect(try workspace.quiz("report").status == 64)
  }
}
