import Foundation
import QuizFormats
import Testing

/// How import tells a file's format (issue 20, item 4): a folder's stray files are skipped,
/// `.txt` content is read as bytes (CR LF too) and JSON is told, and an error in a file whose
/// format was assumed says what it was read as.
@Suite struct FormatDetectionCLITests {
  static let aiken = "What is 2 + 2?\nA. 3\nB. 4\nANSWER: B\n"

  @Test func aFolderWithAReadmeSkipsItWithAWarning() throws {
    let workspace = try Workspace()
    let folder = workspace.directory.path("bank")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = try workspace.write("bank/a.aiken", Self.aiken)
    _ = try workspace.write("bank/README.txt", "These are the quizzes of week 1.\n")
    let run = try workspace.quiz("import", folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Quizzes:   1 added"))
    #expect(run.stderr.contains("warning: \(folder)/README.txt skipped"))
    #expect(!run.stderr.contains("give --format"))
  }

  @Test func aFolderOfOnlyUntellableFilesIsNoInput() throws {
    let workspace = try Workspace()
    let folder = workspace.directory.path("notes")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = try workspace.write("notes/README.txt", "nothing here\n")
    let run = try workspace.quiz("import", folder)
    #expect(run.status == 66)
    #expect(run.stderr.contains("no file of a known format in folder \(folder)"))
  }

  @Test func aCRLFAikenTxtIsRecognised() throws {
    let workspace = try Workspace()
    let file = try workspace.write("crlf.txt", Self.aiken.replacing("\n", with: "\r\n"))
    let run = try workspace.quiz("import", file)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Quizzes:   1 added"))
  }

  @Test func aJSONDocumentInATxtIsReadAsJSON() throws {
    let workspace = try Workspace()
    let bank =
      #"{"format": "quiz-bank/1", "quizzes": [{"id": "q", "title": "Q", "sections": [{"questions": [{"id": "a", "prompt": "P?", "choices": [{"id": "x", "text": "X", "correct": true}, {"id": "y", "text": "Y", "correct": false}]}]}]}]}"#
    let good = try workspace.write("bank.txt", bank)
    let run = try workspace.quiz("import", good)
    #expect(run.status == 0, "\(run.stderr)")
    // A JSON document that is not quiz-bank/1 is still JSON: its error is the JSON reader's.
    let other = try workspace.write("other.txt", #"{"format": "other"}"#)
    let refused = try workspace.quiz("import", other)
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("\(other) was read as quiz-bank/1 JSON"))
  }

  @Test func errorsOfAFileToldByItsContentSayTheFormatAssumed() throws {
    let workspace = try Workspace()
    let bad = try workspace.write("bad.txt", "Q?\nA. x\nC. y\nANSWER: A\n")
    let run = try workspace.quiz("import", bad)
    #expect(run.status == 65)
    #expect(run.stderr.contains("\(bad):3"))
    #expect(run.stderr.contains("\(bad) was read as Aiken (told by its content: a line starting ANSWER:)"))
    // A file whose ending names its format needs no such line.
    let named = try workspace.write("bad.aiken", "Q?\nA. x\nC. y\nANSWER: A\n")
    #expect(!(try workspace.quiz("import", named).stderr.contains("was read as")))
  }

  @Test func standardInputErrorsSayItWasReadAsJSON() throws {
    let workspace = try Workspace()
    let run = try workspace.quiz("import", "-", input: Data(Self.aiken.utf8))
    #expect(run.status == 65)
    #expect(run.stderr.contains("standard input was read as quiz-bank/1 JSON (the default for standard input)"))
  }
}
