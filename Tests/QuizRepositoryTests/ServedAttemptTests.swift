import Foundation
import QuizBankFormat
import QuizDomain
import SQLite
import TestSupport
import Testing

@testable import QuizRepository

/// Served attempts (`quiz serve`) on a real database: sign-in, resume, answers, deadlines,
/// submission into an ordinary attempt.
@Suite struct ServedAttemptTests {
  let directory: TemporaryDirectory
  let repository: QuizRepository
  static let t0 = Timestamp(unixSeconds: 1_790_000_000)

  init() throws {
    directory = try TemporaryDirectory()
    repository = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    try repository.saveQuiz(Self.exam)
  }

  static func at(_ seconds: Double) -> Timestamp { Timestamp(unixSeconds: t0.unixSeconds + seconds) }

  /// A pool (2 of 3 shuffled choice questions), then a shuffled matching question and a short answer.
  static var exam: Quiz {
    var pool = ["p1", "p2", "p3"].map { Fixtures.question($0) }
    for index in pool.indices { pool[index].shuffle = true }
    let matching = Question(
      id: "m", prompt: "Match", points: 2, shuffle: true,
      body: .matching(
        Matching(
          pairs: [
            MatchPair(id: "fr", stem: "France", answer: "Paris"),
            MatchPair(id: "de", stem: "Germany", answer: "Berlin"),
            MatchPair(id: "it", stem: "Italy", answer: "Rome"),
          ], distractors: ["Madrid"])))
    let short = Question(
      id: "s", prompt: "Capital of Spain?", body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "Madrid")])))
    return Quiz(
      id: "exam", title: "Exam", scoring: .partial,
      sections: [
        Section(title: "Pool", pick: 2, questions: pool), Section(title: "Rest", questions: [matching, short]),
      ])
  }

  /// A first sign-in's new attempt (fails the test when the sign-in did not start one).
  func startedAttempt(_ taker: String = "ann") throws -> ServedAttempt {
    guard case .started(let attempt) = try signIn(taker) else { throw StartedAttemptMissing() }
    return attempt
  }

  struct StartedAttemptMissing: Error {}

  func signIn(_ taker: String = "ann", limit: Double? = nil, at time: Timestamp = t0) throws -> ServedSignIn {
    try repository.signIn(quiz: "exam", taker: taker, timeLimit: limit, now: time)
  }

  func save(_ token: String, _ answer: Answer, lock: Bool = false, at time: Timestamp = t0) throws -> ServedSave {
    try repository.saveServedAnswer(token: token, answer: answer, lockAnswered: lock, now: time)
  }

  /// A right answer to each question as `attempt` shows it.
  static func rightAnswer(to served: ServedQuestion) -> Answer {
    switch served.question.body {
    case .matching(let matching):
      return Answer(
        question: served.question.id,
        response: .matched(matching.pairs.map { StemMatch(stem: $0.id, answer: $0.answer) }))
    case .shortAnswer: return Answer(question: served.question.id, response: .text("Madrid"))
    default: return Answer(question: served.question.id, selected: served.question.correctChoiceIDs)
    }
  }

  // MARK: - Sign-in and resume

  @Test func signingInAgainResumesWithTheSameTokenDeadlineAndAnswers() throws {
    guard case .started(let first) = try signIn(limit: 600) else { Issue.record("not started"); return }
    #expect(first.token.count == 32 && first.token.allSatisfy { "0123456789abcdef".contains($0) })
    #expect(first.csrf.count == 32 && first.csrf != first.token)
    #expect(first.deadline == Self.at(600))
    #expect(first.questions.count == 4)
    #expect(first.maxScore == 5)
    let one = first.questions[0]
    _ = try save(first.token, Self.rightAnswer(to: one), at: Self.at(10))
    guard case .resumed(let again) = try signIn(limit: 1200, at: Self.at(100)) else {
      Issue.record("not resumed")
      return
    }
    #expect(again.token == first.token && again.csrf == first.csrf)
    #expect(again.deadline == Self.at(600))
    #expect(again.startedAt == Self.t0)
    #expect(again.questions.map(\.question) == first.questions.map(\.question))
    #expect(again.answers[one.question.id] == Self.rightAnswer(to: one))
    #expect(again.scores[one.question.id] == 1)
    #expect(try repository.servedAttempt(token: first.token)?.answers.count == 1)
    #expect(try repository.servedAttempt(token: String(repeating: "0", count: 32)) == nil)
    // Another taker gets an attempt of their own.
    guard case .started(let other) = try signIn("bob") else { Issue.record("not started"); return }
    #expect(other.token != first.token && other.deadline == nil)
  }

  @Test func theDrawAndShufflesAreTakesForTheSeedKept() throws {
    let attempt = try signIn().attempt
    let seed = try #require(
      try repository.database.fetchOne("SELECT seed FROM served_attempts", [], { UInt64(bitPattern: $0.int64(0)) }))
    let drawn = QuestionDraw.questions(of: Self.exam, seed: seed)
    let orders = PresentationOrder.draw(for: drawn, seed: seed)
    #expect(attempt.questions.map(\.question.id) == drawn.map(\.id))
    for (index, question) in drawn.enumerated() {
      #expect(attempt.questions[index].question == orders[index].apply(to: question))
      #expect(attempt.questions[index].answerChoices == orders[index].offeredAnswers(of: question))
      #expect(attempt.questions[index].version == 1)
    }
    let matching = try #require(attempt.question("m"))
    #expect(Set(matching.answerChoices) == ["Paris", "Berlin", "Rome", "Madrid"])
  }

  @Test func aQuizWithoutTheQuizOrQuestionsIsRefused() throws {
    #expect(throws: ServedAttemptError.unknownQuiz("nope")) {
      try repository.signIn(quiz: "nope", taker: "ann", timeLimit: nil, now: Self.t0)
    }
    try repository.saveQuiz(Quiz(id: "empty", title: "Empty", sections: [Section(questions: [])]))
    #expect(throws: RepositoryError.self) {
      try repository.signIn(quiz: "empty", taker: "ann", timeLimit: nil, now: Self.t0)
    }
    #expect(try repository.servedAttemptSummaries(quizzes: nil).isEmpty)
  }

  // MARK: - Saving answers

  @Test func answersAreCheckedAgainstThePinnedVersion() throws {
    let attempt = try signIn().attempt
    let choice = try #require(attempt.questions.first { $0.question.kind == .choice }).question.id
    func refusal(_ answer: Answer, lock: Bool = false) -> ServedAttemptError? {
      do {
        _ = try save(attempt.token, answer, lock: lock)
        return nil
      } catch let error as ServedAttemptError {
        return error
      } catch {
        return nil
      }
    }
    let unknown = refusal(Answer(question: choice, selected: ["z"]))
    #expect(
      unknown == .invalidAnswer("$.selected[0]: unknown choice \"z\" of question \"\(choice)\" (choices: a, b, c)"))
    #expect(
      refusal(Answer(question: choice, selected: ["a", "b"]))
        == .invalidAnswer("$.selected: question \"\(choice)\" takes one answer, 2 were selected"))
    #expect(refusal(Answer(question: choice, selected: [])) == .invalidAnswer("$.selected: no choice was selected"))
    #expect(
      refusal(Answer(question: "s", response: .text("  "))) == .invalidAnswer("$.response: the response is blank"))
    #expect(refusal(Answer(question: "m", response: .matched([]))) == .invalidAnswer("$.matched: no stem was matched"))
    #expect(
      refusal(Answer(question: "m", response: .matched([StemMatch(stem: "es", answer: "Madrid")])))
        == .invalidAnswer("$.matched.es: unknown stem \"es\" of question \"m\" (stems: fr, de, it)"))
    #expect(refusal(Answer(question: "s", response: .choices(["a"])))?.description.hasPrefix("$: ") == true)
    #expect(refusal(Answer(question: "nope", selected: ["a"])) == .unknownQuestion("nope"))
    let notDrawn = try #require(["p1", "p2", "p3"].first { attempt.question($0) == nil })
    #expect(refusal(Answer(question: notDrawn, selected: ["a"])) == .unknownQuestion(notDrawn))
    #expect(
      throws: ServedAttemptError.unknownAttempt,
      performing: { try save(String(repeating: "f", count: 32), Answer(question: choice, selected: ["a"])) })

    // A valid answer is saved and scored; changed unless locked.
    let wrong = try save(attempt.token, Answer(question: choice, selected: ["b"]))
    #expect(wrong.score == 0 && wrong.points == 1 && !wrong.locked)
    let right = try save(attempt.token, Answer(question: choice, selected: ["a"]))
    #expect(right.score == 1 && right.points == 1 && !right.locked)
    #expect(
      refusal(Answer(question: choice, selected: ["b"]), lock: true)
        == .locked(
          "question \"\(choice)\" was answered already: its answer cannot change"))
    let partial = try save(
      attempt.token, Answer(question: "m", response: .matched([StemMatch(stem: "fr", answer: "Paris")])), lock: true)
    #expect(partial.points == 2 && abs(partial.score - 2.0 / 3) < 1e-9 && partial.locked)
    let stored = try #require(try repository.servedAttempt(token: attempt.token))
    #expect(stored.answers[choice]?.selected == ["a"])
    #expect(stored.answers["m"]?.response == .matched([StemMatch(stem: "fr", answer: "Paris")]))
    #expect(abs(stored.score - (1 + 2.0 / 3)) < 1e-9)
  }

  // MARK: - Submitting

  @Test func aSubmittedAttemptIsAnOrdinaryAttemptWithItsScore() throws {
    let attempt = try signIn(at: Self.t0).attempt
    for question in attempt.questions { _ = try save(attempt.token, Self.rightAnswer(to: question), at: Self.at(30)) }
    let submitted = try repository.submitServedAttempt(token: attempt.token, now: Self.at(60))
    let result = try #require(submitted.submitted)
    #expect(result.score == 5 && result.maxScore == 5 && !result.expired)
    #expect(result.submittedAt == Self.at(60))
    #expect(throws: ServedAttemptError.alreadySubmitted) {
      try repository.submitServedAttempt(token: attempt.token, now: Self.at(61))
    }
    #expect(throws: ServedAttemptError.alreadySubmitted) {
      try save(attempt.token, Self.rightAnswer(to: attempt.questions[0]), at: Self.at(62))
    }
    guard case .submitted(let again) = try signIn(at: Self.at(70)) else { Issue.record("not submitted"); return }
    #expect(again.submitted?.attemptID == result.attemptID && again.token == attempt.token)

    // History, report, export and check see it as any attempt.
    let summaries = try repository.attemptSummaries(AttemptFilter(quiz: "exam"))
    #expect(summaries.map(\.id) == [result.attemptID])
    #expect(summaries.first?.taker == "ann" && summaries.first?.score == 5 && summaries.first?.maxScore == 5)
    #expect(summaries.first?.startedAt == Self.t0 && summaries.first?.submittedAt == Self.at(60))
    let detail = try repository.attemptDetail(result.attemptID)
    #expect(detail.answers.map(\.questionID).sorted() == attempt.questions.map(\.question.id).sorted())
    let report = try repository.reportAttempts(quiz: "exam")
    #expect(report.count == 1)
    let exported = try repository.attemptsForExport(ofQuiz: try repository.requireQuiz("exam"), history: nil)
    #expect(exported.first?.given == attempt.questions.map(\.question.id))
    #expect(try repository.check().allSatisfy { $0.violations.isEmpty })
    let summary = try #require(try repository.servedAttemptSummaries(quizzes: ["exam"]).first)
    #expect(summary.submitted && summary.attemptID == result.attemptID && summary.answered == 4 && summary.score == 5)
  }

  /// A description takes no answer: progress counts the questions that do ("1 of 1", not "1 of
  /// 2" for ever), in the sign-in's summary, after a save, and once submitted.
  @Test func aDescriptionIsNotCountedInProgress() throws {
    let intro = Question(id: "intro", prompt: "Read this first.", points: 0, body: .description)
    try repository.saveQuiz(
      Quiz(id: "read", title: "Read", sections: [Section(questions: [intro, Fixtures.question("q")])]))
    let attempt = try repository.signIn(quiz: "read", taker: "ann", timeLimit: nil, now: Self.t0).attempt
    #expect(attempt.questions.count == 2)
    var summary = try #require(try repository.servedAttemptSummaries(quizzes: ["read"]).first)
    #expect(summary.answered == 0 && summary.questions == 1)
    let choice = try #require(attempt.questions.first { $0.question.kind == .choice })
    _ = try save(attempt.token, Self.rightAnswer(to: choice))
    summary = try #require(try repository.servedAttemptSummaries(quizzes: ["read"]).first)
    #expect(summary.answered == 1 && summary.questions == 1)
    let changes = try repository.changeLogEntries(after: 0)
    #expect(changes.last?.detail == #"{"taker":"ann","answered":1,"questions":1,"score":1}"#)
    #expect(try repository.check().allSatisfy { $0.violations.isEmpty })
  }

  @Test func anEditAfterSignInChangesNeitherTheServedQuestionsNorTheRecordedAttempt() throws {
    let attempt = try signIn().attempt
    let choice = try #require(attempt.questions.first { $0.question.kind == .choice })
    // The author rewrites the question: choice "a" is gone, "d" is right; the short answer goes.
    var edited = Self.exam
    for s in edited.sections.indices {
      for q in edited.sections[s].questions.indices where edited.sections[s].questions[q].id == choice.question.id {
        edited.sections[s].questions[q].prompt = "Rewritten?"
        edited.sections[s].questions[q].choices = [
          Choice(id: "c", text: "C", correct: false), Choice(id: "d", text: "D", correct: true),
        ]
      }
    }
    edited.sections[1].questions.removeAll { $0.id == "s" }
    try repository.saveQuiz(edited)

    let shown = try #require(try repository.servedAttempt(token: attempt.token))
    #expect(shown.questions.map(\.question) == attempt.questions.map(\.question))
    #expect(shown.question(choice.question.id)?.question.prompt == "Question \(choice.question.id)?")
    // The old version's right choice is still right for this attempt.
    #expect(try save(attempt.token, Answer(question: choice.question.id, selected: ["a"])).score == 1)
    #expect(try save(attempt.token, Answer(question: "s", response: .text("madrid"))).score == 1)
    let result = try #require(try repository.submitServedAttempt(token: attempt.token, now: Self.at(60)).submitted)
    #expect(result.score == 2 && result.maxScore == 5)
    let detail = try repository.attemptDetail(result.attemptID)
    let answered = try #require(detail.answers.first { $0.questionID == choice.question.id })
    #expect(answered.version == 1 && answered.currentVersion == 2 && answered.score == 1)
    #expect(answered.question.prompt == "Question \(choice.question.id)?")
    #expect(detail.answers.first { $0.questionID == "s" }?.retired == true)
    #expect(detail.summary.score == 2 && detail.summary.maxScore == 5)
    #expect(try repository.check().allSatisfy { $0.violations.isEmpty })
    // Exported with its history, it imports elsewhere as the same attempt with the same score.
    let document = try QuizBankReader.read(try repository.exportDocument(quizzes: ["exam"], withAttempts: true))
    let elsewhere = try QuizRepository.open(at: directory.path("elsewhere.sqlite"))
    _ = try elsewhere.importDocuments([ImportSource(name: "export.json", document: document)])
    let imported = try elsewhere.attemptDetail(result.attemptID)
    #expect(imported.summary.score == 2 && imported.summary.maxScore == 5 && imported.summary.taker == "ann")
    #expect(imported.answers.first { $0.questionID == choice.question.id }?.version == 1)
  }

  // MARK: - Deadlines

  @Test func pastTheDeadlineNothingIsSavedAndTheAttemptIsSubmittedWithWhatWasSaved() throws {
    let attempt = try signIn(limit: 60).attempt
    let first = attempt.questions[0]
    _ = try save(attempt.token, Self.rightAnswer(to: first), at: Self.at(59))
    #expect(throws: ServedAttemptError.pastDeadline) {
      try save(attempt.token, Self.rightAnswer(to: attempt.questions[1]), at: Self.at(61))
    }
    let open = try signIn("bob").attempt
    #expect(try repository.submitExpiredServedAttempts(now: Self.at(30)) == 0)
    #expect(try repository.submitExpiredServedAttempts(now: Self.at(61)) == 1)
    #expect(try repository.submitExpiredServedAttempts(now: Self.at(62)) == 0)
    let expired = try #require(try repository.servedAttempt(token: attempt.token)?.submitted)
    #expect(expired.expired && expired.score == 1 && expired.maxScore == 5 && expired.submittedAt == Self.at(61))
    #expect(try repository.servedAttempt(token: open.token)?.submitted == nil)
    let detail = try repository.attemptDetail(expired.attemptID)
    #expect(detail.answers.map(\.questionID) == [first.question.id] || detail.answers.count == 1)
    #expect(detail.summary.score == 1)
  }

  @Test func signingInPastTheDeadlineSubmitsTheOpenAttempt() throws {
    let attempt = try signIn(limit: 60).attempt
    _ = try save(attempt.token, Self.rightAnswer(to: attempt.questions[0]), at: Self.at(5))
    guard case .submitted(let late) = try signIn(limit: 60, at: Self.at(120)) else {
      Issue.record("not submitted")
      return
    }
    #expect(late.submitted?.expired == true && late.submitted?.score == 1)
    #expect(try repository.attemptSummaries(AttemptFilter(quiz: "exam")).count == 1)
  }

  // MARK: - The change log

  @Test func everySignInAnswerAndSubmissionIsLogged() throws {
    let before = try repository.latestSequence()
    let attempt = try signIn(at: Self.t0).attempt
    let first = attempt.questions[0]
    _ = try save(attempt.token, Self.rightAnswer(to: first), at: Self.at(1))
    _ = try save(attempt.token, Answer(question: first.question.id, selected: ["b"]), at: Self.at(2))
    _ = try signIn(at: Self.at(3))
    let result = try #require(try repository.submitServedAttempt(token: attempt.token, now: Self.at(4)).submitted)
    let changes = try repository.changeLogEntries(after: before)
    #expect(
      changes.map { "\($0.entity) \($0.operation) \($0.item ?? "-")" } == [
        "taker insert ann", "answer insert \(first.question.id)", "answer update \(first.question.id)",
        "taker update ann", "attempt insert \(result.attemptID)",
      ])
    #expect(changes.allSatisfy { $0.quiz == "exam" })
    #expect(changes[0].detail == #"{"taker":"ann","answered":0,"questions":4,"score":0}"#)
    #expect(changes[1].detail == #"{"taker":"ann","answered":1,"questions":4,"score":1}"#)
    #expect(changes[2].detail == #"{"taker":"ann","answered":1,"questions":4,"score":0}"#)
    #expect(changes[4].detail == #"{"taker":"ann","answered":1,"questions":4,"score":0,"max_score":5,"expired":false}"#)
    // The credentials are never logged.
    #expect(
      changes.allSatisfy { !($0.detail ?? "").contains(attempt.token) && !($0.detail ?? "").contains(attempt.csrf) })
    // A refused save writes nothing.
    let after = try repository.latestSequence()
    _ = try? save(attempt.token, Self.rightAnswer(to: first), at: Self.at(5))
    #expect(try repository.latestSequence() == after)
  }

  /// The monitor reads only the takers that the new log entries are about: a sign-in (named in
  /// `item`), a saved answer and a submission (named in the detail), not an ordinary attempt.
  @Test func theSummariesOfChangedTakersAreReadFromTheLogRange() throws {
    let ann = try signIn("ann", at: Self.t0).attempt
    let bob = try signIn("bob", at: Self.at(1)).attempt
    _ = try signIn("عائشة 🌷", at: Self.at(2))
    let mark = try repository.latestSequence()
    #expect(try repository.servedAttemptSummaries(changedAfter: mark, through: mark, quizzes: nil).isEmpty)
    _ = try save(bob.token, Self.rightAnswer(to: bob.questions[0]), at: Self.at(3))
    var changed = try repository.servedAttemptSummaries(
      changedAfter: mark, through: try repository.latestSequence(), quizzes: nil)
    #expect(changed.map(\.taker) == ["bob"] && changed.first?.answered == 1)
    let beforeSubmit = try repository.latestSequence()
    _ = try repository.submitServedAttempt(token: ann.token, now: Self.at(4))
    changed = try repository.servedAttemptSummaries(
      changedAfter: beforeSubmit, through: try repository.latestSequence(), quizzes: nil)
    #expect(changed.map(\.taker) == ["ann"] && changed.first?.submitted == true)
    // The whole range: every taker that changed, once each, in the order of the full read.
    changed = try repository.servedAttemptSummaries(
      changedAfter: 0, through: try repository.latestSequence(), quizzes: nil)
    #expect(changed.map(\.taker) == ["ann", "bob", "عائشة 🌷"])
    #expect(try repository.servedAttemptSummaries(changedAfter: 0, through: .max, quizzes: ["other"]).isEmpty)
  }
}

