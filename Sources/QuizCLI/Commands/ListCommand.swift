import QuizDomain
import QuizRepository

enum ListCommand {
  static let command = Command(
    name: "list",
    summary: "List quizzes with their section, question and attempt counts.",
    options: [
      .format(["table", "json"]), .flag("watch", help: "Redraw the list whenever it changes, until interrupted."),
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let repository = try invocation.repository()
    try LiveView.show(watching: invocation.arguments.flag("watch"), repository: repository, console: invocation.console)
    {
      try render(repository.quizSummaries(), format: invocation.format, console: invocation.console)
    }
  }

  static func render(_ summaries: [QuizSummary], format: String, console: Console) -> String {
    if format == "json" {
      return String(decoding: JSONWriter.document(JSONArray(summaries.map(QuizSummaryJSON.init))), as: UTF8.self)
    } else if summaries.isEmpty {
      return "No quizzes yet. Import some with 'quiz import FILE.json'.\n"
    } else {
      return Table.render(summaries, console: console)
    }
  }
}

extension QuizSummary: TableRow {
  static var columns: [TableColumn] {
    [.left("ID"), .left("TITLE"), .right("SECTIONS"), .right("QUESTIONS"), .right("ATTEMPTS")]
  }
  var cells: [String] { [id, title, String(sections), String(questions), String(attempts)] }
}

/// `quiz list --format json`: one object per quiz.
struct QuizSummaryJSON: JSONView {
  let summary: QuizSummary

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("id", summary.id)
    writer.field("title", summary.title)
    writer.field("sections", summary.sections)
    writer.field("questions", summary.questions)
    writer.field("attempts", summary.attempts)
    writer.endObject()
  }
}
