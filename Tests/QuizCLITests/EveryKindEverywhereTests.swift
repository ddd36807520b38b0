import Foundation
import QuizBankFormat
import QuizDomain
import QuizFormats
import TestSupport
import Testing

@testable import QuizRepository

/// One quiz with a question of every kind, run through every writer, the storage round trip
/// and the terminal's renderers (`show`, `grade`, `history`, `report`). A kind added to
/// `QuestionKind` fails here until the fixture has it, and with it every check below; the
/// served pages' renderers take every kind in QuizServerTests (ServedFixture, which is
/// checked the same way).
@Suite struct EveryKindEverywhereTests {
  static let document = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "kinds", "title": "Kinds", "sections": [{"questions": [
      {"id": "pick", "prompt": "Pick the right one", "choices": [
        {"id": "a", "text": "Right", "correct": true}, {"id": "b", "text": "Wrong", "correct": false}]},
      {"id": "capital", "type": "short-answer", "prompt": "Capital of France?", "answers": [{"text": "Paris"}]},
      {"id": "pi", "type": "numerical", "prompt": "Pi?", "answers": [{"value": 3.14, "tolerance": 0.01}]},
      {"id": "cities", "type": "matching", "prompt": "Match the cities",
       "pairs": [{"stem": "France", "answer": "Paris"}, {"stem": "Japan", "answer": "Tokyo"}]},
      {"id": "why", "type": "essay", "prompt": "Why SQLite?"},
      {"id": "intro", "type": "description", "prompt": "Read this first."},
      {"id": "gaps", "type": "cloze", "prompt": "Paris is in {#1}; the sky is {#2}.",
       "parts": [{"kind": "short-answer", "answers": [{"text": "France"}]},
                 {"kind": "choice", "choices": [{"id": "a", "text": "red", "correct": false},
                                                {"id": "b", "text": "blue", "correct": true}]}]}
    ]}]}]}
    """

  static func quiz() throws -> Quiz {
    try #require(try QuizBankReader.read(Array(document.utf8)).quizzes.first)
  }

  @Test func theFixtureHasEveryKind() throws {
    #expect(Set(try Self.quiz().questions.map(\.kind)) == Set(QuestionKind.allCases))
  }

  /// Each format writes every kind it carries, which reads back as that kind, and names in a
  /// warning each question of a kind it does not; quiz-bank/1 reads back whole.
  @Test func everyWriterCarriesEveryKindOrSaysSo() throws {
    let quiz = try Self.quiz()
    for format in QuizFileFormat.all {
      guard let writing = try format.write(quiz) else {
        let written = QuizBankWriter.write(quizzes: [quiz], attempts: [])
        #expect(try QuizBankReader.read(written).quizzes == [quiz], "\(format.name)")
        continue
      }
      #expect(!writing.bytes.isEmpty, "\(format.name)")
      let echoed = format.echo(quiz)
      for question in quiz.questions {
        if format.carriedKinds.contains(question.kind) {
          guard case .questions = format.reader else { continue }
          let back = echoed?.questions.first {
            $0.kind == question.kind && $0.prompt.contains(question.prompt.prefix(8))
          }
          #expect(back != nil, "\(format.name) does not read back \(question.kind.rawValue) \(question.id)")
        } else {
          #expect(
            writing.warnings.contains { $0.hasPrefix("question \(question.id) is \(question.kind.rawValue)") },
            "\(format.name) leaves \(question.id) out without a word: \(writing.warnings)")
        }
      }
    }
  }

  @Test func everyKindIsStoredAndReadBackAsItWas() throws {
    let directory = try TemporaryDirectory()
    let quiz = try Self.quiz()
    try QuizRepository.open(at: directory.path("quiz.sqlite")).saveQuiz(quiz)
    let reopened = try QuizRepository.open(at: directory.path("quiz.sqlite"))
    #expect(try reopened.storedQuiz("kinds")?.quiz.questions == quiz.questions)
  }

  /// The terminal's renderers: the quiz shown with its answers, an attempt answering every kind
  /// graded, its history question by question, and the report.
  @Test func everyKindIsShownGradedAndReported() throws {
    let workspace = try Workspace()
    let bank = try workspace.write("kinds.json", Self.document)
    #expect(try workspace.quiz("import", bank).status == 0)
    let show = try workspace.quiz("show", "kinds", "--answers")
    #expect(show.status == 0, "\(show.stderr)")
    for prompt in [
      "Pick the right one", "Capital of France?", "Pi?", "Match the cities", "Why SQLite?", "Read this first.",
    ] {
      #expect(show.stdout.contains(prompt), "show lacks \(prompt)")
    }
    #expect(show.stdout.contains("Paris is in"))
    let grade = try workspace.quiz(
      "grade", "kinds", "--as", "Ana", "--answer", "pick=a", "--answer", "capital=Paris", "--answer", "pi=3.14",
      "--answer", "cities[a]=Paris", "--answer", "cities[b]=Tokyo", "--answer", "why=It is one file.",
      "--answer", "gaps[1]=France", "--answer", "gaps[2]=b", "--format", "json")
    #expect(grade.status == 0, "\(grade.stderr)")
    let attempt = try #require(
      (try JSONSerialization.jsonObject(with: Data(grade.stdout.utf8)) as? [String: Any])?["attempt"] as? String,
      "\(grade.stdout)")
    let history = try workspace.quiz("history", attempt)
    #expect(history.status == 0, "\(history.stderr)")
    for id in ["pick", "capital", "pi", "cities", "why", "gaps"] {
      #expect(history.stdout.contains(id), "history lacks \(id)")
    }
    #expect(history.stdout.contains("It is one file."))
    let report = try workspace.quiz("report", "kinds")
    #expect(report.status == 0, "\(report.stderr)")
    for id in ["pick", "capital", "pi", "cities", "gaps"] { #expect(report.stdout.contains(id), "report lacks \(id)") }
  }
}
