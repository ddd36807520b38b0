import Foundation
import Testing

@testable import QuizCLI

/// GIFT and Aiken through the command line: the format from --format, the ending or the
/// content; the quiz named by --quiz/--title or the file name; warnings and errors with the
/// file and line; round trips; edit in GIFT; text formats shown and embedded.
@Suite struct FormatsCLITests {
  static let gift = """
    // A GIFT bank written by hand.
    $CATEGORY: Geography/Rivers

    // [id:longest] [tag:rivers] [tag:africa]
    ::Longest river::Which is the longest river? {
      =The Nile#Right.
      ~The Amazon#Close, but no.
      ~The Danube
      ####The Nile is about 6,650 km long.
    }

    The Earth is flat. {F#It is not.#Right.}

    Which are prime? {~%50%2 ~%50%3 ~%-100%4}

    Write an essay about rivers. {}
    """

  static let aiken = """
    What is 2 + 2?
    A. 3
    B) 4
    C. 5
    ANSWER: B

    Which planet is red?
    A. Mars
    B. Venus
    ANSWER: A
    """

  @Test func giftImportsWithItsNameWarningsAndIds() throws {
    let workspace = try Workspace()
    let path = try workspace.write("geo-bank.gift", Self.gift)
    let run = try workspace.quiz("import", path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "", "\(run.stderr)")
    let list = try workspace.quiz("list", "--format", "json")
    #expect(list.stdout.contains(#""id": "geo-bank""#))
    #expect(list.stdout.contains(#""title": "geo-bank""#))
    let export = try workspace.quiz("export", "geo-bank")
    #expect(export.stdout.contains(#""id": "longest""#))
    #expect(export.stdout.contains(#""title": "Geography/Rivers""#))
    #expect(export.stdout.contains(#""scoring": "weighted""#))
    // --quiz and --title name it instead; importing again changes nothing.
    let named = try workspace.quiz("import", path, "--quiz", "rivers", "--title", "Rivers of the world")
    #expect(named.status == 0)
    let again = try workspace.quiz("import", path, "--quiz", "rivers", "--title", "Rivers of the world")
    #expect(again.stdout.hasPrefix("Quizzes:   0 added, 0 updated, 1 unchanged"))
  }

