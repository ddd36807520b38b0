import Foundation
import QuizBankFormat
import QuizDomain
import QuizRepository
import QuizServer
import TestSupport
import Testing

/// The JSON API end to end on a real server (port 0) and a real database.
@Suite(.serialized) struct APIFlowTests {
  static let answers: [(question: String, json: String)] = [
    ("pick", #"{"selected": ["1"]}"#),
    ("capital", #"{"response": "Paris"}"#),
    ("pi", #"{"response": "3.14", "unit": "rad"}"#),
    ("cities", #"{"matched": {"a": "Paris", "b": "Tokyo"}}"#),
    ("why", #"{"response": "Because it is simple"}"#),
    ("gaps", #"{"parts": [{"response": "France"}, {"selected": ["2"]}]}"#),
  ]

  @Test func everyKindIsAnsweredSubmittedAndRecordedWithTheScoreGradeGives() throws {
    let fixture = try ServedFixture()
    let signIn = try fixture.signIn("Ana")
    #expect(signIn.status == 201, "\(signIn.text)")
    let token = try #require(signIn.json["attempt"] as? String)
    #expect(token.count == 32)
    for (question, json) in Self.answers {
      let saved = try fixture.request("PUT", "/api/attempts/\(token)/answers/\(question)", json: json)
      #expect(saved.status == 200, "\(question): \(saved.text)")
      #expect(saved.json["saved"] as? Bool == true)
    }
    let state = try fixture.request("GET", "/api/attempts/\(token)")
    #expect((state.json["answers"] as? [String: Any])?.count == Self.answers.count)
    let submitted = try fixture.request("POST", "/api/attempts/\(token)/submit")
    #expect(submitted.status == 200, "\(submitted.text)")
    // What `quiz grade` computes for the same answers: the domain's scoring of the quiz.
    let repository = try fixture.repository()
    let quiz = try repository.requireQuiz("every").quiz
    let expected = Scoring.score(
      Attempt(
        quiz: "every", taker: "Ana",
        answers: try Self.answers.map { question, json in
          // Sent with choices named by their shown positions; `grade` names them by stored id.
          var answer = try QuizBankReader.readAnswer(Array(json.utf8), question: question)
          let shown = try #require(quiz.questions.first { $0.id == question })
          answer.response = try ShownChoiceIDs.stored(answer.response, of: shown).get()
          return answer
        }),
      in: quiz)
    #expect(submitted.json["score"] as? Double == expected.score)
    #expect(submitted.json["max_score"] as? Double == quiz.maxScore)
    let history = try repository.attemptSummaries()
    #expect(history.map(\.taker) == ["Ana"])
    #expect(history.first?.score == expected.score)
    #expect(try fixture.request("POST", "/api/attempts/\(token)/submit").status == 409)
    #expect(
      try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["2"]}"#).status == 409)
    #expect(try fixture.signIn("Ana").status == 409)
  }

  /// An attempt begun on a server without a time limit gets the limit of a server with one that
  /// takes it up (a restart with --time-limit), from then on: it had none at all.
  @Test func anAttemptBegunWithoutALimitGetsTheLimitOfTheServerTakingItUp() throws {
    let fixture = try ServedFixture()
    let signIn = try fixture.signIn("Ana")
    let token = try #require(signIn.json["attempt"] as? String)
    #expect(signIn.json["deadline"] is NSNull)
    var configuration = QuizServerConfiguration(databasePath: fixture.databasePath)
    configuration.port = 0
    configuration.quizzes = nil
    configuration.timeLimit = 600
    let limited = try QuizServer(configuration)
    defer { limited.stop() }
    let state = try RawHTTP.request(port: limited.port, "GET", "/api/attempts/\(token)")
    let deadline = try #require(state.json["deadline"] as? String, "\(state.text)")
    #expect(!deadline.isEmpty)
  }

  @Test func signingInAgainResumesWithTheSameTokenAnswersAndDeadline() throws {
    let fixture = try ServedFixture { $0.timeLimit = 600 }
    let first = try fixture.signIn("Ana")
    let token = try #require(first.json["attempt"] as? String)
    let deadline = try #require(first.json["deadline"] as? String)
    #expect(
      try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["2"]}"#).status == 200)
    let code = try #require(first.json["resume_code"] as? String)
    let again = try fixture.signIn("Ana", resume: code)
    #expect(again.status == 200)
    #expect(again.json["attempt"] as? String == token)
    #expect(again.json["deadline"] as? String == deadline)
    #expect(((again.json["answers"] as? [String: Any])?["pick"] as? [String: Any])?["selected"] as? [String] == ["2"])
  }

  @Test func badBodiesAreRefusedAtTheirJSONPath() throws {
    let fixture = try ServedFixture()
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let wrong = try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": "1"}"#)
    #expect(wrong.status == 400)
    #expect((wrong.json["error"] as? String)?.contains("$.selected") == true, "\(wrong.text)")
    #expect(try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: "{").status == 400)
    #expect(try fixture.request("POST", "/api/attempts", json: #"{"quiz": "every"}"#).status == 400)
    #expect(try fixture.request("POST", "/api/attempts", json: #"{"quiz": "nope", "taker": "A"}"#).status == 404)
    #expect(try fixture.request("GET", "/api/nothing").status == 404)
  }

  @Test func theQuizListAndPingAnswer() throws {
    // Over a socket: the body limit is the transport's.
    let fixture = try ServedFixture(overSocket: true) {
      $0.quizzes = ["short"]; $0.timeLimit = 90
    }
    let list = try fixture.request("GET", "/api/quizzes")
    let quizzes = try #require(list.json["quizzes"] as? [[String: Any]])
    #expect(quizzes.map { $0["id"] as? String } == ["short"])
    #expect(quizzes.first?["questions"] as? Int == 2)
    #expect(quizzes.first?["time_limit"] as? Double == 90)
    #expect(try fixture.request("GET", "/api/ping").json["ok"] as? Bool == true)
    // The PUT floor of the throughput run: the body is read and ignored, within the body limit.
    let put = try fixture.request("PUT", "/api/ping", json: #"{"selected": ["2"]}"#)
    #expect(put.status == 200 && put.json["ok"] as? Bool == true)
    let tooLarge = try fixture.request("PUT", "/api/ping", json: String(repeating: " ", count: 70_000))
    #expect(tooLarge.status == 413)
    // A quiz the server does not serve is as unknown as one that does not exist.
    #expect(try fixture.signIn("Ana", quiz: "every").status == 404)
  }

  @Test func revealEachSaysRightOrWrongThenLocksTheAnswer() throws {
    let fixture = try ServedFixture { $0.reveal = .each }
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let saved = try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["2"]}"#)
    #expect(saved.status == 200, "\(saved.text)")
    #expect(saved.json["fraction"] as? Double == 0)
    #expect((saved.json["right"] as? [String: Any])?["selected"] as? [String] == ["1"])
    #expect((saved.json["feedback"] as? String)?.contains("SECRET-OUTCOME") == true)
    let changed = try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["1"]}"#)
    #expect(changed.status == 409)
  }

  @Test func revealNeverGivesOnlyTheScore() throws {
    let fixture = try ServedFixture { $0.reveal = .never }
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    let saved = try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["1"]}"#)
    #expect(saved.json["fraction"] == nil && saved.json["right"] == nil)
    let submitted = try fixture.request("POST", "/api/attempts/\(token)/submit")
    #expect(submitted.json["score"] as? Double == 1)
    #expect(submitted.json["review"] == nil)
    #expect(!submitted.text.contains("SECRET"))
  }

  /// The deadline is the whole limit after the sign-in (a whole second, rounded up), not cut
  /// by the part of a second a timestamp drops (a hostile test saw 3.06 s of a 4 s limit).
  @Test func theDeadlineGivesTheWholeLimit() throws {
    let fixture = try ServedFixture { $0.timeLimit = 600 }
    for taker in ["Ana", "Bo", "Cy"] {
      let before = Date().timeIntervalSince1970
      let signedIn = try fixture.signIn(taker)
      let after = Date().timeIntervalSince1970
      let text = try #require(signedIn.json["deadline"] as? String)
      let deadline = try #require(ISO8601DateFormatter().date(from: text)).timeIntervalSince1970
      // At least the limit after the sign-in began; at most a second (the rounding up) more
      // than the limit after it ended.
      #expect(deadline - before >= 600 && deadline - after <= 601, "\(text) for a sign-in at \(before)–\(after)")
    }
  }

  @Test func aSaveAfterTheDeadlineIsRefusedAndTheAttemptKeepsWhatWasSaved() throws {
    // Long enough for the first save under ThreadSanitizer on a loaded machine; then past it.
    let fixture = try ServedFixture { $0.timeLimit = 3 }
    let token = try #require(try fixture.signIn("Ana").json["attempt"] as? String)
    #expect(
      try fixture.request("PUT", "/api/attempts/\(token)/answers/pick", json: #"{"selected": ["1"]}"#).status == 200)
    // The deadline is the whole limit after the sign-in, rounded up to a second: at most 4 s.
    Thread.sleep(forTimeInterval: 4.2)
    let late = try fixture.request("PUT", "/api/attempts/\(token)/answers/capital", json: #"{"response": "Paris"}"#)
    #expect(late.status == 409, "\(late.text)")
    #expect((late.json["error"] as? String)?.isEmpty == false)
    // The deadline's sweeper (every second, once the grace for a page's last answers is over)
    // records it with what was saved.
    var history = try fixture.repository().attemptSummaries()
    for _ in 0..<150 where history.isEmpty {
      Thread.sleep(forTimeInterval: 0.1)
      history = try fixture.repository().attemptSummaries()
    }
    #expect(history.count == 1)
    #expect(history.first?.score == 1)
  }
}
