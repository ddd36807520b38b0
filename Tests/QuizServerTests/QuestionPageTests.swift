import QuizBankFormat
import QuizDomain
import Testing
import XML

@testable import QuizServer

/// The question page for every kind: its frame, its labelled controls, what it must not hold
/// before the reveal and what it shows after.
@Suite struct QuestionPageTests {
  /// The pages' fixtures, and the served fixture every API and leak test uses, hold a question
  /// of every kind: a kind added to `QuestionKind` fails here until they have it.
  @Test func theFixturesHoldEveryKind() throws {
    #expect(Set(Fixtures.all.map(\.kind)) == Set(QuestionKind.allCases))
    let served = try #require(try QuizBankReader.read(Array(ServedFixture.document.utf8)).quizzes.first)
    #expect(Set(served.questions.map(\.kind)) == Set(QuestionKind.allCases))
  }

  @Test(arguments: Fixtures.all.map(\.id))
  func everyKindRendersLabelledControlsInAValidFrame(_ id: String) throws {
    let question = try #require(Fixtures.all.first { $0.id == id })
    let page = try PageTree(QuestionPage.render(Fixtures.view(question)))
    #expect(page.html.hasPrefix("<!doctype html>"))
    #expect(page.root.attribute("lang") == "en")
    #expect(page.root.attribute("dir") == "ltr")
    #expect(page.all("h1").count == 1)
    #expect(page.all("main").count == 1)
    #expect(page.all("title").count == 1)
    #expect(page.all("meta").contains { $0.attribute("charset") == "utf-8" })
    #expect(page.all("meta").contains { $0.attribute("name") == "viewport" })
    #expect(page.unlabelledControls.isEmpty, "unlabelled: \(page.unlabelledControls.map(\.name))")
    #expect(page.html.contains("Question 1 of 8"))
    #expect(page.element(id: "time-left").map(PageTree.text) == "2:05")
    #expect(page.all("input").contains { $0.attribute("name") == "csrf" && $0.attribute("value") == "CSRFTOKEN" })
    let buttons = page.all("button")
    if question.kind == .description {
      #expect(buttons.contains { PageTree.text($0) == "Continue" && $0.attribute("data-requires-answer") == nil })
    } else {
      let submit = try #require(buttons.first { $0.attribute("data-requires-answer") != nil })
      #expect(submit.attribute("disabled") == nil, "enabled without JavaScript")
      #expect(submit.attribute("type") == "submit")
    }
  }

  @Test func controlsOfEachKind() throws {
    let choice = try PageTree(QuestionPage.render(Fixtures.view(Fixtures.choice)))
    let radios = choice.all("input").filter { $0.attribute("type") == "radio" }
    #expect(radios.map { $0.attribute("value") } == ["a", "b"])
    #expect(radios.allSatisfy { $0.attribute("name") == "choice" })
    #expect(choice.all("span").filter { $0.attribute("class") == "number" }.map(PageTree.text) == ["a.", "b."])

    var numbered = Fixtures.multiple
    if case .choice(var body) = numbered.body {
      body.numbering = .upperRoman
      numbered.body = .choice(body)
    }
    let multiple = try PageTree(QuestionPage.render(Fixtures.view(numbered)))
    let boxes = multiple.all("input").filter { $0.attribute("type") == "checkbox" }
    #expect(boxes.map { $0.attribute("name") } == ["choice.x", "choice.y", "choice.z"])
    #expect(
      multiple.all("span").filter { $0.attribute("class") == "number" }.map(PageTree.text) == ["I.", "II.", "III."])

