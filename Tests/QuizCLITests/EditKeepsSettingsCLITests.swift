import Foundation
import TestSupport
import Testing

/// Editing a quiz in a format that cannot show everything keeps the rest as stored, part by part
/// (issue 34: GIFT dropped numerical units and unit grading and short-answer case sensitivity,
/// GIFT and Moodle XML renamed matching pair ids and Moodle XML cloze choice ids, and the next
/// regrade turned 3 of 3 into 1 of 3).
@Suite struct EditKeepsSettingsCLITests {
  static let document = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "k", "title": "K", "sections": [{"questions": [
     {"id": "len", "type": "numerical", "prompt": "Length?", "answers": [{"value": 1000, "tolerance": 1}],
      "units": [{"unit": "m", "multiplier": 1}, {"unit": "km", "multiplier": 0.001}], "unit_grading": "max"},
     {"id": "cs", "type": "short-answer", "prompt": "Case?", "case_sensitive": true, "answers": [{"text": "NaCl"}]},
     {"id": "mt", "type": "matching", "prompt": "Match",
      "pairs": [{"id": "fr", "stem": "France", "answer": "Paris"}, {"id": "jp", "stem": "Japan", "answer": "Tokyo"}]},
     {"id": "gz", "type": "cloze", "prompt": "Pick {#1}.", "parts": [{"kind": "choice", "choices": [
       {"id": "x", "text": "red", "correct": false}, {"id": "y", "text": "blue", "correct": true}]}]}
    ]}]}]}
    """

  @Test(arguments: ["gift", "moodle-xml"])
  func anEditThatWidensATolerancekeepsWhatTheFormatCannotShow(_ format: String) throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("import", try workspace.write("k.json", Self.document)).status == 0)
    let graded = try workspace.quiz(
      "grade", "k", "--as", "A", "--answer", "len=1 km", "--answer", "cs=NaCl", "--answer", "mt[fr]=Paris",
      "--answer", "mt[jp]=Tokyo", "--answer", "gz[1]=y")
    #expect(graded.status == 0 && graded.stdout.contains("4 / 4"), "\(graded.stdout)\(graded.stderr)")
    // Widen the tolerance (GIFT writes `1000:1`, Moodle XML `<tolerance>1</tolerance>`).
    let script = try workspace.write(
      "widen.sh", "#!/bin/sh\nsed -i 's/1000:1$/1000:2/; s#<tolerance>1</tolerance>#<tolerance>2</tolerance>#' \"$1\"\n"
    )
    _ = try QuizProcess.shell("chmod +x widen.sh", in: workspace.directory)
    // GIFT: `quiz edit`; Moodle XML: its export edited and imported back over the quiz.
    let edited: Run
    if format == "gift" {
      edited = try workspace.quiz("edit", "k", "--format", format, environment: ["EDITOR": script])
    } else {
      let file = workspace.directory.path("k.xml")
      try workspace.quiz("export", "k", "--format", format).stdout.write(
        toFile: file, atomically: true, encoding: .utf8)
      _ = try QuizProcess.shell("./widen.sh k.xml", in: workspace.directory)
      edited = try workspace.quiz("import", file, "--quiz", "k")
    }
    #expect(edited.status == 0, "\(edited.stdout)\(edited.stderr)")
    let regraded = try workspace.quiz("regrade", "k")
    #expect(regraded.stdout.contains("No score changes"), "\(regraded.stdout)")
    let exported = try workspace.quiz("export", "k")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
    let quizzes = try #require(root["quizzes"] as? [[String: Any]])
    let sections = try #require(quizzes.first?["sections"] as? [[String: Any]])
    let questions = try #require(sections.first?["questions"] as? [[String: Any]])
    let byID = Dictionary(uniqueKeysWithValues: questions.compactMap { q in (q["id"] as? String).map { ($0, q) } })
    let length = try #require(byID["len"])
    #expect((length["units"] as? [[String: Any]])?.compactMap { $0["unit"] as? String } == ["m", "km"], "\(format)")
    #expect(length["unit_grading"] as? String == "max", "\(format)")
    #expect((length["answers"] as? [[String: Any]])?.first?["tolerance"] as? Double == 2, "\(format)")
    #expect(byID["cs"]?["case_sensitive"] as? Bool == true, "\(format)")
    #expect(
      (byID["mt"]?["pairs"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["fr", "jp"], "\(format)")
    let gap = (byID["gz"]?["parts"] as? [[String: Any]])?.first?["choices"] as? [[String: Any]]
    #expect(gap?.compactMap { $0["id"] as? String } == ["x", "y"], "\(format)")
  }
}
