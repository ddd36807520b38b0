import QuizDomain

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
    var points: [String: Double]? = [:]
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
        given = try decoder.decodeArray { try $0.decodeQuestionName() }
        valid = valid && given != nil
      case "answers": answers = try decoder.decodeArray { try $0.decodeAnswer() }
      case "versions":
        versions = try decoder.decodeVersionNumbers(bankQuestions: true)
        valid = valid && versions != nil
      case "scored_versions":
        scoredVersions = try decoder.decodeVersionNumbers(bankQuestions: true)
        valid = valid && scoredVersions != nil
      case "points":
        points = try decoder.decodeQuestionPoints()
        valid = valid && points != nil
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
    attempt.points = points ?? [:]
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
      case "question" where fixed == nil: question = try decoder.decodeQuestionName()
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

extension QuizBankDecoder {
  /// An attempt's `points`: question names to what the attempt gave each, more than 0.
  mutating func decodeQuestionPoints() throws -> [String: Double]? {
    try decodeQuestionMap(bankQuestions: true) { decoder in
      guard let value = try decoder.decodeNumber() else { return nil }
      guard value > 0, value.isFinite else {
        decoder.report("points must be a number more than 0")
        return nil
      }
      return value
    }
  }
}
