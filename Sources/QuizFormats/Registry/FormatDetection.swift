import QuizDomain

/// How the format of one input was told: the registry decides it from `--format`, the file's
/// ending or (`.txt`, standard input) its content, and says so when it had to assume.
public struct FormatDetection: Sendable {
  public let format: QuizFileFormat
  /// Why this format was taken when nothing named it (content, standard input); nil when
  /// `--format` or the file's ending did. Said beside the file's errors.
  public let assumption: String?
}

extension QuizFileFormat {
  /// What standard input is read as unless `--format` says otherwise.
  public static var standardInput: QuizFileFormat { json }

  /// The ending whose files are told by their content.
  public static let textEnding = "txt"

  /// Every file name ending a folder import takes.
  public static var folderExtensions: [String] { all.flatMap(\.extensions) + [textEnding] }

  /// The formats `.txt` content can pick, in the order they are tried.
  public static var toldByContent: [QuizFileFormat] { readable.filter { $0.contentSign != nil } }

  /// The format of the input `name` with `bytes` (its first bytes are enough): `--format` when
  /// given, else the file's ending, else (`.txt`, standard input) its content; nil when nothing
  /// says.
  public static func detect(name: String, bytes: [UInt8], given: String?) -> FormatDetection? {
    if let given { return readable.first { $0.name == given }.map { FormatDetection(format: $0, assumption: nil) } }
    if name == "-" {
      return FormatDetection(format: standardInput, assumption: "the default for standard input")
    }
    let ending = Self.ending(of: name)
    if let ending, let format = all.first(where: { $0.extensions.contains(ending) }) {
      return FormatDetection(format: format, assumption: nil)
    }
    guard ending == textEnding else { return nil }
    let head = bytes.prefix(1 << 16)
    guard let format = toldByContent.first(where: { $0.recognizes(head) }) else { return nil }
    return FormatDetection(format: format, assumption: "told by its content: \(format.contentSign ?? format.title)")
  }

  /// The format of the input (see `detect`).
  public static func of(name: String, bytes: [UInt8], given: String?) -> QuizFileFormat? {
    detect(name: name, bytes: bytes, given: given)?.format
  }

  /// A file name's ending, lowercased ("txt" for "notes.TXT"); nil without one.
  static func ending(of name: String) -> String? {
    name.split(separator: "/").last.flatMap { $0.contains(".") ? $0.split(separator: ".").last : nil }
      .map { $0.lowercased() }
  }

  /// A file's name without its folder and ending: the default title of the quiz a GIFT or
  /// Aiken file carries ("bank" for "exams/bank.gift"; "standard input" for "-").
  public static func baseName(_ path: String) -> String {
    guard path != "-" else { return "standard input" }
    let file = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
    return String(file[..<dot])
  }
}
