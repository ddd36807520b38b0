import QuizDomain
import XML

/// A question's text as the HTML a QTI `mattext texttype="text/html"` carries (the XML writer
/// escapes it once more, as Canvas's own exports do).
enum CanvasQTIText {
  static func html(_ text: String, _ format: TextFormat) -> String {
    switch format {
    case .html: return text
    case .moodle: return moodleBreaks(text)
    // No Markdown renderer in quiz: Markdown is shown as written, like plain text (the
    // package says so in a warning).
    case .plain, .markdown: return plain(text)
    }
  }

  /// Plain text as HTML: escaped, each line break a `<br>`.
  static func plain(_ text: String) -> String {
    var html = ""
    for character in escape(text) {
      if character.isNewline { html += "<br>" } else { html.append(character) }
    }
    return html
  }

  /// Moodle's auto-format is HTML whose line breaks show (its `text_to_html` runs `nl2br`): a
  /// `<br>` goes before each line break that is not inside a tag; the rest is kept as written.
  static func moodleBreaks(_ text: String) -> String {
    var html = ""
    var inTag = false
    for character in text {
      switch character {
      case "<": inTag = true
      case ">": inTag = false
      default: if character.isNewline && !inTag { html += "<br>" }
      }
      html.append(character)
    }
    return html
  }
}

// MARK: - Words and escapes of the package's own

extension CanvasQTIText {
  /// `text` with `& < > "` as HTML entities, for text put in an HTML fragment.
  static func escape(_ text: String) -> String { XMLText.html(text) }

  /// "1 question", "3 questions": for warnings.
  static func plural(_ count: Int, _ singular: String) -> String {
    "\(count) \(count == 1 ? singular : singular + "s")"
  }
}
