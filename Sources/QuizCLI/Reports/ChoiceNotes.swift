import QuizDomain

/// What a choice table says besides its rows, the same in every report format.
enum ChoiceNotes {
  /// Answers to an earlier version whose choices were not these (added, removed, reworded, made
  /// right or wrong) count in the question's figures but not in its choice table: their picks
  /// were of other choices.
  static func otherChoices(_ item: ItemStatistics) -> String? {
    let count = item.answersOnOtherChoices
    guard count > 0 else { return nil }
    return "\(NumberText.plural(count, "answer")) to earlier versions with other choices "
      + "\(count == 1 ? "is" : "are") counted in the figures, not in this table."
  }
}
