import Foundation
import TestSupport
import Testing

/// The examples of README.md and docs/guide.md work as written: every `quiz` line of their
/// `sh` blocks runs, in order, in one fresh workspace per document, and exits 0. Lines that need
/// a person or a server (`take`, `serve`, `edit`, `watch`, `mark` walking the essays) or files
/// of the reader's own (named by `needs` below) are listed, so a new one is a choice made here.
@Suite struct DocExamplesTests {
  /// The command lines of a document's `sh` blocks: continuation lines joined, comments and
  /// the lines of output (`# …`) dropped.
  static func commandLines(of document: String) throws -> [String] {
    let text = try String(contentsOf: QuizProcess.packageRoot.appendingPathComponent(document), encoding: .utf8)
    var lines: [String] = []
    var inBlock = false
    var pending = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inBlock = !inBlock && line == "```sh"
        continue
      }
      guard inBlock else { continue }
      var command = pending + line
      if command.hasSuffix("\\") {
        command.removeLast()
        pending = command
        continue
      }
      pending = ""
      command = withoutComment(command).trimmingCharacters(in: .whitespaces)
      if command.hasPrefix("quiz ") { lines.append(command) }
    }
    return lines
  }

  /// `line` without its `#` comment (a `#` after a space, outside quotes).
  static func withoutComment(_ line: String) -> String {
    var quote: Character?
    var previous: Character = " "
    for (offset, character) in line.enumerated() {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "#" && previous == " " {
        return String(line.prefix(offset))
      }
      previous = character
    }
    return line
  }

  /// Lines not run, by what they start with: they wait for a person or run until stopped.
  static let interactive = [
    "quiz take ", "quiz serve ", "quiz edit ", "quiz watch", "quiz mark geo", "quiz completions ", "quiz help --man >",
  ]

  /// Files the examples name as the reader's own, made here as small as will do.
  static func prepare(_ workspace: Workspace) throws {
    let quizzes = QuizProcess.packageRoot.appendingPathComponent("seeds")
    _ = try QuizProcess.shell("cp -R \(quizzes.path) seeds", in: workspace.directory)
    _ = try workspace.write(
      "biology.xml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <quiz><question type="truefalse"><name><text>cell</text></name>
      <questiontext format="html"><text>A cell has a nucleus.</text></questiontext>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
      </question></quiz>
      """)
    _ = try workspace.write(
      "cells.gift", "$CATEGORY: Cells\n\n::nucleus::A cell has a nucleus.{T}\n")
  }

  @Test(arguments: ["README.md", "docs/guide.md"])
  func everyExampleRunsAsWritten(_ document: String) throws {
    let lines = try Self.commandLines(of: document)
    #expect(lines.count >= 5, "\(document): only \(lines.count) example lines found")
    let workspace = try Workspace()
    try Self.prepare(workspace)
    var ran = 0
    for line in lines where !Self.interactive.contains(where: { line.hasPrefix($0) }) {
      let run = try QuizProcess.shell(line, environment: ["QUIZ_DB": workspace.database], in: workspace.directory)
      #expect(run.status == 0, "\(document): `\(line)` exited \(run.status): \(run.stderr)")
      ran += 1
    }
    #expect(ran >= 5)
  }
}