// MARK: - Cloze

extension ServedAttemptTests {
  @Test func aClozeAnswerIsCheckedGapByGapKeptAndScored() throws {
    try repository.saveQuiz(Fixtures.quiz("gaps", questions: [ClozeStorageTests.cloze()]))
    let attempt = try repository.signIn(quiz: "gaps", taker: "ann", timeLimit: nil, now: Self.t0).attempt
    let served = try #require(attempt.question("gaps"))
    guard case .cloze(let shown) = served.question.body, case .choice(let gap) = shown.parts[4].body else {
      Issue.record("not a cloze with a choice gap")
      return
    }
    // The shuffled gap's choices are in the attempt's order; the others as stored.
    #expect(served.order.gaps.count == 6 && served.order.gaps[4] != nil && served.order.gaps[5] == nil)
    #expect(Set(gap.choices.map(\.id)) == ["a", "b", "c", "d"])
    var stored = ClozeStorageTests.cloze()
    stored.tags = []  // the identity's, not shown
    #expect(served.question == served.order.apply(to: stored))
    func refusal(_ parts: [Response]) -> ServedAttemptError? {
      do {
        _ = try save(attempt.token, Answer(question: "gaps", response: .parts(parts)))
        return nil
      } catch {
        return error as? ServedAttemptError
      }
    }
    #expect(
      refusal([.text(" "), .text(""), .text(""), .text(""), .choices([]), .choices([])])
        == .invalidAnswer(
          "$.parts: every gap is blank"))
    #expect(refusal([]) == .invalidAnswer("$.parts: every gap is blank"))
    let unknown = refusal([.text("東京"), .text(""), .text(""), .text(""), .choices(["z"]), .choices([])])
    #expect(unknown?.description.hasPrefix("$.parts[4]") == true, "\(String(describing: unknown))")
    let response = Response.parts([
      .text("東京"), .text(""), .text("3.14"), .text(""), .choices(["a", "b"]), .choices([]),
    ])
    let saved = try save(attempt.token, Answer(question: "gaps", response: response))
    // 東京 (2 points) and part of the weighted multiple-response gap.
    #expect(saved.score > 2 && saved.score < 3.5 && saved.points == ClozeStorageTests.cloze().points)
    #expect(try repository.servedAttempt(token: attempt.token)?.answers["gaps"]?.response == response)
    let result = try #require(try repository.submitServedAttempt(token: attempt.token, now: Self.at(9)).submitted)
    #expect(result.score == saved.score)
    #expect(try repository.attemptDetail(result.attemptID).answers.first?.response == response)
  }
}
