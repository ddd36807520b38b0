import Foundation
import Testing

/// One case of each exit status docs/guide.md lists, and the damaged-database messages.
@Suite struct ExitStatusTests {

  @Test func eachStatusMeansWhatTheGuideSays() throws {
    let workspace = try Workspace.seeded()
    #expect(try workspace.quiz("list").status == 0)
    // 1: a failure that is not the input's fault.
    #expect(try workspace.quiz("rm", "reactive-swift").status == 1)
    // 64: the command line.
    #expect(try workspace.quiz("list", "--format", "yaml").status == 64)
    // 65: invalid input data, stored or given: a duplicate quiz id, a bad file, a damaged database.
    #expect(try workspace.quiz("add", "quiz", "reactive-swift", "--title", "Again").status == 65)
    #expect(try workspace.quiz("import", try workspace.write("bad.json", "{")).status == 65)
    // 66: an input that cannot be opened.
    #expect(try workspace.quiz("import", workspace.directory.path("missing.json")).status == 66)
  }

  /// Overwrites part of one page of the database (not the header) with noise.
  static func damage(_ path: String, page: Int) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try handle.seek(toOffset: UInt64(page - 1) * 4096 + 8)
    try handle.write(contentsOf: Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }))
    try handle.close()
  }

  @Test func aDamagedDatabaseIsSaidInOneLineAndInitListsTheDamage() throws {
    let workspace = try Workspace.seeded()
    #expect(try workspace.quiz("init").status == 0)  // checkpoints the WAL into the file
    try Self.damage(workspace.database, page: 3)
    var damagedSomewhere = false
    for command in [["list"], ["show", "reactive-swift"], ["export"], ["history"]] {
      let run = try workspace.quiz(arguments: command)
      guard run.status != 0 else { continue }
      damagedSomewhere = true
      #expect(run.status == 65, "\(command)")
      #expect(run.stderr.hasPrefix("Error: the database file is damaged"), "\(command): \(run.stderr)")
      #expect(!run.stderr.contains("while executing"), "\(command): SQL without --verbose")
      #expect(run.stderr.split(separator: "\n").count == 1)
    }
    #expect(damagedSomewhere)
    let verbose = try workspace.quiz("--verbose", "export")
    #expect(verbose.stderr.contains("SQLite error 11"))
    let check = try workspace.quiz("init")
    #expect(check.status == 65)
    #expect(check.stderr.hasPrefix("Error: the database file \(workspace.database) is damaged: restore a backup:"))
    #expect(check.stderr.split(separator: "\n").count >= 2)
  }

  @Test func aFileThatIsNotADatabaseIs65() throws {
    let workspace = try Workspace()
    try Data(String(repeating: "notes ", count: 200).utf8).write(to: URL(fileURLWithPath: workspace.database))
    let run = try workspace.quiz("list")
    #expect(run.status == 65)
    #expect(run.stderr == "Error: \(workspace.database) is not a SQLite database\n")
  }
}
