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
        help: "Seed for drawing questions from pools and shuffling questions and choices (default: random)."),
    ],
    access: .readWrite,
    run: run)

  /// The taker stopped before the end: nothing is saved.
  struct Interrupted: Error {}

  static func run(_ invocation: Invocation) throws {
    guard let taker = invocation.arguments.value("as"), !taker.isEmpty else {
      throw CLIError.usage("Missing '--as <name>': who is taking the quiz", command: invocation.command)
    }
    var seed = UInt64.random(in: 0...UInt64.max)
    if let text = invocation.arguments.value("seed") {
      guard let value = UInt64(text) else {
        throw CLIError.usage("Invalid '--seed \(text)': expected a whole number", command: invocation.command)
      }
      seed = value
    }
    let repository = try invocation.repository()
    // The versions shown are the ones the attempt is recorded against, whatever an author
    // saves meanwhile. On a terminal every text is terminal-safe (ids are slugs, scores do
    // not change).
    let stored = try repository.requireQuiz(invocation.arguments.positionals[0])
    let quiz = stored.quiz.terminalSafe
    guard !quiz.questions.isEmpty else { throw CLIError.failure("quiz \"\(quiz.id)\" has no questions yet") }
    let questions = Shuffle.presentationOrder(QuestionDraw.questions(of: quiz, seed: seed), seed: seed)
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
      given: quiz.variesPerAttempt ? questions.map(\.id) : nil, answers: answers)
    let scored = try save(attempt, against: stored, in: repository, invocation: invocation)
    var text = "Score: \(NumberText.points(scored.score)) / \(NumberText.points(scored.maxScore))"
    if scored.maxScore > 0 { text += " (\(NumberText.percent(scored.score / scored.maxScore)))" }
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
      var writer = JSONWriter(pretty: false)
      QuizBankWriter.write(attempt, to: &writer)
      writer.endLine()
      do {
        let output = try OutputFile(path: file, personal: true)
        try output.write(writer.bytes)
        try output.commit()
      } catch {
        throw CLIError.failure(
          "the attempt could not be saved (\(reason.message)), nor kept in \(file); here it is, to record with "
            + "'quiz grade --attempts -': \(writer.string)")
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
}

/// Ends the program with a status, after the error message was printed.
struct ExitRequest: Error {
  let status: ExitStatus
}

/// Reproducible shuffling of the choices of questions marked `shuffle`.
enum Shuffle {
  static func presentationOrder(_ questions: [Question], seed: UInt64) -> [Question] {
    var generator = SplitMix64(seed: seed)
    return questions.map { question in
      guard question.shuffle else { return question }
      var shuffled = question
      shuffled.choices.shuffle(using: &generator)
      return shuffled
    }
  }
}

// MARK: - Line by line (no terminal)

/// Asks each question and reads the answer as a line: "a,c" or "a c". The questions go to
/// standard output on a terminal; when standard output is redirected they go to standard error,
/// so that the taker still sees them, and only the result goes to the file.
struct LineTaker {
  let quiz: Quiz
  let questions: [Question]
  let console: Console

  /// The input ended before question `number` was answered.
  struct InputEnded: Error {
    let number: Int
  }

  private func show(_ text: String) {
    if console.stdoutIsTerminal { console.write(text) } else { console.error(text) }
  }

  func run() throws -> [Answer] {
    var answers: [Answer] = []
    for (index, question) in questions.enumerated() {
      var text = "\n" + console.styled("Question \(index + 1) of \(questions.count)", .bold)
      text += console.styled("  (\(question.multiple ? "one or more answers" : "one answer"))", .dim) + "\n"
      text += question.prompt + "\n"
      for choice in question.choices { text += "  \(choice.id)) \(choice.text.replacingNewlines())\n" }
      show(text)
      let selected = try ask(question, number: index + 1)
      let points = TakeCommand.score(question, in: quiz, selected: selected)
      show(
        ChoiceMarks.lines(for: question, selected: selected, console: console, indent: 2)
          + "  Points: \(NumberText.points(points)) / \(NumberText.points(question.points))\n")
      answers.append(Answer(question: question.id, selected: selected))
    }
    show("\n")
    return answers
  }

  /// Reads lines until one is a valid answer to `question`.
  private func ask(_ question: Question, number: Int) throws -> [String] {
    while true {
      show(question.multiple ? "Your answer (such as a,c): " : "Your answer (such as a): ")
      guard let line = readLine(strippingNewline: true) else {
        show("\n")
        throw InputEnded(number: number)
      }
      // Piped input is not echoed: write it, so that the transcript reads like a session.
      if !console.stdinIsTerminal { show(line + "\n") }
      let picks = line.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map { $0.lowercased() }
      var seen = Set<String>()
      let selected = picks.filter { seen.insert($0).inserted }
      if selected.isEmpty {
        show("  Select at least one choice.\n")
      } else if let unknown = selected.first(where: { question.choice(withID: $0) == nil }) {
        show(
          "  There is no choice \"\(unknown)\" (choices: \(question.choices.map(\.id).joined(separator: ", "))).\n")
      } else if !question.multiple && selected.count > 1 {
        show("  This question takes one answer.\n")
      } else {
        return selected
      }
    }
  }
}
