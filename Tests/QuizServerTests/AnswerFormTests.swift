import QuizDomain
import Testing

@testable import QuizServer

/// Forms as the pages post them, read into quiz-bank/1 answers for every kind, with errors.
@Suite struct AnswerFormTests {
  func decode(_ form: [String: String], _ question: Question) throws(AnswerForm.Failure) -> Response {
    try AnswerForm.decode(
      form, question: question, answerChoices: question.kind == .matching ? Fixtures.matchingOrder : []
    ).response
  }

  @Test func choices() throws {
    #expect(try decode(["choice": "b", "csrf": "t"], Fixtures.choice) == .choices(["b"]))
    #expect(try decode(["choice.z": "on", "choice.x": "on"], Fixtures.multiple) == .choices(["x", "z"]))
    #expect(try decode([:], Fixtures.multiple) == .choices([]))
    #expect(throws: AnswerForm.Failure(message: "choice: there is no choice \"q\"")) {
      try decode(["choice": "q"], Fixtures.choice)
    }
    #expect(throws: AnswerForm.Failure.self) { try decode(["choice.q": "on"], Fixtures.multiple) }
  }

  @Test func typedAnswers() throws {
    #expect(try decode(["response": "Paris"], Fixtures.shortAnswer) == .text("Paris"))
    #expect(try decode(["response": "3.1", "unit": "cm"], Fixtures.numerical) == .text("3.1", unit: "cm"))
    #expect(try decode(["response": "3.1", "unit": ""], Fixtures.numerical) == .text("3.1", unit: nil))
    #expect(throws: AnswerForm.Failure(message: "unit: there is no unit \"km\"")) {
      try decode(["response": "3", "unit": "km"], Fixtures.numerical)
    }
    #expect(try decode(["response": "مرحبا 👋\nline"], Fixtures.essay) == .text("مرحبا 👋\nline"))
    #expect(try decode([:], Fixtures.description) == .text(""))
  }

  /// A text area's template, shown as it is and sent back unchanged by a browser (its lines
  /// ended with CRLF, as forms send them), is the template: the save refuses it as no response.
  @Test func anEssaysTemplateSentBackByABrowserIsTheTemplate() throws {
    let template = "\nIntro:\n\nConclusion: "
    let question = Question(id: "q-essay", prompt: "Discuss.", body: .essay(Essay(responseTemplate: template)))
    let shown = QuestionControls.essay(Essay(responseTemplate: template), saved: nil, locked: false)
    // The parser drops one line break after the start tag: the page's own, then the template.
    #expect(shown.contains("aria-describedby=\"prompt\">\n\nIntro:\n\nConclusion: </textarea>"), "\(shown)")
    let sentBack = try decode(["response": "\r\nIntro:\r\n\r\nConclusion: "], question)
    #expect(sentBack == .text(template))
    guard case .essay(let essay) = question.body, case .text(let text, _) = sentBack else { return }
    #expect(essay.isEmptyResponse(text))
    #expect(try decode(["response": "a\rb\r\n"], question) == .text("a\rb\n"))
  }

  @Test func matching() throws {
    #expect(
      try decode(["match.jp": "1", "match.fr": "3"], Fixtures.matching)
        == .matched([StemMatch(stem: "fr", answer: "Paris"), StemMatch(stem: "jp", answer: "東京")]))
    #expect(try decode(["match.jp": ""], Fixtures.matching) == .matched([]))
    #expect(throws: AnswerForm.Failure.self) { try decode(["match.jp": "4"], Fixtures.matching) }
    #expect(throws: AnswerForm.Failure.self) { try decode(["match.jp": "x"], Fixtures.matching) }
    #expect(throws: AnswerForm.Failure(message: "match.de: there is no stem \"de\"")) {
      try decode(["match.de": "1"], Fixtures.matching)
    }
  }

  @Test func cloze() throws {
    #expect(
      try decode(["gap.1": "Paris", "gap.2": "3.14", "gap.3": "r", "gap.4.n": "on", "gap.4.m": "on"], Fixtures.cloze)
        == .parts([.text("Paris"), .text("3.14"), .choices(["r"]), .choices(["m", "n"])]))
    #expect(try decode([:], Fixtures.cloze) == .parts([.text(""), .text(""), .choices([]), .choices([])]))
    #expect(throws: AnswerForm.Failure.self) { try decode(["gap.3": "zz"], Fixtures.cloze) }
    #expect(throws: AnswerForm.Failure.self) { try decode(["gap.4.zz": "on"], Fixtures.cloze) }
    #expect(throws: AnswerForm.Failure.self) { try decode(["gap.9": "x"], Fixtures.cloze) }
    #expect(throws: AnswerForm.Failure.self) { try decode(["gap.3.r": "on"], Fixtures.cloze) }
  }

  @Test func emptyAnswersAreDetected() throws {
    #expect(try decode([:], Fixtures.choice).givesNothing)
    #expect(try decode(["response": "  \n"], Fixtures.shortAnswer).givesNothing)
    #expect(try decode([:], Fixtures.matching).givesNothing)
    #expect(try decode(["gap.1": " "], Fixtures.cloze).givesNothing)
    #expect(try !decode(["gap.3": "g"], Fixtures.cloze).givesNothing)
    #expect(try !decode(["choice.x": "on"], Fixtures.multiple).givesNothing)
  }

  @Test func theAnswerNamesItsQuestion() throws {
    #expect(try AnswerForm.decode(["choice": "a"], question: Fixtures.choice).question == "q-choice")
  }
}
