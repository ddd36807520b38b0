import QuizDomain

enum Fixtures {
  static func question(_ id: String, prompt: String? = nil, correct: [String] = ["a"], tags: [String] = []) -> Question
  {
    Question(
      id: id, prompt: prompt ?? "Question \(id)?", tags: tags,
      choices: ["a", "b", "c"].map { Choice(id: $0, text: "Choice \($0)", correct: correct.contains($0)) })
  }

  static func quiz(_ id: String = "geo", questions: [Question]? = nil) -> Quiz {
    Quiz(
      id: id, title: "Quiz \(id)", scoring: .partial,
      sections: [Section(title: "One", questions: questions ?? [question("q1"), question("q2", correct: ["a", "b"])])])
  }

  static func attempt(_ id: String?, quiz: String = "geo", taker: String = "alice", _ answers: [String: [String]])
    -> Attempt
  {
    Attempt(
      id: id, quiz: quiz, taker: taker, startedAt: Timestamp("2026-11-29T10:00:00Z"),
      submittedAt: Timestamp("2026-11-29T10:05:00Z"),
      answers: answers.sorted { $0.key < $1.key }.map { Answer(question: $0.key, selected: $0.value) })
  }
}
