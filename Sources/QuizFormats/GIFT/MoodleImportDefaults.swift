import QuizDomain

/// What Moodle gives a question that a format does not say (GIFT, Aiken): quiz reads these
/// formats into what Moodle would store.
public enum MoodleImportDefaults {
  /// Whether the question shows its choices (a matching question its items) shuffled: Moodle's
  /// site setting "shuffle within questions", on by default, which qformat_default::
  /// defaultquestion gives every imported question; a true/false question never shuffles.
  public static func shuffle(of question: Question) -> Bool {
    switch question.kind {
    case .choice: !question.isTrueFalse
    case .matching: true
    // Moodle's cloze gaps shuffle as their type says; the other kinds show nothing to shuffle.
    case .shortAnswer, .numerical, .essay, .description, .cloze: false
    }
  }
}
