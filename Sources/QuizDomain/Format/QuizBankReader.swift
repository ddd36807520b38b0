/// The content of one quiz-bank/1 document.
public struct QuizBankDocument: Equatable, Sendable {
  public var quizzes: [Quiz]
  /// What the attempts need of the quizzes' past (docs/quiz-bank.md, "History").
  public var history: [QuizHistory]
  public var attempts: [Attempt]

  public init(quizzes: [Quiz], history: [QuizHistory] = [], attempts: [Attempt] = []) {
    self.quizzes = quizzes
    self.history = history
    self.attempts = attempts
  }
}

/// What the streaming reader hands over, in document order.
public enum QuizBankItem: Sendable {
  /// A valid quiz, at `path` (`$.quizzes[3]`).
  case quiz(Quiz, path: String)
  /// A quiz with problems (reported at the end); attempts at it need no further complaint.
  case rejectedQuiz(id: String)
  /// The history of a quiz, at `path` (`$.history[0]`); handed over before any attempt.
  case history(QuizHistory, path: String)
  /// An attempt with valid fields, at `path`; whether it names real questions and choices is
  /// for the receiver to check.
  case attempt(Attempt, path: String)
  /// Every quiz of the document has been handed over.
  case quizzesComplete
}

/// Reads quiz-bank/1 documents (docs/quiz-bank.md): JSON syntax first, then every field's type
/// and rule, collecting all problems rather than stopping at the first one.
public enum QuizBankReader {
  public static let format = "quiz-bank/1"
  /// Problems kept for the report; further ones are only counted.
  public static let problemLimit = 1_000

  /// Reads a document item by item, handing each quiz and attempt to `body` as soon as it is
  /// read, so that a large document never sits whole in memory. `progress` hears the byte
  /// offset reached after each item. Throws `QuizBankError.syntax` at malformed JSON and, at the
  /// end, `QuizBankError.invalid` with the problems found (`body` may have been handed items
  /// by then: the caller discards them).
  public static func stream(
    _ bytes: UnsafeBufferPointer<UInt8>, progress: ((Int) -> Void)? = nil,
    _ body: (QuizBankItem) throws -> Void
  ) throws {
    var decoder = QuizBankDecoder(scanner: JSONScanner(bytes))
    do {
      try decoder.decodeDocument(body: body, progress: progress)
      try decoder.scanner.expectEnd()
    } catch let error as JSONSyntaxError {
      throw QuizBankError.syntax(error)
    }
    guard decoder.problems.isEmpty else { throw QuizBankError.invalid(decoder.problems, total: decoder.problemCount) }
  }

  /// Reads one whole document. Throws `QuizBankError.syntax` for malformed JSON and
  /// `QuizBankError.invalid` with every problem for a document that breaks the format.
  /// References from attempts to quizzes outside the document are checked by the repository.
  public static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws -> QuizBankDocument {
    var document = QuizBankDocument(quizzes: [])
    try stream(bytes) { item in
      switch item {
      case .quiz(let quiz, _): document.quizzes.append(quiz)
      case .attempt(let attempt, _): document.attempts.append(attempt)
      case .history(let history, _): document.history.append(history)
      case .rejectedQuiz, .quizzesComplete: break
      }
    }
    return document
  }

  public static func read(_ bytes: [UInt8]) throws -> QuizBankDocument {
    try bytes.withUnsafeBufferPointer { try read($0) }
  }

  /// Reads one question object (as `quiz edit QUIZ/QUESTION` writes it).
  public static func readQuestion(_ bytes: [UInt8]) throws -> Question {
    try bytes.withUnsafeBufferPointer { buffer in
      var decoder = QuizBankDecoder(scanner: JSONScanner(buffer))
      let question: Question?
      do {
        question = try decoder.decodeQuestion()
        try decoder.scanner.expectEnd()
      } catch let error as JSONSyntaxError {
        throw QuizBankError.syntax(error)
      }
      guard let question, decoder.problems.isEmpty else {
        throw QuizBankError.invalid(decoder.problems, total: decoder.problemCount)
      }
      return question
    }
  }

  /// Reads one attempt object, as found on a line of newline-delimited JSON.
  public static func readAttempt(_ bytes: [UInt8]) throws -> Attempt {
    try bytes.withUnsafeBufferPointer { try readAttempt($0) }
  }

