import Foundation
import Testing

/// Files embedded in question texts (Moodle XML's `<file>`), carried by quiz-bank/1.
@Suite struct MediaFilesCLITests {
  static func bank(data: String = "iVBORw0KGgoA/w==") -> String {
    """
    {"format": "quiz-bank/1", "quizzes": [{"id": "pets", "title": "Pets", "sections": [{"questions": [
      {"id": "which", "prompt": "<p>Which animal? <img src=\\"@@PLUGINFILE@@/cat.png\\" alt=\\"a grey cat\\"></p>",
       "text_format": "html",
       "choices": [{"id": "a", "text": "Cat", "correct": true}, {"id": "b", "text": "Dog", "correct": false}],
       "files": [{"field": "prompt", "name": "cat.png", "data": "\(data)"}]}]}]}]}
    """
  }

  @Test func filesImportExportAndVersion() throws {
    let workspace = try Workspace()
    let imported = try workspace.quiz("import", try workspace.write("pets.json", Self.bank()))
    #expect(imported.status == 0, "\(imported.stderr)")
    let first = try workspace.quiz("export", "pets")
    #expect(first.stdout.contains("\"data\": \"iVBORw0KGgoA/w==\""))
    #expect(try QuizProcess.validatesAgainstSchema(try workspace.write("export.json", first.stdout), in: workspace))
    let other = try Workspace()
    #expect(try other.quiz("import", try other.write("export.json", first.stdout)).status == 0)
    #expect(try other.quiz("export", "pets").stdoutBytes == first.stdoutBytes)
    // A changed file is a new version.
    #expect(
      try workspace.quiz("import", try workspace.write("v2.json", Self.bank(data: "iVBORw0KGgoA/g=="))).status == 0)
    let history = try workspace.quiz("show", "pets/which", "--history")
    #expect(history.stdout.contains("files"), "\(history.stdout)")
    // The terminal shows the image's alt text; the HTML report embeds the image.
    #expect(try workspace.quiz("show", "pets").stdout.contains("[image: a grey cat]"))
    #expect(try workspace.quiz("grade", "pets", "--as", "t", "--answer", "which=a").status == 0)
    let report = try workspace.quiz("report", "pets", "--format", "html")
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stdout.contains("src=\"data:image/png;base64,iVBORw0KGgoA/g==\""), "\(report.stdout)")
  }
}
