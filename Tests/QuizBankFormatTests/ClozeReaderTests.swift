import QuizBankFormat
import Testing

@testable import QuizDomain

/// quiz-bank/1's cloze questions: what the reader makes of them, what it refuses and where, an
/// attempt's answers to the gaps, and that the writer gives the same bytes back.
@Suite struct ClozeReaderTests {
  let path = "$.quizzes[0].sections[0].questions[0]"

  func document(_ questions: String, attempts: String = "") -> [UInt8] {
    let tail = attempts.isEmpty ? "" : #", "attempts": [\#(attempts)]"#
    return Array(
      #"{"format": "quiz-bank/1", "quizzes": [{"id": "k", "title": "K", "sections": [{"questions": [\#(questions)]}]}]\#(tail)}"#
        .utf8)
  }

  func problems(_ questions: String, attempts: String = "") -> [String] {
    do {
      _ = try QuizBankReader.read(document(questions, attempts: attempts))
      return []
    } catch QuizBankError.invalid(let problems, _) {
      return problems.map { "\($0.path): \($0.message)" }
    } catch {
      return ["\(error)"]
    }
  }

  /// A cloze question of the three gap kinds, in Japanese, Arabic and emoji.
  let mixed = """
    {"id": "c", "type": "cloze", "prompt": "東京は{#1}の首都です。العدد {#2} 🎉 {#3}", "text_format": "html", "parts": [
      {"kind": "short-answer", "points": 2, "answers": [{"text": "日本", "feedback": "正解 ✅"}, {"text": "にほん", "fraction": 0.5}, {"text": "*", "fraction": -0.25, "feedback": "لا"}], "case_sensitive": true},
      {"kind": "numerical", "answers": [{"value": 3.14, "tolerance": 0.01}, {"value": "*", "fraction": 0}]},
      {"kind": "choice", "points": 0, "display": "horizontal", "multiple": true, "shuffle": true, "choices": [{"id": "a", "text": "🐱", "correct": true}, {"id": "b", "text": "قطة", "correct": false, "weight": -0.5, "feedback": "🙀"}, {"text": "猫", "correct": true, "weight": 1}, {"text": "dog", "correct": false, "weight": 0}], "blank_marks": [{"correct": true}, {"weight": 0.25}]}
    ]}
    """

  @Test func aClozeQuestionReadsAndWritesBackTheSameBytes() throws {
    let attempts = """
      {"quiz": "k", "taker": "t", "answers": [{"question": "c", "parts": [{"response": "日本"}, {}, {"selected": ["a", "c"]}]}]},
      {"quiz": "k", "taker": "u", "answers": [{"question": "c", "parts": [{"response": "にほん"}, {"response": ""}, {"selected": []}]}]}
      """
    let read = try QuizBankReader.read(document(mixed, attempts: attempts))
    let question = try #require(read.quizzes.first?.questions.first)
    guard case .cloze(let cloze) = question.body else { throw KindMismatch() }
    #expect(cloze.parts.map(\.kind) == [.shortAnswer, .numerical, .choice])
    #expect(cloze.parts.map(\.points) == [2, 1, 0])
    // The question's points are its parts'.
    #expect(question.points == 3)
    guard case .choice(let choice) = cloze.parts[2].body else { throw KindMismatch() }
    #expect(choice.choices.map(\.id) == ["a", "b", "c", "d"])
    #expect(choice.display == .horizontal && choice.isMultiple && choice.isShuffled)
    #expect(choice.blankMarks == [.correct, .weight(0.25)])
    let first = try #require(read.attempts.first)
    #expect(first.answers[0].response == .parts([.text("日本"), .text(""), .choices(["a", "c"])]))
    let quiz = try #require(read.quizzes.first)
    #expect(read.attempts.allSatisfy { QuizBankValidator.attemptProblems($0, quiz: quiz, path: "$").isEmpty })
    #expect(Scoring.score(first, in: quiz).answerScores == [2])
    // にほん: 0.5 × 2 points of 3; the rest blank.
    #expect(Scoring.score(read.attempts[1], in: quiz).answerScores == [1])
    let written = QuizBankWriter.write(quizzes: read.quizzes, attempts: read.attempts)
    let again = try QuizBankReader.read(written)
    #expect(QuizBankWriter.write(quizzes: again.quizzes, attempts: again.attempts) == written)
    #expect(again.quizzes == read.quizzes)
    #expect(again.attempts == read.attempts)
    let text = String(decoding: written, as: UTF8.self)
    // A blank gap is written `{}` (the layout aside).
    let compact = String(text.filter { !$0.isWhitespace })
    #expect(compact.contains(#""parts":[{"response":"日本"},{},{"selected":["a","c"]}]"#))
    #expect(!text.contains(#""points": 3"#))
  }

  @Test func withoutAnswersATakerSeesTheGapsButNotTheirAnswers() throws {
    let read = try QuizBankReader.read(document(mixed))
    let question = try #require(read.quizzes.first?.questions.first)
    var writer = JSONWriter()
    QuizBankWriter.write(question, to: &writer, withAnswers: false)
    let text = String(decoding: writer.takeBytes(), as: UTF8.self)
    #expect(!text.contains("日本"))
    #expect(!text.contains("3.14"))
    #expect(!text.contains("\"correct\""))
    #expect(text.contains(#""kind": "numerical""#))
    #expect(text.contains(#""text": "🐱""#))
  }

