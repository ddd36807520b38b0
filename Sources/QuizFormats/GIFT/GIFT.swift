import QuizDomain

/// Moodle's GIFT text format (question/format/gift/format.php is the reference; the rules below
/// decide where it is vague). Every kind but cloze (which GIFT has no syntax
/// for) is read and written.
///
/// Reading: a UTF-8 file (a BOM skipped, LF or CR LF), each line trimmed; questions are
/// paragraphs; `//` lines are comments, whose `[id:…]` and `[tag:…]` are the question's id and
/// tags; `$CATEGORY: path` starts a section titled `path`; `::name::` names a question; the one
/// `{…}` of a paragraph is its answer block. Writing gives a file that reads back as the same
/// quiz (same ids, tags and texts) under the same quiz id and title.
public enum GIFT {
  public static func read(_ bytes: [UInt8]) -> FormatReading {
    var reader = Reader()
    return reader.read(bytes)
  }

  public static func write(_ quiz: Quiz) -> FormatWriting {
    var writer = Writer()
    return writer.write(quiz)
  }

  /// The four text-format prefixes, `[html]` and so on.
  static let prefixFormats: [TextFormat] = [.html, .moodle, .plain, .markdown]
}
