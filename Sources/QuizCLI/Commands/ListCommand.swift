import QuizDomain
import QuizRepository

enum ListCommand {
  static let command = Command(
    name: "list",
    summary: "List quizzes with their section, question and attempt counts.",
    options: [.format(["table", "json"])],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let summaries = try invocation.repository().quizSummaries()
    let console = invocation.console
    if invocation.format == "json" {
      var writer = JSONWriter(pretty: true)
      writer.beginArray()
      for summary in summaries {
        writer.beginObject()
        writer.field("id", summary.id)
        writer.field("title", summary.title)
        writer.field("sections", summary.sections)
        writer.field("questions", summary.questions)
        writer.field("attempts", summary.attempts)
        writer.endObject()
      }
      writer.endArray()
      writer.endLine()
      console.writeBytes(writer.bytes)
    } else if summaries.isEmpty {
      console.write("No quizzes yet. Import some with 'quiz import FILE.json'.\n")
    } else {
      console.write(Table.render(summaries, console: console))
    }
  }
}

extension QuizSummary: TableRow {
  static var columns: [TableColumn] {
    [.left("ID"), .left("TITLE"), .right("SECTIONS"), .right("QUESTIONS"), .right("ATTEMPTS")]
  }
  var cells: [String] { [id, title, String(sections), String(questions), String(attempts)] }
}
