import Testing

@testable import QuizDomain

/// Cloze scoring against Moodle's qtype_multianswer tests (each names its source file and test
/// function in moodle/moodle), then the rules of issue 22 that Moodle's tests leave out.
/// Moodle's test questions are rebuilt gap by gap with the alternatives as the syntax writes them.
@Suite struct MoodleClozeScoringTests {
  /// The helper's `twosubq` question (question/type/multianswer/tests/helper.php,
  /// make_multianswer_question_twosubq): `{1:SHORTANSWER:Dog#Wrong, silly!~=Owl#Well done!~*#Wrong
  /// answer}` (case-sensitive in the helper) and `{1:MULTICHOICE:Bow-wow#…~Wiggly worm#…~=Pussy-cat#Well
  /// done!}`.
  static let twoSubq = Question(
    id: "twosubq", prompt: #"Complete this opening line of verse: "The {#1} and the {#2} went to sea"."#, points: 2,
    body: .cloze(
      Cloze(parts: [
        ClozePart(
          body: .shortAnswer(
            ShortAnswer(
              answers: [
                TextAnswer(text: "Dog", fraction: 0, feedback: "Wrong, silly!"),
                TextAnswer(text: "Owl", feedback: "Well done!"),
                TextAnswer(text: "*", fraction: 0, feedback: "Wrong answer"),
              ], caseSensitive: true))),
        ClozePart(
          body: .choice(
            ClozeChoice(choices: [
              Choice(id: "a", text: "Bow-wow", correct: false, feedback: "You seem to have a dog obsessions!"),
              Choice(id: "b", text: "Wiggly worm", correct: false, feedback: "Now you are just being rediculous!"),
              Choice(id: "c", text: "Pussy-cat", correct: true, feedback: "Well done!"),
            ]))),
      ])))

  /// The helper's `multiple` question (make_multianswer_question_multiple): two MULTIRESPONSE gaps,
  /// `{1:MULTIRESPONSE:=Apple#Good~%-50%Burger~%-50%Hot dog#Not a fruit~%-50%Pizza~=Orange#Correct~=Banana}`
  /// and `{1:MULTIRESPONSE:=Raddish#Good~%-50%Chocolate~%-50%Biscuit#Not a vegetable~%-50%Cheese~=Carrot#Correct}`.
  static let multiple = Question(
    id: "multiple", prompt: "Please select the fruits {#1} and vegetables {#2}", points: 2,
    body: .cloze(
      Cloze(parts: [
        ClozePart(
          body: .choice(
            ClozeChoice(
              display: .vertical, multiple: true,
              choices: [
                Choice(id: "apple", text: "Apple", correct: true, feedback: "Good"),
                Choice(id: "burger", text: "Burger", correct: false, weight: -0.5),
                Choice(id: "hotdog", text: "Hot dog", correct: false, weight: -0.5, feedback: "Not a fruit"),
                Choice(id: "pizza", text: "Pizza", correct: false, weight: -0.5),
                Choice(id: "orange", text: "Orange", correct: true, feedback: "Correct"),
                Choice(id: "banana", text: "Banana", correct: true),
              ]))),
        ClozePart(
          body: .choice(
            ClozeChoice(
              display: .vertical, multiple: true,
              choices: [
                Choice(id: "raddish", text: "Raddish", correct: true, feedback: "Good"),
                Choice(id: "chocolate", text: "Chocolate", correct: false, weight: -0.5),
                Choice(id: "biscuit", text: "Biscuit", correct: false, weight: -0.5, feedback: "Not a vegetable"),
                Choice(id: "cheese", text: "Cheese", correct: false, weight: -0.5),
                Choice(id: "carrot", text: "Carrot", correct: true, feedback: "Correct"),
              ]))),
      ])))

  static func cloze(_ question: Question) -> Cloze {
    if case .cloze(let cloze) = question.body { return cloze }
    return Cloze(parts: [])
  }

  func score(_ question: Question, _ responses: [Response]) -> Double {
    Scoring.score(question, answer: Answer(question: question.id, response: .parts(responses)), rule: .allOrNothing)
  }

  func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

  // question/type/multianswer/tests/question_test.php, test_grading: the fractions 1, 0.5
  // (a blank gap), 0.5 ("Goat" matches `*` at 0 %) and 0.
  @Test func grading() {
    let q = Self.twoSubq
    #expect(score(q, [.text("Owl"), .choices(["c"])]) / q.points == 1)
    #expect(score(q, [.text("Owl")]) / q.points == 0.5)
    #expect(score(q, [.text("Goat"), .choices(["c"])]) / q.points == 0.5)
    #expect(score(q, [.text("Dog")]) / q.points == 0)
  }

