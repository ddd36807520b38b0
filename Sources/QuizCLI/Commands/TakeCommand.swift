import QuizBankFormat
import QuizDomain
import QuizRepository

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

enum TakeCommand {
  static let command = Command(
    name: "take",
    summary: "Take a quiz in the terminal; the attempt is scored and saved at the end.",
    discussion: """
      On a terminal: ↑/↓ or j/k move, space selects, enter submits and then goes on; after each \
      answer the right choices, feedback and explanation are shown. Ctrl-C quits without saving. \
      Without a terminal it reads one line per question, such as 'a,c' or 'a c', so that it can be \
      scripted.
      """,
    arguments: [ArgumentSpec(name: "quiz", help: "The quiz to take.")],
    options: [
      .value("as", valueName: "name", help: "Who is taking the quiz."),
      .value(
        "seed", valueName: "n",
        help:
          "Seed for drawing questions from pools and random slots and shuffling questions and choices "
          + "(default: random)."),
    ],
    access: .readWrite,
    run: run)

  /// `--seed`, or a random seed when it is not given.
  static func seedOption(_ invocation: Invocation) throws -> UInt64 {
    guard let text = invocation.arguments.value("seed") else { return UInt64.random(in: 0...UInt64.max) }
    guard let value = UInt64(text) else {
      throw CLIError.usage(
        "Invalid '--seed \(text)': expected a whole number from 0 to \(UInt64.max)", command: invocation.command)
    }
    return value
  }

  /// The taker stopped before the end: nothing is saved.
  struct Interrupted: Error {}

  static func run(_ invocation: Invocation) throws {
    guard let taker = invocation.arguments.value("as"), !taker.isEmpty else {
      throw CLIError.usage("Missing '--as <name>': who is taking the quiz", command: invocation.command)
    }
    let seed = try seedOption(invocation)
    let repository = try invocation.repository()
    // The versions shown are the ones the attempt is recorded against, whatever an author
    // saves meanwhile; random slots draw now. On a terminal every text is terminal-safe (ids
    // are slugs, scores do not change).
    let original = try repository.requireQuiz(invocation.arguments.positionals[0])
    let stored = try repository.drawnQuiz(original, taker: taker, seed: seed)
    let quiz = stored.quiz.terminalSafe
    guard !quiz.questions.isEmpty else { throw CLIError.failure("quiz \"\(quiz.id)\" has no questions yet") }
    let questions = Shuffle.presentationOrder(
      QuestionDraw.questions(of: quiz, seed: seed), originals: stored.quiz, seed: seed)
    let started = Date()
    let console = invocation.console
    var answers: [Answer]
    do {
      if console.stdinIsTerminal && console.stdoutIsTerminal && Terminal.enterFullScreen() {
        defer { Terminal.leaveFullScreen() }
        answers = try FullScreenTaker(quiz: quiz, questions: questions, console: console).run()
      } else {
        answers = try LineTaker(quiz: quiz, questions: questions, console: console).run()
      }
    } catch is Interrupted {
      console.error("Interrupted: nothing was saved.\n")
      throw ExitRequest(status: .interrupted)
    } catch let ended as LineTaker.InputEnded {
      throw CLIError.failure(
        "the input ended before question \(ended.number) of \(questions.count) was answered: nothing was saved")
    }
    let attempt = Attempt(
      id: UUID().uuidString.lowercased(), quiz: quiz.id, taker: taker,
      startedAt: Timestamp(unixSeconds: started.timeIntervalSince1970),
      submittedAt: Timestamp(unixSeconds: Date().timeIntervalSince1970),
      given: original.quiz.variesPerAttempt ? questions.map(\.shown.id) : nil, answers: answers)
    let scored = try save(attempt, against: stored, in: repository, invocation: invocation)
    var text = "Score: \(NumberText.points(scored.score)) / \(NumberText.points(scored.maxScore))"
    if scored.maxScore > 0 { text += " (\(NumberText.percent(scored.score / scored.maxScore)))" }
    let pending = questions.filter { question in
      answers.contains {
        $0.question == question.original.id
          && QuizRepository.needsMarking(question.original, response: $0.response, marked: false)
      }
    }.count
    if pending > 0 { text += " · \(NumberText.plural(pending, "essay")) to be marked" }
    text += " · Time: \(DurationText.format(Date().timeIntervalSince(started)))\n"
    text += "Saved attempt \(scored.attempt.id ?? "")\n"
    console.write(text)
  }

