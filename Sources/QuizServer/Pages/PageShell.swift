import XML

/// The frame every served page shares: the doctype, the language and direction, UTF-8, the
/// viewport for phones, the one stylesheet and external scripts (the Content-Security-Policy
/// allows no inline script or style, so neither appears), one `<h1>` and the `<main>` landmark.
enum PageShell {
  /// The paths of the static assets (`StaticAssets`), as the pages link them.
  static let stylesheet = "/static/quiz.css"
  static let quizScript = "/static/quiz.js"
  static let monitorScript = "/static/monitor.js"

  /// The sign-out button: ends the attempt's cookie on this browser (`POST /sign-out`).
  static func signOutForm(csrf: String) -> String {
    "<form method=\"post\" action=\"/sign-out\" class=\"sign-out\">\n" + hidden("csrf", csrf)
      + "\n<button type=\"submit\" class=\"secondary\">Sign out</button>\n</form>\n"
  }

  /// A whole page. `heading` and `title` are plain text (escaped here); `body` is HTML built by
  /// a renderer. `mainAttributes` are written as given (names) and escaped (values).
  static func render(
    title: String, heading: String, body: String, scripts: [String] = [quizScript],
    mainAttributes: [(name: String, value: String)] = [], language: PageLanguage = .english
  ) -> String {
    let data = mainAttributes.map { " \($0.name)=\"\(HTMLEscape.attribute($0.value))\"" }.joined()
    let scriptTags = scripts.map { "<script src=\"\(HTMLEscape.attribute($0))\" defer></script>\n" }.joined()
    return """
      <!doctype html>
      <html lang="\(HTMLEscape.attribute(language.code))" dir="\(language.direction)">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(HTMLEscape.text(title))</title>
      <link rel="stylesheet" href="\(stylesheet)">
      \(scriptTags)</head>
      <body>
      <main\(data)>
      <h1 dir="auto">\(HTMLEscape.text(heading))</h1>
      \(body)</main>
      </body>
      </html>

      """
  }

  /// A hidden field, such as the CSRF token.
  static func hidden(_ name: String, _ value: String) -> String {
    "<input type=\"hidden\" name=\"\(HTMLEscape.attribute(name))\" value=\"\(HTMLEscape.attribute(value))\">"
  }

  /// A paragraph of plain text, its direction taken from its own characters.
  static func paragraph(_ text: String, className: String? = nil) -> String {
    let classAttribute = className.map { " class=\"\($0)\"" } ?? ""
    return "<p\(classAttribute) dir=\"auto\">\(HTMLEscape.text(text))</p>\n"
  }
}

/// The language of the pages' own words (labels, buttons): English, left to right. The takers'
/// and authors' texts carry `dir="auto"` so that Arabic or Hebrew runs right to left anyway.
struct PageLanguage: Sendable {
  var code: String
  /// `ltr` or `rtl`.
  var direction: String

  static let english = PageLanguage(code: "en", direction: "ltr")
}
