/// The words help, the man page and the README use for the formats, made from the registry
/// so that a format added to `all` is named everywhere at once.
extension QuizFileFormat {
  /// "a, b or c" (or "and").
  public static func list(_ words: [String], _ last: String = "or") -> String {
    guard words.count > 1, let final = words.last else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(last) " + final
  }

  /// Each format's ending as written: ".json, .aiken, .xml, .gift".
  public static func endings(_ formats: [QuizFileFormat]) -> String {
    formats.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ")
  }

  /// The `.txt` rule: "a JSON object is quiz-bank/1 JSON, a line starting ANSWER: is Aiken, …".
  public static var contentRule: String {
    toldByContent.compactMap { format in format.contentSign.map { "\($0) is \(format.title)" } }.joined(separator: ", ")
  }

  /// "GIFT, Aiken and Moodle XML": the formats whose files carry one quiz's questions.
  public static var questionFormatTitles: String { list(questionFormats.map(\.title), "and") }

  /// "quiz-bank/1 JSON, Aiken, Moodle XML or GIFT".
  public static var readableTitles: String { list(readable.map(\.title)) }
}