  /// Records a finished attempt. A person waited for this: it waits for other writers for a
  /// minute (`QUIZ_SAVE_WAIT` seconds), and if it still cannot be written it is kept in a
  /// private recovery file that `quiz grade --attempts` records later.
  static func save(_ attempt: Attempt, against shown: StoredQuiz, in repository: QuizRepository, invocation: Invocation)
    throws -> ScoredAttempt
  {
    let wait = invocation.console.environment["QUIZ_SAVE_WAIT"].flatMap(Double.init) ?? 60
    repository.waitForOtherWriters(upTo: wait)
    do {
      var scored: ScoredAttempt?
      _ = try repository.importing { session in
        scored = try session.add(attempt, pinnedTo: shown, path: "$", source: "take")
      }
      guard let scored else { throw CLIError.failure("the attempt was not recorded") }
      return scored
    } catch {
      let reason = CLIError(error)
      let file = invocation.databasePath + ".attempt-\(attempt.id ?? "unsaved").ndjson"
      // Pinned to the quiz as the taker was shown it: recorded later, after an author's edit, it
      // is still scored against those versions, under that rule, out of that maximum.
      var kept = attempt
      for id in Set(attempt.answers.map(\.question) + (attempt.given ?? [])) {
        if let number = shown.versions[id] { kept.versions[id] = number }
      }
      kept.scoring = shown.quiz.scoring ?? .allOrNothing
      kept.maxScore = QuestionDraw.maxScore(given: attempt.given, in: shown.quiz)
      let line = JSONWriter.document(QuizBankAttemptJSON(attempt: kept), pretty: false)
      do {
        let output = try OutputFile(path: file, personal: true)
        try output.write(line)
        try output.commit()
      } catch {
        throw CLIError.failure(
          "the attempt could not be saved (\(reason.message)), nor kept in \(file); here it is, to record with "
            + "'quiz grade --attempts -': \(String(decoding: line, as: UTF8.self))")
      }
      throw CLIError.failure(
        "the attempt could not be saved (\(reason.message)); it is kept in \(file): record it with "
          + "'quiz grade --attempts \(file)'")
    }
  }

  /// Scores one question as the taker will see it revealed.
  static func score(_ question: Question, in quiz: Quiz, selected: [String]) -> Double {
    Scoring.score(question, selected: selected, rule: quiz.scoringRule(for: question))
  }

  /// Scores a response of any kind against the question as stored.
  static func score(_ question: PresentedQuestion, in quiz: Quiz, response: Response) -> Double {
    Scoring.score(
      question.original, answer: Answer(question: question.original.id, response: response),
      rule: quiz.scoringRule(for: question.original))
  }
}

/// Ends the program with a status, after the error message was printed.
struct ExitRequest: Error {
  let status: ExitStatus
}

/// A question as `take` presents it: as stored (responses are built from and scored against
/// it), and as shown (terminal-safe texts, choices and stems in the attempt's order), with a
/// matching question's answers in their shuffled order.
struct PresentedQuestion {
  let original: Question
  let shown: Question
  /// Matching: each answer text as stored and as shown, in the order offered.
  var answerChoices: [(text: String, shown: String)] = []
}

/// Reproducible shuffling of the choices of questions marked `shuffle`, of the stems of
/// matching questions marked `shuffle`, of every matching question's answers (Moodle always
/// shuffles them) and of cloze gaps' choices marked `shuffle`: the orders are the domain's
/// (`PresentationOrder`, which `quiz serve` pins too), applied here to the terminal-safe texts.
enum Shuffle {
  static func presentationOrder(_ questions: [Question], originals: Quiz, seed: UInt64) -> [PresentedQuestion] {
    var byID: [String: Question] = [:]
    for question in originals.questions { byID[question.id] = question }
    let stored = questions.map { byID[$0.id] ?? $0 }
    let orders = PresentationOrder.draw(for: stored, seed: seed)
    return questions.indices.map { index in
      let original = stored[index]
      let order = orders[index]
      var presented = PresentedQuestion(original: original, shown: order.apply(to: questions[index]))
      if case .matching = questions[index].body, case .matching = original.body {
        presented.answerChoices = order.offeredAnswers(of: original).map {
          // As `terminalSafe` shows the pairs' answers, so that the reveal compares like with like.
          (text: $0, shown: TextFormatting.forTerminal($0, original.textFormat))
        }
      }
      return presented
    }
  }
}

/// An attempt as one line of quiz-bank/1 (what `quiz grade --attempts` reads back).
struct QuizBankAttemptJSON: JSONView {
  let attempt: Attempt

  func write(to writer: inout JSONWriter) { QuizBankWriter.write(attempt, to: &writer) }
}
