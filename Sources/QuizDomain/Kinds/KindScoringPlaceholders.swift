// Placeholders for the kinds' scoring, replaced by the real implementations in the kind files.
public struct NumericalGrade: Equatable, Sendable {
  /// The index of the answer that matched, nil when none did.
  public var answer: Int?
  /// The fraction of the points earned, unit penalty applied.
  public var fraction: Double
  /// Whether the unit penalty was applied.
  public var unitPenalized: Bool

  public init(answer: Int?, fraction: Double, unitPenalized: Bool) {
    self.answer = answer
    self.fraction = fraction
    self.unitPenalized = unitPenalized
  }
}

extension Numerical {
  public func grade(_ response: String, unit: String?) -> NumericalGrade? { nil }
  public var randomGuessFraction: Double { 0 }
}

extension Matching {
  public var answerChoices: [String] { [] }
  public func fraction(for matched: [StemMatch]) -> Double { 0 }
  public var randomGuessFraction: Double { 0 }
}

extension Essay {
  public static func wordCount(_ text: String) -> Int { 0 }
  public func isEmptyResponse(_ text: String) -> Bool { text.isEmpty }
}
