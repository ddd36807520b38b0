/// Text embedded in a Markdown document so that it shows literally: a Markdown viewer renders
/// raw HTML, so `<`, `>` and `&` are written as entities, and the characters that make
/// emphasis, code, links, tables or strike-through are escaped with a backslash.
enum MarkdownText {
  static func escaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\\", "`", "*", "_", "[", "]", "|", "~", "#": escaped += "\\\(character)"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
