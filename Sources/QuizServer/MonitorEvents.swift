import QuizDomain
import QuizRepository

/// The Server-Sent Events the monitor sends (docs/serve-api.md, "Monitor").
enum MonitorEvents {
  /// An event whose data is `view`, compact JSON on one line.
  static func event(_ name: String, _ view: some JSONView) -> [UInt8] {
    var writer = JSONWriter(pretty: false)
    writer.view(view)
    return Array("event: \(name)\ndata: ".utf8) + writer.bytes + Array("\n\n".utf8)
  }

  static func snapshot(_ summaries: [ServedAttemptSummary]) -> [UInt8] {
    event("snapshot", MonitorSnapshotJSON(summaries: summaries))
  }

  static func attempt(_ summary: ServedAttemptSummary) -> [UInt8] {
    event("attempt", ServedAttemptSummaryJSON(summary: summary))
  }

  /// A committed change of the log, by any process: what and where, not its details.
  static func change(_ change: Change) -> [UInt8] {
    event("change", ChangeJSON(change, includingDetail: false))
  }

  static let outsideChange = event(
    "external", TextFieldJSON(key: "message", text: "the database changed outside the change log"))
}

/// The `snapshot` event: every served attempt, by quiz and taker.
struct MonitorSnapshotJSON: JSONView {
  let summaries: [ServedAttemptSummary]

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("attempts")
    writer.view(
      JSONArray(summaries.sorted { ($0.quiz, $0.taker) < ($1.quiz, $1.taker) }.map(ServedAttemptSummaryJSON.init)))
    writer.endObject()
  }
}

/// One served attempt on the monitor: progress, score so far, deadline, state.
struct ServedAttemptSummaryJSON: JSONView {
  let summary: ServedAttemptSummary

  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("quiz", summary.quiz)
    writer.field("taker", summary.taker)
    writer.field("answered", summary.answered)
    writer.field("questions", summary.questions)
    writer.field("score", summary.score)
    writer.field("max_score", summary.maxScore)
    writer.field("started_at", summary.startedAt.text)
    writer.key("deadline")
    if let deadline = summary.deadline { writer.string(deadline.text) } else { writer.null() }
    writer.field("submitted", summary.submitted)
    writer.key("attempt_id")
    if let id = summary.attemptID { writer.string(id) } else { writer.null() }
    writer.endObject()
  }
}
