// MARK: - A file of skipped types only

extension FormatReading {
  /// The start of the error a reader gives a file it imports no question of: today's readers
  /// add it when nothing else is wrong, so it is the only error of a file of skipped types.
  public static let nothingImportable = "no question that quiz can import"

  /// Whether the file holds questions only of types the reader skips (plugin types such as
  /// `ddwtos`, `stack`): nothing of it can be imported, and nothing else is wrong with it. An
  /// import of several files then warns about it and goes on with the others.
  public var holdsOnlySkippedTypes: Bool {
    !skippedTypes.isEmpty && sections.allSatisfy { $0.questions.isEmpty }
      && errors.allSatisfy { $0.message.hasPrefix(Self.nothingImportable) }
  }
}
