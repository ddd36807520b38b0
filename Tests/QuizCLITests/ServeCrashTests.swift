import Foundation
import Locking
import Testing

/// Every answer `quiz serve` acknowledged survives a `kill -9` of the server in the middle of
/// the load (issue 23): restarted on the same database, each taker resumes with all of them.
@Suite struct ServeCrashTests {
  static let quiz = "crash"
  static let questionCount = 10
  static let takerCount = 20
  static let threadCount = 4

  /// One quiz of `questionCount` choice questions, `q00` to `q09`, of four choices `a` to `d`.
  static var bank: String {
    let questions = (0..<questionCount).map { number in
      """
      {"id": "q\(String(format: "%02d", number))", "prompt": "Question \(number)?", "choices": [
        {"id": "a", "text": "A", "correct": true}, {"id": "b", "text": "B", "correct": false},
        {"id": "c", "text": "C", "correct": false}, {"id": "d", "text": "D", "correct": false}]}
      """
    }
    return """
      {"format": "quiz-bank/1", "quizzes": [{"id": "\(quiz)", "title": "Crash",
        "sections": [{"title": "All", "questions": [\(questions.joined(separator: ","))]}]}]}
      """
  }

  /// What taker `taker` picks for question `question`: varied, so that a lost or misplaced
  /// answer shows.
  /// Choices are named by their place in the order shown (the questions are not shuffled).
  static func choice(taker: Int, question: Int) -> String { ["1", "2", "3", "4"][(taker + question) % 4] }

  static func takerName(_ number: Int) -> String { "taker-\(number)" }

  @Test func acknowledgedAnswersSurviveKillNine() throws {
    let workspace = try Workspace()
    let bank = try workspace.write("bank.json", Self.bank)
    #expect(try workspace.quiz("import", bank).status == 0)
    let first = try ServeProcess(workspace, [Self.quiz, "--reveal", "end"])
    defer { first.crash() }
    let client = ServeClient(base: first.base)
    let tokens = try (0..<Self.takerCount).map { try Self.signIn(client, taker: $0, expecting: 201) }

    // The load: threads PUT every taker's answers, recording each one acknowledged; the server
    // is killed once a third of them are in, while the threads are still sending.
    let acknowledged = Locked<[Int: [String: String]]>([:])
    let total = Self.takerCount * Self.questionCount
    let group = DispatchGroup()
    for thread in 0..<Self.threadCount {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        Self.answerUntilRefused(client, tokens: tokens, thread: thread, into: acknowledged)
      }
    }
    let killAt = Date().addingTimeInterval(120)
    while acknowledged.withLock({ $0.values.reduce(0) { $0 + $1.count } }) < total / 3 && Date() < killAt {
      Thread.sleep(forTimeInterval: 0.005)
    }
    first.crash()
    #expect(group.wait(timeout: .now() + 60) == .success, "the answering threads did not stop within 60 s")
    let saved = acknowledged.withLock { $0 }
    let savedCount = saved.values.reduce(0) { $0 + $1.count }
    #expect(savedCount >= total / 3, "only \(savedCount) answers were acknowledged before the kill")
    #expect(savedCount < total, "every answer was in before the kill: the test did not kill mid-load")

    let second = try ServeProcess(workspace, [Self.quiz, "--reveal", "end"])
    defer { second.stop() }
    try Self.checkResumed(ServeClient(base: second.base), tokens: tokens, saved: saved)
  }

  /// Signs taker `number` in; returns the attempt's token.
  static func signIn(_ client: ServeClient, taker number: Int, expecting status: Int) throws -> String {
    let reply = client.call("POST", "/api/attempts", body: ["quiz": quiz, "taker": takerName(number)])
    guard let reply, reply.status == status, let token = reply.json["attempt"] as? String else {
      throw ServeFailure(
        description: "sign-in of \(takerName(number)): \(String(describing: reply?.status)) "
          + "\(String(describing: reply?.json)), expected \(status)")
    }
    return token
  }

  /// Thread `thread` of `threadCount` answers its share of the takers, question by question, until
  /// all are answered or the server stops replying.
  static func answerUntilRefused(
    _ client: ServeClient, tokens: [String], thread: Int, into acknowledged: borrowing Locked<[Int: [String: String]]>
  ) {
    let mine = stride(from: thread, to: tokens.count, by: threadCount)
    for question in 0..<questionCount {
      for taker in mine {
        let id = "q\(String(format: "%02d", question))"
        let picked = choice(taker: taker, question: question)
        let reply = client.call("PUT", "/api/attempts/\(tokens[taker])/answers/\(id)", body: ["selected": [picked]])
        guard let reply else { return }  // the server is gone
        guard reply.status == 200, reply.json["saved"] as? Bool == true else {
          Issue.record("PUT \(id) of \(takerName(taker)): \(reply.status) \(reply.json)")
          return
        }
        acknowledged.withLock { $0[taker, default: [:]][id] = picked }
      }
    }
  }

  /// After the restart: each taker signs in again and resumes (200) the same attempt with every
  /// acknowledged answer, which GET /api/attempts/TOKEN shows too; then answers the rest and
  /// submits.
  static func checkResumed(_ client: ServeClient, tokens: [String], saved: [Int: [String: String]]) throws {
    for taker in 0..<takerCount {
      // A name proves nothing without a roster: the attempt resumes with its resume code, the
      // first 8 hex digits of its token.
      let reply = client.call(
        "POST", "/api/attempts",
        body: ["quiz": quiz, "taker": takerName(taker), "resume": String(tokens[taker].prefix(8))])
      #expect(reply?.status == 200, "sign-in again of \(takerName(taker)): \(String(describing: reply?.json))")
      #expect(reply?.json["attempt"] as? String == tokens[taker], "\(takerName(taker)) did not resume the same attempt")
      let state = client.call("GET", "/api/attempts/\(tokens[taker])")
      for answers in [reply?.json["answers"], state?.json["answers"]] {
        let shown = answers as? [String: Any] ?? [:]
        for (question, picked) in saved[taker] ?? [:] {
          let selected = (shown[question] as? [String: Any])?["selected"] as? [String]
          #expect(selected == [picked], "\(takerName(taker)) lost the acknowledged answer \(picked) to \(question)")
        }
      }
      for question in 0..<questionCount where saved[taker]?["q\(String(format: "%02d", question))"] == nil {
        let id = "q\(String(format: "%02d", question))"
        let put = client.call("PUT", "/api/attempts/\(tokens[taker])/answers/\(id)", body: ["selected": ["1"]])
        #expect(put?.status == 200, "\(takerName(taker)) could not answer \(id) after the restart")
      }
      let submit = client.call("POST", "/api/attempts/\(tokens[taker])/submit")
      #expect(submit?.status == 200, "\(takerName(taker)) could not submit: \(String(describing: submit?.json))")
      #expect((submit?.json["max_score"] as? NSNumber)?.doubleValue == Double(questionCount))
    }
  }
}
