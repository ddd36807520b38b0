import Foundation
import TestSupport
import Testing

@Suite struct AuthoringCLITests {
  @Test func aQuizBuiltAndMaintainedWithCommandsAlone() throws {
    let workspace = try Workspace()
    #expect(
      try workspace.quiz("add", "quiz", "capitals", "--title", "European capitals", "--scoring", "partial").status == 0)
    #expect(try workspace.quiz("add", "section", "capitals", "West").status == 0)
    #expect(try workspace.quiz("add", "section", "capitals", "East").status == 0)
    let france = try workspace.quiz(
      "add", "question", "capitals", "--id", "france", "--prompt", "Capital of France?", "--right", "Paris", "--wrong",
      "Lyon", "--wrong", "Nice", "--section", "West", "--feedback", "b=Second city.", "--tag", "europe",
      "--explanation",
      "Paris since 508.")
    #expect(france.status == 0, "\(france.stderr)")
    let poland = try workspace.quiz(
      "add", "question", "capitals", "--id", "poland", "--prompt", "-", "--wrong", "Kraków", "--right", "Warszawa",
      "--section", "2", input: Data("Capital of Poland?\n".utf8))
    #expect(poland.status == 0, "\(poland.stderr)")
    #expect(try workspace.quiz("mv", "capitals/poland", "--section", "West", "--at", "1").status == 0)

    let shown = try workspace.quiz("show", "capitals/france", "--answers")
    #expect(shown.stdout.contains("version 1 · 1 point · one answer · partial · tags: europe"))
    #expect(shown.stdout.contains("( ) a) Paris  ✓"))
    #expect(shown.stdout.contains("Second city."))
    let quiz = try workspace.quiz("show", "capitals", "--format", "json").stdout
    #expect(
      quiz.range(of: "poland")?.lowerBound ?? quiz.endIndex < quiz.range(of: "france")?.lowerBound ?? quiz.startIndex)

    // The export is a valid quiz-bank/1 document that imports back to the same thing.
    let export = try workspace.quiz("export", "capitals")
    let exported = try workspace.write("authored.json", export.stdout)
    #expect(try QuizProcess.validatesAgainstSchema(exported, in: workspace) == true)
    #expect(export.stdout.contains(#""text": "Warszawa""#))
    let other = try Workspace()
    #expect(try other.quiz("import", try workspace.write("capitals.json", export.stdout)).status == 0)
    #expect(try other.quiz("export", "capitals").stdoutBytes == export.stdoutBytes)

    // An answered question is retired, an unanswered one removed; the quiz needs --force.
    try workspace.quiz("grade", "capitals", "--as", "ann", "--answer", "france=a")
    #expect(try workspace.quiz("rm", "capitals/france").stdout.hasPrefix("Retired question france"))
    #expect(try workspace.quiz("rm", "capitals/poland").stdout == "Removed question poland from capitals.\n")
    let refused = try workspace.quiz("rm", "capitals")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("give --force"))
    #expect(try workspace.quiz("rm", "capitals", "--force").stdout == "Removed quiz capitals and its 1 attempt.\n")
    #expect(try workspace.quiz("list", "--format", "json").stdout == "[]\n")
  }

  @Test func editsMakeVersionsThatHistoryShows() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("import", workspace.seeds).status == 0)
    let fixed = try String(contentsOfFile: workspace.seeds + "/reactive-swift.json", encoding: .utf8)
      .replacingOccurrences(of: "What does debounce do?", with: "What does debounce(for:) do?")
    #expect(try workspace.quiz("import", try workspace.write("fixed.json", fixed)).stdout.contains("1 changed"))
    let history = try workspace.quiz("show", "reactive-swift/debounce", "--history")
    #expect(history.stdout.contains("version 2"))
    #expect(history.stdout.contains("  v1  "))
    #expect(history.stdout.contains("changed: prompt"))
    let json = try workspace.quiz("show", "reactive-swift/debounce", "--history", "--format", "json")
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
    #expect(object["id"] as? String == "debounce")
    #expect(object["version"] as? Int == 2)
    let versions = try #require(object["history"] as? [[String: Any]])
    #expect(versions.map { $0["changed"] as? [String] } == [[], ["prompt"]])
  }

  @Test func badInputIsRefusedAndNothingChanges() throws {
    let workspace = try Workspace()
    try workspace.quiz("add", "quiz", "z", "--title", "Z")
    let before = try workspace.databaseBytes()
    func refused(
      _ arguments: [String], _ status: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    )
      throws
    {
      let run = try workspace.quiz(arguments: arguments)
      #expect(run.status == status, "\(run.stderr)", sourceLocation: sourceLocation)
      #expect(run.stderr.contains(message), "\(run.stderr)", sourceLocation: sourceLocation)
    }
    try refused(
      ["add", "question", "zz", "--id", "q", "--prompt", "P", "--right", "a", "--wrong", "b"], 1,
      #"unknown quiz "zz" (did you mean "z"?)"#)
    try refused(
      ["add", "question", "z", "--id", "q", "--prompt", "P", "--wrong", "a", "--wrong", "b"], 65, "no correct choice")
    try refused(
      ["add", "question", "z", "--id", "q", "--prompt", "", "--right", "a", "--wrong", "b"], 65,
      "the prompt must not be empty")
    try refused(
      ["add", "question", "z", "--id", "q", "--prompt", "P", "--right", "a", "--wrong", "b", "--section", "Nope"], 1,
      #"unknown section "Nope""#)
    try refused(["add", "quiz", "z", "--title", "Again"], 65, #"quiz "z" already exists"#)
    try refused(["rm", "z/q9"], 1, #"unknown question "q9" in quiz "z""#)
    #expect(try workspace.databaseBytes() == before)
    try workspace.quiz("add", "question", "z", "--id", "q", "--prompt", "P", "--right", "a", "--wrong", "b")
    let duplicate = try workspace.quiz(
      "add", "question", "z", "--id", "q", "--prompt", "P2", "--right", "a", "--wrong", "b")
    #expect(duplicate.status == 65)
    #expect(duplicate.stderr.contains(#"already has a question "q""#))
    // Points that are finite alone but not added up: the option is named, not a JSON path.
    try workspace.quiz(
      "add", "question", "z", "--id", "big", "--prompt", "P", "--right", "a", "--wrong", "b", "--points", "1e308")
    let show = try workspace.quiz("show", "z")
    #expect(show.stdout.contains("1e+308 pts") && !show.stdout.contains("inf"), "\(show.stdout)")
    let overflow = try workspace.quiz(
      "add", "question", "z", "--id", "big2", "--prompt", "P", "--right", "a", "--wrong", "b", "--points", "1e308")
    #expect(overflow.status == 65)
    #expect(
      overflow.stderr.contains("--points: with 1e+308 more, the points of quiz \"z\" would add up"),
      "\(overflow.stderr)")
    #expect(!overflow.stderr.contains("$."), "\(overflow.stderr)")
    try workspace.quiz("add", "section", "z", "Warm-up")
    try workspace.quiz("add", "section", "z", "Finale")
    try refused(
      ["mv", "z/q", "--section", "Warmup"], 1, #"unknown section "Warmup" in quiz "z" (did you mean "Warm-up"?)"#)
  }
}
