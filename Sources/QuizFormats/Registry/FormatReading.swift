import QuizDomain

/// One thing wrong (or worth a warning) in a text-format file, at its 1-based line and, when
/// known, column.
public struct FormatProblem: Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int?
  public var message: String

  public init(line: Int, column: Int? = nil, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `LINE: message` or `LINE:COLUMN: message`: with the file name in front, the form
  /// compilers use.
  public var description: String { "\(line)\(column.map { ":\($0)" } ?? ""): \(message)" }
}

/// What a reader of a format that carries no quiz (GIFT, Aiken) found in a file: the sections
/// of questions, in order, for a quiz the caller names; warnings (skipped questions); and
/// errors. With any error the file is invalid and nothing of it may be written.
public struct FormatReading: Equatable, Sendable {
  public var sections: [Section]
  /// The quiz's scoring rule when the file implies one (GIFT's weights: `weighted`).
  public var scoring: ScoringRule?
  public var warnings: [FormatProblem]
  public var errors: [FormatProblem]
  /// The type names of the questions the reader skipped (plugin types such as `ddwtos`), in
  /// order, without duplicates: so a caller can say what a file with nothing importable held.
  public var skippedTypes: [String] = []

  public init(
    sections: [Section] = [], scoring: ScoringRule? = nil, warnings: [FormatProblem] = [],
    errors: [FormatProblem] = []
  ) {
    self.sections = sections
    self.scoring = scoring
    self.warnings = warnings
    self.errors = errors
  }

  /// The quiz the file describes, under `id` and `title`.
  public func quiz(id: String, title: String) -> Quiz {
    Quiz(id: id, title: title, scoring: scoring, sections: sections)
  }
}

/// What a writer made of a quiz: the file's bytes, and a warning for everything the format
/// could not carry.
public struct FormatWriting: Equatable, Sendable {
  public var bytes: [UInt8]
  public var warnings: [String]

  public init(bytes: [UInt8], warnings: [String] = []) {
    self.bytes = bytes
    self.warnings = warnings
  }
}

/// The sections of a file whose categories say where the questions after them go (GIFT's
/// `$CATEGORY`, Moodle XML's category questions): the questions before any category go to an
/// untitled section, a repeated category adds to its first section, and a category no question
/// follows makes no section.
struct CategorySections {
  /// A category path as its section's title, as Moodle's `create_category_path` makes the
  /// categories: the context its exports begin with (`$course$/`, `$system$/`, …) and the
  /// `top` category of every context left out, `$course$/top/Default for Biology/Cells` being
  /// `Default for Biology/Cells`; nil when nothing is left.
  static func title(fromPath path: String) -> String? {
    var segments = PlainTextFile.trimmed(path).split(separator: "/", omittingEmptySubsequences: false)
    // `^\$([a-z]+)\$$`, Moodle's test of a context.
    if let first = segments.first, first.count > 2, first.hasPrefix("$"), first.hasSuffix("$"),
      first.dropFirst().dropLast().allSatisfy({ ("a"..."z").contains($0) })
    {
      segments.removeFirst()
    }
    while let first = segments.first, PlainTextFile.trimmed(String(first)) == "top" { segments.removeFirst() }
    let title = PlainTextFile.trimmed(segments.joined(separator: "/"))
    return title.isEmpty ? nil : title
  }

  private(set) var sections: [Section] = []
  private var index: [String?: Int] = [:]
  /// The title of the section the next question goes to; nil before any category.
  var category: String?

  mutating func append(_ question: Question) {
    if let position = index[category] {
      sections[position].questions.append(question)
    } else {
      index[category] = sections.count
      sections.append(Section(title: category, questions: [question]))
    }
  }
}