  @Test func pointsArePartsNotTheQuestions() {
    #expect(
      problems(
        #"{"id": "c", "type": "cloze", "prompt": "{#1}", "points": 2, "parts": [{"kind": "short-answer", "answers": [{"text": "x"}]}]}"#
      )
        == [
          "\(path).points: a cloze question's points are the sum of its parts' points: give each part its \"points\" instead"
        ])
    #expect(
      problems(
        #"{"id": "c", "type": "cloze", "prompt": "{#1}", "parts": [{"kind": "short-answer", "points": 0, "answers": [{"text": "x"}]}]}"#
      )
        == ["\(path).parts: the parts are worth nothing: at least one needs points above 0"])
    #expect(
      problems(
        #"{"id": "c", "type": "cloze", "prompt": "{#1}", "parts": [{"kind": "short-answer", "points": -1, "answers": [{"text": "x"}]}]}"#
      )
        == ["\(path).parts[0].points: a part's points must be a finite number of at least 0, found -1"])
  }

  @Test func placeholdersAreEachGapOnce() {
    let parts =
      #"[{"kind": "short-answer", "answers": [{"text": "x"}]}, {"kind": "numerical", "answers": [{"value": 1}]}]"#
    #expect(
      problems(#"{"id": "c", "type": "cloze", "prompt": "{#1} {#1} {#3}", "parts": \#(parts)}"#)
        == [
          "\(path).prompt: the prompt has {#3} but the question has 2 parts",
          "\(path).prompt: {#1} appears 2 times in the prompt",
          "\(path).prompt: the prompt has no {#2} for part 2",
        ])
    #expect(
      problems(
        #"{"id": "c", "type": "cloze", "prompt": "{#2} then {#1}, {# 1} and {#x} are text", "parts": \#(parts)}"#) == []
    )
    #expect(
      problems(#"{"id": "c", "type": "cloze", "prompt": "none", "parts": []}"#)
        == ["\(path).parts: a cloze question needs at least one part"])
    #expect(
      problems(#"{"id": "c", "type": "cloze", "prompt": "{#1}"}"#) == ["\(path): missing required field \"parts\""])
  }

  @Test func eachGapKindsRulesHoldAtTheirPath() {
    func gap(_ part: String) -> [String] {
      problems(#"{"id": "c", "type": "cloze", "prompt": "{#1}", "parts": [\#(part)]}"#)
    }
    let at = "\(path).parts[0]"
    #expect(
      gap(#"{"kind": "choice", "choices": [{"text": "a", "correct": true}]}"#)
        == ["\(at).choices: a choice part needs at least 2 choices, found 1"])
    #expect(
      gap(
        #"{"kind": "choice", "choices": [{"text": "a", "correct": false, "weight": 0.5}, {"text": "b", "correct": false}]}"#
      )
        == ["\(at).choices: no choice is worth full marks (correct, or weight 1)"])
    // Blank marks: a multiple-response gap's only, each one mark, never an empty list.
    let choices = #""choices": [{"text": "a", "correct": true}, {"text": "b", "correct": false}]"#
    #expect(
      gap(#"{"kind": "choice", \#(choices), "blank_marks": [{"correct": true}]}"#)
        == ["\(at).blank_marks: only a multiple-response part (\"multiple\": true) has \"blank_marks\""])
    #expect(
      gap(#"{"kind": "choice", "multiple": true, \#(choices), "blank_marks": []}"#)
        == ["\(at).blank_marks: \"blank_marks\" is left out when there are none"])
    #expect(
      gap(#"{"kind": "choice", "multiple": true, \#(choices), "blank_marks": [{"correct": true, "weight": 1}]}"#)
        == ["\(at).blank_marks[0]: a blank mark is {\"correct\": true} or {\"weight\": W}, one of them"])
    #expect(
      gap(#"{"kind": "choice", "multiple": true, \#(choices), "blank_marks": [{"correct": false}]}"#)
        == ["\(at).blank_marks[0].correct: must be true (a blank without a mark is not kept)"])
    // A multiple-response gap needs only a choice worth something.
    #expect(
      gap(
        #"{"kind": "choice", "multiple": true, "choices": [{"text": "a", "correct": false, "weight": 0.5}, {"text": "b", "correct": false}]}"#
      )
        == [])
    #expect(
      gap(
        #"{"kind": "choice", "display": "dropdown", "multiple": true, "choices": [{"text": "a", "correct": true}, {"text": "b", "correct": false}]}"#
      )
        == ["\(at).display: a multiple-response part cannot be a dropdown"])
    #expect(
      gap(
        #"{"kind": "choice", "choices": [{"text": "a", "correct": true}, {"text": "b", "correct": true, "weight": 0.5}]}"#
      )
        == ["\(at).choices[1].correct: a choice with a weight is correct exactly when its weight is 1"])
    #expect(
      gap(
        #"{"kind": "choice", "choices": [{"id": "a", "text": "a", "correct": true}, {"id": "a", "text": "b", "correct": false}]}"#
      )
        == ["\(at).choices[1].id: duplicate choice id \"a\""])
    #expect(
      gap(#"{"kind": "short-answer", "answers": [{"text": "x", "fraction": 0.5}]}"#)
        == ["\(at).answers: no answer is worth full marks (fraction 1, or no fraction written)"])
    #expect(
      gap(#"{"kind": "short-answer", "answers": []}"#) == [
        "\(at).answers: a short-answer part needs at least one answer"
      ])
    #expect(
      gap(#"{"kind": "numerical", "answers": [{"value": 1}], "units": []}"#) == [
        "\(at).units: a numerical part has no \"units\" (Moodle's embedded numerical answers take no units)"
      ])
    #expect(
      gap(#"{"kind": "numerical", "answers": [{"text": "1"}]}"#).contains(
        "\(at).answers[0].text: a numerical answer has no \"text\" (its number is \"value\")"))
    #expect(gap(#"{"kind": "choice", "answers": []}"#).contains("\(at).answers: a choice part has no \"answers\""))
    #expect(gap(#"{"kind": "essay"}"#).first?.hasPrefix("\(at).kind: unknown part kind \"essay\"") == true)
    #expect(gap(#"{"answers": [{"text": "x"}]}"#) == ["\(at): missing required field \"kind\""])
    // Negative and decimal fractions are Moodle's `%-50%` and `%33.3%`.
    #expect(
      gap(
        #"{"kind": "short-answer", "answers": [{"text": "x"}, {"text": "y", "fraction": -0.5}, {"text": "z", "fraction": 0.333}]}"#
      ) == [])
  }

  @Test func aClozeQuestionTakesNoFieldOfAnotherKind() {
    #expect(
      problems(
        #"{"id": "c", "type": "cloze", "prompt": "{#1}", "shuffle": true, "parts": [{"kind": "short-answer", "answers": [{"text": "x"}]}]}"#
      )
        == ["\(path).shuffle: a cloze question has no \"shuffle\""])
    #expect(
      problems(#"{"id": "s", "type": "short-answer", "prompt": "P", "answers": [{"text": "x"}], "parts": []}"#)
        == ["\(path).parts: a short-answer question has no \"parts\""])
  }

  @Test func answersFitTheirGaps() throws {
    let read = try QuizBankReader.read(document(mixed))
    let quiz = try #require(read.quizzes.first)
    func found(_ responses: [Response]) -> [String] {
      let attempt = Attempt(quiz: "k", taker: "t", answers: [Answer(question: "c", response: .parts(responses))])
      return QuizBankValidator.attemptProblems(attempt, quiz: quiz, path: "$").map { "\($0.path): \($0.message)" }
    }
    #expect(found([]) == [])
    #expect(found([.text(""), .text(""), .choices([])]) == [])
    #expect(
      found([.text("a"), .text("1"), .choices([]), .text("x")])
        == [#"$.answers[0].parts: question "c" has 3 gaps, the answer gives 4"#])
    #expect(
      found([.choices(["a"]), .text("1"), .text("x")])
        == [
          #"$.answers[0].parts[0]: gap 1 of question "c" is a short-answer gap: it takes "response": TEXT"#,
          #"$.answers[0].parts[2]: gap 3 of question "c" is a choice gap: it takes "selected": [CHOICE, …]"#,
        ])
    #expect(
      found([.text("a"), .text("1"), .choices(["zz"])])
        == [#"$.answers[0].parts[2].selected[0]: unknown choice "zz" of gap 3 of question "c" (choices: a, b, c, d)"#])
    #expect(
      found([.text("a")]).isEmpty
        && problems(
          mixed,
          attempts:
            #"{"quiz": "k", "taker": "t", "answers": [{"question": "c", "parts": [{"response": "x", "selected": []}]}]}"#
        )
          == [#"$.attempts[0].answers[0].parts[0]: a gap's answer has one of "response" and "selected", found both"#]
    )
    #expect(
      problems(
        mixed, attempts: #"{"quiz": "k", "taker": "t", "answers": [{"question": "c", "parts": [{"unit": "cm"}]}]}"#)
        == [#"$.attempts[0].answers[0].parts[0].unit: unknown field "unit""#])
  }

  @Test func aOneAnswerGapTakesOnePick() throws {
    let one = """
      {"id": "c", "type": "cloze", "prompt": "{#1}", "parts": [{"kind": "choice", "choices": [{"text": "a", "correct": true}, {"text": "b", "correct": false}]}]}
      """
    let quiz = try #require(try QuizBankReader.read(document(one)).quizzes.first)
    let attempt = Attempt(
      quiz: "k", taker: "t", answers: [Answer(question: "c", response: .parts([.choices(["a", "b"])]))])
    #expect(
      QuizBankValidator.attemptProblems(attempt, quiz: quiz, path: "$").map(\.message) == [
        #"gap 1 of question "c" takes one answer, 2 were selected"#
      ])
  }

  struct KindMismatch: Error {}
}
