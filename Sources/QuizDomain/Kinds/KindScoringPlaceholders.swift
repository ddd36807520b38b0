// Placeholders for the kinds' scoring, replaced by the real implementations in the kind files.
extension Essay {
  public static func wordCount(_ text: String) -> Int { 0 }
  public func isEmptyResponse(_ text: String) -> Bool { text.isEmpty }
}
