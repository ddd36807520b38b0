import Foundation
import QuizBankFormat
import QuizDomain
import QuizServer
import TestSupport
import Testing

/// An `https://` image the sanitiser keeps in a question shows: the page's policy lets that
/// origin's images in (it blocked them: "img-src 'self' data:"), and no other origin's; pages
/// without such images keep the strict policy.
@Suite(.serialized) struct ImagePolicyTests {
  @Test func aQuestionsRemoteImageIsAllowedByItsPagesPolicyOnly() throws {
    let fixture = try ServedFixture()
    let document = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "pics", "title": "Pics", "sections": [{"questions": [
        {"id": "cat", "text_format": "html",
         "prompt": "<p>Which animal? <img src=\\\"https://images.example.org:8443/cat.png\\\" alt=\\\"an animal\\\"></p>",
         "choices": [{"id": "a", "text": "Cat", "correct": true}, {"id": "b", "text": "Dog", "correct": false}]},
        {"id": "plain", "prompt": "No picture", "choices": [{"id": "a", "text": "Yes", "correct": true},
          {"id": "b", "text": "No", "correct": false}]}]}]}]}
      """
    for quiz in try QuizBankReader.read(Array(document.utf8)).quizzes { _ = try fixture.repository().saveQuiz(quiz) }
    let browser = Browser(fixture)
    try PageFlow.signIn(browser, taker: "Ana", quiz: "pics")
    let pictured = try browser.get("/attempt?q=1")
    #expect(pictured.text.contains("src=\"https://images.example.org:8443/cat.png\""), "\(pictured.text)")
    let policy = try #require(pictured.header("content-security-policy"))
    #expect(policy.contains("img-src 'self' data: https://images.example.org:8443;"), "\(policy)")
    #expect(policy.contains("script-src 'self';") && policy.contains("default-src 'self';"))
    let plain = try browser.get("/attempt?q=2")
    #expect(plain.header("content-security-policy")?.contains("img-src 'self' data:;") == true)
  }
}
