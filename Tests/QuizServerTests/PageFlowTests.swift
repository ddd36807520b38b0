import Foundation
import QuizRepository
import QuizServer
import Testing

/// The pages taken end to end by a browser without JavaScript: plain forms, redirects, cookies.
enum PageFlow {
  /// Signs in through the form; the attempt's cookie is then in the browser.
  static func signIn(_ browser: Browser, taker: String, quiz: String = "every", code: String? = nil) throws {
    let form = try browser.get("/")
    let csrf = try #require(Browser.hiddenField("csrf", in: form.text))
    var fields = [("csrf", csrf), ("quiz", quiz), ("taker", taker)]
    if let code { fields.append(("code", code)) }
    let signedIn = try browser.post("/sign-in", fields)
    #expect(signedIn.status == 303, "\(signedIn.text)")
    #expect(signedIn.header("location") == "/attempt")
  }

  /// The form fields that answer each question of the fixture's `every` quiz (rightly, but
  /// for the short answer).
  static func fields(for question: String, page: String) -> [(String, String)] {
    switch question {
    case "pick": return [("choice", "1")]
    case "capital": return [("response", "Lyon")]
    case "pi": return [("response", "3.14"), ("unit", "rad")]
    case "cities":
      return [("France", "Paris"), ("Japan", "Tokyo")].compactMap { stem, answer in
        matchField(stem: stem, answer: answer, page: page)
      }
    case "why": return [("response", "Because it is simple")]
    case "gaps": return [("gap.1", "France"), ("gap.2", "2")]
    default: return []
    }
  }

