/// The served pages' stylesheet and scripts, served by the server under `/static/` (the
/// pages link them from `PageShell`). External files, as the Content-Security-Policy
/// (`script-src 'self'`, no inline script or style) asks.
enum StaticAssets {
  /// Path → (media type, content).
  static let files: [String: (contentType: String, body: String)] = [
    PageShell.stylesheet: ("text/css; charset=utf-8", quizCSS),
    PageShell.quizScript: ("text/javascript; charset=utf-8", quizJS),
    PageShell.monitorScript: ("text/javascript; charset=utf-8", monitorJS),
  ]
}
