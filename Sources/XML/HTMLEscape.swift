/// Plain strings (names, ids, messages) written into an HTML page so that they show as
/// written: never markup. HTML texts of questions go through `HTMLSanitizer` instead.
public enum HTMLEscape {
  /// Text in an element: `& < > "` as entities.
  public static func text(_ text: String) -> String { XMLText.html(text) }

  /// A value between double quotes: `& < > "` and `'` as entities, so that it cannot end the
  /// value whichever quote a later edit puts around it.
  public static func attribute(_ text: String) -> String {
    XMLText.html(text).replacing("'", with: "&#39;")
  }
}
