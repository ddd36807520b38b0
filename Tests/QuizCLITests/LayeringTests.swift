import Foundation
import Testing

/// The layers README draws, checked on the sources: data flows one way, and only the
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

  @Test func eachLayerImportsOnlyTheLayersBelowIt() throws {
    let forbidden: [(folder: String, modules: Set<String>)] = [
      ("Sources/QuizDomain", ["SQLite", "CSQLite", "QuizRepository", "QuizCLI", "Foundation"]),
      ("Sources/SQLite", ["QuizDomain", "QuizRepository", "QuizCLI"]),
      ("Sources/QuizRepository", ["QuizCLI", "CSQLite"]),
      ("Sources/QuizCLI", ["SQLite", "CSQLite", "CLibZip", "CLibXML2"]),
      ("Sources/Zip", ["QuizDomain", "QuizRepository", "QuizCLI", "SQLite", "CSQLite", "Foundation"]),
      ("Sources/quiz", ["SQLite", "CSQLite", "QuizRepository", "QuizDomain"]),
    ]
    for (folder, modules) in forbidden {
      for (name, text) in try Self.sources(under: folder) {
        let wrong = Self.imports(text).intersection(modules)
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

  @Test func mainIsAFewLines() throws {
    let main = try Self.sources(under: "Sources/quiz")
    #expect(main.map(\.name) == ["main.swift"])
    #expect((main.first?.text.split(separator: "\n").count ?? 99) <= 10)
  }
}
