import Foundation
import QuizDomain
import QuizRepository

/// `quiz-bench draw DB QUIZ N`: starts N attempts' worth of draws at QUIZ, each for its own
/// taker and seed, as `quiz take`, `quiz grade` and `quiz serve` start one: the quiz read in one
/// transaction, its random slots drawn, nothing written. Prints the median, 95th percentile and
/// maximum milliseconds per start.
enum DrawBench {
  static func run(path: String, quiz: String, count: Int) throws {
    let repository = try QuizRepository.open(at: path)
    var times: [Double] = []
    var drawn = 0
    for index in 0..<count {
      let start = DispatchTime.now().uptimeNanoseconds
      let attempt = try repository.read { repository in
        try repository.drawnQuiz(
          repository.requireQuiz(quiz), taker: "taker \(index % 50)", seed: UInt64(index) &* 0x9E37_79B9)
      }
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      drawn = attempt.quiz.questions.count
    }
    times.sort()
    func at(_ fraction: Double) -> Double { times[min(times.count - 1, Int(Double(times.count) * fraction))] }
    print(
      String(
        format: "draw %d starts of %d questions: median %.3f ms, p95 %.3f ms, max %.3f ms", count, drawn, at(0.5),
        at(0.95), times.last ?? 0))
  }
}
