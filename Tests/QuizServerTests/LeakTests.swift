import Foundation
import QuizBankFormat
import QuizDomain
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
      _ = try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["2"]}"#)
      let saved = try fixture.request("GET", "/api/attempts/\(token)")
      for secret in ServedFixture.secrets { #expect(!saved.text.contains(secret)) }
      #expect(Self.leakedKeys(saved.json).isEmpty && saved.json["revealed"] == nil)
    }
  }

  @Test func everyQuestionPageBeforeItsRevealGivesNothingAway() throws {
    let fixture = try ServedFixture { $0.reveal = .each }
    let browser = Browser(fixture)
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
      let reply = try fixture.request(method, path, json: method == "PUT" ? #"{"selected": ["1"]}"# : nil)
      #expect(reply.status == 404, "\(method) \(path): \(reply.status)")
    }
    var replies = [second]
    replies.append(try fixture.request("GET", "/api/attempts/\(token)"))
    replies.append(try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["1"]}"#))
    replies.append(try fixture.request("POST", "/api/attempts/\(token)/submit"))
    replies.append(try fixture.request("GET", "/api/quizzes"))
    let browser = Browser(fixture)
    browser.cookies["quiz_attempt"] = token
    replies.append(try browser.get("/review"))
    browser.cookies["quiz_attempt"] = guessed
    let unknown = try browser.get("/attempt")
    #expect(unknown.status == 404)
    replies.append(unknown)
    for reply in replies { #expect(!reply.text.contains("Anastasia"), "\(reply.text)") }
  }

  /// A shuffled question whose right answer was written first (stored as `a`, as GIFT, Moodle
  /// XML and `add question --right` store it) is sent with its choices named by their shown
  /// positions: no id says which was written first, in the JSON or the page, and an answer
  /// names a choice by its position (a stored id is no choice).
  @Test func choiceIDsAreTheirShownPositionsNotTheStoredIDs() throws {
    let fixture = try ServedFixture()
    let keyed = """
      {"format": "quiz-bank/1", "quizzes": [{"id": "keyed", "title": "Keyed", "sections": [{"questions": [
        {"id": "q", "prompt": "Which?", "shuffle": true, "choices": [
          {"id": "a", "text": "RIGHT", "correct": true}, {"id": "b", "text": "w1", "correct": false},
          {"id": "c", "text": "w2", "correct": false}, {"id": "d", "text": "w3", "correct": false}]},
        {"id": "g", "type": "cloze", "prompt": "Pick {#1}.", "parts": [{"kind": "choice", "shuffle": true, "choices": [
          {"id": "a", "text": "GAPRIGHT", "correct": true}, {"id": "b", "text": "x", "correct": false},
          {"id": "c", "text": "y", "correct": false}]}]}]}]}]}
      """
    for quiz in try QuizBankReader.read(Array(keyed.utf8)).quizzes { _ = try fixture.repository().saveQuiz(quiz) }
    var rightPositions: Set<String> = []
    for taker in 0..<12 {
      let signIn = try fixture.signIn("Taker \(taker)", quiz: "keyed")
      let token = try #require(signIn.json["attempt"] as? String)
      let questions = try #require(signIn.json["questions"] as? [[String: Any]])
      let choices = try #require(questions[0]["choices"] as? [[String: Any]])
      #expect(choices.compactMap { $0["id"] as? String } == ["1", "2", "3", "4"])
      let gap = try #require((questions[1]["gaps"] as? [[String: Any]])?.first?["choices"] as? [[String: Any]])
      #expect(gap.compactMap { $0["id"] as? String } == ["1", "2", "3"])
      let right = try #require(choices.first { ($0["text"] as? String) == "RIGHT" }?["id"] as? String)
      rightPositions.insert(right)
      let browser = Browser(fixture)
      browser.cookies["quiz_attempt"] = token
      let page = try browser.get("/attempt?q=1").text
      for stored in ["a", "b", "c", "d"] { #expect(!page.contains("value=\"\(stored)\""), "\(page)") }
      let path = "/api/attempts/\(token)/answers/q"
      let byStoredID = try fixture.request("PUT", path, json: #"{"selected": ["a"]}"#)
      #expect(byStoredID.status == 400 && byStoredID.text.contains("unknown choice"), "\(byStoredID.text)")
      #expect(try fixture.request("PUT", path, json: #"{"selected": ["\#(right)"]}"#).status == 200)
      let state = try fixture.request("GET", "/api/attempts/\(token)")
      let saved = (state.json["answers"] as? [String: Any])?["q"] as? [String: Any]
      #expect(saved?["selected"] as? [String] == [right])
      let submitted = try fixture.request("POST", "/api/attempts/\(token)/submit")
      #expect(submitted.json["score"] as? Double == 1, "\(submitted.text)")
      let review = try #require(submitted.json["review"] as? [[String: Any]])
      #expect((review[0]["right"] as? [String: Any])?["selected"] as? [String] == [right])
    }
    // Shuffled for each taker: the right answer is not always in one place.
    #expect(rightPositions.count > 1)
  }
}