  public static func readAttempt(_ buffer: UnsafeBufferPointer<UInt8>) throws -> Attempt {
    var decoder = QuizBankDecoder(scanner: JSONScanner(buffer))
    let attempt: Attempt?
    do {
      attempt = try decoder.decodeAttempt()
      try decoder.scanner.expectEnd()
    } catch let error as JSONSyntaxError {
      throw QuizBankError.syntax(error)
    }
    guard let attempt, decoder.problems.isEmpty else {
      throw QuizBankError.invalid(decoder.problems, total: decoder.problemCount)
    }
    return attempt
  }

}

/// The walk over one document. Each `decode…` reads one value at the current path; a value of
/// the wrong type is recorded as a problem and skipped, so that reading goes on.
struct QuizBankDecoder {
  var scanner: JSONScanner
  var path = JSONPath()
  private(set) var problems: [Problem] = []
  private(set) var problemCount = 0
  /// The id of the quiz being read, for rejecting it by name when it has problems.
  var lastQuizID: String?

  init(scanner: JSONScanner) { self.scanner = scanner }

  mutating func report(_ message: String, key: String? = nil) {
    var text = path.text
    if let key { text += "." + key }
    add(Problem(path: text, message: message))
  }

  mutating func add(_ problem: Problem) {
    problemCount += 1
    if problems.count < QuizBankReader.problemLimit { problems.append(problem) }
  }
}

// MARK: - Generic values

extension QuizBankDecoder {
  /// Skips a value of the wrong kind, reporting what was expected.
  mutating func mismatch(expected: String) throws {
    let found = try scanner.peekKind()
    report("expected \(expected), found \(found == .object || found == .array ? "an" : "a") \(found.rawValue)")
    try scanner.skipValue()
  }

  mutating func decodeString() throws -> String? {
    guard try scanner.peekKind() == .string else {
      try mismatch(expected: "a string")
      return nil
    }
    return try scanner.readString()
  }

  /// A string that may not be empty.
  mutating func decodeText() throws -> String? {
    guard let text = try decodeString() else { return nil }
    if text.isEmpty {
      report("must not be empty")
      return nil
    }
    return text
  }

  mutating func decodeSlug() throws -> String? {
    guard let text = try decodeString() else { return nil }
    guard Slug.isValid(text) else {
      report("\"\(text.prefix(120))\" is not a valid id (\(Slug.rule))")
      return nil
    }
    return text
  }

  mutating func decodeBool() throws -> Bool? {
    guard try scanner.peekKind() == .boolean else {
      try mismatch(expected: "true or false")
      return nil
    }
    return try scanner.readBool()
  }

  mutating func decodeNumber() throws -> Double? {
    guard try scanner.peekKind() == .number else {
      try mismatch(expected: "a number")
      return nil
    }
    return try scanner.readNumber()
  }

  /// A whole number of at least 1 (a count of questions).
  mutating func decodeCount() throws -> Int? {
    guard let value = try decodeNumber() else { return nil }
    guard value >= 1, value <= 1_000_000, value.rounded() == value else {
      report("expected a whole number of at least 1, found \(JSONWriter.numberText(value))")
      return nil
    }
    return Int(value)
  }

  mutating func decodeScoring() throws -> ScoringRule? {
    guard let text = try decodeString() else { return nil }
    guard let rule = ScoringRule(rawValue: text) else {
      report("unknown scoring rule \"\(text.prefix(60))\" (expected one of: \(ScoringRule.names))")
      return nil
    }
    return rule
  }

  mutating func decodeTimestamp() throws -> Timestamp? {
    guard let text = try decodeString() else { return nil }
    guard let timestamp = Timestamp(text) else {
      report("\"\(text.prefix(60))\" is not an RFC 3339 date-time (such as 2026-11-29T10:04:12Z)")
      return nil
    }
    return timestamp
  }

  /// Reads an array, each element at its index in the path; nil (reported) for a non-array.
  mutating func decodeArray<T>(_ element: (inout QuizBankDecoder) throws -> T?) throws -> [T]? {
    guard try scanner.peekKind() == .array else {
      try mismatch(expected: "an array")
      return nil
    }
    try scanner.beginArray()
    var elements: [T] = []
    var first = true
    var index = 0
    var complete = true
    while try scanner.nextElement(first: &first) {
      path.push(.index(index))
      if let value = try element(&self) { elements.append(value) } else { complete = false }
      path.pop()
      index += 1
    }
    return complete ? elements : nil
  }

