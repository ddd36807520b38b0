import QuizFormats
import Testing

/// The registry tells a format by `--format`, the ending, or a `.txt` file's bytes.
@Suite struct FormatDetectionTests {
  static func detect(_ name: String, _ text: String, given: String? = nil) -> FormatDetection? {
    QuizFileFormat.detect(name: name, bytes: Array(text.utf8), given: given)
  }

  @Test func crlfAikenIsToldBySplittingBytes() {
    #expect(Self.detect("a.txt", "Q?\r\nA. x\r\nB. y\r\nANSWER: A\r\n")?.format.name == "aiken")
  }

  @Test func aJSONObjectIsJSONBeforeGIFTsBraces() {
    #expect(Self.detect("a.txt", "\n  {\"format\": \"quiz-bank/1\"}")?.format.name == "json")
    #expect(Self.detect("a.txt", "{}")?.format.name == "json")
    #expect(Self.detect("a.txt", "Sky? {=blue ~red}")?.format.name == "gift")
  }

  @Test func moodleXMLInATxtIsMoodleXML() {
    #expect(
      Self.detect("a.txt", "<?xml version=\"1.0\"?><quiz><question type=\"multichoice\">")?.format.name == "moodle-xml")
  }

  @Test func plainWordsAreNoFormat() {
    #expect(Self.detect("README.txt", "Read me first.\r\n") == nil)
    #expect(Self.detect("notes.dat", "Q?\nA. x\nANSWER: A\n") == nil)
  }

  @Test func assumptionsAreSaidOnlyWhenNothingNamedTheFormat() {
    #expect(Self.detect("a.aiken", "")?.assumption == nil)
    #expect(Self.detect("a.dat", "", given: "gift")?.assumption == nil)
    #expect(Self.detect("-", "")?.assumption != nil)
    #expect(Self.detect("a.txt", "Q?\nA. x\nANSWER: A\n")?.assumption?.contains("ANSWER:") == true)
  }

  @Test func everyEndingBelongsToOneFormat() {
    let endings = QuizFileFormat.all.flatMap(\.extensions)
    #expect(Set(endings).count == endings.count)
    #expect(QuizFileFormat.folderExtensions == endings + ["txt"])
  }
}
