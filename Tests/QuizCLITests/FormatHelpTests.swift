import Foundation
import QuizFormats
import Testing

/// Help, the man page, the guide and docs name the formats the registry has (issue 20, item 4):
/// each check is made from `QuizFileFormat.all`, so a format added there and missing from a
/// text fails here.
@Suite struct FormatHelpTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: QuizProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// Help wrapped at any width: one line, single spaces.
  static func flat(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test func importHelpNamesEveryReadableFormatItsEndingsAndTheTxtRule() throws {
    let help = Self.flat(try Workspace().quiz("import", "--help").stdout)
    let overview = help.prefix(while: { $0 != "." })
    for format in QuizFileFormat.readable {
      #expect(overview.contains(format.title), "overview lacks \(format.title)")
      for ending in format.extensions { #expect(help.contains(".\(ending)"), "no .\(ending)") }
      if let sign = format.contentSign {
        #expect(help.contains("\(sign) is \(format.title)"), "no .txt rule for \(format.name)")
      }
    }
    for format in QuizFileFormat.questionFormats {
      #expect(help.contains("--quiz <quiz> For") && help.contains(format.title))
    }
    #expect(help.contains("For \(QuizFileFormat.questionFormatTitles): the id of the quiz"))
    #expect(help.contains("Moodle XML"))
  }

  @Test func exportHelpNamesEveryWritableFormat() throws {
    let help = Self.flat(try Workspace().quiz("export", "--help").stdout)
    for format in QuizFileFormat.all {
      #expect(help.contains(format.title), "export --help lacks \(format.title)")
      #expect(help.contains(format.name), "export --help lacks \(format.name)")
    }
  }

  @Test func theManPageNamesEveryFormatAndHasADate() throws {
    let page = try Workspace().quiz("help", "--man").stdout
    let description = Self.flat(
      String(page.split(separator: ".SH DESCRIPTION").last?.split(separator: ".PP").first ?? ""))
    for format in QuizFileFormat.all {
      #expect(description.contains(format.title.replacing("-", with: "\\-")), "DESCRIPTION lacks \(format.title)")
    }
    let th = page.split(separator: "\n").first { $0.hasPrefix(".TH ") } ?? ""
    #expect(!th.contains("\"\""), "empty .TH date: \(th)")
    #expect(th.contains(#""\#(try #require(th.split(separator: "\"").dropFirst().first))""#))
    #expect(th.wholeMatch(of: /\.TH QUIZ 1 "\d{4}-\d{2}-\d{2}" .*/) != nil, "\(th)")
  }

  @Test func manWithACommandShowsThatCommand() throws {
    let workspace = try Workspace()
    let page = try workspace.quiz("help", "--man", "import").stdout
    #expect(page.contains(".SS import\n"))
    #expect(!page.contains(".SS export\n"))
    let unknown = try workspace.quiz("help", "--man", "imprt")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("did you mean 'import'"))
  }

  @Test func theGuideAndTheReferenceListTheRegistry() throws {
    let guide = try Self.text("docs/guide.md")
    let reference = try Self.text("docs/cli.md")
    let readable = QuizFileFormat.readableNames.joined(separator: ", ")
    let all = QuizFileFormat.names.joined(separator: ", ")
    #expect(reference.contains(readable) && reference.contains(all))
    let endings = QuizFileFormat.readable.flatMap(\.extensions).map { "`.\($0)`" }
    #expect(guide.contains("their \(endings.joined(separator: ", ")) and `.txt` files"))
    let exported = QuizFileFormat.all.filter { $0.writer != nil }.map(\.title)
    #expect(guide.contains("one quiz as \(QuizFileFormat.list(exported))"))
    for format in QuizFileFormat.all where format.name != QuizFileFormat.native.name {
      #expect(guide.contains("- **\(format.title)"), "the guide's Formats list lacks \(format.title)")
    }
  }

  @Test func theQuizBankReferenceNamesTheOtherFormats() throws {
    let reference = Self.flat(try Self.text("docs/quiz-bank.md"))
    let others = QuizFileFormat.all.filter { $0.name != QuizFileFormat.native.name }
    let read = others.filter { if case .questions = $0.reader { return true } else { return false } }
    #expect(reference.contains("quiz also reads \(QuizFileFormat.list(read.map(\.title), "and")) files"))
    #expect(reference.contains("writes \(QuizFileFormat.list(others.map(\.title), "and"))"))
  }
}
