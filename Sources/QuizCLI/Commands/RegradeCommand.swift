import QuizDomain
import QuizRepository

enum RegradeCommand {
  static let command = Command(
    name: "regrade",
    summary: "Re-score a quiz's recorded attempts against the current versions of its questions.",
    discussion: """
      Editing a question never changes a recorded score by itself: this command does, and says \
      which scores change. Each run is recorded and shows in 'quiz history'.
      """,
    arguments: [ArgumentSpec(name: "quiz", help: "The quiz whose attempts to re-score.")],
    options: [.flag("dry-run", help: "Show what would change, write nothing."), .format(["table", "json"])],
    access: .readWrite,
    run: run)

  struct ChangeRow: TableRow {
    let change: RegradeResult.ScoreChange
    static var columns: [TableColumn] { [.left("ATTEMPT"), .left("TAKER"), .right("OLD"), .left(""), .right("NEW")] }
    var cells: [String] {
      [
        change.attempt, change.taker,
        "\(NumberText.points(change.oldScore)) / \(NumberText.points(change.oldMaxScore))", "→",
        "\(NumberText.points(change.newScore)) / \(NumberText.points(change.newMaxScore))",
      ]
    }
  }

  static func run(_ invocation: Invocation) throws {
    let dryRun = invocation.arguments.flag("dry-run")
    let result = try invocation.repository().regrade(quiz: invocation.arguments.positionals[0], dryRun: dryRun)
    let console = invocation.console
    if invocation.format == "json" {
      console.writeBytes(JSONWriter.document(RegradeJSON(result: result, dryRun: dryRun)))
      return
    }
    var text = dryRun ? "Dry run: nothing was written.\n" : ""
    if result.changes.isEmpty {
      text += "No score changes (\(NumberText.plural(result.attemptsChecked, "attempt")) checked).\n"
    } else {
      text += Table.render(result.changes.map(ChangeRow.init), console: console)
      text += "\n\(result.changes.count) of \(NumberText.plural(result.attemptsChecked, "attempt")) "
      text += dryRun ? "would change.\n" : "changed.\n"
    }
    for kept in result.kept {
      text +=
        "Kept as scored: attempt \(kept.attempt), question \(kept.question): \(kept.reason) "
        + "(its response cannot be scored against this version; Moodle refuses such a regrade too)\n"
    }
    console.write(text)
  }
}

/// `quiz regrade --format json`: what changed, and what was kept.
struct RegradeJSON: JSONView {
  let result: RegradeResult
  let dryRun: Bool

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("quiz", result.quiz)
    writer.field("dry_run", dryRun)
    writer.field("attempts_checked", result.attemptsChecked)
    writer.key("changes")
    writer.beginArray()
    for change in result.changes {
      writer.beginObject()
      writer.field("attempt", change.attempt)
      writer.field("taker", change.taker)
      writer.field("old_score", change.oldScore)
      writer.field("new_score", change.newScore)
      writer.field("old_max_score", change.oldMaxScore)
      writer.field("new_max_score", change.newMaxScore)
      writer.endObject()
    }
    writer.endArray()
    if !result.kept.isEmpty {
      writer.key("kept")
      writer.beginArray()
      for kept in result.kept {
        writer.beginObject()
        writer.field("attempt", kept.attempt)
        writer.field("question", kept.question)
        writer.field("reason", kept.reason)
        writer.endObject()
      }
      writer.endArray()
    }
    writer.endObject()
  }
}
