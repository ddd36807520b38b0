/// Choice ids as a taker is shown them: each choice's position in the order the attempt shows
/// it (`1`, `2`, `3`…), for a choice question and for each choice gap of a cloze question.
///
/// Why: the stored ids follow the authoring order (`a`, `b`, `c`…), and GIFT, Moodle XML and
/// `quiz add question --right … --wrong …` put the right answer first. Sent as they are, under
/// any shuffle the right answer would still be `a`. Positions in the shown order say nothing
/// more than the page itself does, as in Moodle's forms (`choice0`, `choice1`… in shown order).
public enum ShownChoiceIDs {
  /// The shown id of the choice at `index` (0-based) of the shown order.
  public static func id(at index: Int) -> String { String(index + 1) }

  /// `question`, its choices already in the attempt's order, with every choice's id (and every
  /// choice gap's) replaced by its shown id. Other kinds come back as they are.
  public static func relabel(_ question: Question) -> Question {
    var shown = question
    switch question.body {
    case .choice:
      shown.choices = relabeled(question.choices)
    case .cloze(var cloze):
      for index in cloze.parts.indices {
        guard case .choice(var gap) = cloze.parts[index].body else { continue }
        gap.choices = relabeled(gap.choices)
        cloze.parts[index].body = .choice(gap)
      }
      shown.body = .cloze(cloze)
    case .shortAnswer, .numerical, .matching, .essay, .description:
      break
    }
    return shown
  }

  /// `response` to `question` (in the attempt's order), its stored ids written as shown ids.
  /// An id that is no choice's stays as it is (it cannot be a position: positions are numbers
  /// and a stored id never is alone one that a choice of the question at that position has).
  public static func shown(_ response: Response, of question: Question) -> Response {
    map(response, of: question) { ids, choices in
      ids.map { id in choices.firstIndex { $0.id == id }.map(Self.id(at:)) ?? id }
    }
  }

  /// `response`, whose ids are shown ids of `question` (in the attempt's order), with the stored
  /// ids; nil when it names an id that is no shown id (the path of the first such id given).
  public static func stored(_ response: Response, of question: Question) -> Result<Response, UnknownID> {
    var unknown: UnknownID?
    let mapped = map(response, of: question) { ids, choices in
      ids.compactMap { id in
        guard let position = Int(id), String(position) == id, position >= 1, position <= choices.count else {
          if unknown == nil { unknown = UnknownID(id: id) }
          return nil
        }
        return choices[position - 1].id
      }
    }
    if let unknown { return .failure(unknown) }
    return .success(mapped)
  }

  /// A shown id that no choice has.
  public struct UnknownID: Error, Equatable, Sendable {
    public var id: String
  }

  private static func relabeled(_ choices: [Choice]) -> [Choice] {
    choices.enumerated().map { index, choice in
      var shown = choice
      shown.id = id(at: index)
      return shown
    }
  }

  /// `response` with the ids of each choice list mapped by `transform`, given the choices the
  /// ids name (the question's, or the gap's).
  private static func map(
    _ response: Response, of question: Question, _ transform: ([String], [Choice]) -> [String]
  ) -> Response {
    switch (question.body, response) {
    case (.choice, .choices(let ids)):
      return .choices(transform(ids, question.choices))
    case (.cloze(let cloze), .parts(let parts)):
      return .parts(
        parts.enumerated().map { index, part in
          guard index < cloze.parts.count, case .choice(let gap) = cloze.parts[index].body,
            case .choices(let ids) = part
          else { return part }
          return .choices(transform(ids, gap.choices))
        })
    case (.choice, _), (.cloze, _), (.shortAnswer, _), (.numerical, _), (.matching, _), (.essay, _),
      (.description, _):
      return response
    }
  }
}
