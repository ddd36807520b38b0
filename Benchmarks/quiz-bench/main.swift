import Foundation
import QuizBankFormat
import QuizDomain
import QuizRepository

// Helpers for the benchmark scripts (release build):
//   quiz-bench parse FILE            times the quiz-bank reader alone
//   quiz-bench edit DB QUIZ N MS     makes N single-question edits, MS milliseconds apart, each
//                                    its own transaction, printing "SEQ UNIX_TIME" after each commit
//   [QUIZ_BENCH_SERIALIZE=1] quiz-bench served DB QUIZ TAKERS THREADS
//                                    TAKERS takers sign in to QUIZ, save an answer to every question
//                                    and submit, on THREADS threads with a connection each; prints
//                                    the rate and latency percentiles of each call (serialized:
//                                    one process-wide lock around each call)
//   quiz-bench committer DB QUIZ TAKERS SAVES THREADS IN_FLIGHT
//                                    SAVES answer saves through a shared writer's committer, as
//                                    `quiz serve` makes them, without HTTP; prints saves/s and the
//                                    committer thread's CPU per save
//   quiz-bench draw DB QUIZ N        N attempt starts at QUIZ (its random slots drawn, nothing
//                                    written); prints milliseconds per start
let arguments = CommandLine.arguments

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("quiz-bench: \(message)\n".utf8))
  exit(64)
}

switch arguments.dropFirst().first {
case "parse":
  guard arguments.count >= 3, let data = FileManager.default.contents(atPath: arguments[2]) else {
    fail("usage: quiz-bench parse FILE")
  }
  let bytes = [UInt8](data)
  let start = Date()
  var quizzes = 0
  var attempts = 0
  do {
    try bytes.withUnsafeBufferPointer { buffer in
      try QuizBankReader.stream(buffer) { item in
        switch item {
        case .quiz: quizzes += 1
        case .attempt: attempts += 1
        default: break
        }
      }
    }
  } catch {
    fail("\(error)")
  }
  print(String(format: "parse %.3f s: %d quizzes, %d attempts", Date().timeIntervalSince(start), quizzes, attempts))

case "edit":
  guard arguments.count >= 6, let count = Int(arguments[4]), let pause = Int(arguments[5]) else {
    fail("usage: quiz-bench edit DB QUIZ N MS")
  }
  do {
    let repository = try QuizRepository.open(at: arguments[2])
    let questions = try repository.requireQuiz(arguments[3]).quiz.questions.count
    guard questions > 0 else { fail("the quiz has no questions") }
    for edit in 0..<count {
      try repository.updateQuiz(arguments[3]) { quiz in
        let section = quiz.sections.firstIndex { !$0.questions.isEmpty } ?? 0
        let index = edit % quiz.sections[section].questions.count
        quiz.sections[section].questions[index].prompt = "Edited \(edit)?"
      }
      let sequence = try repository.latestSequence()
      FileHandle.standardOutput.write(
        Data("\(sequence) \(String(format: "%.6f", Date().timeIntervalSince1970))\n".utf8))
      usleep(useconds_t(pause * 1000))
    }
  } catch {
    fail("\(error)")
  }

case "served":
  guard arguments.count >= 6, let takers = Int(arguments[4]), let threads = Int(arguments[5]), threads > 0 else {
    fail("usage: quiz-bench served DB QUIZ TAKERS THREADS")
  }
  ServedBench.run(path: arguments[2], quiz: arguments[3], takers: takers, threads: threads)

case "committer":
  guard arguments.count >= 8, let takers = Int(arguments[4]), let saves = Int(arguments[5]),
    let threads = Int(arguments[6]), let inFlight = Int(arguments[7]), takers > 0, threads > 0, inFlight > 0
  else {
    fail("usage: quiz-bench committer DB QUIZ TAKERS SAVES THREADS IN_FLIGHT")
  }
  do {
    try CommitterBench.run(
      path: arguments[2], quiz: arguments[3], takers: takers, saves: saves, threads: threads, inFlight: inFlight)
  } catch {
    fail("\(error)")
  }

case "draw":
  guard arguments.count >= 5, let count = Int(arguments[4]), count > 0 else { fail("usage: quiz-bench draw DB QUIZ N") }
  do {
    try DrawBench.run(path: arguments[2], quiz: arguments[3], count: count)
  } catch {
    fail("\(error)")
  }

default:
  fail(
    "usage: quiz-bench parse FILE | edit DB QUIZ N MS | served DB QUIZ TAKERS THREADS"
      + " | committer DB QUIZ TAKERS SAVES THREADS IN_FLIGHT | draw DB QUIZ N")
}
