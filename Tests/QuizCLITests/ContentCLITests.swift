import Foundation
import Testing

@Suite struct ContentCLITests {
  @Test func listAlignsWideCharactersByDisplayWidth() throws {
    let workspace = try Workspace()
    #expect(try workspace.quiz("import", workspace.seeds).status == 0)
    let run = try workspace.quiz("list")
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    // The last column is right-aligned, so aligned rows all have the same display width, where
    // CJK characters take two columns; "世界の言語" makes the character counts differ.
    func displayWidth(_ line: String) -> Int {
      line.reduce(0) { width, character in
        let value = character.unicodeScalars.first?.value ?? 0
        return width + ((0x3000...0x9FFF).contains(value) ? 2 : 1)
      }
    }
    #expect(Set(lines.map(displayWidth)).count == 1)
    #expect(Set(lines.map(\.count)).count == 2)
    let json = try workspace.quiz("list", "--format", "json")
    #expect(json.stdout.contains(#""title": "Languages and scripts of the world · 世界の言語""#))
    #expect(json.stdout.contains(#""attempts": 4"#))
  }

  @Test func showHidesAnswersUnlessAsked() throws {
    let workspace = try Workspace()
    try workspace.quiz("import", workspace.seeds)
    let plain = try workspace.quiz("show", "reactive-swift")
    #expect(plain.status == 0)
    #expect(plain.stdout.contains("Reactive programming in Swift"))
    #expect(plain.stdout.contains("[ ] a) A Swift implementation of ReactiveX\n"))
    #expect(plain.stdout.contains("( ) a) cold\n"))
    #expect(!plain.stdout.contains("✓"))
    let answers = try workspace.quiz("show", "reactive-swift", "--answers")
    #expect(answers.stdout.contains("[ ] a) A Swift implementation of ReactiveX  ✓\n"))
    #expect(answers.stdout.contains("→ RxSwift is the Swift implementation of ReactiveX"))
    let json = try workspace.quiz("show", "reactive-swift", "--format", "json")
    #expect(!json.stdout.contains("\"correct\""))
    let jsonAnswers = try workspace.quiz("show", "reactive-swift", "--format", "json", "--answers")
    #expect(jsonAnswers.stdout.contains("\"correct\": true"))
  }

  @Test func showOfAnUnknownQuizSuggestsTheClosest() throws {
    let workspace = try Workspace()
    try workspace.quiz("import", workspace.seeds)
    let run = try workspace.quiz("show", "reactive-swfit")
    #expect(run.status == 1)
    #expect(run.stderr == "Error: unknown quiz \"reactive-swfit\" (did you mean \"reactive-swift\"?)\n")
  }

  @Test func colorsOnlyOnATerminal() throws {
    let workspace = try Workspace()
    try workspace.quiz("import", workspace.seeds)
    let run = try workspace.quiz("show", "reactive-swift", "--answers")
    #expect(!run.stdout.contains("\u{1B}["))
  }
}
