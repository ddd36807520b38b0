import QuizBankFormat
import Testing

@testable import QuizDomain

@Suite struct QuestionFileTests {
  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
    ("foobar", "Zm9vYmFy"),
  ])
  func base64MatchesRFC4648(_ plain: String, _ encoded: String) {
    #expect(Base64.encode(Array(plain.utf8)) == encoded)
    #expect(Base64.decode(encoded) == Array(plain.utf8))
  }

  @Test func base64RoundTripsEveryByteAndIgnoresLineBreaks() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let encoded = Base64.encode(bytes)
    #expect(Base64.decode(encoded) == bytes)
    let wrapped = stride(from: 0, to: encoded.count, by: 76).map { start in
      String(encoded.dropFirst(start).prefix(76))
    }.joined(separator: "\r\n")
    #expect(Base64.decode(wrapped) == bytes)
  }

  @Test(arguments: ["Zg", "Zg=", "Z===", "Zg==Zg==", "Zm9v!", "Zm9vY"])
  func notBase64IsNil(_ text: String) {
    #expect(Base64.decode(text) == nil)
  }

  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]

  static func question(files: [QuestionFile]) -> Question {
    Question(
      id: "q", prompt: "<p>Which? <img src=\"@@PLUGINFILE@@/cat.png\" alt=\"a cat\"></p>",
      choices: [Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: false)],
      textFormat: .html, files: files)
  }

  @Test func filesRoundTripThroughQuizBankAndMakeContent() throws {
    let files = [
      QuestionFile(field: "prompt", name: "cat.png", bytes: Self.png),
      QuestionFile(field: "choices.b.feedback", name: "猫 1.png", bytes: []),
    ]
    let quiz = Quiz(id: "z", title: "Z", sections: [Section(questions: [Self.question(files: files)])])
    let bytes = QuizBankWriter.write(quizzes: [quiz])
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      text.contains(
        "\"files\": [\n                {\n                  \"field\": \"prompt\",\n                  \"name\": \"cat.png\",\n"
          + "                  \"data\": \"iVBORw0KGgoA/w==\""))
    let document = try QuizBankReader.read(bytes)
    #expect(document.quizzes == [quiz])
    #expect(QuizBankWriter.write(quizzes: document.quizzes) == bytes)
    // A file is content: changing its bytes changes the version's content.
    var changed = Self.question(files: files)
    changed.files[0].bytes.append(0)
    #expect(changed.content.changedFields(since: Self.question(files: files).content) == ["files"])
  }

  @Test func aFileOutsideTheQuestionsTextsIsAnError() {
    let question = Self.question(files: [
      QuestionFile(field: "choices.z.text", name: "x.png", bytes: []),
      QuestionFile(field: "prompt", name: "a.png", bytes: []),
      QuestionFile(field: "prompt", name: "a.png", bytes: [1]),
    ])
    #expect(
      QuestionRules.fileProblems(question) == [
        "file \"x.png\": \"choices.z.text\" is not a text of this question (expected prompt, explanation, "
          + "choices.ID.text or choices.ID.feedback)",
        "file \"a.png\" appears twice in prompt",
      ])
  }

  @Test func badFilesInADocumentNameTheirPath() {
    let text = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "z", "title": "Z", "sections": [{"questions": [
        {"id": "q", "prompt": "Q?", "choices": [{"text": "A", "correct": true}, {"text": "B", "correct": false}],
         "files": [{"field": "prompt", "name": "a/b.png", "data": "Zg=="}, {"field": "prompt", "name": "c.png", "data": "Z"}]}
      ]}]}]}
      """
    do {
      _ = try QuizBankReader.read(Array(text.utf8))
      Issue.record("accepted")
    } catch {
      let described = "\(error)"
      #expect(
        described.contains("$.quizzes[0].sections[0].questions[0].files[0].name: a file name must not contain \"/\""),
        "\(described)")
      #expect(described.contains("$.quizzes[0].sections[0].questions[0].files[1].data: not base64"), "\(described)")
    }
  }
}

/// `@@PLUGINFILE@@/NAME` references resolved as the report and the QTI package both need.
@Suite struct PluginFileReferencesTests {
  static let files = [
    QuestionFile(field: "prompt", name: "a.png", bytes: [1]),
    QuestionFile(field: "prompt", name: "a.png.png", bytes: [2]),
    QuestionFile(field: "prompt", name: "my pic.png", bytes: [3]),
    QuestionFile(field: "prompt", name: "日本.png", bytes: [4]),
  ]

  @Test func theLongestNameWinsAndBothSpellingsAreResolved() {
    let text =
      "<img src=\"@@PLUGINFILE@@/a.png.png\"> <img src=\"@@PLUGINFILE@@/a.png\"> "
      + "<img src=\"@@PLUGINFILE@@/my%20pic.png\"> <img src=\"@@PLUGINFILE@@/my pic.png\"> "
      + "<img src=\"@@PLUGINFILE@@/%E6%97%A5%E6%9C%AC.png\"> <img src=\"@@PLUGINFILE@@/gone.png\">"
    let resolved = PluginFileReferences.resolving(text, files: Self.files) { "[\($0.bytes[0])]" }
    #expect(
      resolved.text
        == "<img src=\"[2]\"> <img src=\"[1]\"> <img src=\"[3]\"> <img src=\"[3]\"> <img src=\"[4]\"> "
        + "<img src=\"@@PLUGINFILE@@/gone.png\">")
    #expect(resolved.missing == ["gone.png"])
  }

  @Test func aFileWithNoReplacementIsLeftAsWrittenAndNotMissing() {
    let resolved = PluginFileReferences.resolving(
      "@@PLUGINFILE@@/a.png.png and @@PLUGINFILE@@/a.png", files: Self.files
    ) { $0.name == "a.png" ? "A" : nil }
    #expect(resolved.text == "@@PLUGINFILE@@/a.png.png and A")
    #expect(resolved.missing == [])
  }

  @Test func percentEncodingIsRawURLEncode() {
    #expect(PluginFileReferences.percentEncoded("my pic~_-.png") == "my%20pic~_-.png")
    #expect(PluginFileReferences.percentEncoded("é/") == "%C3%A9%2F")
  }
}
