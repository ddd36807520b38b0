import QuizDomain
import Testing

@Suite struct CategoryPathTests {
  @Test func pathsReadAndWriteAsMoodleWritesThem() throws {
    let cases: [(String, [String])] = [
      ("", []),
      ("Biology", ["Biology"]),
      ("Biology/Cells", ["Biology", "Cells"]),
      (#"Part 1\/2/Week 3"#, ["Part 1/2", "Week 3"]),
      (#"C:\\temp"#, [#"C:\temp"#]),
      ("日本語/Ünïcödé", ["日本語", "Ünïcödé"]),
    ]
    for (text, names) in cases {
      let path = try CategoryPath.parse(text).get()
      #expect(path.names == names, "\(text)")
      #expect(path.text == text, "\(text)")
    }
    // A lone backslash before another character is kept, and written back escaped.
    #expect(try CategoryPath.parse(#"a\b"#).get().names == [#"a\b"#])
    // Moodle's `//` is a slash inside a name too; names are trimmed, as Moodle trims them.
    #expect(try CategoryPath.parse("a//b/c").get().names == ["a/b", "c"])
    #expect(try CategoryPath.parse(" Biology / Cells ").get().names == ["Biology", "Cells"])
    #expect(CategoryPath(["Part 1/2", "Week"]).moodleText == "Part 1//2/Week")
    #expect(try CategoryPath.parse(CategoryPath(["Part 1/2", "Week"]).moodleText).get().names == ["Part 1/2", "Week"])
  }

  @Test func anEmptyDeepLongOrControlNameIsRefused() {
    let deep = Array(repeating: "a", count: CategoryPath.maxDepth + 1).joined(separator: "/")
    let long = String(repeating: "x", count: CategoryPath.maxNameLength + 1)
    for text in ["/a", "a/", "/", "a/ /b", deep, long, "a/b\u{1B}]0;x\u{07}", "line\nbreak"] {
      #expect(throws: CategoryPathError.self, "\(text)") { try CategoryPath.parse(text).get() }
    }
  }

  @Test func aCategoryIsWithinItselfAndItsAncestors() throws {
    let cells = try CategoryPath.parse("Biology/Cells").get()
    #expect(cells.isWithin(.top))
    #expect(cells.isWithin(try CategoryPath.parse("Biology").get()))
    #expect(cells.isWithin(cells))
    #expect(!cells.isWithin(try CategoryPath.parse("Bio").get()))
    #expect(cells.parent == CategoryPath(["Biology"]))
    #expect(CategoryPath.top.parent == nil)
    #expect(CategoryPath(["A"]) < CategoryPath(["A", "B"]))
    #expect(CategoryPath(["A", "Z"]) < CategoryPath(["B"]))
  }
}
