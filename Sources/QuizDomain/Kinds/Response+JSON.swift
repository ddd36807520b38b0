/// How a response is written inside a JSON object, the one shape quiz-bank/1 documents, the
/// stored cloze responses (`PartsStorage`), the server's API and `quiz grade --json` share.
extension Response {
  /// The fields of this response inside an object: `selected`, `response` (+ `unit`),
  /// `matched` or `parts`.
  public func writeFields(to writer: inout JSONWriter) {
    switch self {
    case .choices(let selected):
      writer.key("selected")
      writer.beginArray()
      for choice in selected { writer.string(choice) }
      writer.endArray()
    case .text(let text, let unit):
      writer.field("response", text)
      writer.optionalField("unit", unit)
    case .matched(let matches):
      writer.key("matched")
      writer.beginObject()
      for match in matches { writer.field(match.stem, match.answer) }
      writer.endObject()
    case .parts(let responses): Self.writeGaps(responses, to: &writer)
    }
  }

  /// `"parts": [{"response": T} | {"selected": [ID, …]} | {}, …]`: a blank gap, which the
  /// reader reads as an empty text, is `{}`; an empty selection stays `"selected": []`, so that
  /// what is read writes back as it was.
  private static func writeGaps(_ responses: [Response], to writer: inout JSONWriter) {
    writer.key("parts")
    writer.beginArray()
    for response in responses {
      writer.beginObject()
      if case .text("", nil) = response {
        // A blank gap: `{}`.
      } else {
        response.writeFields(to: &writer)
      }
      writer.endObject()
    }
    writer.endArray()
  }
}
