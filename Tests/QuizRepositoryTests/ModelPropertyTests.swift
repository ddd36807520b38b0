import Foundation
import QuizBankFormat
import QuizDomain
import TestSupport
import Testing

@testable import QuizRepository

/// Random sequences of authoring operations, imports, grades and regrades on a real database,
/// compared step by step with a plain in-memory model of what they should do: the same quizzes,
/// the same version numbers, the same scores; and at every checkpoint an export that imports
/// into a fresh database and exports again to the same bytes.
@Suite struct ModelPropertyTests {
  /// What the repository should hold, kept without a database.
  struct Model {
    var quizzes: [String: Quiz] = [:]
    /// Version number of every question ever saved, placed or retired, by quiz then question.
    var versions: [String: [String: Int]] = [:]
    /// The current content of every question ever saved (retired ones too), for regrades.
    var everQuestions: [String: [String: Question]] = [:]
    /// Recorded attempts by id: quiz, answers, and the score and maximum they should have.
    var attempts: [String: (quiz: String, answers: [Answer], score: Double, max: Double)] = [:]

    /// Records a save of `quiz`: a question whose content changed gets the next version.
    mutating func save(_ quiz: Quiz) {
      for question in quiz.questions {
        let old = everQuestions[quiz.id]?[question.id]
        if let old {
          if old.content != question.content {
            versions[quiz.id, default: [:]][question.id, default: 1] += 1
          }
        } else {
          versions[quiz.id, default: [:]][question.id] = 1
        }
        everQuestions[quiz.id, default: [:]][question.id] = question
      }
      quizzes[quiz.id] = quiz
    }

    /// `quiz regrade`: every attempt re-scored against the current content of what it answered.
    mutating func regrade(_ quizID: String) {
      guard let quiz = quizzes[quizID] else { return }
      for (id, attempt) in attempts where attempt.quiz == quizID {
        var score = 0.0
        for answer in attempt.answers {
          guard let question = everQuestions[quizID]?[answer.question] else { continue }
          score += Scoring.score(question, selected: answer.selected, rule: quiz.scoringRule(for: question))
        }
        // Given the whole quiz, it keeps the questions since removed that it answered: they count
        // in its score, so in its maximum too.
        let current = Set(quiz.questions.map(\.id))
        let retired = attempt.answers.filter { !current.contains($0.question) }.reduce(0.0) {
          $0 + (everQuestions[quizID]?[$1.question]?.points ?? 0)
        }
        attempts[id] = (attempt.quiz, attempt.answers, score, quiz.maxScore + retired)
      }
    }
  }

  struct Run {
    var generator: SplitMix64
    var model = Model()
    let repository: QuizRepository
    let directory: TemporaryDirectory
    var nextID = 0
    var steps: [String: Int] = [:]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    mutating func fresh(_ prefix: String) -> String {
      nextID += 1
      return "\(prefix)\(nextID)"
    }

    /// Text in several scripts, so that every step also checks byte-exact round trips.
    mutating func text() -> String {
      let words = ["Zoë", "naïve", "東京", "日本語", "😀", "👩‍💻", "Ω", "façade", "x", "long word"]
      return (0..<int(1...4)).map { _ in words[int(0...(words.count - 1))] }.joined(separator: " ")
    }

    mutating func question(_ id: String) -> Question {
      let count = int(2...4)
      let multiple = chance(40)
      var correct = Set([int(0...(count - 1))])
      if multiple && chance(50) { correct.insert(int(0...(count - 1))) }
      let rules: [ScoringRule?] = [nil, .allOrNothing, .partial, .perChoice, .weighted]
      return Question(
        id: id, prompt: text() + "?", explanation: chance(30) ? text() : nil, points: Double(int(1...4)),
        multiple: multiple, scoring: rules[int(0...4)], shuffle: chance(20), tags: chance(30) ? [text()] : [],
        choices: (0..<count).map { index in
          Choice(
            id: String(UnicodeScalar(UInt8(97 + index))), text: text(), correct: correct.contains(index),
            feedback: chance(20) ? text() : nil)
        })
    }