  /// Reads an object's members: `member` reads the value of each known key and returns false
  /// for an unknown one. Duplicate and unknown keys are reported. Returns the keys seen, or
  /// nil (reported) when the value is not an object.
  mutating func decodeObject(_ member: (inout QuizBankDecoder, String) throws -> Bool) throws -> [String]? {
    guard try scanner.peekKind() == .object else {
      try mismatch(expected: "an object")
      return nil
    }
    try scanner.beginObject()
    var seen: [String] = []
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      path.push(.key(key))
      defer { path.pop() }
      if seen.contains(key) {
        report("duplicate key \"\(key)\"")
        try scanner.skipValue(depth: path.components.count)
        continue
      }
      seen.append(key)
      if try !member(&self, key) {
        report("unknown field \"\(key)\"")
        try scanner.skipValue(depth: path.components.count)
      }
    }
    return seen
  }

  mutating func requireFields(_ required: [String], in seen: [String]) {
    for key in required where !seen.contains(key) {
      report("missing required field \"\(key)\"")
    }
  }
}

// MARK: - The document

extension QuizBankDecoder {
  mutating func decodeDocument(body: (QuizBankItem) throws -> Void, progress: ((Int) -> Void)?) throws {
    var format: String?
    var seenIDs: [String: Int] = [:]
    var quizzesDone = false
    var completeSent = false
    let seen = try decodeObject { decoder, key in
      switch key {
      case "format": format = try decoder.decodeString()
      case "quizzes":
        try decoder.forEachElement { decoder, index in
          let problemsBefore = decoder.problemCount
          let quiz = try decoder.decodeQuiz()
          progress?(decoder.scanner.offset)
          guard let quiz, decoder.problemCount == problemsBefore else {
            if let id = quiz?.id ?? decoder.lastQuizID { try body(.rejectedQuiz(id: id)) }
            return
          }
          if let earlier = seenIDs[quiz.id] {
            decoder.add(
              Problem(
                path: "$.quizzes[\(index)].id",
                message: "duplicate quiz id \"\(quiz.id)\" (also $.quizzes[\(earlier)])"))
            return
          }
          seenIDs[quiz.id] = index
          try body(.quiz(quiz, path: "$.quizzes[\(index)]"))
        }
        quizzesDone = true
      case "history":
        try decoder.forEachElement { decoder, index in
          let problemsBefore = decoder.problemCount
          let history = try decoder.decodeHistory()
          guard let history, decoder.problemCount == problemsBefore else { return }
          try body(.history(history, path: "$.history[\(index)]"))
        }
      case "attempts":
        // Attempts after the quizzes (and their history) are recorded as they come.
        if quizzesDone && !completeSent {
          completeSent = true
          try body(.quizzesComplete)
        }
        try decoder.forEachElement { decoder, index in
          let problemsBefore = decoder.problemCount
          let attempt = try decoder.decodeAttempt()
          progress?(decoder.scanner.offset)
          guard let attempt, decoder.problemCount == problemsBefore else { return }
          try body(.attempt(attempt, path: "$.attempts[\(index)]"))
        }
      default: return false
      }
      return true
    }
    guard let seen else { return }
    requireFields(["format", "quizzes"], in: seen)
    if let format, format != QuizBankReader.format {
      report("unsupported format \"\(format.prefix(60))\" (expected \"\(QuizBankReader.format)\")", key: "format")
    }
    if !completeSent { try body(.quizzesComplete) }
  }

  /// Calls `element` for each element of an array, at its index in the path; reports a
  /// non-array.
  mutating func forEachElement(_ element: (inout QuizBankDecoder, Int) throws -> Void) throws {
    guard try scanner.peekKind() == .array else {
      try mismatch(expected: "an array")
      return
    }
    try scanner.beginArray()
    var first = true
    var index = 0
    while try scanner.nextElement(first: &first) {
      path.push(.index(index))
      try element(&self, index)
      path.pop()
      index += 1
    }
  }
}

