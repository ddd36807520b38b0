import Foundation
import Testing

/// Moodle XML through the command line: a bank with an image in, back out with the same file and
/// only grade-list fractions, and the round trip byte for byte.
@Suite struct MoodleXMLCLITests {
  /// A one-pixel PNG.
  static let pixel =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

  static let bank = """
    <?xml version="1.0" encoding="UTF-8"?>
    <quiz>
      <question type="category">
        <category><text>$course$/top/Animals</text></category>
      </question>
      <question type="multichoice">
        <name><text>Which is a cat?</text></name>
        <questiontext format="html">
          <text><![CDATA[<p>Which is a cat? <img src="@@PLUGINFILE@@/cat.png" alt="a cat"></p>]]></text>
          <file name="cat.png" path="/" encoding="base64">\(pixel)</file>
        </questiontext>
        <generalfeedback format="html"><text>Cats meow.</text></generalfeedback>
        <defaultgrade>2</defaultgrade>
        <single>false</single>
        <shuffleanswers>true</shuffleanswers>
        <answer fraction="33.33333" format="html"><text>Tabby</text><feedback><text>Yes</text></feedback></answer>
        <answer fraction="33.33333" format="html"><text>Siamese</text></answer>
        <answer fraction="33.33333" format="html"><text>Persian</text></answer>
        <answer fraction="-100" format="html"><text>Beagle</text></answer>
        <tags><tag><text>pets</text></tag><tag><text>猫</text></tag></tags>
      </question>
      <question
          type="ddwtos">
        <name><text>Describe your pet</text></name>
        <questiontext format="html"><text>Write.</text></questiontext>
      </question>
      <question type="truefalse">
        <name><text>Dogs bark</text></name>
        <questiontext format="moodle_auto_format"><text>Dogs bark.</text></questiontext>
        <answer fraction="100"><text>true</text><feedback><text>Right</text></feedback></answer>
        <answer fraction="0"><text>false</text><feedback><text>They do</text></feedback></answer>
      </question>
    </quiz>

    """

