import QuizDomain
import Testing
import XML

@testable import QuizServer

@Suite struct OtherPagesTests {
  @Test func signInWithAPickerAndARoster() throws {
    let page = try PageTree(
      SignInPage.render(
        SignInView(
          quizzes: [.init(id: "a", title: "Alpha"), .init(id: "b", title: "Beta")], usesRoster: true, csrf: "t")))
    #expect(page.element(id: "quiz")?.name == "select")
    #expect(page.element(id: "taker")?.attribute("required") != nil)
    #expect(page.element(id: "code")?.attribute("type") == "password")
    #expect(page.all("input").contains { $0.attribute("name") == "csrf" && $0.attribute("value") == "t" })
    #expect(page.unlabelledControls.isEmpty)
    // No quiz to name: the title is not "Sign in — Sign in"; the field stops where names do.
    #expect(page.all("title").first.map(PageTree.text) == "Sign in")
    #expect(page.element(id: "taker")?.attribute("maxlength") == "\(TakerName.maxLength)")
  }

  @Test func signInForOneQuizHasNoPickerNorCode() throws {
    let page = try PageTree(
      SignInPage.render(
        SignInView(quizzes: [.init(id: "a", title: "Alpha")], usesRoster: false, csrf: "t", error: "Wrong code")))
    #expect(page.element(id: "quiz") == nil)
    #expect(page.all("input").contains { $0.attribute("name") == "quiz" && $0.attribute("value") == "a" })
    #expect(page.element(id: "code") == nil)
    #expect(page.all("h1").map(PageTree.text) == ["Alpha"])
    #expect(page.elements.contains { $0.attribute("role") == "alert" && PageTree.text($0) == "Wrong code" })
  }

  @Test func theReviewShowsEachAnswerOrOnlyTheScore() throws {
    let items = [
      ReviewView.Item(
        question: Fixtures.choice, number: 1, response: .choices(["b"]),
        reveal: RevealView(fraction: 0, score: 0, points: 1, feedback: ["\(Fixtures.secret)-B"])),
      ReviewView.Item(
        question: Fixtures.shortAnswer, number: 2, response: .text("Lyon"),
        reveal: RevealView(fraction: 0, score: 0, points: 1)),
    ]
    let review = ReviewPage.render(ReviewView(quizTitle: "Q", taker: "Ann", score: 0, maxScore: 2, items: items))
    #expect(review.contains("Your score: <strong>0</strong> of 2"))
    #expect(review.contains("Grass") && review.contains("Lyon") && review.contains("ACCEPTEDPARIS"))
    #expect(review.contains("\(Fixtures.secret)-B"))
    // Every id once, every section named by its own heading; no live region read out on load
    // but the score.
    let tree = try PageTree(review)
    let ids = tree.elements.compactMap { $0.attribute("id") }
    #expect(ids.count == Set(ids).count, "\(ids)")
    for section in tree.all("section") {
      #expect(section.attribute("aria-labelledby").flatMap { tree.element(id: $0) } != nil)
    }
    #expect(tree.elements.filter { $0.attribute("aria-live") != nil }.isEmpty)
    let never = ReviewPage.render(ReviewView(quizTitle: "Q", taker: "Ann", score: 1.5, maxScore: 2))
    #expect(never.contains("Your score: <strong>1.5</strong> of 2"))
    #expect(!never.contains("Question"))
  }

  @Test func messages() throws {
    let page = try PageTree(MessagePage.render(.alreadySubmitted(quizTitle: "Q", link: (href: "/", label: "Start"))))
    #expect(page.html.contains("submitted this quiz already"))
    #expect(page.all("a").map { $0.attribute("href") } == ["/"])
    #expect(MessagePage.render(.timeIsUp(quizTitle: "Q")).contains("time is up"))
  }

  @Test func monitorRows() {
    let row = MonitorPage.row(
      MonitorRow(
        quiz: "q", taker: "Ann", answered: 3, questions: 20, score: 2.5, maxScore: 20, secondsLeft: 61, submitted: false
      ))
    #expect(row.contains("<td>3 of 20</td><td>2.5 of 20</td><td>1:01</td><td>In progress</td>"))
    let done = MonitorPage.row(
      MonitorRow(
        quiz: "q", taker: "Ann", answered: 20, questions: 20, score: 20, maxScore: 20, secondsLeft: nil, submitted: true
      ))
    #expect(done.contains("<td>Submitted</td>"))
  }

  /// The monitor counts its rows by state and offers a filter, for a class of hundreds.
  @Test func monitorCountsAndFilter() throws {
    func row(_ taker: String, left: Int?, submitted: Bool) -> MonitorRow {
      MonitorRow(
        quiz: "q", taker: taker, answered: 0, questions: 2, score: 0, maxScore: 2, secondsLeft: left,
        submitted: submitted)
    }
    let rows = [
      row("Ann", left: 30, submitted: false), row("Bo", left: 0, submitted: false),
      row("Cy", left: nil, submitted: true), row("Di", left: nil, submitted: false),
    ]
    let page = try PageTree(MonitorPage.render(rows: rows, token: "t"))
    let counts = try #require(page.element(id: "monitor-counts"))
    #expect(PageTree.text(counts) == "4 attempts: 2 in progress, 1 time up, 1 submitted")
    #expect(page.element(id: "monitor-filter")?.attribute("type") == "search")
    #expect(page.unlabelledControls.isEmpty)
    #expect(
      MonitorPage.counts([row("Ann", left: nil, submitted: false)])
        == "1 attempt: 1 in progress, 0 time up, 0 submitted")
  }
}
