import QuizDomain
import Zip

// MARK: - The package as a zip

extension CanvasQTI {
  /// The quiz's package zipped, for `QuizFileFormat`'s writer, with its warnings. libzip
  /// failing here (it works in memory) is a failure of quiz, not of the data.
  static func write(_ quiz: Quiz) throws -> FormatWriting {
    let made = Self.package(quiz)
    do {
      return FormatWriting(bytes: try ZipArchiveWriter.archive(made.entries), warnings: made.warnings)
    } catch let error as ZipError {
      throw FormatWriteError(message: "cannot make the QTI package: \(error.message)")
    }
  }
}

/// A writer failing for a reason of quiz's own (not of the data): the command reports it as a
/// failure (exit 1).
public struct FormatWriteError: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