    mutating func randomQuizID() -> String? {
      let ids = model.quizzes.keys.sorted()
      return ids.isEmpty ? nil : ids[int(0...(ids.count - 1))]
    }

    // MARK: - Operations

    mutating func step() throws {
      let operations = ["add quiz", "edit", "retag", "add question", "remove", "grade", "import", "regrade"]
      var operation = operations[int(0...(operations.count - 1))]
      if model.quizzes.isEmpty { operation = "add quiz" }
      steps[operation, default: 0] += 1
      switch operation {
      case "add quiz": try addQuiz()
      case "edit": try edit(retagOnly: false)
      case "retag": try edit(retagOnly: true)
      case "add question": try addQuestion()
      case "remove": try remove()
      case "grade": try grade()
      case "import": try importChanged()
      default: try regrade()
      }
    }

    mutating func addQuiz() throws {
      let id = fresh("quiz")
      let sections = (0..<int(1...2)).map { _ in
        Section(title: chance(70) ? text() : nil, questions: (0..<int(1...3)).map { _ in question(fresh("q")) })
      }
      let quiz = Quiz(
        id: id, title: text(), description: chance(50) ? text() : nil, scoring: chance(50) ? .partial : nil,
        sections: sections)
      try repository.saveQuiz(quiz)
      model.save(quiz)
    }

    mutating func edit(retagOnly: Bool) throws {
      guard let quizID = randomQuizID(), var quiz = model.quizzes[quizID], !quiz.questions.isEmpty else { return }
      let s = int(0...(quiz.sections.count - 1))
      guard !quiz.sections[s].questions.isEmpty else { return }
      let q = int(0...(quiz.sections[s].questions.count - 1))
      var question = quiz.sections[s].questions[q]
      if retagOnly {
        question.tags = chance(50) ? [] : [text(), text()]
      } else {
        switch int(0...3) {
        case 0: question.prompt = text() + "!"
        case 1: question.points = Double(int(1...5))
        case 2: question.choices[0].text = text()
        default: question = self.question(question.id)
        }
      }
      quiz.sections[s].questions[q] = question
      try repository.saveQuiz(quiz)
      model.save(quiz)
    }

    mutating func addQuestion() throws {
      guard let quizID = randomQuizID(), var quiz = model.quizzes[quizID] else { return }
      let s = int(0...(quiz.sections.count - 1))
      quiz.sections[s].questions.append(question(fresh("q")))
      try repository.updateQuiz(quizID) { $0 = quiz }
      model.save(quiz)
    }

    mutating func remove() throws {
      guard let quizID = randomQuizID(), var quiz = model.quizzes[quizID], quiz.questions.count > 1 else { return }
      let victim = quiz.questions[int(0...(quiz.questions.count - 1))].id
      try repository.removeQuestion(victim, fromQuiz: quizID)
      for index in quiz.sections.indices { quiz.sections[index].questions.removeAll { $0.id == victim } }
      model.quizzes[quizID] = quiz
    }

    mutating func grade() throws {
      guard let quizID = randomQuizID(), let quiz = model.quizzes[quizID] else { return }
      var answers: [Answer] = []
      for question in quiz.questions where chance(80) {
        var picked = question.choices.map(\.id).filter { _ in chance(40) }
        if !question.multiple { picked = Array(picked.prefix(1)) }
        answers.append(Answer(question: question.id, selected: picked))
      }
      let attempt = Attempt(
        id: fresh("attempt"), quiz: quizID, taker: text(), submittedAt: Timestamp("2026-11-29T10:00:00Z"),
        answers: answers)
      var recorded: ScoredAttempt?
      _ = try repository.importing { session in
        session.quizzesComplete(source: "test")
        recorded = try session.add(attempt, path: "$", source: "test")
      }
      let expected = Scoring.score(attempt, in: quiz)
      #expect(recorded?.score == expected.score)
      model.attempts[attempt.id ?? ""] = (quizID, answers, expected.score, expected.maxScore)
    }

