import QuizDomain

/// A submitted answer form (`application/x-www-form-urlencoded`, decoded into a flat
/// dictionary) read into a quiz-bank/1 answer for the question's kind. The field names are
/// those the pages write:
///
/// - choice: `choice=ID` (one answer) or `choice.ID=on` for each box ticked (several);
/// - short answer, essay: `response`; numerical: `response` and, when picked, `unit`;
/// - matching: `match.STEM=N`, N the 1-based position of the answer text in the attempt's list;
/// - cloze: `gap.N` (text, or the choice picked) or `gap.N.ID=on` (multiple response), N from 1.
///
/// Other fields (`csrf`, `question`) are ignored. Unknown ids are errors, not left out.
enum AnswerForm {
  struct Failure: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// The answer `form` gives `question` (as the attempt shows it; `answerChoices`: matching's
  /// answer texts in the attempt's order).
  static func decode(_ form: [String: String], question: Question, answerChoices: [String] = []) throws(Failure)
    -> Answer
  {
    let response: Response
    switch question.body {
    case .choice(let body):
      response = .choices(try choices(form, body.choices, multiple: body.multiple, field: "choice"))
    case .shortAnswer: response = .text(form["response"] ?? "")
    // A text area's lines come back with CRLF (the form's encoding of its value, whose lines
    // end in LF): as shown, so that its template sent back unchanged is the template. (CR LF
    // is one Character.)
    case .essay: response = .text((form["response"] ?? "").replacing("\r\n", with: "\n"))
    case .numerical(let body): response = .text(form["response"] ?? "", unit: try unit(form, body))
    case .matching(let body): response = .matched(try matched(form, body, answerChoices: answerChoices))
    case .description: response = .text("")
    case .cloze(let cloze): response = .parts(try parts(form, cloze))
    }
    return Answer(question: question.id, response: response)
  }

  /// The picked ids in the question's order; an id that is no choice's fails.
  static func choices(_ form: [String: String], _ choices: [Choice], multiple: Bool, field: String) throws(Failure)
    -> [String]
  {
    let ids = Set(choices.map(\.id))
    if !multiple {
      guard let picked = form[field], !picked.isEmpty else { return [] }
      guard ids.contains(picked) else { throw Failure(message: "\(field): there is no choice \"\(picked)\"") }
      return [picked]
    }
    let prefix = field + "."
    for key in form.keys where key.hasPrefix(prefix) {
      let id = String(key.dropFirst(prefix.count))
      // A gap's own boxes are `gap.N.ID`; `gap.N` is another field.
      guard ids.contains(id) else { throw Failure(message: "\(key): there is no choice \"\(id)\"") }
    }
    return choices.map(\.id).filter { form[prefix + $0] != nil }
  }

  private static func unit(_ form: [String: String], _ body: Numerical) throws(Failure) -> String? {
    guard body.effectiveUnitInput == .choice, let unit = form["unit"], !unit.isEmpty else { return nil }
    guard body.units.contains(where: { $0.unit == unit }) else {
      throw Failure(message: "unit: there is no unit \"\(unit)\"")
    }
    return unit
  }

  /// Each stem matched, in the question's stem order; a blank list is left out.
  private static func matched(_ form: [String: String], _ body: Matching, answerChoices: [String]) throws(Failure)
    -> [StemMatch]
  {
    let stems = Set(body.pairs.map(\.id))
    for key in form.keys where key.hasPrefix("match.") && !stems.contains(String(key.dropFirst(6))) {
      throw Failure(message: "\(key): there is no stem \"\(key.dropFirst(6))\"")
    }
    var matches: [StemMatch] = []
    for pair in body.pairs {
      guard let value = form["match.\(pair.id)"], !value.isEmpty else { continue }
      guard let position = Int(value), position >= 1, position <= answerChoices.count else {
        throw Failure(message: "match.\(pair.id): there is no answer \(value) (1 to \(answerChoices.count))")
      }
      matches.append(StemMatch(stem: pair.id, answer: answerChoices[position - 1]))
    }
    return matches
  }

  /// One response per gap, in gap order; a blank gap is its kind's empty response.
  private static func parts(_ form: [String: String], _ cloze: Cloze) throws(Failure) -> [Response] {
    for key in form.keys where key.hasPrefix("gap.") {
      let number = Int(key.dropFirst(4).prefix { $0 != "." }) ?? 0
      guard number >= 1, number <= cloze.parts.count else {
        throw Failure(message: "\(key): there is no gap \(key.dropFirst(4).prefix { $0 != "." })")
      }
    }
    var responses: [Response] = []
    for (index, part) in cloze.parts.enumerated() {
      let field = "gap.\(index + 1)"
      switch part.body {
      case .shortAnswer, .numerical: responses.append(.text(form[field] ?? ""))
      case .choice(let body):
        let multiple = body.isMultiple
        if !multiple, form.keys.contains(where: { $0.hasPrefix(field + ".") }) {
          throw Failure(message: "\(field): this gap takes one choice")
        }
        responses.append(.choices(try choices(form, body.choices, multiple: multiple, field: field)))
      }
    }
    return responses
  }
}
