/// What a shell may offer for a value on the command line: the completion scripts (`quiz
/// completions`) are generated from it.
///
/// It is derived in one place, here, from what the specs already say (an option's allowed
/// values, an argument's or option's name), so that a command file says nothing about
/// completion; `completionOverride` on a spec is for the rare value whose name misleads.
enum CompletionKind: Equatable, Sendable {
  /// Free text: nothing to offer.
  case text
  case file
  case directory
  /// A quiz id, from the database.
  case quiz
  /// `QUIZ/QUESTION`, from the database.
  case question
  /// `QUIZ` or `QUIZ/QUESTION`: quiz ids, then that quiz's questions once a slash is typed.
  case quizOrQuestion
  /// The name of someone who took a quiz, from the database.
  case taker
  /// A bank id, from the database (for `BANK`, `BANK/QUESTION` and `BANK/CATEGORY` alike).
  case bank
  /// One of a fixed set.
  case values([String])

  /// The kind of a value called `names` (an argument's name; an option's long name, then its
  /// value name): the first name that says something wins.
  static func inferred(from names: [String]) -> CompletionKind {
    for name in names {
      switch name {
      case "quiz": return .quiz
      case "quiz/question": return .question
      case "quiz[/question]": return .quizOrQuestion
      // `--as NAME` names the taker in `take` and `grade`.
      case "taker", "as": return .taker
      case "bank", "bank/question", "bank[/question]", "bank[/category]": return .bank
      case "file", "path", "db", "output": return .file
      case "folder", "directory", "dir": return .directory
      default: continue
      }
    }
    return .text
  }
}

// MARK: - Specs

extension ArgumentSpec {
  /// What the shell offers for this argument.
  var completion: CompletionKind { completionOverride ?? .inferred(from: [name]) }
}

extension OptionSpec {
  /// What the shell offers for this option's value (`.text` for a flag, which takes none).
  var completion: CompletionKind {
    if let completionOverride { return completionOverride }
    guard let valueName else { return .text }
    if let allowed { return .values(allowed) }
    return .inferred(from: [name, valueName])
  }
}
