/// A numerical question (Moodle's `qtype_numerical`): the typed number, converted by its unit,
/// is compared with each answer in turn within that answer's tolerance.
public struct Numerical: Equatable, Sendable {
  public var answers: [NumericAnswer]
  /// The first has multiplier 1.
  public var units: [NumericUnit]
  /// Each option is nil when absent in the document; `effective…` gives its default.
  public var unitGrading: UnitGrading?
  public var unitPenalty: Double?
  public var unitInput: UnitInput?
  public var unitsLeft: Bool?

  public init(
    answers: [NumericAnswer], units: [NumericUnit] = [], unitGrading: UnitGrading? = nil,
    unitPenalty: Double? = nil, unitInput: UnitInput? = nil, unitsLeft: Bool? = nil
  ) {
    self.answers = answers
    self.units = units
    self.unitGrading = unitGrading
    self.unitPenalty = unitPenalty
    self.unitInput = unitInput
    self.unitsLeft = unitsLeft
  }

  public var effectiveUnitGrading: UnitGrading { unitGrading ?? .none }
  public var effectiveUnitPenalty: Double { unitPenalty ?? 0.1 }
  public var effectiveUnitInput: UnitInput { unitInput ?? .text }
  /// Whether the unit stands before the number. Without units there is no unit to read, and
  /// Moodle's `make_answer_processor` ignores `unitsleft` then: the number is read from the start.
  public var effectiveUnitsLeft: Bool { (unitsLeft ?? false) && !units.isEmpty }

  /// `number` written with the first unit where a taker types it: before the number when
  /// units stand left (`$ 5`), after it otherwise (`5 m`); the number alone without units.
  public func withFirstUnit(_ number: String) -> String {
    guard let unit = units.first?.unit else { return number }
    return effectiveUnitsLeft ? "\(unit) \(number)" : "\(number) \(unit)"
  }

  public enum UnitGrading: String, CaseIterable, Sendable {
    /// Units optional, never penalised.
    case none
    /// A missing or wrong unit takes `penalty × fraction` off.
    case mark
    /// A missing or wrong unit takes `penalty` off.
    case max
  }

  public enum UnitInput: String, CaseIterable, Sendable {
    /// Typed after (or before) the number.
    case text
    /// Picked from the list of units.
    case choice
  }
}

/// One answer of a numerical question.
public struct NumericAnswer: Equatable, Sendable {
  /// Nil: `*`, any number.
  public var value: Double?
  public var tolerance: Double?
  public var fraction: Double?
  public var feedback: String?

  public init(value: Double?, tolerance: Double? = nil, fraction: Double? = nil, feedback: String? = nil) {
    self.value = value
    self.tolerance = tolerance
    self.fraction = fraction
    self.feedback = feedback
  }

  public var effectiveTolerance: Double { tolerance ?? 0 }
  public var effectiveFraction: Double { fraction ?? 1 }
}

/// A unit a numerical response may carry: the number typed with it is divided by `multiplier`.
public struct NumericUnit: Equatable, Sendable {
  public var unit: String
  public var multiplier: Double

  public init(unit: String, multiplier: Double) {
    self.unit = unit
    self.multiplier = multiplier
  }
}

/// How a numerical response was graded.
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

// Grading as Moodle's qtype_numerical grades (question.php, and the number reading of
// qtype_numerical_answer_processor::apply_units in questiontype.php), with English separators:
// `.` is the decimal point and `,` the thousands separator.
extension Numerical {
  /// The grade of a response, nil when it is not a number (Moodle will not take it as an answer).
  /// `unit` is the unit picked from the list when `effectiveUnitInput` is `.choice` (nil: none
  /// picked); with `.text` it is ignored and the unit is read from the text.
  public func grade(_ response: String, unit: String?) -> NumericalGrade? {
    guard let parsed = parse(response, unit: unit) else { return nil }
    let multiplier = parsed.unit.flatMap(conversion(for:))
    guard let match = matchingAnswer(value: parsed.value, conversion: multiplier) else {
      return NumericalGrade(answer: nil, fraction: 0, unitPenalized: false)
    }
    let fraction = answers[match.index].effectiveFraction
    guard !match.unitIsRight else {
      return NumericalGrade(answer: match.index, fraction: fraction, unitPenalized: false)
    }
    return NumericalGrade(
      answer: match.index, fraction: penalized(fraction), unitPenalized: effectiveUnitGrading != .none)
  }

