/// The served pages' stylesheet and scripts, served by the server under `/static/` (the
/// pages link them from `PageShell`). External files, as the Content-Security-Policy
/// (`script-src 'self'`, no inline script or style) asks. They are files of the repository,
/// `Sources/QuizServer/Static/`, which the EmbedFiles build plugin compiles in
/// (`embeddedStaticAssets`), so that CSS and JavaScript tools can read them and the binary
/// needs nothing beside it.
enum StaticAssets {
  /// Path → (media type, content).
  static let files: [String: (contentType: String, body: String)] = Dictionary(
    embeddedStaticAssets.map { ("/static/" + $0.name, (contentType(of: $0.name), $0.text)) },
    uniquingKeysWith: { first, _ in first })

  static var quizCSS: String { files[PageShell.stylesheet]?.body ?? "" }
  static var quizJS: String { files[PageShell.quizScript]?.body ?? "" }
  static var monitorJS: String { files[PageShell.monitorScript]?.body ?? "" }

  private static func contentType(of name: String) -> String {
    name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
  }
}