  // question_test.php, test_get_num_parts_right: a gap is right when its fraction is 1.
  @Test func numPartsRight() {
    let cloze = Self.cloze(Self.twoSubq)
    func right(_ responses: [Response]) -> Int { cloze.partFractions(for: responses).count { $0 == 1 } }
    #expect(right([.text("Frog"), .choices(["c"])]) == 1)
    #expect(right([.text("Owl"), .choices(["c"])]) == 2)
    #expect(right([.text("Dog"), .choices(["a"])]) == 0)
    #expect(right([.text("Owl")]) == 1)
    #expect(right([.text("Dog")]) == 0)
    #expect(right([.text(""), .choices(["c"])]) == 1)
  }

  // question_test.php, test_get_num_parts_right_fourmc (helper make_multianswer_question_fourmc):
  // `{1:MULTICHOICE:=California#OK~Arizona#Wrong}` and `{1:MULTICHOICE:%0%California#Wrong~=Arizona#OK}`
  // twice each; choosing the second choice of every gap gets 2 right.
  @Test func numPartsRightFourMC() {
    let first = ClozePart(
      body: .choice(
        ClozeChoice(choices: [
          Choice(id: "california", text: "California", correct: true, feedback: "OK"),
          Choice(id: "arizona", text: "Arizona", correct: false, feedback: "Wrong"),
        ])))
    // `%0%` is no percentage (PHP's "0" is false): the choice is unmarked.
    let second = ClozePart(
      body: .choice(
        ClozeChoice(choices: [
          Choice(id: "california", text: "California", correct: false, feedback: "Wrong"),
          Choice(id: "arizona", text: "Arizona", correct: true, feedback: "OK"),
        ])))
    let cloze = Cloze(parts: [first, second, first, second])
    let fractions = cloze.partFractions(for: Array(repeating: .choices(["arizona"]), count: 4))
    #expect(fractions.count { $0 == 1 } == 2)
    #expect(cloze.fraction(for: Array(repeating: .choices(["arizona"]), count: 4)) == 0.5)
  }

  // The helper's make_multianswer_question_multiple stores the fractions
  // 0.3333333 ×3 and −0.5 ×3, then 0.5, −0.5 ×3, 0.5: the rescaled positive ones, the `%-50%` kept.
  @Test func multipleResponseFractionsAsTheHelperStoresThem() {
    let cloze = Self.cloze(Self.multiple)
    guard case .choice(let fruits) = cloze.parts[0].body, case .choice(let vegetables) = cloze.parts[1].body else {
      Issue.record("not two choice gaps")
      return
    }
    let expected = [1.0 / 3, -0.5, -0.5, -0.5, 1.0 / 3, 1.0 / 3]
    #expect(zip(fruits.fractions, expected).allSatisfy { close($0, $1) })
    #expect(vegetables.fractions == [0.5, -0.5, -0.5, -0.5, 0.5])
    // The right picks of both gaps: 1; one wrong pick among the fruits: 1 − 0.5 of the gap.
    #expect(
      close(cloze.fraction(for: [.choices(["apple", "orange", "banana"]), .choices(["raddish", "carrot"])]), 1))
    let oneWrong = cloze.partFractions(for: [.choices(["apple", "orange", "banana", "pizza"]), .choices(["carrot"])])
    #expect(close(oneWrong[0] ?? .nan, 0.5))
    #expect(oneWrong[1] == 0.5)
    // A multiple-response gap is clamped at 0 (qtype_multichoice_multi_question::grade_response).
    #expect(cloze.partFractions(for: [.choices(["burger", "pizza"])]) == [0, nil])
  }

  // question/type/multianswer/tests/questiontype_test.php, test_get_random_guess_score: twosubq
  // guesses 0.1666667 (the short answer's `*` at 0 %, the choice gap 1/3, over 2 points).
  @Test func randomGuessScore() throws {
    let guess = try #require(Self.cloze(Self.twoSubq).randomGuessFraction)
    #expect(abs(guess - 0.1666667) < 0.0000001)
    let quiz = Quiz(id: "k", title: "K", sections: [Section(questions: [Self.twoSubq])])
    #expect(QuizStatistics.randomGuessScore(Self.twoSubq, rule: quiz.scoringRule(for: Self.twoSubq)) == guess)
  }

  // helper.php, make_multianswer_question_numericalzero (MDL-35370): `{1:NUMERICAL:=0:0}`; "0" is
  // a response and right, an empty one is blank.
  @Test func numericalZero() {
    let cloze = Cloze(parts: [
      ClozePart(body: .numerical(Numerical(answers: [NumericAnswer(value: 0, tolerance: 0)])))
    ])
    #expect(cloze.partFractions(for: [.text("0")]) == [1])
    #expect(cloze.partFractions(for: [.text("")]) == [nil])
    #expect(cloze.partFractions(for: [.text("zero")]) == [0])
  }
}