// MARK: - Quizzes

extension QuizBankDecoder {
  mutating func decodeQuiz() throws -> Quiz? {
    var id: String?
    var title: String?
    var description: String?
    var scoring: ScoringRule?
    var shuffleQuestions: Bool?
    var sections: [Section]?
    var valid = true
    lastQuizID = nil
    let seen = try decodeObject { decoder, key in
      switch key {
      case "id":
        id = try decoder.decodeSlug()
        decoder.lastQuizID = id
      case "title": title = try decoder.decodeText()
      case "description": description = try decoder.decodeString()
      case "scoring": scoring = try decoder.decodeScoring()
      case "shuffle_questions": shuffleQuestions = try decoder.decodeBool()
      case "sections":
        sections = try decoder.decodeArray { try $0.decodeSection() }
        if sections?.isEmpty == true {
          decoder.report("a quiz needs at least one section")
          valid = false
        }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["id", "title", "sections"], in: seen)
    guard valid, let id, let title, let sections else { return nil }
    let quiz = Quiz(
      id: id, title: title, description: description, scoring: scoring, shuffleQuestions: shuffleQuestions,
      sections: sections)
    checkUniqueQuestionIDs(quiz)
    return quiz
  }

  private mutating func checkUniqueQuestionIDs(_ quiz: Quiz) {
    var seen: [String: String] = [:]
    for (s, section) in quiz.sections.enumerated() {
      for (q, question) in section.questions.enumerated() {
        let here = "\(path.text).sections[\(s)].questions[\(q)]"
        if let earlier = seen[question.id] {
          add(Problem(path: here + ".id", message: "duplicate question id \"\(question.id)\" (also \(earlier))"))
        } else {
          seen[question.id] = here
        }
      }
    }
  }

  mutating func decodeSection() throws -> Section? {
    var title: String?
    var pick: Int?
    var questions: [Question]?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "title": title = try decoder.decodeString()
      case "pick": pick = try decoder.decodeCount()
      case "questions": questions = try decoder.decodeArray { try $0.decodeQuestion() }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["questions"], in: seen)
    if seen.contains("pick") && pick == nil { return nil }
    guard let questions else { return nil }
    return Section(title: title, pick: pick, questions: questions)
  }

  mutating func decodeQuestion() throws -> Question? {
    var id: String?
    var prompt: String?
    var explanation: String?
    var points: Double?
    var multiple: Bool?
    var scoring: ScoringRule?
    var shuffle: Bool? = false
    var textFormat: TextFormat? = .plain
    var tags: [String]? = []
    var choices: [Choice]?
    var files: [QuestionFile]? = []
    var kindFields = QuestionKindFields()
    var options = QuestionOptionFields()
    let seen = try decodeObject { decoder, key in
      switch key {
      case "id": id = try decoder.decodeSlug()
      case "prompt": prompt = try decoder.decodeText()
      case "explanation": explanation = try decoder.decodeString()
      case "points":
        points = try decoder.decodeNumber()
        if let value = points, !(value >= 0 && value.isFinite) {
          decoder.report(
            value.isFinite
              ? "points must be greater than 0, found \(JSONWriter.numberText(value))"
              : "points must be a finite number")
          points = .nan
        }
      case "multiple": multiple = try decoder.decodeBool()
      case "scoring": scoring = try decoder.decodeScoring()
      case "shuffle": shuffle = try decoder.decodeBool()
      case "text_format":
        textFormat = nil
        if let text = try decoder.decodeString() {
          textFormat = TextFormat(rawValue: text)
          if textFormat == nil {
            decoder.report("unknown text format \"\(text.prefix(60))\" (expected one of: \(TextFormat.names))")
          }
        }
      case "tags": tags = try decoder.decodeArray { try $0.decodeText() }
      case "choices": choices = try decoder.decodeChoices()
      case "files": files = try decoder.decodeArray { try $0.decodeFile() }
      default:
        if try decoder.decodeOptionField(key, into: &options) { return true }
        return try decoder.decodeKindField(key, into: &kindFields)
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["id", "prompt"], in: seen)
    let isDescription = kindFields.type == .description
    if seen.contains("points") && points == nil { return nil }
    if let value = points, value == 0, !isDescription, kindFields.type != .cloze {
      report("points must be greater than 0, found 0", key: "points")
      return nil
    }
    if let value = points, value != 0, isDescription {
      report("a description is worth nothing: its points must be 0 or absent", key: "points")
      return nil
    }
    if seen.contains("multiple") && multiple == nil { return nil }
    let choiceBody = choices.map {
      ChoiceBody(multiple: multiple ?? ($0.filter(\.correct).count > 1), scoring: scoring, choices: $0)
    }
    let body = makeBody(kindFields, choice: choiceBody, seen: seen)
    guard let id, let prompt, let shuffle, let textFormat, let tags, let files, let body,
      points.map({ !$0.isNaN }) ?? true, !options.broken
    else { return nil }
    var question = Question(
      id: id, prompt: prompt, explanation: explanation, points: body.clozePoints ?? points ?? (isDescription ? 0 : 1),
      shuffle: shuffle,
      tags: tags, textFormat: textFormat, files: files, body: body)
    options.apply(to: &question)
    for problem in QuizBankValidator.locatedBodyProblems(question) { report(problem.message, key: problem.key) }
    path.push(.key("files"))
    for problem in QuizBankValidator.fileProblems(question) { report(problem) }
    path.pop()
    return question
  }

  /// `{"field": "prompt", "name": "cat.png", "data": "<base64>"}`.
  mutating func decodeFile() throws -> QuestionFile? {
    var field: String?
    var name: String?
    var bytes: [UInt8]?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "field": field = try decoder.decodeText()
      case "name":
        name = try decoder.decodeText()
        if let value = name, value.contains("/") {
          decoder.report("a file name must not contain \"/\"")
          name = nil
        }
      case "data":
        if let text = try decoder.decodeString() {
          bytes = Base64.decode(text)
          if bytes == nil { decoder.report("not base64") }
        }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["field", "name", "data"], in: seen)
    guard let field, let name, let bytes else { return nil }
    return QuestionFile(field: field, name: name, bytes: bytes)
  }

