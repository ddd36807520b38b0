import QuizDomain
import Testing

/// The presentation order is the one `take` has always shown for a seed: the same draws as
/// shuffling the choices, stems, answers and gap choices themselves, in the same sequence.
@Suite struct PresentationOrderTests {
  static func choices(_ ids: [String]) -> [Choice] {
    ids.map { Choice(id: $0, text: "Choice \($0)", correct: $0 == ids[0]) }
  }

  static let questions: [Question] = [
    Question(id: "c1", prompt: "One?", shuffle: true, choices: choices(["a", "b", "c", "d", "e"])),
    Question(id: "c2", prompt: "Fixed?", choices: choices(["a", "b", "c"])),
    Question(
      id: "m", prompt: "Match", shuffle: true,
      body: .matching(
        Matching(
          pairs: [
            MatchPair(id: "x", stem: "X", answer: "1"), MatchPair(id: "y", stem: "Y", answer: "2"),
            MatchPair(id: "z", stem: "Z", answer: "3"), MatchPair(id: "w", stem: "W", answer: "1"),
          ], distractors: ["4", "5"]))),
    Question(
      id: "g", prompt: "{#1} {#2} {#3}",
      body: .cloze(
        Cloze(parts: [
          ClozePart(body: .choice(ClozeChoice(shuffle: true, choices: choices(["p", "q", "r", "s"])))),
          ClozePart(body: .shortAnswer(ShortAnswer(answers: [TextAnswer(text: "t")]))),
          ClozePart(body: .choice(ClozeChoice(choices: choices(["u", "v"])))),
        ]))),
    Question(id: "c3", prompt: "Last?", shuffle: true, choices: choices(["a", "b", "c", "d"])),
  ]

  /// The shuffles as `take` made them before the order moved to the domain: the elements
  /// themselves, one generator for the whole attempt.
  static func reference(_ questions: [Question], seed: UInt64) -> [(Question, [String])] {
    var generator = SplitMix64(seed: seed)
    return questions.map { question in
      var shown = question
      var answers: [String] = []
      if question.shuffle { shown.choices.shuffle(using: &generator) }
      if case .matching(var matching) = shown.body, case .matching(let stored) = question.body {
        if question.shuffle {
          matching.pairs.shuffle(using: &generator)
          shown.body = .matching(matching)
        }
        // The stored question's answers, in their stored order, then shuffled.
        answers = stored.answerChoices
        answers.shuffle(using: &generator)
      }
      if case .cloze(var cloze) = shown.body {
        for p in cloze.parts.indices {
          guard case .choice(var gap) = cloze.parts[p].body, gap.isShuffled else { continue }
          gap.choices.shuffle(using: &generator)
          cloze.parts[p].body = .choice(gap)
        }
        shown.body = .cloze(cloze)
      }
      return (shown, answers)
    }
  }

  @Test(arguments: [0, 1, 7, 42, 12345, UInt64.max])
  func theOrdersAreTheShufflesTakeMadeForTheSeed(seed: UInt64) {
    let orders = PresentationOrder.draw(for: Self.questions, seed: seed)
    let expected = Self.reference(Self.questions, seed: seed)
    for (index, question) in Self.questions.enumerated() {
      #expect(orders[index].apply(to: question) == expected[index].0)
      #expect(orders[index].offeredAnswers(of: question) == expected[index].1)
    }
    #expect(orders[1].isStored)
    #expect(orders[1].storageText == nil)
  }

  @Test func anOrderIsKeptAsCompactJSONAndReadBack() throws {
    let orders = PresentationOrder.draw(for: Self.questions, seed: 99)
    for order in orders {
      #expect(PresentationOrder(storageText: order.storageText) == order)
    }
    let text = try #require(PresentationOrder(choices: [2, 0, 1], gaps: [[1, 0], nil]).storageText)
    #expect(text == #"{"choices":[2,0,1],"gaps":[[1,0],null]}"#)
    #expect(PresentationOrder(storageText: "[1]") == nil)
    #expect(PresentationOrder(storageText: #"{"choices":[1.5]}"#) == nil)
    #expect(PresentationOrder(storageText: #"{"other":[1]}"#) == nil)
  }

  @Test func anOrderThatDoesNotFitLeavesThePartAsStored() {
    let question = Self.questions[0]
    #expect(PresentationOrder(choices: [1, 0]).apply(to: question) == question)
    #expect(PresentationOrder(choices: [0, 0, 1, 2, 3]).apply(to: question) == question)
    #expect(PresentationOrder.arranged(["a", "b"], by: [1, 0]) == ["b", "a"])
  }
}
