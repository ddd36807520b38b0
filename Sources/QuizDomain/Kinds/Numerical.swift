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
  public var effectiveUnitsLeft: Bool { unitsLeft ?? false }

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
