import Foundation
import Testing

/// Real question banks written by teachers or exported from Moodle (Tests/RealBanks, sources in
/// its SOURCES.md), each imported by the built binary into its own database and compared with
/// what Moodle's own core importers do with it (Tests/RealBanks/expected.json).
/// scripts/real-banks.py runs the same comparison and prints the totals.
@Suite struct RealBanksCLITests {
  /// What Moodle does with one file: the questions it imports by quiz kind, the calculated and
  /// plugin questions quiz skips, and either the error with which Moodle refuses the file or the
  /// rule of issue 22 under which quiz refuses a file Moodle accepts.
  struct Expectation: Decodable {
    let format: String
    let questions: Int
    let kinds: [String: Int]
    let skipped: [String: Int]
    let notes: String
    let error: String?
    let divergence: String?

    /// Whether quiz must refuse the whole file with exit 65.
    var refused: Bool { error != nil || divergence != nil }
  }

  static let folder = QuizProcess.packageRoot.appendingPathComponent("Tests/RealBanks")

  static func expectations() throws -> [String: Expectation] {
    let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
    return try JSONDecoder().decode([String: Expectation].self, from: data)
  }

  /// The files named in expected.json, read when the tests are listed; an unreadable
  /// expected.json gives no file here and fails `everyFileHasAnExpectation` instead.
  static let files: [String] = ((try? expectations()) ?? [:]).keys.sorted()

  /// The corpus files on disk, `<format>/<name>`.
  static func filesOnDisk() throws -> [String] {
    var found: [String] = []
    for format in ["gift", "moodle-xml", "aiken"] {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(format).path)
      found += names.map { "\(format)/\($0)" }
    }
    return found.sorted()
  }

  @Test func everyFileHasAnExpectation() throws {
    let expected = try Self.expectations()
    let onDisk = try Self.filesOnDisk()
    #expect(onDisk.count >= 40, "the corpus holds \(onDisk.count) files")
    let unexpected = Set(onDisk).subtracting(expected.keys).sorted()
    let missing = Set(expected.keys).subtracting(onDisk).sorted()
    #expect(unexpected.isEmpty, "in Tests/RealBanks but not in expected.json: \(unexpected)")
    #expect(missing.isEmpty, "in expected.json but not in Tests/RealBanks: \(missing)")
    for (file, expectation) in expected {
      #expect(
        file.hasPrefix(expectation.format + "/"), "\(file) is filed under another format than \(expectation.format)")
      #expect(
        expectation.questions == expectation.kinds.values.reduce(0, +), "\(file): questions is not the sum of kinds")
      #expect(
        expectation.error == nil || expectation.questions == 0, "\(file): Moodle refuses it, yet questions are expected"
      )
    }
  }

  @Test(arguments: Self.files)
  func importsAsMoodleDoes(file: String) throws {
    let expectation = try #require(try Self.expectations()[file])
    let path = Self.folder.appendingPathComponent(file).path
    let workspace = try Workspace()
    let imported = try workspace.quiz(arguments: [
      "import", "--format", expectation.format, "--quiz", "bank", "--title", "Real bank", path,
    ])
    let context = "\(file): \(expectation.notes)\n\(imported.stderr)"
    if expectation.refused {
      // Moodle refuses it, or issue 22 decides quiz refuses it: bad data, nothing written.
      #expect(imported.status == 65, "\(context)")
      return
    }
    if expectation.questions == 0 {
      // Only calculated or plugin questions: a warning naming them, and nothing to import.
      #expect(imported.status == 65, "\(context)")
      expectWarnings(naming: expectation.skipped, in: imported.stderr, context)
      return
    }
    #expect(imported.status == 0, "\(context)")
    guard imported.status == 0 else { return }
    expectWarnings(naming: expectation.skipped, in: imported.stderr, context)
    let exported = try workspace.quiz("export", "--format", "json", "bank")
    #expect(exported.status == 0, "\(file): \(exported.stderr)")
    #expect(try Self.kinds(inExport: exported.stdoutBytes) == expectation.kinds, "\(context)")
  }

  /// Each skipped Moodle type is named in a warning.
  func expectWarnings(naming skipped: [String: Int], in stderr: String, _ context: String) {
    let warnings = stderr.split(separator: "\n").filter { $0.contains("warning:") }.joined(separator: "\n")
    for type in skipped.keys.sorted() {
      #expect(warnings.lowercased().contains(type.lowercased()), "no warning names \(type): \(context)")
    }
  }

  /// How many questions of each kind a quiz-bank/1 export holds (no `type` is a choice question).
  static func kinds(inExport data: Data) throws -> [String: Int] {
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var kinds: [String: Int] = [:]
    for quiz in document["quizzes"] as? [[String: Any]] ?? [] {
      for section in quiz["sections"] as? [[String: Any]] ?? [] {
        for question in section["questions"] as? [[String: Any]] ?? [] {
          kinds[question["type"] as? String ?? "choice", default: 0] += 1
        }
      }
    }
    return kinds
  }
}
