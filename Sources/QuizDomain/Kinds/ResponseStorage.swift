/// How a matching response is kept as one text (the `response` column): a compact JSON object
/// `{"STEM":"ANSWER",…}` in the order given, so SQLite's JSON functions can read it too.
public enum MatchedStorage {
  public static func encode(_ matches: [StemMatch]) -> String {
    var writer = JSONWriter(pretty: false)
    writer.beginObject()
    for match in matches { writer.field(match.stem, match.answer) }
    writer.endObject()
    return writer.string
  }

  /// The matches `text` holds; nil when it is not such an object.
  public static func decode(_ text: String) -> [StemMatch]? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer -> [StemMatch]? in
      var scanner = JSONScanner(buffer)
      return decode(&scanner)
    }
  }

  private static func decode(_ scanner: inout JSONScanner) -> [StemMatch]? {
    var matches: [StemMatch] = []
    do {
      guard try scanner.peekKind() == .object else { return nil }
      try scanner.beginObject()
      var first = true
      while let key = try scanner.nextKey(first: &first) {
        guard try scanner.peekKind() == .string else { return nil }
        matches.append(StemMatch(stem: key, answer: try scanner.readString()))
      }
      try scanner.expectEnd()
    } catch {
      return nil
    }
    return matches
  }
}
