import Foundation
import Testing

/// The layers ARCHITECTURE.md draws, checked on the sources: data flows one way, and only the
/// repository speaks SQLite.
@Suite struct LayeringTests {
  static func sources(under folder: String) throws -> [(name: String, text: String)] {
    let root = QuizProcess.packageRoot.appendingPathComponent(folder)
    let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }.sorted()
    #expect(!files.isEmpty, "no sources under \(folder)")
    return try files.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
  }

  static func imports(_ text: String) -> Set<String> {
    Set(
      text.split(separator: "\n").compactMap { line in
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") })
        else { return nil }
        return String(words[index + 1])
      })
  }

  /// What each module may import beside the system's own (`platform`): the layers below it and
  /// nothing else, so that a new import that turns data the wrong way fails here. Foundation
  /// (or FoundationEssentials) only where the file system or dates need it: never the domain
  /// or the formats.
  static let allowedImports: [String: Set<String>] = [
    "Sources/Locking": [],
    "Sources/SQLite": ["CSQLite", "Foundation", "FoundationEssentials"],
    "Sources/XML": ["CLibXML2"],
    "Sources/Zip": ["CLibZip"],
    "Sources/HTTP": ["CMicroHTTPD", "Locking"],
    "Sources/QuizDomain": [],
    "Sources/QuizBankFormat": ["QuizDomain"],
    "Sources/QuizFormats": ["QuizDomain", "QuizBankFormat", "XML", "Zip"],
    "Sources/QuizRepository": [
      "SQLite", "QuizDomain", "QuizBankFormat", "QuizFormats", "Locking", "Foundation", "FoundationEssentials",
    ],
    // The server speaks HTTP through the wrapper and SQL through the repository only.
    "Sources/QuizServer": ["HTTP", "QuizRepository", "QuizDomain", "QuizBankFormat", "QuizFormats", "XML", "Locking"],
    "Sources/QuizCLI": [
      "QuizServer", "QuizRepository", "QuizDomain", "QuizBankFormat", "QuizFormats", "XML", "Locking", "Foundation",
      "FoundationEssentials",
    ],
    "Sources/quiz": ["QuizCLI"],
  ]

  /// The system's modules, which any layer may use.
  static let platform: Set<String> = ["Glibc", "Darwin", "Synchronization", "Dispatch"]

  @Test func eachLayerImportsOnlyTheLayersBelowIt() throws {
    let modules = try FileManager.default.contentsOfDirectory(
      atPath: QuizProcess.packageRoot.appendingPathComponent("Sources").path
    ).filter { !$0.hasPrefix("C") && $0 != "EmbedFilesTool" }
    // Every module of ours is in the table: a new one must say what it may import.
    #expect(Set(modules.map { "Sources/" + $0 }) == Set(Self.allowedImports.keys))
    for (folder, allowed) in Self.allowedImports {
      for (name, text) in try Self.sources(under: folder) {
        let wrong = Self.imports(text).subtracting(allowed).subtracting(Self.platform)
        #expect(wrong.isEmpty, "\(folder)/\(name) imports \(wrong.sorted())")
      }
    }
  }

  @Test func theRepositoryDoesNotHandOutItsConnection() throws {
    for (name, text) in try Self.sources(under: "Sources/QuizRepository") {
      for line in text.split(separator: "\n") where line.contains("public ") {
        #expect(
          line.firstMatch(of: #/\b(Database|DatabaseError|Migration|Migrator|Statement|Row)\b/#) == nil,
          "\(name) shows a SQLite type: \(line)")
      }
    }
  }

  /// The code of a source, without its comments: what it names, not what it says of itself.
  static func code(_ text: String) -> String {
    text.split(separator: "\n").map { line in
      line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
    }.joined(separator: "\n")
  }

  /// The names only the formats module may use: each format's reader and writer types, and
  /// the registry's entries by name. Everything else asks the registry.
  nonisolated(unsafe) static let formatNames =
    #/\b(GIFT\w*|Aiken\w*|MoodleXML\w*|CanvasQTI\w*|QuizBankEditing|QuizBankStreamWriter|EscapingXMLWriter)\b|QuizFileFormat\.(json|gift|aiken|moodleXML|qti)\b|"(GIFT|Aiken|Moodle XML|Canvas QTI)"/#

  @Test func noCommandOrRepositoryFileNamesAFormat() throws {
    for folder in [
      "Sources/QuizCLI/Commands", "Sources/QuizCLI/Help", "Sources/QuizCLI/Completion", "Sources/QuizRepository",
    ] {
      for (name, text) in try Self.sources(under: folder) {
        let code = Self.code(text)
        let found = code.matches(of: Self.formatNames).map { String(code[$0.range]) }
        #expect(found.isEmpty, "\(folder)/\(name) names a format: \(Set(found).sorted())")
      }
    }
  }

  @Test func theFormatsLiveInTheFormatsModuleOnly() throws {
    for folder in ["Sources/QuizDomain", "Sources/QuizCLI", "Sources/QuizRepository"] {
      for (name, text) in try Self.sources(under: folder) {
        let declared = Self.code(text).firstMatch(
          of: #/(enum|struct|class) (GIFT|Aiken|MoodleXML|CanvasQTI|QuizFileFormat)\b/#)
        #expect(declared == nil, "\(folder)/\(name) declares a format: \(declared.map { String($0.output.0) } ?? "")")
      }
    }
  }

  @Test func mainIsAFewLines() throws {
    let main = try Self.sources(under: "Sources/quiz")
    #expect(main.map(\.name) == ["main.swift"])
    #expect((main.first?.text.split(separator: "\n").count ?? 99) <= 10)
  }
}