    let numerical = try PageTree(QuestionPage.render(Fixtures.view(Fixtures.numerical)))
    #expect(numerical.element(id: "response")?.attribute("inputmode") == "decimal")
    let units = try #require(numerical.element(id: "unit"))
    #expect(
      units.children.compactMap { if case .element(let option) = $0 { option.attribute("value") } else { nil } } == [
        "", "m", "cm",
      ])

    let matching = try PageTree(QuestionPage.render(Fixtures.view(Fixtures.matching)))
    let selects = matching.all("select")
    #expect(selects.map { $0.attribute("name") } == ["match.fr", "match.jp"])
    let options = selects[0].children.compactMap {
      if case .element(let option) = $0 { PageTree.text(option) } else { nil }
    }
    #expect(options == ["Choose…", "東京", "Rome", "Paris"])

    let essay = try PageTree(QuestionPage.render(Fixtures.view(Fixtures.essay)))
    #expect(essay.element(id: "response")?.name == "textarea")

    let description = try PageTree(QuestionPage.render(Fixtures.view(Fixtures.description)))
    #expect(description.all("input").allSatisfy { $0.attribute("type") == "hidden" })
    #expect(description.all("select").isEmpty && description.all("textarea").isEmpty)
  }

  @Test func clozeGapsStandInTheTextWithLabels() throws {
    let page = try PageTree(QuestionPage.render(Fixtures.view(Fixtures.cloze)))
    let prompt = try #require(page.element(id: "prompt"))
    #expect(!PageTree.text(prompt).contains("{#"))
    let gap1 = try #require(page.elements.first { $0.attribute("name") == "gap.1" && $0.name == "input" })
    #expect(gap1.attribute("aria-label") == "Gap 1")
    #expect(gap1.attribute("form") == "answer")
    #expect(page.elements.contains { $0.attribute("name") == "gap.2" && $0.attribute("inputmode") == "decimal" })
    #expect(
      page.elements.contains {
        $0.name == "select" && $0.attribute("name") == "gap.3" && $0.attribute("aria-label") == "Gap 3"
      })
    #expect(page.elements.contains { $0.attribute("role") == "group" && $0.attribute("aria-label") == "Gap 4" })
    #expect(
      page.all("input").filter { $0.attribute("type") == "checkbox" }.map { $0.attribute("name") } == [
        "gap.4.m", "gap.4.n",
      ])
  }

  @Test func aMarkerInsideAnAttributeStaysText() throws {
    var question = Fixtures.cloze
    question.prompt = "<p><a href=\"https://example.org\" title=\"{#1}\">link</a> Gap: {#1}</p>"
    let html = QuestionPage.render(Fixtures.view(question))
    let page = try PageTree(html)
    #expect(page.all("a").contains { $0.attribute("title") == "{#1}" })
    #expect(page.elements.contains { $0.attribute("name") == "gap.1" })
    // Gaps 2–4, unmarked, follow the text.
    #expect(page.elements.filter { $0.attribute("class") == "gap-rest" }.count == 3)
  }

  @Test(arguments: Fixtures.all.map(\.id))
  func nothingGivesTheAnswerAwayBeforeTheReveal(_ id: String) throws {
    let question = try #require(Fixtures.all.first { $0.id == id })
    let html = QuestionPage.render(Fixtures.view(question))
    for secret in [
      Fixtures.secret, "ACCEPTEDPARIS", "GAPANSWER", "31.4159", "0.0271", "0.777", "0.555", "GRADERSECRET",
      "EXPLAINSECRET", "correct", "right", "wrong", "weight", "✓", "✗",
    ] {
      #expect(!html.contains(secret), "\(id): \(secret)")
    }
  }

  @Test func theRevealLocksMarksAndExplains() throws {
    let reveal = RevealView(fraction: 0, score: 0, points: 1, feedback: ["\(Fixtures.secret)-B"])
    let html = QuestionPage.render(Fixtures.view(Fixtures.choice, saved: .choices(["b"]), reveal: reveal))
    let page = try PageTree(html)
    let radios = page.all("input").filter { $0.attribute("type") == "radio" }
    #expect(radios.allSatisfy { $0.attribute("disabled") != nil })
    #expect(radios.first { $0.attribute("value") == "b" }?.attribute("checked") != nil)
    let choices = page.elements.filter { ($0.attribute("class") ?? "").hasPrefix("choice ") }
    #expect(choices.map { $0.attribute("class") } == ["choice right", "choice wrong picked"])
    #expect(html.contains("✓ Right answer") && html.contains("✗ Wrong, your choice"))
    let result = try #require(page.element(id: "result"))
    #expect(result.attribute("aria-live") == "polite")
    #expect(PageTree.text(result).hasPrefix("✗ Wrong"))
    #expect(html.contains("\(Fixtures.secret)-B") && html.contains("EXPLAINSECRET"))
    #expect(!html.contains("\(Fixtures.secret)-A"), "only the picked choice's feedback")
    #expect(page.all("a").contains { PageTree.text($0) == "Next" })
    #expect(!page.all("button").contains { $0.attribute("data-requires-answer") != nil })
  }

  @Test func theRevealGivesTheRightAnswerOfEachKind() throws {
    let wrong = RevealView(fraction: 0, score: 0, points: 1)
    let short = QuestionPage.render(Fixtures.view(Fixtures.shortAnswer, saved: .text("Lyon"), reveal: wrong))
    #expect(short.contains("ACCEPTEDPARIS"))
    let number = QuestionPage.render(Fixtures.view(Fixtures.numerical, saved: .text("3", unit: "m"), reveal: wrong))
    #expect(number.contains("31.4159 ± 0.0271 m"))
    let cloze = QuestionPage.render(
      Fixtures.view(
        Fixtures.cloze, saved: .parts([.text("x"), .text("3.14"), .choices(["g"]), .choices(["m"])]), reveal: wrong))
    #expect(
      cloze.contains(
        "Gap 1: <span class=\"mark wrong\">✗ Wrong</span> — the right answer: <span dir=\"auto\">GAPANSWER</span>"))
    #expect(cloze.contains("Gap 2: <span class=\"mark right\">✓ Right</span>"))
    #expect(cloze.contains("the right answer: <span dir=\"auto\">red</span>"))
    let matching = QuestionPage.render(Fixtures.view(Fixtures.matching, saved: .matched([]), reveal: wrong))
    #expect(matching.contains("東京"))
  }

  /// The last question's Finish is a button of its answer form (`go=finish`: what the page holds
  /// is saved first); every other page has Skip, and Previous past the first; Submit comes
  /// first, so that Enter submits the answer rather than leaving the page.
  @Test func theLastQuestionOffersTheFinalSubmit() throws {
    func goButtons(_ page: PageTree) -> [String] {
      page.all("button").filter { $0.attribute("name") == "go" }.compactMap { $0.attribute("value") }
    }
    let page = try PageTree(QuestionPage.render(Fixtures.view(Fixtures.shortAnswer, number: 8, count: 8)))
    #expect(goButtons(page) == ["finish"])
    let first = try PageTree(QuestionPage.render(Fixtures.view(Fixtures.shortAnswer, number: 1, count: 8)))
    #expect(goButtons(first) == ["next"])
    #expect(first.all("button").first?.attribute("name") == nil)
    #expect(!first.all("form").contains { $0.attribute("action") == "/attempt/tok/submit" })
    var locked = Fixtures.view(Fixtures.shortAnswer, number: 8, count: 8)
    locked.locksSaved = true
    locked.saved = .text("Paris")
    let lockedPage = try PageTree(QuestionPage.render(locked))
    #expect(lockedPage.all("form").contains { $0.attribute("action") == "/attempt/tok/submit" })
    #expect(goButtons(lockedPage).isEmpty)
  }

  @Test func savedAnswersAreFilledIn() throws {
    let page = try PageTree(
      QuestionPage.render(Fixtures.view(Fixtures.matching, saved: .matched([StemMatch(stem: "jp", answer: "東京")]))))
    let japan = try #require(page.elements.first { $0.attribute("name") == "match.jp" })
    let selected = japan.children.compactMap {
      if case .element(let option) = $0, option.attribute("selected") != nil { option.attribute("value") } else { nil }
    }
    #expect(selected == ["1"])
  }
}