/// The rules of issue 22 for cloze scoring that Moodle's tests do not show.
@Suite struct ClozeScoringRulesTests {
  func choiceGap(_ choices: [Choice], multiple: Bool? = nil, points: Double = 1) -> ClozePart {
    ClozePart(points: points, body: .choice(ClozeChoice(multiple: multiple, choices: choices)))
  }

  @Test func aOneAnswerGapGivesTheChosenFractionEvenNegativeAndSeveralMayBeFull() {
    // {1:MC:=Paris~=Lutèce~%-50%London~Rome}
    let gap = choiceGap([
      Choice(id: "a", text: "Paris", correct: true), Choice(id: "b", text: "Lutèce", correct: true),
      Choice(id: "c", text: "London", correct: false, weight: -0.5), Choice(id: "d", text: "Rome", correct: false),
    ])
    #expect(gap.fraction(for: .choices(["a"])) == 1)
    #expect(gap.fraction(for: .choices(["b"])) == 1)
    #expect(gap.fraction(for: .choices(["c"])) == -0.5)
    #expect(gap.fraction(for: .choices(["d"])) == 0)
    #expect(gap.fraction(for: .choices([])) == nil)
    #expect(gap.fraction(for: .choices(["zz"])) == 0)
  }

  @Test func percentZeroIsNoPercentageButZeroPointZeroIs() {
    // {1:MR:=A~=B~C~D}: no percentage, each wrong choice cancels a right one (−1/2).
    let unmarked = ClozeChoice(
      multiple: true,
      choices: [
        Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: true),
        Choice(id: "c", text: "C", correct: false), Choice(id: "d", text: "D", correct: false),
      ])
    #expect(unmarked.fractions == [0.5, 0.5, -0.5, -0.5])
    #expect(unmarked.fraction(for: ["a", "c"]) == 0)
    #expect(unmarked.fraction(for: ["a"]) == 0.5)
    // {1:MR:=A~=B~%0%C~D}: `%0%` is PHP's false, so the same.
    // {1:MR:=A~=B~%0.0%C~D}: `%0.0%` is a percentage: wrong choices keep their 0.
    var weighted = unmarked
    weighted.choices[2].weight = 0
    #expect(weighted.fractions == [0.5, 0.5, 0, 0])
    #expect(weighted.fraction(for: ["a", "c"]) == 0.5)
    #expect(weighted.fraction(for: ["a", "b", "c", "d"]) == 1)
  }

  @Test func multipleResponseRescalesPositiveWeights() {
    // {1:MR:%100%A~%50%B~%-100%C}: positives 1 and 0.5 rescale to 2/3 and 1/3.
    let gap = ClozeChoice(
      multiple: true,
      choices: [
        Choice(id: "a", text: "A", correct: true, weight: 1), Choice(id: "b", text: "B", correct: false, weight: 0.5),
        Choice(id: "c", text: "C", correct: false, weight: -1),
      ])
    let fractions = gap.fractions
    #expect(abs(fractions[0] - 2.0 / 3) < 1e-12 && abs(fractions[1] - 1.0 / 3) < 1e-12 && fractions[2] == -1)
    #expect(gap.fraction(for: ["a", "b"]) == 1)
    #expect(gap.fraction(for: ["a", "c"]) == 0)
  }

  @Test func theQuestionWeighsGapsByPointsAndCanScoreBelowZero() {
    // {2:SA:=Owl~%-100%Cat} and {1:MC:=Yes~%-100%No}: 3 points.
    let question = Question(
      id: "q", prompt: "{#1} {#2}", points: 3,
      body: .cloze(
        Cloze(parts: [
          ClozePart(
            points: 2,
            body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "Owl"), TextAnswer(text: "Cat", fraction: -1)]))),
          choiceGap([
            Choice(id: "y", text: "Yes", correct: true), Choice(id: "n", text: "No", correct: false, weight: -1),
          ]),
        ])))
    func score(_ responses: [Response]) -> Double {
      Scoring.score(question, answer: Answer(question: "q", response: .parts(responses)), rule: .partial)
    }
    #expect(score([.text("owl"), .choices(["y"])]) == 3)
    #expect(score([.text("owl"), .choices(["n"])]) == 1)
    #expect(score([.text("cat"), .choices(["n"])]) == -3)
    #expect(score([.text("cat")]) == -2)
    #expect(score([]) == 0)
    // A longer list than the gaps scores its gaps only (validation refuses it).
    #expect(score([.text("owl"), .choices(["y"]), .text("x")]) == 3)
    // A `{0:…}` gap adds nothing.
    if case .cloze(var cloze) = question.body {
      cloze.parts[1].points = 0
      #expect(cloze.points == 2)
      #expect(cloze.fraction(for: [.text("owl"), .choices(["n"])]) == 1)
    }
  }

  @Test func randomGuessAddsTheGapsGuessesOverTheirPoints() throws {
    // {2:SA:=a~%50%*}: 0.5; {1:NM:=1~%100%*}: 1 − Moodle's unit penalty 1 = 0; {1:MR:…}: none.
    let cloze = Cloze(parts: [
      ClozePart(
        points: 2,
        body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "a"), TextAnswer(text: "*", fraction: 0.5)]))),
      ClozePart(
        body: .numerical(Numerical(answers: [NumericAnswer(value: 1), NumericAnswer(value: nil, fraction: 1)]))),
      choiceGap(
        [Choice(id: "a", text: "A", correct: true), Choice(id: "b", text: "B", correct: false)], multiple: true),
    ])
    #expect(try #require(cloze.randomGuessFraction) == 0.5 / 4)
    #expect(
      Cloze(parts: [choiceGap([Choice(id: "a", text: "A", correct: true)], points: 0)]).randomGuessFraction == nil)
  }
}

