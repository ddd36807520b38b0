import QuizDomain

// MARK: - Question types

extension MoodleXML {
  /// The core question types quiz reads, by the `type` attribute Moodle writes. Calculated
  /// questions (`calculated`, `calculatedsimple`, `calculatedmulti`) and plugin types are not
  /// among them: the reader skips them with a warning naming their type.
  enum QuestionType: String, CaseIterable {
    case multichoice, truefalse, shortanswer, numerical, matching, essay, description, cloze

    /// The type a question of `kind` is written as (true/false apart: see `Question.isTrueFalse`).
    init(_ question: Question) {
      switch question.body {
      case .choice: self = question.isTrueFalse ? .truefalse : .multichoice
      case .shortAnswer: self = .shortanswer
      case .numerical: self = .numerical
      case .matching: self = .matching
      case .essay: self = .essay
      case .description: self = .description
      case .cloze: self = .cloze
      }
    }

    /// Whether Moodle reads and writes the combined feedback (`correctfeedback`…) of the type.
    var hasCombinedFeedback: Bool { self == .multichoice || self == .matching }

    /// Whether Moodle reads and writes the type's hints (`import_hints`).
    var hasHints: Bool { self != .essay && self != .description }

    /// The elements of a `<question>` of this type that quiz reads; any other is named in a
    /// warning, once a file, as not kept.
    var readElements: Set<String> {
      var names: Set<String> = [
        "name", "questiontext", "generalfeedback", "defaultgrade", "penalty", "idnumber", "tags",
      ]
      if hasHints { names.insert("hint") }
      if hasCombinedFeedback {
        names.formUnion(["correctfeedback", "partiallycorrectfeedback", "incorrectfeedback", "shownumcorrect"])
      }
      switch self {
      case .multichoice: names.formUnion(["single", "shuffleanswers", "answernumbering", "answer"])
      case .truefalse: names.insert("answer")
      case .shortanswer: names.formUnion(["usecase", "answer"])
      // `instructions` is read to warn about it once, in its own words (it was warned twice).
      case .numerical:
        names.formUnion(["answer", "units", "unitgradingtype", "unitpenalty", "showunits", "unitsleft", "instructions"])
      case .matching: names.formUnion(["shuffleanswers", "subquestion"])
      case .essay:
        names.formUnion([
          "responseformat", "responserequired", "responsefieldlines", "minwordlimit", "maxwordlimit", "graderinfo",
          "responsetemplate",
        ])
      case .description, .cloze: break
      }
      return names
    }
  }

  /// Elements quiz does not keep but that hold nothing to lose at these values (Moodle's
  /// defaults, as its exports write them): no warning for them.
  static let harmlessValues: [String: Set<String>] = [
    "hidden": ["0", ""], "attachments": ["0", ""], "attachmentsrequired": ["0", ""], "maxbytes": ["0", ""],
    "filetypeslist": [""], "instructions": [""], "image": [""], "image_base64": [""],
  ]
}