  /// Moodle's `get_random_guess_score`: the first `*` answer's fraction less the unit penalty
  /// (floored at 0), else 0. Moodle subtracts the penalty itself, whatever the unit grading, as a
  /// guess is taken to come without a unit.
  public var randomGuessFraction: Double {
    guard let star = answers.first(where: { $0.value == nil }) else { return 0 }
    return max(star.effectiveFraction - effectiveUnitPenalty, 0)
  }

  /// The number a response gives, as typed (not converted by its unit), and its unit (nil when
  /// none), as Moodle's `apply_units` reads them; nil when the response is not a number.
  /// The response is trimmed, its spaces are removed (they may be thousands separators), `e`,
  /// `E`, `x10^`, `x10**`, `*10^`, `×10^`… before an integer mark the exponent, and commas are
  /// removed (thousands separators: `1,5` is fifteen). The number is read from the start, the
  /// rest being the unit, or from the end when `effectiveUnitsLeft`. With `.choice` the unit is
  /// the picked one, trimmed, whatever follows the number.
  public func parse(_ response: String, unit picked: String?) -> (value: Double, unit: String?)? {
    let spaceless = Self.phpTrimmed(response).unicodeScalars.filter { $0 != " " }
    let text = Self.markingExponents(Array(spaceless)).filter { $0 != "," }
    let number = effectiveUnitsLeft ? Self.numberAtEnd(text) : Self.numberAtStart(text)
    guard let number, let value = Double(Self.string(text[number])) else { return nil }
    let typedUnit = effectiveUnitsLeft ? text[..<number.lowerBound] : text[number.upperBound...]
    let unit = effectiveUnitInput == .choice ? Self.phpTrimmed(picked ?? "") : Self.string(typedUnit)
    return (value, unit.isEmpty ? nil : unit)
  }

  /// What a number with `unit` is multiplied by to be in the first unit: 1 / its multiplier; nil
  /// when the unit is not one of the question's (the first of a repeated name counts, as Moodle
  /// keeps only it; names are compared exactly, as PHP's array keys are). A zero or non-finite
  /// multiplier is no unit: Moodle never saves one.
  public func conversion(for unit: String) -> Double? {
    let name = Array(unit.unicodeScalars)
    guard let multiplier = units.first(where: { Array($0.unit.unicodeScalars) == name })?.multiplier,
      multiplier != 0, multiplier.isFinite
    else { return nil }
    return 1 / multiplier
  }

  /// Moodle's `get_matching_answer`: the answers in order, each tried first against the value
  /// converted by the unit, then against the number as typed; the unit is right only when the
  /// converted value matched and the unit was known.
  func matchingAnswer(value: Double, conversion: Double?) -> (index: Int, unitIsRight: Bool)? {
    let converted = conversion.map { value * $0 } ?? value
    for (index, answer) in answers.enumerated() {
      if answer.isWithinTolerance(converted) { return (index, conversion != nil) }
      if answer.isWithinTolerance(value) { return (index, false) }
    }
    return nil
  }

  /// Moodle's `apply_unit_penalty` for a unit that is missing, unknown or not the one the
  /// matched value was in: `.mark` takes `penalty × fraction` off, `.max` takes `penalty` off,
  /// `.none` nothing; the result is floored at 0 in every case.
  func penalized(_ fraction: Double) -> Double {
    switch effectiveUnitGrading {
    case .none: max(fraction, 0)
    case .mark: max(fraction - effectiveUnitPenalty * fraction, 0)
    case .max: max(fraction - effectiveUnitPenalty, 0)
    }
  }

  /// PHP's `trim()`: space, tab, line feed, carriage return, NUL and vertical tab at either end
  /// (Moodle takes the response and the picked unit as `PARAM_RAW_TRIMMED`).
  static func phpTrimmed(_ text: String) -> String { ShortAnswer.trimmed(text) }

  static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}