/// docs/quiz-bank.md, "Cloze": the worked example, and the per-gap response analysis.
@Suite struct ClozeDocumentedExampleTests {
  static func verse(weights: [Double?] = [nil, nil, nil]) -> Question {
    Question(
      id: "verse", prompt: "The {#1} and the {#2} went to sea in a {#3}-green boat.", points: 4,
      body: .cloze(
        Cloze(parts: [
          ClozePart(
            body: .shortAnswer(
              ShortAnswer(
                answers: [TextAnswer(text: "Owl", feedback: "Well done!"), TextAnswer(text: "*", fraction: 0)],
                caseSensitive: true))),
          ClozePart(
            body: .choice(
              ClozeChoice(choices: [
                Choice(id: "a", text: "Bow-wow", correct: false), Choice(id: "b", text: "Pussy-cat", correct: true),
              ]))),
          ClozePart(
            points: 2,
            body: .choice(
              ClozeChoice(
                display: .vertical, multiple: true,
                choices: [
                  Choice(id: "a", text: "pea", correct: weights[0] == nil, weight: weights[0]),
                  Choice(id: "b", text: "sea", correct: weights[1] == nil, weight: weights[1]),
                  Choice(id: "c", text: "red", correct: false, weight: weights[2]),
                ]))),
        ])))
  }

  func score(_ question: Question, _ responses: [Response]) -> Double {
    Scoring.score(question, answer: Answer(question: question.id, response: .parts(responses)), rule: .allOrNothing)
  }

  @Test func theWorkedExample() {
    let picks: [Response] = [.text("Owl"), .choices(["a"]), .choices(["a", "c"])]
    #expect(score(Self.verse(), picks) == 1)
    #expect(score(Self.verse(), [.text("owl"), .choices(["a"]), .choices(["a", "c"])]) == 0)
    // `%50%`, `%50%` and `%0%` (no percentage: an unmarked choice).
    #expect(score(Self.verse(weights: [0.5, 0.5, nil]), picks) == 2)
    #expect(QuestionRules.questionProblems(Self.verse()).isEmpty)
    #expect(QuestionRules.questionProblems(Self.verse(weights: [0.5, 0.5, nil])).isEmpty)
  }

  @Test func eachGapIsAnalysedOnItsOwn() throws {
    let counts: [(Response, Int)] = [
      (.parts([.text("Owl"), .choices(["b"]), .choices(["a", "b"])]), 3),
      (.parts([.text("owl"), .choices(["a"])]), 2),
      (.parts([.text(" Owl "), .text(""), .choices(["a", "zz"])]), 1),
      (.parts([]), 4),
    ]
    let gaps = try #require(ResponseAnalysis.gaps(of: Self.verse(), counts: counts))
    #expect(gaps.map(\.kind) == [.shortAnswer, .choice, .choice])
    #expect(gaps.map(\.blank) == [4, 5, 6])
    // "owl" matches `*` (case-sensitive): no response is unmatched.
    #expect(gaps[0].analysis.rows.map(\.count) == [4, 2])
    #expect(gaps[0].analysis.unmatched.isEmpty)
    #expect(gaps[0].analysis.responses == 6)
    #expect(gaps[1].analysis.rows.map(\.count) == [2, 3])
    #expect(gaps[1].analysis.rows.map(\.fraction) == [0, 1])
    #expect(gaps[2].analysis.rows.map(\.count) == [4, 3, 0])
    #expect(gaps[2].analysis.rows.map(\.fraction) == [0.5, 0.5, -0.5])
    #expect(gaps[2].analysis.unmatched == [ResponseAnalysis.Unmatched(response: "zz", count: 1)])
    #expect(ResponseAnalysis.gaps(of: MoodleClozeScoringTests.twoSubq, counts: []).map(\.count) == 2)
    #expect(ResponseAnalysis.of(Self.verse(), counts: counts) == nil)
  }
}
