extension CaseIterable where Self: RawRepresentable, RawValue == String {
  /// Every case's name, as messages and help list them: "choice, short-answer, …".
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
