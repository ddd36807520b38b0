import QuizFormats

// MARK: - Files with nothing importable

/// A file of question types quiz does not import (plugin types only) is a warning naming it and
/// its types, and the other files of the command still import; the command fails only when no
/// file held anything importable. An invalid file still fails the whole command.
extension ImportCommand {
  /// A file the import skipped: its name and the types it held.
  struct SkippedFile: Equatable {
    var name: String
    var types: [String]
  }

  /// For a file of skipped types only: its reader's warnings (each skipped question) printed
  /// as for any file, and the file, skipped. Nil for a file to import.
  static func skippedFile(_ name: String, reading: FormatReading, console: Console) -> SkippedFile? {
    guard reading.holdsOnlySkippedTypes else { return nil }
    for warning in reading.warnings {
      console.error("\(name):\(lineAndColumn(warning)): warning: \(warning.message)\n".terminalSafe)
    }
    let skipped = SkippedFile(name: name, types: reading.skippedTypes)
    console.error("warning: \(skippedWarning(skipped))\n".terminalSafe)
    return skipped
  }

  static func skippedWarning(_ file: SkippedFile) -> String {
    "\(file.name) has nothing to import: its questions are all of types quiz does not import ("
      + file.types.joined(separator: ", ") + "); the file is skipped"
  }

  /// The error when every file was skipped (none held anything importable); nil otherwise.
  static func nothingImported(importable: Int, skipped: [SkippedFile]) -> CLIError? {
    guard importable == 0, let first = skipped.first else { return nil }
    let message =
      skipped.count == 1
      ? "nothing to import: \(first.name) holds only questions of types quiz does not import ("
        + first.types.joined(separator: ", ") + ")"
      : "nothing to import: none of the \(skipped.count) files holds a question of a type quiz imports"
    let details = skipped.count == 1 ? [] : skipped.map { "\($0.name): \($0.types.joined(separator: ", "))" }
    return CLIError.data(message, details: details)
  }
}
