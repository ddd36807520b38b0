import QuizDomain
import XML

/// A question's text (prompt, choice, feedback, …) as safe HTML for a page, whatever its
/// format: the one way the report, the served pages and the JSON API embed texts.
public enum QuestionTextHTML {
  /// An HTML text (or Moodle's auto-format, its line breaks kept) sanitised, with its embedded
  /// files (`@@PLUGINFILE@@/NAME`) as data: URLs when they are images, so that a page needs
  /// nothing beside it; plain and Markdown texts escaped (shown as written, never as markup).
  public static func html(_ text: String, _ format: TextFormat, files: [QuestionFile] = []) -> String {
    html(text, format, files: files, writingText: HTMLEscape.text)
  }

  /// As `html`, each piece of text (of a plain text: all of it) written by `writingText`,
  /// which must escape what it does not mean as markup (`HTMLSanitizer.clean(_:writingText:)`).
  public static func html(
    _ text: String, _ format: TextFormat, files: [QuestionFile], writingText: (String) -> String
  ) -> String {
    guard format == .html || format == .moodle else { return writingText(text) }
    // The shared resolution: the longest name first, as written or percent-encoded.
    let html = PluginFileReferences.resolving(text, files: files) { file in
      imageType(of: file.name).map { "data:\($0);base64,\(Base64.encode(file.bytes))" }
    }.text
    return HTMLSanitizer.clean(TextTree.nodes(html, format), writingText: writingText)
  }

  /// A text as plain characters, for where markup cannot go (an `<option>`, a `<title>`): an
  /// HTML text's characters outside tags, without what the sanitiser leaves out whole.
  public static func plain(_ text: String, _ format: TextFormat) -> String {
    guard format == .html || format == .moodle else { return text }
    var plain = ""
    func collect(_ nodes: [HTMLNode]) {
      for node in nodes {
        switch node {
        case .text(let piece): plain += piece
        case .element(let element) where !HTMLSanitizer.hiddenElements.contains(element.name):
          collect(element.children)
        case .element: break
        }
      }
    }
    collect(TextTree.nodes(text, format))
    return plain
  }

  /// The media type of an image file, by its name's ending; nil for what is not an image.
  public static func imageType(of name: String) -> String? {
    let ending = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    let types = [
      "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
      "svg": "image/svg+xml",
    ]
    return name.contains(".") ? types[ending] : nil
  }
}
