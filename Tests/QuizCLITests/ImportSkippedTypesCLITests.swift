import Foundation
import QuizDomain
import Testing

@testable import QuizCLI
@testable import QuizFormats

/// Issue 22: a folder or list of files imports what it can. A file whose questions are all of
/// types quiz does not import (plugin types) is a warning naming it and its types; the other
/// files still import; the command fails (65) only when nothing at all was importable; an
/// invalid file still fails the whole command.
@Suite struct ImportSkippedTypesCLITests {
  static let pluginsOnly = """
    <?xml version="1.0" encoding="UTF-8"?>
    <quiz>
      <question type="ddwtos">
        <name><text>Drag the words</text></name>
        <questiontext format="html"><text>The [[1]] sat on the [[2]].</text></questiontext>
      </question>
      <question type="stack">
        <name><text>Differentiate</text></name>
        <questiontext format="html"><text>d/dx x^2?</text></questiontext>
      </question>
      <question type="ddwtos">
        <name><text>Again</text></name>
        <questiontext format="html"><text>[[1]]</text></questiontext>
      </question>
    </quiz>
    """

  static let good = "::capital:: Capital of France? {=Paris ~Lyon ~Nice}\n"

  /// Whether the Moodle XML reader names the types it skips (`FormatReading.skippedTypes`):
  /// the command's behaviour below needs it.
  static var readerNamesSkippedTypes: Bool {
    guard case .questions(let read) = QuizFileFormat.moodleXML.reader else { return false }
    let bytes = Array(pluginsOnly.utf8)
    return bytes.withUnsafeBufferPointer { read($0, { _ in }) }.skippedTypes == ["ddwtos", "stack"]
  }

  // MARK: - The command's rule, on a reading that names its skipped types

  @Test func aReadingOfSkippedTypesOnlyIsSkipped() {
    let nothing = FormatProblem(line: 1, message: "no question that quiz can import (3 skipped)")
    var reading = FormatReading(errors: [nothing])
    reading.skippedTypes = ["ddwtos", "stack"]
    #expect(reading.holdsOnlySkippedTypes)
    // Another error: the file is invalid, not skipped.
    var invalid = reading
    invalid.errors.append(FormatProblem(line: 4, message: "a multichoice question with no answer"))
    #expect(!invalid.holdsOnlySkippedTypes)
    // A question read: it imports.
    var some = reading
    some.errors = []
    some.sections = [
      Section(questions: [Question(id: "q", prompt: "?", choices: [Choice(id: "a", text: "A", correct: true)])])
    ]
    #expect(!some.holdsOnlySkippedTypes)
    // Nothing skipped: an empty file, an error as today.
    #expect(!FormatReading(errors: [nothing]).holdsOnlySkippedTypes)
  }

  @Test func theCommandFailsOnlyWhenNothingWasImportable() throws {
    let one = ImportCommand.SkippedFile(name: "a.xml", types: ["ddwtos", "stack"])
    let two = ImportCommand.SkippedFile(name: "b.xml", types: ["kprime"])
    #expect(
      ImportCommand.skippedWarning(one)
        == "a.xml has nothing to import: its questions are all of types quiz does not import (ddwtos, stack); the "
        + "file is skipped")
    #expect(ImportCommand.nothingImported(importable: 1, skipped: [one, two]) == nil)
    #expect(ImportCommand.nothingImported(importable: 0, skipped: []) == nil)
    let single = try #require(ImportCommand.nothingImported(importable: 0, skipped: [one]))
    #expect(single.status == .dataError)
    #expect(
      single.message.contains(
        "nothing to import: a.xml holds only questions of types quiz does not import (ddwtos, stack)"))
    let both = try #require(ImportCommand.nothingImported(importable: 0, skipped: [one, two]))
    guard case .data(let message, let details) = both else {
      Issue.record("not a data error: \(both)")
      return
    }
    #expect(message == "nothing to import: none of the 2 files holds a question of a type quiz imports")
    #expect(details == ["a.xml: ddwtos, stack", "b.xml: kprime"])
  }

  // MARK: - Through the binary

  @Test func anInvalidFileStillFailsTheWholeCommand() throws {
    let workspace = try Workspace()
    let good = try workspace.write("good.gift", Self.good)
    let bad = try workspace.write("bad.gift", "::broken:: What? {=yes ~no\n")
    let run = try workspace.quiz("import", good, bad)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.contains("bad.gift"), "\(run.stderr)")
    let list = try workspace.quiz("list", "--format", "json")
    #expect(!list.stdout.contains("\"good\""), "\(list.stdout)")
  }

  @Test(
    .enabled(
      if: ImportSkippedTypesCLITests.readerNamesSkippedTypes,
      "the Moodle XML reader does not name the types it skips yet"))
  func aFileOfPluginTypesIsAWarningAndTheOthersImport() throws {
    let workspace = try Workspace()
    let good = try workspace.write("good.gift", Self.good)
    let plugins = try workspace.write("plugins.xml", Self.pluginsOnly)
    let run = try workspace.quiz("import", plugins, good)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "warning: \(plugins) has nothing to import: its questions are all of types quiz does not import (ddwtos, "
          + "stack); the file is skipped"), "\(run.stderr)")
    #expect(run.stdout.contains("Quizzes:   1 added"), "\(run.stdout)")
    #expect(try workspace.quiz("show", "good").status == 0)
    #expect(try workspace.quiz("show", "plugins").status != 0)
  }

  @Test(
    .enabled(
      if: ImportSkippedTypesCLITests.readerNamesSkippedTypes,
      "the Moodle XML reader does not name the types it skips yet"))
  func nothingImportableAtAllFails() throws {
    let workspace = try Workspace()
    let plugins = try workspace.write("plugins.xml", Self.pluginsOnly)
    let run = try workspace.quiz("import", plugins)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "nothing to import: \(plugins) holds only questions of types quiz does not import (ddwtos, stack)"),
      "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    let list = try workspace.quiz("list", "--format", "json")
    #expect(!list.stdout.contains("plugins"), "\(list.stdout)")
  }
}
