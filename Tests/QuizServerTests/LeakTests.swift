import Foundation
import QuizServer
import Testing

/// Nothing that gives an answer away, and nothing of another taker, is ever sent.
@Suite(.serialized) struct LeakTests {
  /// Keys that would carry correctness, grading or feedback.
  static let answerKeys: Set<String> = [
    "correct", "weight", "fraction", "feedback", "tolerance", "answers_accepted", "grader_info", "explanation",
    "right", "score", "hints", "outcome_feedback",
  ]

  static func keys(of value: Any, path: String = "$") -> [String] {
    switch value {
    case let object as [String: Any]:
      return object.flatMap { key, inner in [path + "." + key] + keys(of: inner, path: path + "." + key) }
    case let array as [Any]:
      return array.enumerated().flatMap { keys(of: $1, path: path + "[\($0)]") }
    default:
      return []
    }
  }

  static func leakedKeys(_ json: [String: Any]) -> [String] {
    // Saved answers are the taker's own (`$.answers`); everything else must name no answer key.
    let questions = json["questions"] ?? []
    return keys(of: questions, path: "$.questions").filter {
      answerKeys.contains(String($0.split(separator: ".").last ?? ""))
    }
  }

  @Test(arguments: RevealPolicy.allCases)
  func theSignInAndTheStateOfEveryKindGiveNothingAway(_ reveal: RevealPolicy) throws {
    let fixture = try ServedFixture { $0.reveal = reveal }
    let signIn = try fixture.signIn("Ana")
    #expect(signIn.status == 201)
    let token = try #require(signIn.json["attempt"] as? String)
    let kinds = Set((signIn.json["questions"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String })
    #expect(kinds == ["choice", "short-answer", "numerical", "matching", "essay", "description", "cloze"])
    let state = try fixture.request("GET", "/api/attempts/\(token)")
    for reply in [signIn, state] {
      for secret in ServedFixture.secrets { #expect(!reply.text.contains(secret), "\(secret) in \(reply.text)") }
      #expect(Self.leakedKeys(reply.json).isEmpty, "\(Self.leakedKeys(reply.json))")
      // With reveal `each` the state lists what was revealed: nothing yet.
      #expect(reply.json["review"] == nil && reply.json["score"] == nil)
      #expect((reply.json["revealed"] as? [String: Any])?.isEmpty ?? true)
    }
    if reveal != .each {
      // Answers saved but not revealed: the state still holds none of it.
      _ = try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["b"]}"#)
      let saved = try fixture.request("GET", "/api/attempts/\(token)")
      for secret in ServedFixture.secrets { #expect(!saved.text.contains(secret)) }
      #expect(Self.leakedKeys(saved.json).isEmpty && saved.json["revealed"] == nil)
    }
  }

  @Test func everyQuestionPageBeforeItsRevealGivesNothingAway() throws {
    let fixture = try ServedFixture { $0.reveal = .each }
    let browser = Browser(port: fixture.port)
    try PageFlow.signIn(browser, taker: "Ana")
    for number in 1...7 {
      let page = try browser.get("/attempt?q=\(number)")
      #expect(page.status == 200)
      for secret in ServedFixture.secrets { #expect(!page.text.contains(secret), "question \(number): \(secret)") }
      #expect(!page.text.contains("class=\"reveal"))
    }
  }

  @Test func anotherTakersTokenIsNotFoundAndNoReplyNamesAnotherTaker() throws {
    let fixture = try ServedFixture()
    let first = try fixture.signIn("Anastasia Firsttaker")
    #expect(first.status == 201)
    let second = try fixture.signIn("Bartholomew Second")
    let token = try #require(second.json["attempt"] as? String)
    let guessed = String(repeating: "0", count: 32)
    for (method, path) in [
      ("GET", "/api/attempts/\(guessed)"), ("POST", "/api/attempts/\(guessed)/submit"),
      ("PUT", "/api/attempts/\(guessed)/answers/pick"), ("GET", "/api/attempts/not-a-token"),
    ] {
      let reply = try fixture.request(method, path, json: method == "PUT" ? #"{"selected": ["a"]}"# : nil)
      #expect(reply.status == 404, "\(method) \(path): \(reply.status)")
    }
    var replies = [second]
    replies.append(try fixture.request("GET", "/api/attempts/\(token)"))
    replies.append(try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["a"]}"#))
    replies.append(try fixture.request("POST", "/api/attempts/\(token)/submit"))
    replies.append(try fixture.request("GET", "/api/quizzes"))
    let browser = Browser(port: fixture.port)
    browser.cookies["quiz_attempt"] = token
    replies.append(try browser.get("/review"))
    browser.cookies["quiz_attempt"] = guessed
    let unknown = try browser.get("/attempt")
    #expect(unknown.status == 404)
    replies.append(unknown)
    for reply in replies { #expect(!reply.text.contains("Anastasia"), "\(reply.text)") }
  }
}
