import QuizDomain

/// How an export names the questions of a quiz's attempts: by id, as everywhere, but
/// `BANK/QUESTION` for another bank's question whose id the quiz's attempts also give to another
/// question (a slot moved from one bank to another holding the same ids). The id alone is kept
/// for the question the quiz shows under it, else for the quiz's own, else for the only one.
/// An import reads both (docs/quiz-bank.md, "History").
struct AttemptNames {
  /// id → the question the id alone names, as `BANK/ID` (`/ID` for the quiz's own); absent:
  /// the id names no question alone.
  private var bare: [String: String] = [:]
  private var seen: [String: Set<String>] = [:]

  /// A question: `bank` nil for the quiz's own (and a removed bank's, which an export carries as
  /// the quiz's own retired question).
  private static func key(_ id: String, bank: String?) -> String { (bank ?? "") + "/" + id }

  /// Names for attempts that name `questions`, at a quiz that shows `shown` (id and bank).
  init(shown: [(id: String, bank: String?)], questions: [(id: String, bank: String?)]) {
    for question in questions { seen[question.id, default: []].insert(Self.key(question.id, bank: question.bank)) }
    for question in shown { bare[question.id] = Self.key(question.id, bank: question.bank) }
    for (id, keys) in seen where bare[id] == nil {
      if keys.contains(Self.key(id, bank: nil)) {
        bare[id] = Self.key(id, bank: nil)
      } else if keys.count == 1 {
        bare[id] = keys.first
      }
    }
  }

  init() {}

  /// The name of question `id` of `bank` (nil: the quiz's own) in the quiz's attempts; a
  /// `removed` bank's question goes as the quiz's own unless the history names it by its bank.
  func name(_ id: String, bank: String?, removed: Bool = false) -> String {
    guard let bank, !removed || seen[id]?.contains(Self.key(id, bank: bank)) == true else { return id }
    let alone = bare[id] == Self.key(id, bank: bank) || (bare[id] == nil && seen[id] == nil)
    return alone ? id : bank + "/" + id
  }
}
