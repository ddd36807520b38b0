import QuizDomain
import QuizRepository

/// The Server-Sent Events the monitor sends (docs/serve-api.md, "Monitor").
enum MonitorEvents {
  static func event(_ name: String, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
    var writer = JSONWriter(pretty: false)
    write(&writer)
    return Array("event: \(name)\ndata: ".utf8) + writer.bytes + Array("\n\n".utf8)
  }

  static func snapshot(_ summaries: [ServedAttemptSummary]) -> [UInt8] {
    event("snapshot") { writer in
      writer.beginObject()
      writer.key("attempts")
      writer.beginArray()
      for summary in summaries.sorted(by: { ($0.quiz, $0.taker) < ($1.quiz, $1.taker) }) {
        writeSummary(summary, to: &writer)
      }
      writer.endArray()
      writer.endObject()
    }
  }

  static func attempt(_ summary: ServedAttemptSummary) -> [UInt8] {
    event("attempt") { writeSummary(summary, to: &$0) }
  }

  /// A committed change of the log, by any process: what and where, not its details.
  static func change(_ change: Change) -> [UInt8] {
    event("change") { change.writeJSON(to: &$0, includingDetail: false) }
  }

  static let outsideChange = event("external") { writer in
    writer.beginObject()
    writer.field("message", "the database changed outside the change log")
    writer.endObject()
  }

  static func writeSummary(_ summary: ServedAttemptSummary, to writer: inout JSONWriter) {
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
