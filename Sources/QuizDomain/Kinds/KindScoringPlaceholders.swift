// Placeholders for the kinds' scoring, replaced by the real implementations in the kind files.
extension Matching {
  public var answerChoices: [String] { [] }
  public func fraction(for matched: [StemMatch]) -> Double { 0 }
  public var randomGuessFraction: Double { 0 }
}

extension Essay {
  public static func wordCount(_ text: String) -> Int { 0 }
  public func isEmptyResponse(_ text: String) -> Bool { text.isEmpty }
}
