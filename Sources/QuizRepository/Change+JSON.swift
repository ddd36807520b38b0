import QuizDomain

extension Change {
  /// The entry as a JSON object: `seq`, `time`, `kind`, `operation`, `quiz`, `item`, and with
  /// `includingDetail` its `detail`, copied as it is when it is a JSON object (the repository
  /// writes every detail as one), as a JSON string otherwise (an older version's mark logged
  /// "mark why 1.5"). `quiz watch --format json` writes it whole; the monitor's stream leaves
  /// the detail out (what and where, not its facts).
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
      switch detail {
      case .some(let detail) where JSONText.isObject(detail): writer.raw(detail)
      // A plain-text detail logged by an older version (a mark's "mark why 1.5").
      case .some(let detail): writer.string(detail)
      case .none: writer.null()
      }
    }
    writer.endObject()
  }
}

/// A change as JSON: whole (`quiz watch --format json`), or without its detail (the monitor's
/// stream: what and where, not its facts).
public struct ChangeJSON: JSONView {
  public let change: Change
  public let includingDetail: Bool

  public init(_ change: Change, includingDetail: Bool) {
    self.change = change
    self.includingDetail = includingDetail
  }

  public func write(to writer: inout JSONWriter) { change.writeJSON(to: &writer, includingDetail: includingDetail) }
}
