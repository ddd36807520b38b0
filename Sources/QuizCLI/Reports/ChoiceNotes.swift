import QuizDomain

/// What a choice table says besides its rows, the same in every report format.
enum ChoiceNotes {
  /// Attempts at an earlier version whose choices were not these (added, removed, reworded, made
  /// right or wrong, or of another kind), answered or left blank, count in the question's
  /// figures but not in its choice table: their picks were of other choices.
  static func otherChoices(_ item: ItemStatistics) -> String? {
    let count = item.attemptsOnOtherChoices
    guard count > 0 else { return nil }
    return count == 1
      ? "1 attempt at an earlier version with other choices is counted in the figures, not in this table."
      : "\(count) attempts at earlier versions with other choices are counted in the figures, not in this table."
  }
}
