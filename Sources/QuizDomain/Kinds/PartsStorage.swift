/// How a cloze response is kept as one text (the `response` column): a compact JSON array with
/// one object per gap in gap order, each shaped as quiz-bank/1 writes that gap's answer
/// (`{"selected":[…]}`, `{"response":"…"}` with `"unit"` when one was picked, `{"matched":{…}}`),
/// so SQLite's JSON functions can read it too. Every response round-trips exactly: an empty
/// text stays `{"response":""}` and an empty selection `{"selected":[]}`.
public enum PartsStorage {
  public static func encode(_ parts: [Response]) -> String {
    var writer = JSONWriter(pretty: false)
    writer.beginArray()
    for part in parts {
      writer.beginObject()
      switch part {
      case .parts(let nested):
        // A gap is never a cloze itself; kept anyway, so that nothing given is lost.
        writer.key("parts")
        writer.raw(encode(nested))
      case .choices, .text, .matched: part.writeFields(to: &writer)
      }
      writer.endObject()
    }
    writer.endArray()
    return writer.string
  }

  /// The responses `text` holds; nil when it is not such an array.
  public static func decode(_ text: String) -> [Response]? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer -> [Response]? in
      var scanner = JSONScanner(buffer)
      do {
        let parts = try decodeArray(&scanner)
        try scanner.expectEnd()
        return parts
      } catch {
        return nil
      }
    }
  }

  private struct NotStored: Error {}

  private static func decodeArray(_ scanner: inout JSONScanner) throws -> [Response] {
    guard try scanner.peekKind() == .array else { throw NotStored() }
    try scanner.beginArray()
    var parts: [Response] = []
    var first = true
    while try scanner.nextElement(first: &first) {
      parts.append(try decodePart(&scanner))
    }
    return parts
  }

  /// One gap's object; `{}` (never written, but a person may write it) is an empty text.
  private static func decodePart(_ scanner: inout JSONScanner) throws -> Response {
    guard try scanner.peekKind() == .object else { throw NotStored() }
    try scanner.beginObject()
    var response: Response?
    var text: String?
    var unit: String?
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      switch key {
      case "selected":
        guard try scanner.peekKind() == .array else { throw NotStored() }
        try scanner.beginArray()
        var ids: [String] = []
        var firstID = true
        while try scanner.nextElement(first: &firstID) { ids.append(try readString(&scanner)) }
        response = .choices(ids)
      case "response": text = try readString(&scanner)
      case "unit": unit = try readString(&scanner)
      case "matched": response = .matched(try readMatches(&scanner))
      case "parts": response = .parts(try decodeArray(&scanner))
      default: throw NotStored()
      }
    }
    return response ?? .text(text ?? "", unit: unit)
  }

  private static func readMatches(_ scanner: inout JSONScanner) throws -> [StemMatch] {
    guard try scanner.peekKind() == .object else { throw NotStored() }
    try scanner.beginObject()
    var matches: [StemMatch] = []
    var first = true
    while let key = try scanner.nextKey(first: &first) {
      matches.append(StemMatch(stem: key, answer: try readString(&scanner)))
    }
    return matches
  }

  private static func readString(_ scanner: inout JSONScanner) throws -> String {
    guard try scanner.peekKind() == .string else { throw NotStored() }
    return try scanner.readString()
  }
}
