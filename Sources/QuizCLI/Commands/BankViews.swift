import QuizDomain
import QuizRepository

/// What `quiz bank list` and `quiz bank show` print, as tables or JSON.
enum BankViews {
  static func list(_ summaries: [BankSummary], format: String, console: Console) -> String {
    if format == "json" {
      return String(decoding: JSONWriter.document(JSONArray(summaries.map(BankSummaryJSON.init))), as: UTF8.self)
    }
    if summaries.isEmpty { return "No banks yet. Add one with 'quiz bank add BANK --title TITLE'.\n" }
    return Table.render(summaries, console: console)
  }

  /// The category tree, each category's questions under it, indented by depth.
  static func show(_ contents: BankContents, format: String, console: Console) -> String {
    if format == "json" {
      return String(decoding: JSONWriter.document(BankContentsJSON(contents: contents)), as: UTF8.self)
    }
    var rows: [[String]] = []
    // Shown from within a category (`--category A/B`): the categories above it first, so that
    // its indent reads as where it stands.
    for depth in (contents.categories.first?.path.names.indices.dropLast()) ?? [] {
      rows.append([categoryCell(contents.categories[0].path.names[depth], depth: depth + 1), "", "", "", ""])
    }
    for category in contents.categories {
      let depth = category.path.names.count
      let name = category.path.names.last.map { categoryCell($0, depth: depth) } ?? "(top)"
      rows.append([name, "", "", "", ""])
      for entry in category.questions {
        rows.append([
          String(repeating: "  ", count: depth + 1) + entry.id, entry.kind.rawValue, "v\(entry.version)",
          entry.tags.joined(separator: " "), entry.quizzes.joined(separator: " "),
        ])
      }
    }
    let columns: [TableColumn] = [
      .left("CATEGORY / QUESTION"), .left("KIND"), .left("VERSION"), .left("TAGS"), .left("QUIZZES"),
    ]
    let description = contents.description.map { $0.terminalSafeLine + "\n" } ?? ""
    return "\(contents.id): \(contents.title.terminalSafeLine)\n" + description
      + Table.render(columns: columns, rows: rows, console: console)
  }

  /// A category's name as a row of the tree: indented by its depth, a slash inside it written
  /// `\/` as a path writes it, and `/` after it.
  private static func categoryCell(_ name: String, depth: Int) -> String {
    String(repeating: "  ", count: depth) + CategoryPath([name]).text + "/"
  }
}

extension BankSummary: TableRow {
  static var columns: [TableColumn] {
    [.left("ID"), .left("TITLE"), .right("QUESTIONS"), .right("CATEGORIES"), .left("QUIZZES")]
  }
  var cells: [String] { [id, title, String(questions), String(categories), quizzes.joined(separator: " ")] }
}

/// `quiz bank list --format json`: one object per bank.
struct BankSummaryJSON: JSONView {
  let summary: BankSummary

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("id", summary.id)
    writer.field("title", summary.title)
    writer.field("questions", summary.questions)
    writer.field("categories", summary.categories)
    BankContentsJSON.writeStrings("quizzes", summary.quizzes, to: &writer)
    writer.endObject()
  }
}

/// `quiz bank show --format json`: the bank with its categories in tree order, each with its path
/// as written (`""` for the top) and its questions.
struct BankContentsJSON: JSONView {
  let contents: BankContents

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("id", contents.id)
    writer.field("title", contents.title)
    writer.optionalField("description", contents.description)
    writer.key("categories")
    writer.beginArray()
    for category in contents.categories {
      writer.beginObject()
      writer.field("path", category.path.text)
      writer.key("questions")
      writer.beginArray()
      for entry in category.questions { write(entry, to: &writer) }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
  }

  private func write(_ entry: BankContents.Entry, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("id", entry.id)
    writer.field("type", entry.kind.rawValue)
    writer.field("version", entry.version)
    Self.writeStrings("tags", entry.tags, to: &writer)
    Self.writeStrings("quizzes", entry.quizzes, to: &writer)
    writer.endObject()
  }

  /// `"key": ["a", "b"]`.
  static func writeStrings(_ key: String, _ values: [String], to writer: inout JSONWriter) {
    writer.key(key)
    writer.beginArray()
    for value in values { writer.string(value) }
    writer.endArray()
  }
}