  /// A choice question's choices, or a cloze gap's (`inGap`: a weight any finite number, a
  /// `%n%` alternative's n/100).
  mutating func decodeChoices(inGap: Bool = false) throws -> [Choice]? {
    var position = 0
    return try decodeArray { decoder -> Choice? in
      defer { position += 1 }
      return try decoder.decodeChoice(position: position, inGap: inGap)
    }
  }

  mutating func decodeChoice(position: Int, inGap: Bool) throws -> Choice? {
    var id: String?
    var text: String?
    var correct: Bool?
    var weight: Double?
    var feedback: String?
    var valid = true
    let seen = try decodeObject { decoder, key in
      switch key {
      case "id":
        id = try decoder.decodeSlug()
        valid = valid && id != nil
      case "text": text = try decoder.decodeText()
      case "correct": correct = try decoder.decodeBool()
      case "weight" where inGap:
        weight = try decoder.decodeFiniteNumber()
        valid = valid && weight != nil
      case "weight":
        weight = try decoder.decodeNumber()
        if let value = weight, !(-1...1).contains(value) {
          decoder.report("weight must be between -1 and 1, found \(JSONWriter.numberText(value))")
          valid = false
        } else if weight == nil {
          valid = false
        }
      case "feedback": feedback = try decoder.decodeString()
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["text", "correct"], in: seen)
    guard valid, let text, let correct else { return nil }
    if seen.contains("feedback") && feedback == nil { return nil }
    return Choice(
      id: id ?? Choice.defaultID(at: position), text: text, correct: correct, weight: weight, feedback: feedback)
  }
}

// MARK: - Attempts

extension QuizBankDecoder {
  mutating func decodeAttempt() throws -> Attempt? {
    var id: String?
    var quiz: String?
    var taker: String?
    var startedAt: Timestamp?
    var submittedAt: Timestamp?
    var given: [String]?
    var answers: [Answer]?
    var versions: [String: Int]? = [:]
    var scoredVersions: [String: Int]? = [:]
    var scoring: ScoringRule?
    var maxScore: Double?
    var valid = true
    let seen = try decodeObject { decoder, key in
      switch key {
      case "id": id = try decoder.decodeText()
      case "quiz": quiz = try decoder.decodeSlug()
      case "taker": taker = try decoder.decodeText()
      case "started_at":
        startedAt = try decoder.decodeTimestamp()
        valid = valid && startedAt != nil
      case "submitted_at":
        submittedAt = try decoder.decodeTimestamp()
        valid = valid && submittedAt != nil
      case "given":
        given = try decoder.decodeArray { try $0.decodeSlug() }
        valid = valid && given != nil
      case "answers": answers = try decoder.decodeArray { try $0.decodeAnswer() }
      case "versions":
        versions = try decoder.decodeVersionNumbers()
        valid = valid && versions != nil
      case "scored_versions":
        scoredVersions = try decoder.decodeVersionNumbers()
        valid = valid && scoredVersions != nil
      case "scoring":
        scoring = try decoder.decodeScoring()
        valid = valid && scoring != nil
      case "max_score":
        maxScore = try decoder.decodeNumber()
        if let value = maxScore, !(value >= 0 && value.isFinite) {
          decoder.report("max_score must be a finite number of at least 0")
          maxScore = nil
        }
        valid = valid && maxScore != nil
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["quiz", "taker", "answers"], in: seen)
    if seen.contains("id") && id == nil { valid = false }
    guard valid, let quiz, let taker, let answers else { return nil }
    if let startedAt, let submittedAt, submittedAt < startedAt {
      report("submitted_at is before started_at", key: "submitted_at")
    }
    var answered: [String: Int] = [:]
    for (index, answer) in answers.enumerated() {
      if let earlier = answered[answer.question] {
        report(
          "question \"\(answer.question)\" is answered twice (also answers[\(earlier)])",
          key: "answers[\(index)].question")
      } else {
        answered[answer.question] = index
      }
    }
    var attempt = Attempt(
      id: id, quiz: quiz, taker: taker, startedAt: startedAt, submittedAt: submittedAt, given: given, answers: answers)
    attempt.versions = versions ?? [:]
    attempt.scoredVersions = scoredVersions ?? [:]
    attempt.scoring = scoring
    attempt.maxScore = maxScore
    return attempt
  }

  /// `{"question": ID, "selected": [...]}`, `{"question": ID, "response": TEXT, "unit": TEXT}`
  /// or `{"question": ID, "matched": {STEM: ANSWER}}`, with an essay's `mark`. With `fixed`, the
  /// question is known from elsewhere (a URL) and the object holds no `question`.
  mutating func decodeAnswer(question fixed: String? = nil) throws -> Answer? {
    var question: String? = fixed
    var response: Response?
    var unit: String?
    var mark: Mark?
    var valid = true
    let seen = try decodeObject { decoder, key in
      switch key {
      case "question" where fixed == nil: question = try decoder.decodeSlug()
      case "selected":
        let selected = try decoder.decodeArray { try $0.decodeSlug() }
        if let picks = selected, Set(picks).count != picks.count {
          decoder.report("a choice is selected more than once")
        } else if let picks = selected {
          response = .choices(picks)
        }
      case "response": response = try decoder.decodeString().map { .text($0) }
      case "unit":
        unit = try decoder.decodeText()
        valid = valid && unit != nil
      case "matched": response = try decoder.decodeMatched()
      case "parts": response = try decoder.decodeGapResponses()
      case "mark":
        mark = try decoder.decodeMark()
        valid = valid && mark != nil
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    if fixed == nil { requireFields(["question"], in: seen) }
    // Counted without a list: this runs for every answer of every attempt read.
    let formCount = seen.count { $0 == "selected" || $0 == "response" || $0 == "matched" || $0 == "parts" }
    if formCount == 0 {
      report("missing the response: one of \"selected\", \"response\", \"matched\" or \"parts\"")
      return nil
    }
    if formCount > 1 {
      let forms = seen.filter { $0 == "selected" || $0 == "response" || $0 == "matched" || $0 == "parts" }
      report(
        "an answer has one of \"selected\", \"response\", \"matched\" and \"parts\", found \(forms.joined(separator: ", "))"
      )
      return nil
    }
    if unit != nil && !seen.contains("response") {
      report("\"unit\" goes with a \"response\" (numerical)", key: "unit")
      return nil
    }
    guard valid, let question, var response else { return nil }
    if case .text(let text, _) = response, let unit { response = .text(text, unit: unit) }
    return Answer(question: question, response: response, mark: mark)
  }

  mutating func decodeMatched() throws -> Response? {
    var matches: [StemMatch] = []
    var valid = true
    let seen = try decodeObject { decoder, key in
      if let answer = try decoder.decodeText() {
        matches.append(StemMatch(stem: key, answer: answer))
      } else {
        valid = false
      }
      return true
    }
    guard seen != nil, valid else { return nil }
    return .matched(matches)
  }

  mutating func decodeMark() throws -> Mark? {
    var score: Double?
    var comment: String?
    var marker: String?
    var markedAt: Timestamp?
    var valid = true
    let seen = try decodeObject { decoder, key in
      switch key {
      case "score":
        score = try decoder.decodeNumber()
        if let value = score, !(value >= 0 && value.isFinite) {
          decoder.report("a mark's score must be a finite number of at least 0")
          score = nil
        }
      case "comment":
        comment = try decoder.decodeString()
        valid = valid && comment != nil
      case "marker":
        marker = try decoder.decodeText()
        valid = valid && marker != nil
      case "marked_at":
        markedAt = try decoder.decodeTimestamp()
        valid = valid && markedAt != nil
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["score"], in: seen)
    guard valid, let score else { return nil }
    return Mark(score: score, comment: comment, marker: marker, markedAt: markedAt)
  }
}

// MARK: - History

extension QuizBankDecoder {
  /// `{"quiz": ID, "current": {QUESTION: N}, "versions": [{"version": N, "question": {…}}]}`.
  mutating func decodeHistory() throws -> QuizHistory? {
    var quiz: String?
    var current: [String: Int]? = [:]
    var versions: [HistoricVersion]? = []
    let seen = try decodeObject { decoder, key in
      switch key {
      case "quiz": quiz = try decoder.decodeSlug()
      case "current": current = try decoder.decodeVersionNumbers()
      case "versions": versions = try decoder.decodeArray { try $0.decodeHistoricVersion() }
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["quiz", "versions"], in: seen)
    guard let quiz, let current, let versions else { return nil }
    var seenVersions: [String: Int] = [:]
    for (index, version) in versions.enumerated() {
      let key = "\(version.question.id) version \(version.number)"
      if let earlier = seenVersions[key] {
        report("\(key) is given twice (also versions[\(earlier)])", key: "versions[\(index)]")
      }
      seenVersions[key] = index
      if let shown = current[version.question.id], version.number >= shown {
        report(
          "an earlier version of \(version.question.id) must be numbered below its current \(shown)",
          key: "versions[\(index)].version")
      }
    }
    return QuizHistory(quiz: quiz, current: current, versions: versions)
  }

  mutating func decodeHistoricVersion() throws -> HistoricVersion? {
    var number: Int?
    var question: Question?
    let seen = try decodeObject { decoder, key in
      switch key {
      case "version": number = try decoder.decodeVersionNumber()
      case "question": question = try decoder.decodeQuestion()
      default: return false
      }
      return true
    }
    guard let seen else { return nil }
    requireFields(["version", "question"], in: seen)
    guard let number, let question else { return nil }
    return HistoricVersion(number: number, question: question)
  }

  /// An object of question ids to version numbers.
  mutating func decodeVersionNumbers() throws -> [String: Int]? {
    var numbers: [String: Int] = [:]
    var valid = true
    let seen = try decodeObject { decoder, key in
      guard Slug.isValid(key) else {
        decoder.report("\"\(key.prefix(60))\" is not a valid question id (\(Slug.rule))")
        try decoder.scanner.skipValue(depth: decoder.path.components.count)
        valid = false
        return true
      }
      guard let number = try decoder.decodeVersionNumber() else {
        valid = false
        return true
      }
      numbers[key] = number
      return true
    }
    guard seen != nil, valid else { return nil }
    return numbers
  }

  /// A version number: a whole number of at least 1.
  mutating func decodeVersionNumber() throws -> Int? {
    guard let value = try decodeNumber() else { return nil }
    guard value >= 1, value <= 1_000_000_000, value == value.rounded() else {
      report("a version number must be a whole number of at least 1, found \(JSONWriter.numberText(value))")
      return nil
    }
    return Int(value)
  }
}
