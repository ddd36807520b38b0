import QuizDomain

// MARK: - Banks

extension QuizBankDecoder {
  /// `{"id": B, "title": T, "description": D, "categories": [{"path": P, "questions": […]}]}`:
  /// a bank with its questions written in full, each category named once, each question id once
  /// in the bank, each question checked by its kind's rules.
  mutating func decodeBank() throws -> Bank? {
    var id: String?
    var title: String?
    var description: String?
    var categories: [Bank.Category]?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "id": id = try decoder.decodeSlug()
      case "title": title = try decoder.decodeText()
      case "description": description = try decoder.decodeString()
      case "categories": categories = try decoder.decodeArray { try $0.decodeCategory() }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["id", "title", "categories"], in: seen)
    guard let id, let title, let categories else { return nil }
    let bank = Bank(id: id, title: title, description: description, categories: categories)
    checkBank(bank)
    return bank
  }

  /// One category: its path (the bank's top when left out) and its questions.
  private mutating func decodeCategory() throws -> Bank.Category? {
    var category: CategoryPath? = .top
    var questions: [Question]?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "path":
        category = nil
        guard let text = try decoder.decodeString() else { return true }
        switch CategoryPath.parse(text) {
        case .success(let path): category = path
        case .failure(let error): decoder.report("\(error)")
        }
      case "questions": questions = try decoder.decodeArray { try $0.decodeBankQuestion() }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["questions"], in: seen)
    guard let category, let questions else { return nil }
    return Bank.Category(path: category, questions: questions)
  }

  /// A question of a bank is written in full: a slot names a question a bank already has.
  private mutating func decodeBankQuestion() throws -> Question? {
    guard let question = try decodeQuestion() else { return nil }
    guard question.slot == nil else {
      report("a bank's question is written in full: a slot ({\"question\": \"BANK/ID\"}) stands in a quiz's section")
      return nil
    }
    for message in QuestionRules.questionProblems(question) { report(message) }
    return question
  }

  /// Each category once, each question id once in the bank.
  private mutating func checkBank(_ bank: Bank) {
    var paths: [CategoryPath: Int] = [:]
    var ids: [String: String] = [:]
    for (c, category) in bank.categories.enumerated() {
      let here = "\(path.text).categories[\(c)]"
      if let earlier = paths[category.path] {
        add(
          Problem(
            path: here + ".path",
            message: "category \"\(category.path.text)\" is also \(path.text).categories[\(earlier)]: give each once"))
      } else {
        paths[category.path] = c
      }
      for (q, question) in category.questions.enumerated() {
        let at = "\(here).questions[\(q)]"
        if let earlier = ids[question.id] {
          add(Problem(path: at + ".id", message: "duplicate question id \"\(question.id)\" (also \(earlier))"))
        } else {
          ids[question.id] = at
        }
      }
    }
  }
}
