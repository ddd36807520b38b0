import Foundation
import Locking
import QuizBankFormat
import QuizDomain
import QuizRepository
import TestSupport
import Testing

/// A served quiz with random slots (issue 36): each taker's attempt draws from the bank when it
/// starts, keeps those questions when resumed, sends nothing of the questions not drawn, and is
/// scored with the slots' points.
@Suite struct RandomSlotServingTests {
  /// Bank `pool`: p1…p4 in Cells tagged easy, p5 tagged hard whose prompt is a secret. Quiz
  /// `drawn`: two random slots over Cells tagged easy, worth 3 each.
  static func fixture() throws -> ServedFixture {
    let fixture = try ServedFixture()
    let repository = try fixture.repository()
    try repository.createBank("pool", title: "Pool")
    let cells = try CategoryPath.parse("Cells").get()
    for number in 1...5 {
      let bank = try QuizBankReader.read(
        Array(
          #"""
          {"format": "quiz-bank/1", "quizzes": [{"id": "x", "title": "x", "sections": [{"questions": [
            {"id": "p\#(number)", "prompt": "\#(number == 5 ? "SECRET-HARD" : "Pool question \(number)")",
             "tags": ["\#(number == 5 ? "hard" : "easy")"],
             "choices": [{"id": "y", "text": "yes", "correct": true}, {"id": "n", "text": "no", "correct": false}]}
          ]}]}]}
          """#.utf8))
      let question = try #require(bank.quizzes.first?.questions.first)
      try repository.addQuestion(question, toBank: "pool", category: cells)
    }
    let quiz = try QuizBankReader.read(
      Array(
        #"""
        {"format": "quiz-bank/1", "quizzes": [{"id": "drawn", "title": "Drawn", "sections": [{"questions": [
          {"random": {"bank": "pool", "category": "Cells", "tags": ["easy"], "count": 2}, "points": 3}
        ]}]}]}
        """#.utf8))
    _ = try repository.saveQuiz(try #require(quiz.quizzes.first))
    return fixture
  }

  static func questionIDs(_ reply: RawHTTPResponse) -> [String] {
    (reply.json["questions"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test func eachTakerIsGivenADrawThatResumesAndScoresWithTheSlotsPoints() throws {
    let fixture = try Self.fixture()
    let list = try fixture.request("GET", "/api/quizzes")
    let listed = (list.json["quizzes"] as? [[String: Any]])?.first { $0["id"] as? String == "drawn" }
    #expect(listed?["questions"] as? Int == 2, "\(list.text)")

    let signIn = try fixture.signIn("Ana", quiz: "drawn")
    #expect(signIn.status == 201, "\(signIn.text)")
    let token = try #require(signIn.json["attempt"] as? String)
    let attempt = try fixture.request("GET", "/api/attempts/\(token)")
    let given = Self.questionIDs(attempt)
    #expect(given.count == 2 && Set(given).count == 2, "\(attempt.text)")
    #expect(Set(given).isSubset(of: ["p1", "p2", "p3", "p4"]), "\(given)")
    #expect(attempt.json["max_score"] as? Double == 6)
    let points = (attempt.json["questions"] as? [[String: Any]] ?? []).map { $0["points"] as? Double }
    #expect(points == [3, 3], "\(attempt.text)")
    // Nothing of a question not drawn: not the hard one, not the easy ones left out.
    for number in 1...5 where !given.contains("p\(number)") {
      let text = number == 5 ? "SECRET-HARD" : "Pool question \(number)"
      #expect(!signIn.text.contains(text) && !attempt.text.contains(text), "\(text) was sent")
    }

    // Signing in again resumes the same draw.
    let code = try #require(signIn.json["resume_code"] as? String)
    let again = try fixture.signIn("Ana", quiz: "drawn", resume: code)
    #expect(again.json["attempt"] as? String == token, "\(again.text)")
    #expect(Self.questionIDs(try fixture.request("GET", "/api/attempts/\(token)")) == given)

    // A question the attempt was not given cannot be answered.
    let other = try #require(["p1", "p2", "p3", "p4"].first { !given.contains($0) })
    let refused = try fixture.request("PUT", "/api/attempts/\(token)/answers/\(other)", json: #"{"selected": ["1"]}"#)
    #expect(refused.status == 404, "\(refused.text)")

    for id in given {
      let saved = try fixture.request("PUT", "/api/attempts/\(token)/answers/\(id)", json: #"{"selected": ["1"]}"#)
      #expect(saved.status == 200, "\(id): \(saved.text)")
    }
    let submitted = try fixture.request("POST", "/api/attempts/\(token)/submit")
    #expect(submitted.status == 200, "\(submitted.text)")
    #expect(submitted.json["score"] as? Double == 6 && submitted.json["max_score"] as? Double == 6)
    let recorded = try #require(try fixture.repository().attemptSummaries().first)
    #expect(recorded.score == 6 && recorded.maxScore == 6)
  }

  /// Many takers at once each get two different questions of the filter, and between them the
  /// whole filter is drawn (a draw is not the same for everyone).
  @Test func takersSigningInAtOnceEachGetAWholeDraw() throws {
    let fixture = try Self.fixture()
    let draws = Locked<[[String]]>([])
    let group = DispatchGroup()
    // Read only: each thread sends its own requests to the one server.
    nonisolated(unsafe) let shared = fixture
    for taker in 0..<12 {
      group.enter()
      DispatchQueue.global().async {
        defer { group.leave() }
        guard let signIn = try? shared.signIn("Taker \(taker)", quiz: "drawn"),
          let token = signIn.json["attempt"] as? String,
          let attempt = try? shared.request("GET", "/api/attempts/\(token)")
        else { return }
        draws.withLock { $0.append(Self.questionIDs(attempt)) }
      }
    }
    #expect(group.wait(timeout: .now() + 60) == .success)
    let all = draws.withLock { $0 }
    #expect(all.count == 12)
    #expect(all.allSatisfy { $0.count == 2 && Set($0).count == 2 && Set($0).isSubset(of: ["p1", "p2", "p3", "p4"]) })
    #expect(Set(all.flatMap { $0 }) == ["p1", "p2", "p3", "p4"], "\(all)")
  }
}
