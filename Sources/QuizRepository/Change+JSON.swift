import QuizDomain

extension Change {
  /// The entry as a JSON object: `seq`, `time`, `kind`, `operation`, `quiz`, `item`, and with
  /// `includingDetail` its `detail`, copied as it is (the repository writes it as a JSON
  /// object). `quiz watch --format json` writes it whole; the monitor's stream leaves the
  /// detail out (what and where, not its facts).
  public func writeJSON(to writer: inout JSONWriter, includingDetail: Bool) {
    writer.beginObject()
    writer.field("seq", Int(sequence))
    writer.field("time", time)
    writer.field("kind", entity)
    writer.field("operation", operation)
    writer.field("quiz", quiz)
    writer.key("item")
    if let item { writer.string(item) } else { writer.null() }
    if includingDetail {
      writer.key("detail")
      if let detail { writer.raw(detail) } else { writer.null() }
    }
    writer.endObject()
  }
}