  /// The matching list of `stem` (by its label) and the value of the option `answer`.
  static func matchField(stem: String, answer: String, page: String) -> (String, String)? {
    guard let label = page.range(of: ">\(stem)</label>"),
      let name = page[label.upperBound...].firstMatch(of: #/name="(match\.[^"]+)"/#)
    else { return nil }
    var rest = page[name.range.upperBound...]
    while let found = rest.firstMatch(of: #/<option value="(\d+)"[^>]*>([^<]*)</#) {
      if found.output.2 == answer { return (String(name.output.1), String(found.output.1)) }
      rest = rest[found.range.upperBound...]
    }
    return nil
  }
}

@Suite(.serialized) struct PageFlowTests {
  @Test func aTakerSignsInAnswersEachKindSeesEachRevealSubmitsAndReadsTheReview() throws {
    let fixture = try ServedFixture { $0.reveal = .each }
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana")
    var page = try browser.get("/attempt")
    #expect(page.status == 200)
    var answered = 0
    for number in 1...7 {
      #expect(page.text.contains("Question \(number) of 7"), "\(page.text)")
      let question = try #require(Browser.hiddenField("question", in: page.text))
      let csrf = try #require(Browser.hiddenField("csrf", in: page.text))
      let fields = PageFlow.fields(for: question, page: page.text)
      let posted = try browser.post("/answer", [("csrf", csrf), ("question", question)] + fields)
      #expect(posted.status == 303, "\(question): \(posted.status) \(posted.text)")
      let location = try #require(posted.header("location"))
      if question == "intro" || question == "why" {
        // A description has nothing to save; an essay saved reveals nothing and stays open.
        #expect(location == "/attempt?q=\(number + 1)")
        if question == "why" { answered += 1 }
      } else {
        answered += 1
        #expect(location == "/attempt?q=\(number)")
        let revealed = try browser.get(location)
        #expect(revealed.text.contains("class=\"reveal"), "\(question) shows no reveal")
        #expect(revealed.text.contains(" disabled"), "\(question): the answer is not locked")
        if number < 7 { #expect(revealed.text.contains(">Next</a>")) }
        if question == "pick" { #expect(revealed.text.contains("SECRET-OUTCOME")) }
        if question == "capital" { #expect(revealed.text.contains("reveal wrong")) }
      }
      if number < 7 {
        let next = try browser.post("/next", [("csrf", csrf), ("question", question)])
        #expect(next.header("location") == "/attempt?q=\(number + 1)")
        page = try browser.get("/attempt?q=\(number + 1)")
      } else {
        page = try browser.get("/attempt?q=7")
      }
    }
    #expect(page.text.contains("Finish and submit the quiz"))
    let csrf = try #require(Browser.hiddenField("csrf", in: page.text))
    let submitted = try browser.post("/submit", [("csrf", csrf)])
    #expect(submitted.status == 303 && submitted.header("location") == "/review")
    let review = try browser.get("/review")
    #expect(review.status == 200)
    #expect(review.text.contains("Your score"))
    let history = try fixture.repository().attemptSummaries()
    #expect(history.map(\.taker) == ["Ana"])
    #expect(answered == 6)
    // After the submit the question pages lead to the review; signing in again says it was submitted.
    #expect(try browser.get("/attempt").header("location") == "/review")
    // From the browser it began in (its cookie is the proof a name is not).
    let form = try browser.get("/")
    let signIn = try browser.post(
      "/sign-in", [("csrf", Browser.hiddenField("csrf", in: form.text) ?? ""), ("quiz", "every"), ("taker", "Ana")])
    #expect(signIn.status == 409 && signIn.text.contains("submitted this quiz already"))
  }

  @Test func anEmptyAnswerIsRefusedWithThePageSayingWhy() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana")
    let page = try browser.get("/attempt?q=2")
    let csrf = try #require(Browser.hiddenField("csrf", in: page.text))
    for fields in [[("response", "   ")], []] {
      let refused = try browser.post("/answer", [("csrf", csrf), ("question", "capital")] + fields)
      #expect(refused.status == 400)
      #expect(refused.text.contains("role=\"alert\"") && refused.text.contains("Give an answer first"))
    }
    let pick = try browser.post("/answer", [("csrf", csrf), ("question", "pick")])
    #expect(pick.status == 400)
    #expect(try fixture.repository().servedAttemptSummaries(quizzes: nil).first?.answered == 0)
  }

  /// A radio group sends one value; two (`choice=a&choice=b`, which no page sends) are refused
  /// as the API refuses two choices of a single-answer question, not saved as the last one.
  @Test func aFieldGivenTwiceIsRefusedNotReadAsItsLastValue() throws {
    let fixture = try ServedFixture()
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana")
    let page = try browser.get("/attempt")
    let csrf = try #require(Browser.hiddenField("csrf", in: page.text))
    let refused = try browser.post("/answer", [("csrf", csrf), ("question", "pick"), ("choice", "1"), ("choice", "2")])
    #expect(refused.status == 400)
    #expect(refused.text.contains("choice: given more than once"), "\(refused.text)")
    #expect(try fixture.repository().servedAttemptSummaries(quizzes: nil).first?.answered == 0)
    let saved = try browser.post("/answer", [("csrf", csrf), ("question", "pick"), ("choice", "2")])
    #expect(saved.status == 303)
    #expect(try fixture.repository().servedAttemptSummaries(quizzes: nil).first?.answered == 1)
  }

  @Test func revealEndLetsTheTakerGoBackAndChangeAnAnswer() throws {
    let fixture = try ServedFixture { $0.quizzes = ["short"] }
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana", quiz: "short")
    let first = try browser.get("/attempt")
    let csrf = try #require(Browser.hiddenField("csrf", in: first.text))
    #expect(
      try browser.post("/answer", [("csrf", csrf), ("question", "one"), ("choice", "2")]).header("location")
        == "/attempt?q=2")
    #expect(try browser.get("/attempt").text.contains("Question 2 of 2"))
    #expect(try browser.post("/answer", [("csrf", csrf), ("question", "one"), ("choice", "1")]).status == 303)
    let back = try browser.get("/attempt?q=1")
    #expect(back.text.contains("value=\"1\" data-key=\"1\" checked") && !back.text.contains("class=\"reveal"))
    #expect(try browser.get("/attempt?q=9").status == 404)
    _ = try browser.post("/answer", [("csrf", csrf), ("question", "two"), ("choice", "1")])
    #expect(try browser.post("/submit", [("csrf", csrf)]).status == 303)
    #expect(try browser.get("/review").text.contains("<strong>2</strong> of 2"))
  }

  @Test func pastTheDeadlineTheQuestionPagesLeadToTheReviewOfWhatWasSaved() throws {
    let fixture = try ServedFixture {
      $0.quizzes = ["short"]
      // Long enough for the first page and save under ThreadSanitizer on a loaded machine.
      $0.timeLimit = 3
    }
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana", quiz: "short")
    let page = try browser.get("/attempt")
    #expect(page.text.contains("data-seconds-left=\""))
    let csrf = try #require(Browser.hiddenField("csrf", in: page.text))
    #expect(try browser.post("/answer", [("csrf", csrf), ("question", "one"), ("choice", "1")]).status == 303)
    // The deadline is the whole limit after the sign-in, rounded up to a second: at most 4 s.
    Thread.sleep(forTimeInterval: 4.2)
    let late = try browser.post("/answer", [("csrf", csrf), ("question", "two"), ("choice", "1")])
    #expect(late.status == 409 && late.text.contains("was not saved"), "\(late.text)")
    #expect(late.text.contains("href=\"/attempt\""))
    #expect(try browser.get("/attempt").header("location") == "/review")
    let review = try browser.get("/review")
    #expect(
      review.text.contains("The time was up") && review.text.contains("<strong>1</strong> of 2"), "\(review.text)")
    #expect(try fixture.repository().attemptSummaries().first?.score == 1)
    // Signing in again says the time was up, not that the taker submitted it.
    let form = try browser.get("/")
    let signIn = try browser.post(
      "/sign-in", [("csrf", Browser.hiddenField("csrf", in: form.text) ?? ""), ("quiz", "short"), ("taker", "Ana")])
    #expect(signIn.status == 409 && signIn.text.contains("The time is up"), "\(signIn.text)")
  }

  /// Refusals are pages under the API's statuses: a revealed answer changed is 409 with the
  /// question's page, a question the attempt does not have 404; neither changes what was saved.
  @Test func aRevealedAnswerChangedIs409AndAnUnknownQuestion404() throws {
    let fixture = try ServedFixture {
      $0.quizzes = ["short"]
      $0.reveal = .each
    }
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana", quiz: "short")
    let csrf = try #require(Browser.hiddenField("csrf", in: try browser.get("/attempt").text))
    #expect(try browser.post("/answer", [("csrf", csrf), ("question", "one"), ("choice", "2")]).status == 303)
    let changed = try browser.post("/answer", [("csrf", csrf), ("question", "one"), ("choice", "1")])
    #expect(changed.status == 409 && changed.text.contains("its answer cannot change"), "\(changed.text)")
    #expect(changed.text.contains("Question 1 of 2"))
    #expect(try browser.post("/answer", [("csrf", csrf), ("question", "nope"), ("choice", "1")]).status == 404)
    #expect(try browser.post("/submit", [("csrf", csrf)]).status == 303)
    #expect(try browser.get("/review").text.contains("<strong>0</strong> of 2"))
    let afterSubmit = try browser.post("/answer", [("csrf", csrf), ("question", "two"), ("choice", "1")])
    #expect(afterSubmit.status == 409 && afterSubmit.text.contains("submitted this quiz already"))
  }
}