  @Test func aBankWithAnImageImportsExportsAndRoundTrips() throws {
    let workspace = try Workspace()
    let path = try workspace.write("pets.xml", Self.bank)
    let imported = try workspace.quiz("import", path)
    #expect(imported.status == 0, "\(imported.stderr)")
    // The plugin type is skipped, named at the line of its <question start tag.
    #expect(imported.stderr == "\(path):22: warning: skipped ddwtos question \"Describe your pet\"\n")
    let shown = try workspace.quiz("show", "pets")
    #expect(shown.stdout.contains("[image: a cat]"), "\(shown.stdout)")

    let first = try workspace.quiz("export", "pets", "--format", "moodle-xml")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains(">\(Self.pixel)</file>"))
    #expect(first.stdout.contains("@@PLUGINFILE@@/cat.png"))
    // Only fractions from Moodle's grade list.
    let grades: Set<String> = [
      "0", "100", "-100", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50", "40", "33.33333", "30", "25",
      "20",
      "16.66667", "14.28571", "12.5", "11.11111", "10", "5", "-90", "-83.33333", "-80", "-75", "-70", "-66.66667",
      "-60",
      "-50", "-40", "-33.33333", "-30", "-25", "-20", "-16.66667", "-14.28571", "-12.5", "-11.11111", "-10", "-5",
    ]
    let fractions = first.stdout.components(separatedBy: "fraction=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    #expect(fractions.count == 6)
    #expect(fractions.allSatisfy { grades.contains($0) }, "\(fractions)")

    // Export → import into a fresh database → export: the same bytes, in XML and in JSON.
    let other = try Workspace()
    let again = try other.quiz("import", try other.write("pets.xml", first.stdout))
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try other.quiz("export", "pets", "--format", "moodle-xml").stdoutBytes == first.stdoutBytes)
    let json = try workspace.quiz("export", "pets")
    #expect(try other.quiz("export", "pets").stdoutBytes == json.stdoutBytes)
    #expect(json.stdout.contains("\"scoring\": \"weighted\""))
  }

  @Test func invalidFilesNameTheirLineAndWriteNothing() throws {
    let workspace = try Workspace()
    let malformed = try workspace.write("bad.xml", "<quiz>\n<question type=\"truefalse\">\n</quiz>\n")
    let run = try workspace.quiz("import", malformed)
    #expect(run.status == 65)
    #expect(run.stderr.contains("\(malformed):3:"), "\(run.stderr)")
    let fraction = try workspace.write(
      "fraction.xml",
      Self.bank.replacingOccurrences(of: "fraction=\"-100\"", with: "fraction=\"-150\""))
    let refused = try workspace.quiz("import", fraction)
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("\(fraction):19:"), "\(refused.stderr)")
    #expect(try workspace.quiz("list").stdout.hasPrefix("No quizzes yet."))
  }

  /// Every kind Moodle XML carries (cloze aside: its syntax has tests of its own), in Japanese,
  /// Arabic and French, with hints, a penalty and combined feedback.
  static let kinds = """
    <?xml version="1.0" encoding="UTF-8"?>
    <quiz>
      <question type="shortanswer">
        <name><text>首都</text></name>
        <questiontext format="html"><text>日本の首都は？</text></questiontext>
        <penalty>0.1</penalty>
        <usecase>1</usecase>
        <answer fraction="100"><text>東京</text><feedback><text>正解</text></feedback></answer>
        <answer fraction="50"><text>Tokio</text></answer>
        <hint><text>東</text><shownumcorrect/></hint>
      </question>
      <question type="numerical">
        <name><text>Pi</text></name>
        <questiontext><text>π?</text></questiontext>
        <answer fraction="100"><text>3.14</text><tolerance>0.01</tolerance></answer>
        <units><unit><multiplier>1</multiplier><unit_name>rad</unit_name></unit></units>
        <unitgradingtype>1</unitgradingtype>
      </question>
      <question type="matching">
        <name><text>Capitals</text></name>
        <questiontext><text>طابق العواصم</text></questiontext>
        <correctfeedback><text>ممتاز</text></correctfeedback>
        <subquestion><text>مصر</text><answer><text>القاهرة</text></answer></subquestion>
        <subquestion><text>Japon</text><answer><text>Tōkyō</text></answer></subquestion>
        <subquestion><text></text><answer><text>Zürich</text></answer></subquestion>
      </question>
      <question type="essay">
        <name><text>Essai</text></name>
        <questiontext><text>Écrivez.</text></questiontext>
        <defaultgrade>5</defaultgrade>
        <responseformat>plain</responseformat>
        <minwordlimit>3</minwordlimit>
        <graderinfo><text>Soyez généreux</text></graderinfo>
      </question>
      <question type="description">
        <name><text>Intro</text></name>
        <questiontext><text>はじめに</text></questiontext>
        <defaultgrade>0</defaultgrade>
      </question>
    </quiz>

    """

  @Test func everyKindImportsAndRoundTripsInXMLAndJSON() throws {
    let workspace = try Workspace()
    let imported = try workspace.quiz("import", try workspace.write("kinds.xml", Self.kinds))
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr == "")
    let json = try workspace.quiz("export", "kinds")
    for type in ["short-answer", "numerical", "matching", "essay", "description"] {
      #expect(json.stdout.contains("\"type\": \"\(type)\""), "\(type)")
    }
    #expect(json.stdout.contains("東京") && json.stdout.contains("القاهرة") && json.stdout.contains("Zürich"))
    let first = try workspace.quiz("export", "kinds", "--format", "moodle-xml")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr == "")
    let other = try Workspace()
    let again = try other.quiz("import", try other.write("kinds.xml", first.stdout))
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try other.quiz("export", "kinds", "--format", "moodle-xml").stdoutBytes == first.stdoutBytes)
    #expect(try other.quiz("export", "kinds").stdoutBytes == json.stdoutBytes)
  }
}
