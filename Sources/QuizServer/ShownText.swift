import QuizDomain
import XML

/// A question's text as a taker's browser gets it: HTML (and Moodle's auto-format) through the
/// one sanitiser, embedded images as data: URLs; plain and Markdown texts escaped.
enum ShownText {
  static func html(_ text: String, _ format: TextFormat, files: [QuestionFile] = []) -> String {
    guard format == .html || format == .moodle else { return HTMLSanitizer.escape(text) }
    let resolved = PluginFileReferences.resolving(text, files: files) { file in
      imageType(of: file.name).map { "data:\($0);base64,\(Base64.encode(file.bytes))" }
    }.text
    return HTMLSanitizer.clean(resolved, moodleLineBreaks: format == .moodle)
  }

  /// The media type of an image file by its name's ending (not SVG: a data: SVG may script).
  static func imageType(of name: String) -> String? {
    guard name.contains(".") else { return nil }
    let ending = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    let types = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"]
    return types[ending]
  }

  /// A question's text in its own format.
  static func html(_ text: String, of question: Question) -> String {
    html(text, question.textFormat, files: question.files)
  }
}