  @Test func theFormatComesFromTheOptionTheEndingOrTheContent() throws {
    let workspace = try Workspace()
    let aikenText = try workspace.write("planets.txt", Self.aiken)
    let giftText = try workspace.write("rivers.txt", Self.gift)
    #expect(try workspace.quiz("import", aikenText).status == 0)
    #expect(try workspace.quiz("import", giftText).status == 0)
    let unknown = try workspace.write("notes.txt", "just words\n")
    let refused = try workspace.quiz("import", unknown)
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("give --format"))
    let forced = try workspace.quiz(
      "import", "--format", "aiken", "--quiz", "forced", try workspace.write("x.dat", Self.aiken))
    #expect(forced.status == 0, "\(forced.stderr)")
    // A folder takes every file of a known ending, in name order.
    let folder = workspace.directory.path("bank")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(Self.aiken.utf8).write(to: URL(fileURLWithPath: folder + "/a.aiken"))
    try Data(Self.gift.utf8).write(to: URL(fileURLWithPath: folder + "/b.gift"))
    let both = try workspace.quiz("import", folder)
    #expect(both.status == 0, "\(both.stderr)")
    #expect(both.stdout.hasPrefix("Quizzes:   2 added"))
  }

  @Test func invalidFilesNameTheLineAndWriteNothing() throws {
    let workspace = try Workspace()
    try workspace.quiz("init")
    let before = try workspace.databaseBytes()
    let bad = try workspace.write("bad.aiken", "Question?\nA. one\nC. three\nANSWER: A\n")
    let run = try workspace.quiz("import", bad)
    #expect(run.status == 65)
    #expect(run.stderr.contains("\(bad):3"))
    let gift = try workspace.write("bad.gift", "Good? {=yes ~no}\n\nBroken { =a ~b\n")
    let broken = try workspace.quiz("import", gift)
    #expect(broken.status == 65)
    #expect(broken.stderr.contains("\(gift):3"))
    #expect(try workspace.databaseBytes() == before)
  }

  @Test func exportsRoundTripByteForByte() throws {
    for (name, text) in [("bank.gift", Self.gift), ("bank.aiken", Self.aiken)] {
      let workspace = try Workspace()
      let format = String(name.split(separator: ".")[1])
      #expect(try workspace.quiz("import", try workspace.write(name, text)).status == 0)
      let first = try workspace.quiz("export", "bank", "--format", format)
      #expect(first.status == 0, "\(first.stderr)")
      let json = try workspace.quiz("export", "bank")
      let copy = try Workspace()
      #expect(try copy.quiz("import", try copy.write(name, first.stdout)).status == 0)
      #expect(try copy.quiz("export", "bank", "--format", format).stdout == first.stdout)
      #expect(try copy.quiz("export", "bank").stdout == json.stdout, "\(format): JSON after the round trip")
    }
  }

  @Test func exportNamesWhatTheFormatCannotCarry() throws {
    let workspace = try Workspace()
    try workspace.quiz("add", "quiz", "z", "--title", "Z")
    try workspace.quiz(
      "add", "question", "z", "--id", "q", "--prompt", "P?", "--right", "a", "--right", "b", "--wrong", "c", "--points",
      "2")
    let gift = try workspace.quiz("export", "z", "--format", "gift")
    #expect(gift.status == 0)
    #expect(gift.stderr.contains("warning:"))
    #expect(gift.stderr.contains("q"))
    let aiken = try workspace.quiz("export", "z", "--format", "aiken")
    #expect(aiken.stderr.contains("warning:"))
    #expect(try workspace.quiz("export", "z", "y", "--format", "gift").status == 64)
  }

  @Test func editInGIFTKeepsWhatGIFTCannotCarry() throws {
    let workspace = try Workspace()
    try workspace.quiz("add", "quiz", "z", "--title", "Z")
    try workspace.quiz(
      "add", "question", "z", "--id", "q", "--prompt", "Old prompt?", "--right", "a", "--wrong", "b", "--points", "3")
    let editor = try workspace.write("editor.sh", "#!/bin/sh\nsed -i 's/Old prompt?/New prompt?/' \"$1\"\n")
    chmod(editor, 0o755)
    let run = try workspace.quiz("edit", "z/q", "--format", "gift", environment: ["EDITOR": editor])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "question q: version 1 → 2\n")
    let export = try workspace.quiz("export", "z")
    #expect(export.stdout.contains(#""prompt": "New prompt?""#))
    #expect(export.stdout.contains(#""points": 3"#))
  }

  @Test func htmlTextsAreShownAsTextAndEmbeddedSanitised() throws {
    let workspace = try Workspace()
    let document = #"""
      {"format": "quiz-bank/1", "quizzes": [{"id": "h", "title": "H", "sections": [{"questions": [
        {"id": "q", "prompt": "<p>Pick <b>one</b> &amp; go</p><img src=\"x.png\" alt=\"a map\"><script>alert(1)</script>",
         "text_format": "html",
         "choices": [{"text": "<a href=\"javascript:alert(1)\" onclick=\"x()\">yes</a>", "correct": true}, {"text": "no", "correct": false}]}]}]}],
       "attempts": [{"id": "a", "quiz": "h", "taker": "t", "answers": [{"question": "q", "selected": ["a"]}]}]}
      """#
    #expect(try workspace.quiz("import", try workspace.write("h.json", document)).status == 0)
    let show = try workspace.quiz("show", "h")
    #expect(show.stdout.contains("Pick one & go"))
    #expect(show.stdout.contains("[image: a map]"))
    #expect(!show.stdout.contains("<b>") && !show.stdout.contains("alert"))
    let report = try workspace.quiz("report", "h", "--format", "html")
    #expect(report.stdout.contains("<b>one</b>"))
    #expect(
      !report.stdout.contains("<script>alert") && !report.stdout.contains("onclick")
        && !report.stdout.contains("javascript:"))
    // The JSON round trip keeps the format.
    #expect(try workspace.quiz("export", "h").stdout.contains(#""text_format": "html""#))
  }

  @Test func htmlRendering() {
    #expect(HTMLText.plain("<p>One</p><p>Two<br>Three</p>") == "One\nTwo\nThree")
    #expect(HTMLText.plain("<ul><li>a</li><li>b</li></ul>") == "• a\n• b")
    #expect(HTMLText.plain("<pre>  x  = 1\n  y</pre>") == "  x  = 1\n  y")
    #expect(HTMLText.plain("5 &lt; 6 &#x263A; &#9731;") == "5 < 6 ☺ ☃")
    // A `<` that starts no tag is text, as in the report.
    #expect(HTMLText.plain("<p>Is 5 < 6 and 7 > 3?</p>") == "Is 5 < 6 and 7 > 3?")
    #expect(TextFormatting.plain("if (a<b) { x = a >> 1; }", .moodle) == "if (a<b) { x = a >> 1; }")
    // Moodle's auto-format keeps its line breaks; HTML's are white space.
    #expect(TextFormatting.plain("one\ntwo <i>x</i>\nthree", .moodle) == "one\ntwo x\nthree")
    #expect(TextFormatting.plain("one\ntwo", .html) == "one two")
    #expect(HTMLText.plain("&<script>;document.title='XSS'//&</script>;") == "&;")
  }
}
