import Foundation
import QuizDomain

// Diagnostics for the benchmarks: `quiz-bench parse FILE` times the quiz-bank reader alone.
let arguments = CommandLine.arguments
guard arguments.count >= 3, arguments[1] == "parse" else {
  FileHandle.standardError.write(Data("usage: quiz-bench parse FILE\n".utf8))
  exit(64)
}
guard let data = FileManager.default.contents(atPath: arguments[2]) else {
  FileHandle.standardError.write(Data("quiz-bench: cannot read \(arguments[2])\n".utf8))
  exit(66)
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
  print("error: \(error)")
  exit(65)
}
print(String(format: "parse %.3f s: %d quizzes, %d attempts", Date().timeIntervalSince(start), quizzes, attempts))