    /// An edited copy of a quiz, through the import path.
    mutating func importChanged() throws {
      guard let quizID = randomQuizID(), var quiz = model.quizzes[quizID] else { return }
      quiz.title = text()
      if !quiz.questions.isEmpty, chance(50) {
        quiz.sections[0].questions.shuffle(using: &generator)
      }
      let bytes = QuizBankWriter.write(quizzes: [quiz])
      let document = try QuizBankReader.read(bytes)
      _ = try repository.importDocuments([ImportSource(name: "edit.json", document: document)])
      model.save(quiz)
    }

    mutating func regrade() throws {
      guard let quizID = randomQuizID() else { return }
      _ = try repository.regrade(quiz: quizID)
      model.regrade(quizID)
    }

    // MARK: - Checkpoints

    func checkpoint(_ label: String) throws {
      #expect(try repository.quizIDs() == model.quizzes.keys.sorted(), "\(label)")
      for (id, quiz) in model.quizzes {
        let stored = try repository.requireQuiz(id)
        #expect(stored.quiz == quiz, "\(label): quiz \(id)")
        var expectedVersions: [String: Int] = [:]
        for question in quiz.questions { expectedVersions[question.id] = model.versions[id]?[question.id] }
        #expect(stored.versions == expectedVersions, "\(label): versions of \(id)")
      }
      let summaries = try repository.attemptSummaries()
      #expect(summaries.count == model.attempts.count, "\(label)")
      for summary in summaries {
        guard let expected = model.attempts[summary.id] else {
          Issue.record("\(label): unexpected attempt \(summary.id)")
          continue
        }
        #expect(abs(summary.score - expected.score) < 1e-9, "\(label): score of \(summary.id)")
        #expect(abs(summary.maxScore - expected.max) < 1e-9, "\(label): max score of \(summary.id)")
      }
      let violations = try repository.check().flatMap { result in result.violations.map { "\(result.name): \($0)" } }
      #expect(violations.isEmpty, "\(label)")
      // Export → import into a fresh database → export: the same bytes.
      let exported = try repository.exportDocument(withAttempts: true)
      let copyPath = directory.path("copy-\(UUID().uuidString).sqlite")
      let copy = try QuizRepository.open(at: copyPath)
      _ = try copy.importDocuments([ImportSource(name: "export.json", document: try QuizBankReader.read(exported))])
      #expect(try copy.exportDocument(withAttempts: true) == exported, "\(label): round trip")
      // The copy keeps all of history: every attempt, with its taker, times, score and maximum
      // (the export above compares given lists and answers), and passes check.
      let copied = try copy.attemptSummaries().sorted { $0.id < $1.id }.map { summary in
        var summary = summary
        summary.regraded = false  // regrade runs are the database's own record, not exported
        return summary
      }
      let originals = summaries.sorted { $0.id < $1.id }.map { summary in
        var summary = summary
        summary.regraded = false
        return summary
      }
      #expect(copied.count == model.attempts.count, "\(label): attempts in the copy")
      #expect(copied == originals, "\(label): attempts in the copy")
      let copyViolations = try copy.check().flatMap { result in result.violations.map { "\(result.name): \($0)" } }
      #expect(copyViolations.isEmpty, "\(label): check of the copy")
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func repositoryAgreesWithTheModel(seed: UInt64) throws {
    let directory = try TemporaryDirectory()
    var run = Run(
      generator: SplitMix64(seed: seed), repository: try QuizRepository.open(at: directory.path("quiz.sqlite")),
      directory: directory)
    let total = 1000
    for number in 1...total {
      try run.step()
      if number % 250 == 0 { try run.checkpoint("seed \(seed), step \(number)") }
    }
    // Every kind of step ran.
    #expect(run.steps.count == 8, "\(run.steps)")
  }
}
