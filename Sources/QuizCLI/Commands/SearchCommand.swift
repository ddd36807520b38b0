import QuizDomain
import QuizRepository

enum SearchCommand {
  static let command = Command(
    name: "search",
    summary: "Search the questions' prompts, choices, explanations and tags, best matches first.",
    discussion: """
      TEXT is an SQLite FTS5 query: words (all must match; accents ignored), "a phrase", prefix*, \
      OR, NOT, and column filters such as prompt:word or tags:word. Every bank's questions in use are \
      searched, each named BANK/QUESTION (a quiz's own questions are in the bank of its id).
      """,
    arguments: [ArgumentSpec(name: "text", help: "What to look for.")],
    options: [
      .value("quiz", help: "Only the questions this quiz places (its own and its slots')."),
      .value(
        "bank", valueName: "bank[/category]",
        help: "Only this bank's questions, or those of this category of it and the categories under it."),
      .value("tag", help: "Only questions with this tag (every --tag given).", repeatable: true),
      .value(
        "limit", valueName: "n", help: "Show at most N matches; 0 shows all.",
        type: .whole(0...Int.max, expected: "a number, 0 for all"), defaultValue: "50"),
      .format(["table", "json"]),
    ],
    run: run)

  // Markers that cannot occur in text, turned into colors or nothing when printing.
  static let open = "\u{E000}"
  static let close = "\u{E001}"

  struct HitRow: TableRow {
    let hit: SearchHit
    let console: Console
    static var columns: [TableColumn] { [.left("BANK"), .left("QUESTION"), .styled("PROMPT")] }
    var cells: [String] { [hit.bank, hit.question, SearchCommand.mark(hit.prompt, console: console)] }
  }

  static func run(_ invocation: Invocation) throws {
    let arguments = invocation.arguments
    let text = arguments.positionals[0]
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw CLIError.usage("Nothing to search for: give one or more words", command: invocation.command)
    }
    let limit = arguments.int("limit") ?? 50
    let scope = try arguments.value("bank").map {
      try BankAddress.parse($0, option: "bank", command: invocation.command)
    }
    let results: SearchResults
    do {
      results = try invocation.repository().search(
        text, quiz: arguments.value("quiz"), bank: scope?.0, category: scope?.1, tags: arguments.all("tag"),
        open: open, close: close, limit: limit == 0 ? nil : limit)
    } catch RepositoryError.invalid(let problems, _) {
      let reason = problems.first?.message ?? "not a valid search"
      throw CLIError.data(
        "\"\(text)\" is not a valid search (\(reason)); "
          + "put words in double quotes to search for them as written")
    }
    let hits = results.hits
    let console = invocation.console
    if results.indexMayBeStale {
      console.error(
        "note: the database is read-only, so the search index could not be brought up to date: recent changes may be missing\n"
      )
    }
    if invocation.format == "json" {
      console.writeBytes(JSONWriter.document(JSONArray(hits.map(SearchHitJSON.init))))
    } else if hits.isEmpty {
      console.write("No questions match \"\(text)\".\n")
    } else {
      console.write(Table.render(hits.map { HitRow(hit: $0, console: console) }, console: console))
      if results.total > hits.count {
        console.write(
          "… and \(results.total - hits.count) more (\(results.total) in all; --limit 0 shows every one)\n")
      }
    }
  }

  /// The prompt with matched words highlighted on a terminal, plain elsewhere.
  static func mark(_ prompt: String, console: Console) -> String {
    let highlighted = console.colorsEnabled
    return prompt.terminalSafeLine.split(separator: Character(open), omittingEmptySubsequences: false)
      .enumerated().map { index, part in
        guard index > 0 else { return String(part) }
        let pieces = part.split(separator: Character(close), maxSplits: 1, omittingEmptySubsequences: false)
        let word = String(pieces.first ?? "")
        let rest = pieces.count > 1 ? String(pieces[1]) : ""
        return (highlighted ? "\u{1B}[1;33m\(word)\u{1B}[0m" : word) + rest
      }.joined()
  }
}

/// `quiz search --format json`: one object per match, best first.
struct SearchHitJSON: JSONView {
  let hit: SearchHit

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("bank", hit.bank)
    writer.field("question", hit.question)
    writer.field("prompt", SearchCommand.mark(hit.prompt, console: .plain))
    writer.field("rank", hit.rank)
    writer.endObject()
  }
}
