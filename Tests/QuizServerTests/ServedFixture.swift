import QuizBankFormat
import QuizDomain
import QuizRepository
import TestSupport

@testable import QuizServer

/// A database with a quiz of every kind whose answers, feedback and grader notes hold secret
/// strings (so a test can look for any of them in what the server sends), and a server on it.
final class ServedFixture {
  let directory: TemporaryDirectory
  let databasePath: String
  let server: QuizServer
  var port: UInt16 { server.port }

  /// Texts that only someone who knows the answers may see.
  static let secrets = [
    "SECRET-CHOICE-FEEDBACK", "SECRET-ACCEPTED", "SECRET-SA-FEEDBACK", "SECRET-NUM-FEEDBACK", "SECRET-GRADER",
    "SECRET-EXPLANATION", "SECRET-OUTCOME", "SECRET-GAP-ANSWER", "SECRET-HINT", "SECRET-MATCH-FEEDBACK",
  ]

  static let document = """
    {"format": "quiz-bank/1", "quizzes": [{"id": "every", "title": "Every kind", "sections": [{"questions": [
      {"id": "pick", "prompt": "<p>Pick <script>alert('x')</script><img src=\\"x\\" onerror=\\"alert(1)\\"></p>", "text_format": "html",
       "explanation": "SECRET-EXPLANATION", "hints": [{"text": "SECRET-HINT"}],
       "outcome_feedback": {"correct": "SECRET-OUTCOME", "incorrect": "SECRET-OUTCOME"},
       "choices": [{"id": "a", "text": "Right <b onmouseover=\\"x()\\">one</b>", "correct": true, "feedback": "SECRET-CHOICE-FEEDBACK"},
                   {"id": "b", "text": "Wrong", "correct": false}]},
      {"id": "capital", "type": "short-answer", "prompt": "Capital?",
       "answers": [{"text": "SECRET-ACCEPTED", "feedback": "SECRET-SA-FEEDBACK"}, {"text": "Paris"}]},
      {"id": "pi", "type": "numerical", "prompt": "Pi?", "points": 2,
       "answers": [{"value": 3.14, "tolerance": 0.01, "feedback": "SECRET-NUM-FEEDBACK"}],
       "units": [{"unit": "rad", "multiplier": 1}, {"unit": "mrad", "multiplier": 1000}], "unit_input": "choice"},
      {"id": "cities", "type": "matching", "prompt": "Match",
       "pairs": [{"stem": "France", "answer": "Paris"}, {"stem": "Japan", "answer": "Tokyo"}], "distractors": ["Lyon"],
       "outcome_feedback": {"partially_correct": "SECRET-MATCH-FEEDBACK"}},
      {"id": "why", "type": "essay", "prompt": "Why?", "grader_info": "SECRET-GRADER", "min_words": 1},
      {"id": "intro", "type": "description", "prompt": "Read this."},
      {"id": "gaps", "type": "cloze", "prompt": "Paris is in {#1}; the sky is {#2}.",
       "parts": [{"kind": "short-answer", "answers": [{"text": "SECRET-GAP-ANSWER"}, {"text": "France"}]},
                 {"kind": "choice", "choices": [{"id": "a", "text": "red", "correct": false}, {"id": "b", "text": "blue", "correct": true}]}]}
    ]}]},
    {"id": "short", "title": "Short", "sections": [{"questions": [
      {"id": "one", "prompt": "One?", "choices": [{"id": "a", "text": "yes", "correct": true}, {"id": "b", "text": "no", "correct": false}]},
      {"id": "two", "prompt": "Two?", "choices": [{"id": "a", "text": "yes", "correct": true}, {"id": "b", "text": "no", "correct": false}]}
    ]}]}]}
    """

  /// Whether requests go over a socket to the listening server; else (most tests) they are
  /// handed to its route handler in process (InProcessHTTP.swift).
  let overSocket: Bool

  init(overSocket: Bool = false, configure: (inout QuizServerConfiguration) -> Void = { _ in }) throws {
    self.overSocket = overSocket
    directory = try TemporaryDirectory()
    databasePath = directory.path("quiz.sqlite")
    let repository = try QuizRepository.open(at: databasePath)
    for quiz in try QuizBankReader.read(Array(Self.document.utf8)).quizzes { _ = try repository.saveQuiz(quiz) }
    var configuration = QuizServerConfiguration(databasePath: databasePath)
    configuration.port = 0
    configure(&configuration)
    server = try QuizServer(configuration)
  }

  deinit { server.stop() }

  func request(
    _ method: String, _ path: String, json: String? = nil, headers: [(String, String)] = []
  ) throws -> RawHTTPResponse {
    var headers = headers
    if json != nil { headers.append(("Content-Type", "application/json")) }
    guard overSocket else {
      return InProcessHTTP.send(to: server.state, method, path, body: Array((json ?? "").utf8), headers: headers)
    }
    return try RawHTTP.request(port: port, method, path, body: Array((json ?? "").utf8), headers: headers)
  }

  /// Signs `taker` in to `quiz`; the reply.
  func signIn(_ taker: String, quiz: String = "every", code: String? = nil, resume: String? = nil) throws
    -> RawHTTPResponse
  {
    let codeField = (code.map { #", "code": "\#($0)""# } ?? "") + (resume.map { #", "resume": "\#($0)""# } ?? "")
    return try request("POST", "/api/attempts", json: #"{"quiz": "\#(quiz)", "taker": "\#(taker)"\#(codeField)}"#)
  }

  func repository() throws -> QuizRepository { try QuizRepository.open(at: databasePath) }
}
