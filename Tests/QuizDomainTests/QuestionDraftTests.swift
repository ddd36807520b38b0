import QuizDomain
import Testing

@Suite struct QuestionDraftTests {
  @Test func choicesAreLetteredInOrderAndFeedbackAttachedById() throws {
    var draft = QuestionDraft(id: "capital", prompt: "Capital of France?")
    draft.choices = [("Lyon", false), ("Paris", true), ("Nice", false)]
    draft.feedback = [("c", "On the coast."), ("a", "Second city.")]
    draft.tags = ["geo"]
    let question = try draft.question().get()
    #expect(question.choices.map(\.id) == ["a", "b", "c"])
    #expect(question.correctChoiceIDs == ["b"])
    #expect(question.choices.map(\.feedback) == ["Second city.", nil, "On the coast."])
    #expect(question.multiple == false && question.points == 1 && question.tags == ["geo"])
  }

  @Test func multipleFollowsTheCorrectChoicesUnlessGiven() throws {
    var draft = QuestionDraft(id: "q", prompt: "Primes?")
    draft.choices = [("2", true), ("3", true), ("4", false)]
    #expect(try draft.question().get().multiple)
    // Asked for explicitly, single-answer it stays: either correct choice is a full answer.
    draft.multiple = false
    let single = try draft.question().get()
    #expect(!single.multiple && single.correctChoiceIDs == ["a", "b"])
  }

  @Test func everyProblemIsReported() {
    var draft = QuestionDraft(id: "Not an id", prompt: "")
    draft.choices = [("only", false)]
    draft.feedback = [("z", "?")]
    draft.points = 0
    guard case .failure(let error) = draft.question() else {
      Issue.record("an invalid draft made a question")
      return
    }
    #expect(error.problems.count == 6)
    #expect(error.problems.contains("the prompt must not be empty"))
    #expect(error.problems.contains("points must be greater than 0"))
    #expect(error.problems.contains("feedback for choice \"z\", which does not exist (choices: a)"))
    #expect(error.problems.contains("a question needs at least 2 choices, found 1"))
  }
}
