import QuizDomain
import QuizRepository

enum SearchCommand {
  static let command = Command(
    name: "search",
    summary: "Search the questions' prompts, choices, explanations and tags, best matches first.",
    discussion: """
      TEXT is an SQLite FTS5 query: words (all must match; accents ignored), "a phrase", prefix*, \
      OR, NOT, and column filters such as prompt:word or tags:word.
      """,
    arguments: [ArgumentSpec(name: "text", help: "What to look for.")],
    options: [
      .value("quiz", help: "Only this quiz's questions."),
      .value("tag", help: "Only questions with this tag."),
      .format(["table", "json"]),
    ],
    run: run)

  // Markers that cannot occur in text, turned into colors or nothing when printing.
  static let open = "\u{E000}"
  static let close = "\u{E001}"

  struct HitRow: TableRow {
    let hit: SearchHit
    let console: Console
    static var columns: [TableColumn] { [.left("QUIZ"), .left("QUESTION"), .left("PROMPT")] }
    var cells: [String] { [hit.quiz, hit.question, SearchCommand.mark(hit.prompt, console: console)] }
  }

  static func run(_ invocation: Invocation) throws {
    let arguments = invocation.arguments
    let text = arguments.positionals[0]
    let hits: [SearchHit]
    do {
      hits = try invocation.repository().search(
        text, quiz: arguments.value("quiz"), tag: arguments.value("tag"), open: open, close: close)
    } catch RepositoryError.invalid(let problems, _) {
      throw CLIError.data(problems.first.map { "\($0.message) (in \($0.path))" } ?? "not a valid search")
    }
    let console = invocation.console
    if invocation.format == "json" {
      var writer = JSONWriter(pretty: true)
      writer.beginArray()
      for hit in hits {
        writer.beginObject()
        writer.field("quiz", hit.quiz)
        writer.field("question", hit.question)
        writer.field("prompt", mark(hit.prompt, console: .plain))
        writer.field("rank", hit.rank)
        writer.endObject()
      }
      writer.endArray()
      writer.endLine()
      console.writeBytes(writer.bytes)
    } else if hits.isEmpty {
      console.write("No questions match \"\(text)\".\n")
    } else {
      console.write(Table.render(hits.map { HitRow(hit: $0, console: console) }, console: console))
    }
  }

  /// The prompt with matched words highlighted on a terminal, plain elsewhere.
  static func mark(_ prompt: String, console: Console) -> String {
    let highlighted = console.colorsEnabled
    return prompt.replacingNewlines().split(separator: Character(open), omittingEmptySubsequences: false)
      .enumerated().map { index, part in
        guard index > 0 else { return String(part) }
        let pieces = part.split(separator: Character(close), maxSplits: 1, omittingEmptySubsequences: false)
        let word = String(pieces.first ?? "")
        let rest = pieces.count > 1 ? String(pieces[1]) : ""
        return (highlighted ? "\u{1B}[1;33m\(word)\u{1B}[0m" : word) + rest
      }.joined()
  }
}
