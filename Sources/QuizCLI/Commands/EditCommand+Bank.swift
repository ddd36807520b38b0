import QuizBankFormat
import QuizDomain
import QuizFormats
import QuizRepository

// MARK: - A bank's question

extension EditCommand {
  /// The bank question `address` names, when it is one: `BANK/QUESTION` of a bank no quiz is
  /// named after, or of a quiz's own bank that the quiz does not place; `QUIZ/QUESTION` of a
  /// question the quiz places from a bank (a fixed slot), with a note saying so.
  static func bankQuestion(_ address: QuestionAddress, _ repository: QuizRepository) throws -> (
    QuestionAddress, note: String?
  )? {
    guard let id = address.question else { return nil }
    guard let quiz = try repository.storedQuiz(address.quiz)?.quiz else {
      return try repository.storedBank(address.quiz) == nil ? nil : (address, nil)
    }
    if let slot = quiz.questions.first(where: { $0.id == id })?.slot {
      return (
        QuestionAddress(slot.name),
        "\(address.quiz)/\(id) is placed from bank \(slot.bank): this edits \(slot.name), which every quiz using it "
          + "gets at its next attempt (the slot's points and pinned version are the quiz's: 'quiz edit \(address.quiz)')"
      )
    }
    guard quiz.location(of: id) == nil, try repository.storedBank(address.quiz)?.quiz.location(of: id) != nil else {
      return nil
    }
    return (address, nil)
  }

  /// `quiz edit BANK/QUESTION`: the question as its bank holds it, saved back into the bank (a
  /// new version when its content changed, its category kept), as `quiz import FILE --bank BANK`
  /// saves it; every quiz that uses it gets it at its next attempt.
  static func editBankQuestion(
    _ address: QuestionAddress, format: QuizFileFormat, editing: QuizFileFormat.Editing, note: String?,
    invocation: Invocation
  ) throws {
    let id = address.question ?? ""
    let repository = try invocation.repository()
    guard let stored = try repository.storedBank(address.quiz) else {
      throw CLIError.failure("bank \"\(address.quiz)\" was removed: nothing to edit")
    }
    let bank = stored.quiz
    guard var original = bank.questions.first(where: { $0.id == id }) else {
      // (A retired question is not edited: 'quiz bank' lists what is in use.)
      throw RepositoryError.refused(
        "no question \"\(id)\" in bank \"\(address.quiz)\""
          + Suggestion.didYouMean(id, among: bank.questions.map(\.id)))
    }
    let text: String
    do {
      text = try editing.render(try format.editable(bank, address), address)
    } catch let problems as EditProblems {
      throw CLIError.data("cannot edit in \(format.title)", details: problems.lines(offset: 0))
    }
    let file = try TemporaryFile(
      name: "quiz-edit-\(address.quiz)-\(id).\(format.extensions.first ?? format.name)", contents: text)
    try editUntilSaved(
      file, notes: editing.notShown(bank, address), lead: note.map { [$0] } ?? [], format: format,
      invocation: invocation
    ) { edited in
      if edited == text { return nil }
      let result = try saveBankQuestion(edited, editing, address, original: &original, into: repository)
      let change = result.changed.first.map { "version \($0.from) → \($0.to)" } ?? "no change to its content"
      return "question \(address.quiz)/\(id): \(change)\n"
    }
  }

  /// Saves the edited question into its bank, in its category, reading the bank in the same
  /// transaction: a question someone else changed since `original` is not overwritten unseen
  /// (`original` becomes theirs, so that saving again puts the edit over it).
  private static func saveBankQuestion(
    _ edited: String, _ editing: QuizFileFormat.Editing, _ address: QuestionAddress, original: inout Question,
    into repository: QuizRepository
  ) throws -> BankImportResult {
    // (The title is the stored bank's, which an import into a bank keeps.)
    return try repository.importIntoBank(address.quiz, title: address.quiz) { stored in
      guard let stored, let now = stored.questions.first(where: { $0.id == original.id }) else {
        throw Problems(lines: ["question \(address.quiz)/\(original.id) was removed while you edited it"])
      }
      guard now == original else {
        original = now
        throw Problems(lines: [
          "Someone else saved \(address.quiz)/\(now.id) while you edited it (see 'quiz show \(address.quiz)/\(now.id)' "
            + "for theirs): save again to put yours over it"
        ])
      }
      let applied = try editing.apply(edited, address, stored)
      guard let question = applied.questions.first(where: { $0.id == original.id }),
        applied.questions.count == stored.questions.count
      else {
        throw Problems(lines: ["the question's id is \(original.id): edit it without changing its id"])
      }
      let section = stored.sections.first { $0.questions.contains { $0.id == original.id } }
      let category = try ImportCommand.categoryPath(ofSectionTitled: section?.title).get()
      return [(category, question)]
    }
  }
}
