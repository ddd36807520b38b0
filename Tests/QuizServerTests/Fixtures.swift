import QuizDomain

@testable import QuizServer

/// One question of each kind, with distinctive strings in everything that would give the
/// answer away (feedback, accepted answers, weights, grader info, explanation).
enum Fixtures {
  static let secret = "SECRETFEEDBACK"

  static let choice = Question(
    id: "q-choice", prompt: "<p>Which is <b>blue</b>? <img src=x onerror=alert(1)></p>", explanation: "EXPLAINSECRET",
    multiple: false,
    choices: [
      Choice(id: "a", text: "Sky", correct: true, feedback: "\(secret)-A"),
      Choice(id: "b", text: "Grass", correct: false, feedback: "\(secret)-B"),
    ], textFormat: .html)

  static let multiple = Question(
    id: "q-multi", prompt: "Pick the primes", points: 2, multiple: true, scoring: .weighted,
    choices: [
      Choice(id: "x", text: "2", correct: true, weight: 0.777, feedback: "\(secret)-X"),
      Choice(id: "y", text: "4", correct: false, weight: -0.555),
      Choice(id: "z", text: "3", correct: true, weight: 0.223),
    ])

  static let shortAnswer = Question(
    id: "q-short", prompt: "Capital of France?",
    body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "ACCEPTEDPARIS", feedback: "\(secret)-S")])))

  static let numerical = Question(
    id: "q-num", prompt: "How long?",
    body: .numerical(
      Numerical(
        answers: [NumericAnswer(value: 31.4159, tolerance: 0.0271, feedback: "\(secret)-N")],
        units: [NumericUnit(unit: "m", multiplier: 1), NumericUnit(unit: "cm", multiplier: 100)],
        unitInput: .choice)))

  static let matching = Question(
    id: "q-match", prompt: "Match the capitals",
    body: .matching(
      Matching(
        pairs: [
          MatchPair(id: "fr", stem: "France", answer: "Paris"), MatchPair(id: "jp", stem: "Japan", answer: "東京"),
        ],
        distractors: ["Rome"])))
  static let matchingOrder = ["東京", "Rome", "Paris"]

  static let essay = Question(
    id: "q-essay", prompt: "Discuss.", body: .essay(Essay(responseLines: 5, graderInfo: "GRADERSECRET")))

  static let description = Question(id: "q-desc", prompt: "Read this first.", points: 0, body: .description)

  static let cloze = Question(
    id: "q-cloze", prompt: "<p>The capital is {#1}, π ≈ {#2}, colour {#3}, pick {#4}.</p>",
    textFormat: .html,
    body: .cloze(
      Cloze(parts: [
        ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "GAPANSWER", feedback: "\(secret)-G")]))),
        ClozePart(body: .numerical(Numerical(answers: [NumericAnswer(value: 3.14, tolerance: 0.01)]))),
        ClozePart(
          body: .choice(
            ClozeChoice(choices: [
              Choice(id: "r", text: "red", correct: true), Choice(id: "g", text: "green", correct: false),
            ]))),
        ClozePart(
          body: .choice(
            ClozeChoice(
              display: .vertical, multiple: true,
              choices: [Choice(id: "m", text: "one", correct: true), Choice(id: "n", text: "two", correct: false)]))),
      ])))

  static let all: [Question] = [choice, multiple, shortAnswer, numerical, matching, essay, description, cloze]

  static func view(
    _ question: Question, number: Int = 1, count: Int = 8, saved: Response? = nil, reveal: RevealView? = nil
  )
    -> QuestionView
  {
    QuestionView(
      quizTitle: "Capitals", question: question, answerChoices: question.kind == .matching ? matchingOrder : [],
      number: number, count: count, secondsLeft: 125, saved: saved, reveal: reveal,
      action: "/attempt/tok/questions/\(question.id)", csrf: "CSRFTOKEN", previousHref: nil,
      nextHref: number < count ? "/attempt/tok/questions/next" : nil, submitAction: "/attempt/tok/submit")
  }
}