// The number grammar of `apply_units`: `[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?`, ASCII digits.
extension Numerical {
  /// The text with each exponent mark (`e`, `E`, or `x`, `*` or `×` then `10^` or `10**`) that is
  /// followed by an optionally signed integer written `e`, anywhere in the text, as Moodle does
  /// before reading the number.
  static func markingExponents(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var index = 0
    while index < text.count {
      if let markEnd = exponentMarkEnd(text, at: index), let digitsEnd = integerEnd(text, at: markEnd) {
        result.append("e")
        result.append(contentsOf: text[markEnd..<digitsEnd])
        index = digitsEnd
      } else {
        result.append(text[index])
        index += 1
      }
    }
    return result
  }

  /// Where an exponent mark starting at `index` ends.
  static func exponentMarkEnd(_ text: [Unicode.Scalar], at index: Int) -> Int? {
    let first = text[index]
    if first == "e" || first == "E" { return index + 1 }
    guard first == "x" || first == "*" || first == "×", starts(text, at: index + 1, with: "10") else { return nil }
    if starts(text, at: index + 3, with: "^") { return index + 4 }
    if starts(text, at: index + 3, with: "**") { return index + 5 }
    return nil
  }

  static func starts(_ text: [Unicode.Scalar], at index: Int, with prefix: String) -> Bool {
    let prefix = Array(prefix.unicodeScalars)
    return index + prefix.count <= text.count && Array(text[index..<index + prefix.count]) == prefix
  }

  /// Where an optionally signed run of digits starting at `index` ends; nil without a digit.
  static func integerEnd(_ text: [Unicode.Scalar], at index: Int) -> Int? {
    var end = index
    if end < text.count, text[end] == "+" || text[end] == "-" { end += 1 }
    let digits = digitsEnd(text, at: end)
    return digits > end ? digits : nil
  }

  static func digitsEnd(_ text: [Unicode.Scalar], at index: Int) -> Int {
    var end = index
    while end < text.count, ("0"..."9").contains(text[end]) { end += 1 }
    return end
  }

  /// Where the longest number starting at `index` ends; nil when none starts there.
  static func numberEnd(_ text: [Unicode.Scalar], at index: Int) -> Int? {
    var end = index
    if end < text.count, text[end] == "+" || text[end] == "-" { end += 1 }
    let integerDigitsEnd = digitsEnd(text, at: end)
    if integerDigitsEnd > end {
      end = integerDigitsEnd
      if end < text.count, text[end] == "." { end = digitsEnd(text, at: end + 1) }
    } else {
      guard end < text.count, text[end] == "." else { return nil }
      let decimalsEnd = digitsEnd(text, at: end + 1)
      guard decimalsEnd > end + 1 else { return nil }
      end = decimalsEnd
    }
    if end < text.count, text[end] == "e", let exponentEnd = integerEnd(text, at: end + 1) {
      end = exponentEnd
    }
    return end
  }

  /// The number at the start of the text (the unit follows it).
  static func numberAtStart(_ text: [Unicode.Scalar]) -> Range<Int>? {
    numberEnd(text, at: 0).map { 0..<$0 }
  }

  /// The leftmost number that ends the text (the unit precedes it).
  static func numberAtEnd(_ text: [Unicode.Scalar]) -> Range<Int>? {
    text.indices.first { numberEnd(text, at: $0) == text.count }.map { $0..<text.count }
  }
}

extension NumericAnswer {
  /// PHP's default `precision` (14) as Moodle uses it: `10^-14`.
  public static let toleranceEpsilon = 1e-14

  /// Moodle's `within_tolerance` for the nominal tolerance of numerical questions: `*` (nil)
  /// accepts any number; otherwise the value may be off by the tolerance plus a tiny margin,
  /// `ε × max(tolerance, |answer|, ε)` with ε = 10⁻¹⁴, so that seemingly equal values match.
  public func isWithinTolerance(_ number: Double) -> Bool {
    guard let value else { return true }
    let epsilon = Self.toleranceEpsilon
    let tolerance = abs(effectiveTolerance)
    let margin = tolerance + epsilon * max(tolerance, abs(value), epsilon)
    return value - margin <= number && number <= value + margin
  }
}
